/**
 * @module errors
 * Transport failures as CollectionErrors (`@listings/contract`), so the worker can decide by
 * class: a timeout is an UpstreamTimeoutError, every other transport fault (refused, reset,
 * hang-up, DNS, TLS, proxy refusal, body cut short or too large) a TransientUpstreamError. An
 * abort by the caller's signal is not a marketplace failure and is rethrown as the signal's
 * reason. Messages name the host and the fault, never the stack; the original got error is
 * deliberately not attached as `cause`, because it references the request options (cookie
 * jar, proxy credentials) that must not reach logs.
 */
import { TransientUpstreamError, UpstreamTimeoutError, type CollectionError } from '@listings/contract';
import { RequestError, TimeoutError } from 'got';

/** The error to throw when the caller's signal aborted: its reason, or a standard AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function describe(err: unknown): { code: string | undefined; message: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : undefined, message: err.message.split('\n')[0] ?? '' };
  }
  return { code: undefined, message: String(err) };
}

export function isTimeout(err: unknown): boolean {
  return err instanceof TimeoutError || describe(err).code === 'ETIMEDOUT';
}

/** Maps a failed attempt to the CollectionError the adapter (and worker) sees. */
export function toCollectionError(err: unknown, url: URL, timeoutMs: number): CollectionError {
  const { code, message } = describe(err);
  if (isTimeout(err)) {
    return new UpstreamTimeoutError(`${url.host} gave no complete answer within ${timeoutMs} ms`);
  }
  const what = code && !message.includes(code) ? `${code}: ${message}` : message;
  const kind = err instanceof RequestError || code ? 'transport failure' : 'request failed';
  return new TransientUpstreamError(`${kind} talking to ${url.host}: ${what}`);
}
