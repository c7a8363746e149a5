/**
 * @module errors
 * The one place errors become responses: ApiError → its status and body; a Redis failure →
 * 503 storage_unavailable; a malformed request the framework refused → its documented code;
 * anything else is a bug: logged with its stack, answered without one.
 */
import type { ErrorRequestHandler, Response } from 'express';
import { ApiError } from '@listings/contract';
import { StorageUnavailableError } from '@listings/store';

export function sendError(res: Response, err: ApiError): void {
  if (err.retryAfter !== undefined) res.setHeader('Retry-After', String(err.retryAfter));
  res.status(err.status).type('application/json').send(JSON.stringify(err.body()));
}

/** A Retry-After other than the default (Redis short of memory asks for longer). */
function retryAfterOf(err: StorageUnavailableError): { retryAfter?: number } {
  return err.retryAfterSeconds === undefined ? {} : { retryAfter: err.retryAfterSeconds };
}

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof ApiError) return sendError(res, err);
  if (err instanceof StorageUnavailableError) {
    req.log?.warn({ err: err.message, recorded: err.recorded }, 'storage unavailable');
    // Calls that record or charge (searches, batches) say whether this one was recorded.
    if (req.method === 'POST' || /^\/v1\/mkt_[a-e]\//u.test(req.path)) {
      res.setHeader('Listings-Recorded', err.recorded);
      const message = err.recorded === 'no'
        ? 'Storage is briefly unavailable; nothing was recorded or charged. Retry shortly.'
        : 'Storage did not answer in time; the call may have been recorded (and is charged only if it was). Retry with the same Idempotency-Key to get the same job without paying twice.';
      return sendError(res, new ApiError('storage_unavailable', { message, ...retryAfterOf(err) }));
    }
    return sendError(res, new ApiError('storage_unavailable', retryAfterOf(err)));
  }
  const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
  if (status === 413) return sendError(res, new ApiError('unsupported_or_invalid_query', { message: 'The request body is too large.' }));
  if (status === 400) return sendError(res, new ApiError('unsupported_or_invalid_query', { message: 'The request could not be read.' }));
  req.log?.error({ err }, 'unexpected error');
  res.status(500).type('application/json').send('{"error":{"code":"internal_error","message":"An unexpected error occurred; it has been logged."}}');
};
