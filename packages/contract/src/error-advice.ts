/**
 * @module error-advice
 * What a client should do about each error code (interface section 7 and the failed-job codes),
 * shown in the OpenAPI description and the docs page. A test checks every code of the catalog
 * has advice here.
 */
import type { ApiErrorCode, JobErrorCode } from './errors.ts';

export const API_ERROR_ADVICE: Readonly<Record<ApiErrorCode, string>> = {
  invalid_api_key: 'Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once.',
  account_suspended: 'Contact support; no key of the account works until it is restored.',
  origin_not_allowed: 'Call the API from a server, or ask an operator to allow your site origin.',
  not_found: 'Check the path: no trailing slash, lower case, only the routes listed here.',
  request_not_found: 'Poll with the same key that created the job or batch, within 24 hours of it settling.',
  method_not_allowed: 'Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch).',
  idempotency_conflict: 'Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call.',
  result_not_ready: 'Poll with `wait=20` until nothing is pending, then ask for the CSV.',
  uri_too_long: 'Shorten the query string to 2,048 characters or less.',
  unsupported_or_invalid_query: 'Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.',
  duplicate_parameter: 'Send each parameter once; join list values with commas.',
  sort_not_implemented: 'Use one of the `sort` values listed for the route.',
  invalid_idempotency_key: 'Use 1-128 printable ASCII characters without spaces (a UUID works).',
  invalid_wait: 'Send `wait` as a whole number from 0 to 20.',
  batch_too_large: "Split the batch so it has no more searches than the plan's pending cap.",
  rate_limited: 'Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.',
  quota_exceeded: 'Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.',
  too_many_pending: 'Wait for pending searches to settle (`Retry-After`), then resend.',
  upstream_daily_limit: 'Cached results still answer; retry new searches after `Retry-After`.',
  queue_full: 'Retry after `Retry-After` with the same Idempotency-Key.',
  collection_unavailable: 'Retry after `Retry-After` with the same Idempotency-Key.',
  storage_unavailable: 'Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.',
  origin_unavailable: 'Retry after `Retry-After` with the same Idempotency-Key.',
  service_unconfigured: 'Contact support; retrying will not help until the provider fixes the service.',
};

export const JOB_ERROR_ADVICE: Readonly<Record<JobErrorCode, string>> = {
  rejected: 'Start the search again from page 1 to get a fresh cursor.',
  filter_not_supported: 'Drop or change the filter named in the message; results are never returned unfiltered.',
  page_out_of_range: 'The search has fewer pages; stop paging.',
  not_submitted: 'Resend the same batch with the same Idempotency-Key: only the missing searches run.',
  upstream_blocked: 'Retry later; nothing was charged.',
  upstream_error: 'Retry later; nothing was charged.',
  upstream_timeout: 'Retry; nothing was charged.',
  collection_unavailable: 'Retry later; nothing was charged.',
};
