/**
 * @module errors
 * Transport failures as CollectionErrors (`@listings/contract`), so the worker can decide by
 * class: a timeout is an UpstreamTimeoutError, every other transport fault (refused, reset,
 * hang-up, DNS, TLS, proxy refusal, body cut short or too large) a TransientUpstreamError. An
 * abort by the caller's signal is not a marketplace failure and is rethrown as the signal's
 * reason. Messages name the host and the fault, never the stack; the original got error is
 * deliberately not attached as `cause`, because it references the request options (cookie
 * jar, proxy credentials) that must not reach logs. impit's errors (browser transport) carry
 * a multi-line Rust debug dump; only their class and the OS error kind in it are kept.
 */
import { TransientUpstreamError, UpstreamTimeoutError, type CollectionError } from '@listings/contract';
import { RequestError, TimeoutError } from 'got';
import { createRequire } from 'node:module';
import type * as ImpitModule from 'impit';

// impit's error classes are attached to its CommonJS exports at run time (Object.assign),
// which Node's ESM named-import detection cannot see: they are taken through require.
const { ImpitError, TimeoutError: ImpitTimeoutError } = createRequire(import.meta.url)('impit') as typeof ImpitModule;

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

/** Rust I/O error kinds (in impit's messages) and the Node codes operators know them by. */
const IO_KINDS: Record<string, string> = {
  ConnectionRefused: 'ECONNREFUSED',
  ConnectionReset: 'ECONNRESET',
  ConnectionAborted: 'ECONNABORTED',
  NotConnected: 'ENOTCONN',
  AddrNotAvailable: 'EADDRNOTAVAIL',
  BrokenPipe: 'EPIPE',
  UnexpectedEof: 'unexpected end of stream',
  HostUnreachable: 'EHOSTUNREACH',
  NetworkUnreachable: 'ENETUNREACH',
};

/** True for an impit failure whose cause is a timeout (its own, or a body read that timed out). */
function isImpitTimeout(err: unknown): boolean {
  return err instanceof ImpitTimeoutError || (err instanceof Error && /\bTimedOut\b|timeout .*exceeded/i.test(err.message) && !(err instanceof TimeoutError));
}

/** One line naming an impit fault: class, first line (credentials removed) and the OS error kind. */
function describeImpit(err: Error): string {
  const first = (err.message.split('\n')[0] ?? '').replace(/\/\/[^/@\s]*@/g, '//').replace(/\.$/, '');
  const kinds = [...new Set([...err.message.matchAll(/kind: (\w+)/g)].map((m) => IO_KINDS[m[1] as string]).filter(Boolean))];
  const name = err instanceof ImpitError ? err.constructor.name : 'Error';
  return [name === 'Error' ? first : `${name}: ${first}`, ...kinds].join(': ');
}

export function isTimeout(err: unknown): boolean {
  return err instanceof TimeoutError || describe(err).code === 'ETIMEDOUT' || isImpitTimeout(err);
}

/** Maps a failed attempt to the CollectionError the adapter (and worker) sees. */
export function toCollectionError(err: unknown, url: URL, timeoutMs: number): CollectionError {
  const { code, message } = describe(err);
  if (isTimeout(err)) {
    return new UpstreamTimeoutError(`${url.host} gave no complete answer within ${timeoutMs} ms`);
  }
  if (err instanceof ImpitError || (err instanceof Error && /reqwest::|hyper_util::/.test(err.message))) {
    return new TransientUpstreamError(`transport failure talking to ${url.host}: ${describeImpit(err as Error)}`);
  }
  const what = code && !message.includes(code) ? `${code}: ${message}` : message;
  const kind = err instanceof RequestError || code ? 'transport failure' : 'request failed';
  return new TransientUpstreamError(`${kind} talking to ${url.host}: ${what}`);
}
