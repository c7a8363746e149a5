/**
 * @module collection-errors
 * Failures inside collection, classed by what the worker should do with them (crawlee's and
 * BullMQ's pattern). Adapters and the HTTP client throw these; the worker maps them to a
 * failed job's public code only when it settles.
 *
 * | class                    | worker does                                   | failed-job code       |
 * |--------------------------|-----------------------------------------------|-----------------------|
 * | TransientUpstreamError   | retries with backoff, then fails              | upstream_error        |
 * | UpstreamTimeoutError     | retries with backoff, then fails              | upstream_timeout      |
 * | UpstreamThrottledError   | retries after max(backoff, its Retry-After)  | upstream_error        |
 * | BlockedError             | retires the session, retries, then fails      | upstream_blocked      |
 * | LayoutChangedError       | fails at once                                 | upstream_error        |
 * | NonUsPageError           | fails at once                                 | upstream_error        |
 * | PageOutOfRangeError      | fails at once                                 | page_out_of_range     |
 * | FilterNotSupportedError  | fails at once                                 | filter_not_supported  |
 * | CursorRejectedError      | fails at once                                 | rejected              |
 * | CollectionUnavailableError | fails at once                               | collection_unavailable|
 */
import type { JobErrorCode } from './errors.ts';

export abstract class CollectionError extends Error {
  abstract readonly code: JobErrorCode;
  /** Whether another attempt may succeed. */
  abstract readonly retryable: boolean;
  /** Seconds the marketplace asked us to wait, when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, opts: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export class TransientUpstreamError extends CollectionError {
  readonly code = 'upstream_error' as const;
  readonly retryable = true;
}
export class UpstreamTimeoutError extends CollectionError {
  readonly code = 'upstream_timeout' as const;
  readonly retryable = true;
}
export class UpstreamThrottledError extends CollectionError {
  readonly code = 'upstream_error' as const;
  readonly retryable = true;
}
export class BlockedError extends CollectionError {
  readonly code = 'upstream_blocked' as const;
  readonly retryable = true;
}
export class LayoutChangedError extends CollectionError {
  readonly code = 'upstream_error' as const;
  readonly retryable = false;
}
/**
 * The marketplace answered with a page of another country or locale (prices in S$, £, KRW…,
 * a foreign site or language): never read as a US page, never a row.
 */
export class NonUsPageError extends CollectionError {
  readonly code = 'upstream_error' as const;
  readonly retryable = false;
}
export class PageOutOfRangeError extends CollectionError {
  readonly code = 'page_out_of_range' as const;
  readonly retryable = false;
}
export class FilterNotSupportedError extends CollectionError {
  readonly code = 'filter_not_supported' as const;
  readonly retryable = false;
}
export class CursorRejectedError extends CollectionError {
  readonly code = 'rejected' as const;
  readonly retryable = false;
}
export class CollectionUnavailableError extends CollectionError {
  readonly code = 'collection_unavailable' as const;
  readonly retryable = false;
}
