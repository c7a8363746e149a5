/**
 * @module errors
 * The one table of error codes the API answers (interface section 7, decisions.md "Errors"),
 * and the complete list of failed-job codes (decisions.md "Jobs"). docs/errors.md is checked
 * against both by a test; a retired code is never reused.
 */

export const API_ERRORS = {
  invalid_api_key: { status: 401, message: 'The API key is missing, malformed or revoked.' },
  account_suspended: { status: 403, message: 'This account is suspended; contact support to restore it.' },
  origin_not_allowed: { status: 403, message: 'Requests from this browser origin are not allowed; call the API from a server.' },
  not_found: { status: 404, message: 'No such path.' },
  request_not_found: { status: 404, message: 'No job with this ID belongs to this account.' },
  method_not_allowed: { status: 405, message: 'Only GET is supported on this route.' },
  idempotency_conflict: { status: 409, message: 'This Idempotency-Key was already used with different parameters.' },
  result_not_ready: { status: 409, message: 'The CSV is available once nothing is pending.' },
  uri_too_long: { status: 414, message: 'The query string is longer than 2,048 characters.' },
  unsupported_or_invalid_query: { status: 422, message: 'A parameter is unknown or outside its documented range.' },
  duplicate_parameter: { status: 422, message: 'A parameter was sent more than once.' },
  sort_not_implemented: { status: 422, message: 'sort=best_deal is not implemented.' },
  invalid_idempotency_key: { status: 422, message: 'Idempotency-Key must be 1-128 printable ASCII characters without spaces.' },
  invalid_wait: { status: 422, message: 'wait must be a whole number from 0 to 20.' },
  batch_too_large: { status: 422, message: "The batch has more searches than the plan's pending cap." },
  rate_limited: { status: 429, message: 'More than 60 API calls in the last minute for this account.' },
  quota_exceeded: { status: 429, message: 'The plan allowance for the rolling 30 days is used up and no extra requests are left.' },
  too_many_pending: { status: 429, message: 'The account has too many pending searches; retry when some finish.' },
  upstream_daily_limit: { status: 503, message: "The marketplace's daily limit is reached; new searches are paused, cached results still work." },
  queue_full: { status: 503, message: 'The collection queue for this marketplace is full; retry shortly.' },
  collection_unavailable: { status: 503, message: 'Collection from this marketplace is unavailable.' },
  storage_unavailable: { status: 503, message: 'Storage is briefly unavailable; retry shortly.' },
  origin_unavailable: { status: 503, message: 'The edge could not reach the API server.' },
  service_unconfigured: { status: 503, message: 'The service is misconfigured on the provider side.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** `Retry-After` seconds sent with each 429/503 code when the condition gives no better figure. */
export const DEFAULT_RETRY_AFTER: Partial<Record<ApiErrorCode, number>> = {
  too_many_pending: 5,
  quota_exceeded: 3600,
  upstream_daily_limit: 3600,
  queue_full: 5,
  collection_unavailable: 30,
  storage_unavailable: 2,
  origin_unavailable: 5,
  service_unconfigured: 60,
};

/** Every code a failed job can carry (decisions.md: complete list, extend only with a documented reason). */
export const JOB_ERRORS = {
  rejected: 'The marketplace did not accept the cursor.',
  filter_not_supported: 'The marketplace did not apply a filter that was sent; unfiltered rows are never returned as filtered.',
  page_out_of_range: 'The page asked for is past the last page of this search.',
  not_submitted: 'The search was recorded but never handed to collection; resend the batch with the same Idempotency-Key.',
  upstream_blocked: 'The marketplace answered a bot wall, captcha, challenge or login wall.',
  upstream_error: 'The marketplace answered an error or a page that could not be read.',
  upstream_timeout: 'The marketplace did not answer in time.',
  collection_unavailable: 'Collection from this marketplace is unavailable.',
} as const;

export type JobErrorCode = keyof typeof JOB_ERRORS;

export interface ErrorBody {
  error: { code: string; message: string; param?: string; index?: number };
}

/** An error answered to the client: code from the table, optional parameter name and message. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly param: string | undefined;
  readonly retryAfter: number | undefined;
  readonly index: number | undefined;

  constructor(code: ApiErrorCode, opts: { message?: string; param?: string; retryAfter?: number; index?: number } = {}) {
    super(opts.message ?? API_ERRORS[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.status = API_ERRORS[code].status;
    this.param = opts.param;
    this.index = opts.index;
    this.retryAfter = opts.retryAfter ?? DEFAULT_RETRY_AFTER[code];
  }

  body(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.param !== undefined) error.param = this.param;
    if (this.index !== undefined) error.index = this.index;
    return { error };
  }
}
