/**
 * @module errors
 * Transport failures as CollectionErrors (`@listings/contract`), so the worker can decide by
 * class: a timeout is an UpstreamTimeoutError, every other transport fault (refused, reset,
 * hang-up, DNS, TLS, proxy refusal, body cut short or too large) a TransientUpstreamError. An
 * abort by the caller's signal is not a marketplace failure and is rethrown as the signal's
 * reason. Messages name the host and the fault, never the stack; the original got error is
 * deliberately not attached as `cause`, because it references the request options (cookie
 * jar, proxy credentials) that must not reach logs. wreq-js's errors (browser transport) are
 * one `RequestError` whose message chains the Rust error sources (`GET <url>: error sending
 * request …: client error (Connect): tcp connect error: Connection refused (os error 111)`);
 * only the innermost cause is kept, with the Node code operators know it by.
 */
import { TransientUpstreamError, UpstreamTimeoutError, type CollectionError } from '@listings/contract';
import { RequestError, TimeoutError } from 'got';
import { RequestError as WreqRequestError } from 'wreq-js';

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

/** Causes in wreq's messages (Rust's I/O error texts) and the Node codes operators know them by. */
const CAUSES: Array<[RegExp, string]> = [
  [/connection refused/i, 'ECONNREFUSED'],
  [/connection reset|connection closed before message completed|unexpected eof/i, 'ECONNRESET'],
  [/connection aborted/i, 'ECONNABORTED'],
  [/broken pipe/i, 'EPIPE'],
  [/host (is )?unreachable/i, 'EHOSTUNREACH'],
  [/network (is )?unreachable/i, 'ENETUNREACH'],
  [/dns error|failed to lookup address/i, 'ENOTFOUND'],
];

/** True for a wreq failure (its RequestError, or a body stream error) whose cause is a timeout. */
function isWreqTimeout(err: unknown): boolean {
  return err instanceof Error && !(err instanceof TimeoutError) && /\boperation timed out\b|\btimed out\b/i.test(err.message) && (err instanceof WreqRequestError || /request or response body error/.test(err.message));
}

/** True for an error raised by wreq-js (the request, or reading its body). */
function isWreqError(err: unknown): err is Error {
  return err instanceof WreqRequestError || (err instanceof Error && /request or response body error|error sending request|client error \(/.test(err.message));
}

/**
 * One line naming a wreq fault: its innermost cause (the text after the last `(Stage): `,
 * repeats removed), no URL and no credentials, and the Node code when one fits.
 */
function describeWreq(err: Error): string {
  const text = err.message.replace(/^Error: /, '').replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '').replace(/\/\/[^/@\s]*@/g, '//').replace(/^[A-Z]+ +/, '');
  const stages = [...text.matchAll(/\((\w+)\): /g)];
  const last = stages.at(-1);
  let cause = last ? text.slice((last.index ?? 0) + last[0].length) : text;
  const parts = cause.split(': ').filter((p, i, all) => p !== '' && all.indexOf(p) === i);
  cause = parts.join(': ').replace(/\.$/, '');
  const code = CAUSES.find(([re]) => re.test(cause))?.[1];
  const stage = last?.[1];
  return [stage ? `${stage}: ${cause}` : cause, ...(code ? [code] : [])].join(': ');
}

export function isTimeout(err: unknown): boolean {
  return err instanceof TimeoutError || describe(err).code === 'ETIMEDOUT' || isWreqTimeout(err);
}

/** Maps a failed attempt to the CollectionError the adapter (and worker) sees. */
export function toCollectionError(err: unknown, url: URL, timeoutMs: number): CollectionError {
  const { code, message } = describe(err);
  if (isTimeout(err)) {
    return new UpstreamTimeoutError(`${url.host} gave no complete answer within ${timeoutMs} ms`);
  }
  if (isWreqError(err)) {
    return new TransientUpstreamError(`transport failure talking to ${url.host}: ${describeWreq(err)}`);
  }
  const what = code && !message.includes(code) ? `${code}: ${message}` : message;
  const kind = err instanceof RequestError || code ? 'transport failure' : 'request failed';
  return new TransientUpstreamError(`${kind} talking to ${url.host}: ${what}`);
}
