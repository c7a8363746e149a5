/**
 * @module json-body
 * The JSON body of the routes that take one (batches, webhook endpoints, watches): the
 * Content-Type must say JSON, the bytes must be UTF-8, the body at most 256 KB (interface
 * 4.7); every refusal is 422 `unsupported_or_invalid_query` with what was wrong.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '@listings/contract';

/** Interface 4.7: body up to 256 KB. */
export const MAX_BODY_BYTES = 256 * 1024;

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes that are not UTF-8 are refused before JSON parsing (a lenient decoder would turn them into U+FFFD and search that). */
function verifyUtf8(_req: unknown, _res: unknown, buf: Buffer): void {
  try {
    STRICT_UTF8.decode(buf);
  } catch {
    throw Object.assign(new Error('body is not UTF-8'), { status: 400, invalidUtf8: true });
  }
}

const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true, verify: verifyUtf8 });

/** Content-Type check and JSON body; every refusal is 422 unsupported_or_invalid_query. */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('application/json')) throw new ApiError('unsupported_or_invalid_query', { message: 'Content-Type must be application/json.' });
  parseJson(req, res, (err?: unknown) => {
    if (!err) return next();
    const status = (err as { status?: number }).status;
    const message = status === 413 ? `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`
      : status === 415 || (err as { invalidUtf8?: boolean }).invalidUtf8 ? 'The body must be UTF-8 JSON.' : 'The body is not valid JSON.';
    next(new ApiError('unsupported_or_invalid_query', { message }));
  });
}
