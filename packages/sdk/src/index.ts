/**
 * @module @listings/sdk
 * A TypeScript client of the Listings API. Types are generated from the OpenAPI description
 * (src/schema.ts, openapi-typescript); requests go through openapi-fetch. What it does for you:
 *
 * - `search(route, params)` submits, long-polls the job with `wait=20`, and returns the typed
 *   result, or throws a `ListingsApiError` / `ListingsJobError` carrying the error code.
 * - Every submit (search or batch) carries an `Idempotency-Key`, reused on the retries of
 *   network failures and 503s, so a retry never charges twice.
 * - 429 `rate_limited` and `too_many_pending` are waited out by `Retry-After`.
 * - `pages(route, params)` follows `next_page` / `next_cursor` and drops ids already seen.
 * - Batches: `createBatch`, `batch`, `waitBatch`, `batchResults`, `batchCsv` (a stream).
 * - Watches: `watches.create`, `list`, `get`, `update`, `pause`, `resume`, `delete`, `runs`.
 * - Sold history: `history.sold(marketplace, { q, from, to, condition, min_price, max_price, page })`, `history.pages`.
 * - `verifyWebhook(secret, header, rawBody)` checks a webhook delivery's `Listings-Signature`.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.ts';
import { scrubText } from './redact.ts';
import { HistoryArchive } from './history.ts';
import { Watches } from './watches.ts';

export type { components, operations, paths } from './schema.ts';
export { HistoryArchive, type History, type HistoryRow, type HistoryMonth, type HistoryMarketplace, type HistoryParams } from './history.ts';
export { Watches, type Watch, type WatchCreate, type WatchUpdate, type WatchRun, type WatchRules, type WatchMatchedEvent, type WatchCallOptions } from './watches.ts';
export { verifyWebhook, parseWebhook, WebhookVerificationError, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS, type VerifyWebhookOptions, type WebhookVerification } from './webhooks.ts';

type Schemas = components['schemas'];

/** Route ids as the API spells them (`mkt_a/sold`, …) and the operation each maps to. */
export interface RouteOperations {
  'mkt_a/sold': 'mkt_a_sold';
  'mkt_a/listings': 'mkt_a_listings';
  'mkt_b/sold': 'mkt_b_sold';
  'mkt_b/listings': 'mkt_b_listings';
  'mkt_c/sold': 'mkt_c_sold';
  'mkt_d/listings': 'mkt_d_listings';
  'mkt_e/listings': 'mkt_e_listings';
}
export type Route = keyof RouteOperations;
export const ROUTES: readonly Route[] = ['mkt_a/sold', 'mkt_a/listings', 'mkt_b/sold', 'mkt_b/listings', 'mkt_c/sold', 'mkt_d/listings', 'mkt_e/listings'];

/** The query parameters of a route (lists as arrays; sent comma-separated). */
export type SearchParams<R extends Route> = NonNullable<operations[RouteOperations[R]]['parameters']['query']>;
/** A route's job envelope (interface 2.2). */
export type Job<R extends Route> = operations[RouteOperations[R]]['responses'][200]['content']['application/json'];
/** A route's result (one source page). */
export type Result<R extends Route> = NonNullable<Job<R>['result']>;
/** A row of a route's result. */
export type Row<R extends Route> = Result<R>['data'][number];
export type AnyJob = Schemas['Job'];
export type Batch = Schemas['Batch'];
export type BatchRequest = Schemas['BatchRequest'];
export type ApiErrorCode = Schemas['Error']['error']['code'];
export type JobErrorCode = Schemas['JobError']['code'];
/** The judgement of a row against the query (`comp_kind`): item, accessory, lot, parts or other. */
export type CompKind = Schemas['MktASoldRow']['comp_kind'];
/** A result's (and a complete batch item's) `comps` block: figures over the rows judged `item`. */
export type Comps = Schemas['Comps'];
/** count, median, hinges, low, high and the 90 % interval of the median of a set of USD amounts. */
export type PriceFigures = Schemas['PriceFigures'];

/** An error the API answered (HTTP 4xx/5xx with `{error: {code, …}}`). */
export class ListingsApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly param: string | undefined;
  readonly index: number | undefined;
  readonly retryAfter: number | undefined;
  readonly requestId: string | undefined;
  constructor(status: number, body: Schemas['Error']['error'], headers: Headers) {
    super(`${body.code}: ${body.message}`);
    this.name = 'ListingsApiError';
    this.code = body.code;
    this.status = status;
    this.param = body.param;
    this.index = body.index;
    const retry = Number(headers.get('retry-after'));
    this.retryAfter = Number.isFinite(retry) && headers.has('retry-after') ? retry : undefined;
    this.requestId = headers.get('x-request-id') ?? undefined;
  }
}

/** A search that ran and failed (`status: failed`, 0 credits). */
export class ListingsJobError extends Error {
  readonly code: JobErrorCode;
  readonly requestId: string;
  readonly job: AnyJob;
  constructor(job: AnyJob) {
    super(`${job.error?.code ?? 'failed'}: ${job.error?.message ?? 'the search failed'}`);
    this.name = 'ListingsJobError';
    this.code = job.error?.code ?? 'upstream_error';
    this.requestId = job.request_id;
    this.job = job;
  }
}

/** The network failed (or an answer could not be read) after every retry. */
export class ListingsNetworkError extends Error {
  /** `message` is shown without secrets (a base URL's credentials, which fetch's own error quotes). */
  constructor(message: string, options?: { cause?: unknown }) {
    super(scrubText(message), options);
    this.name = 'ListingsNetworkError';
  }
}

/** Narrows an error to an API error with one of the given codes. */
export function isApiError<C extends ApiErrorCode>(err: unknown, ...codes: C[]): err is ListingsApiError & { code: C } {
  return err instanceof ListingsApiError && (codes.length === 0 || (codes as string[]).includes(err.code));
}

/** What the client is doing, for progress displays. */
export type ListingsEvent =
  | { type: 'waiting'; code: 'rate_limited' | 'too_many_pending' | 'retry'; seconds: number; attempt: number }
  | { type: 'submitted'; route: string; requestId: string; status: 'pending' | 'complete' | 'failed' }
  | { type: 'settled'; requestId: string; status: 'complete' | 'failed'; credits: number };

export interface ListingsOptions {
  apiKey: string;
  /** Host root, without `/v1` (default http://127.0.0.1:8080). */
  baseUrl?: string;
  /** Retries of network failures and 503s (default 4). */
  maxRetries?: number;
  /** How many 429s (`rate_limited`, `too_many_pending`) to wait out per call (default 10). */
  maxRateLimitWaits?: number;
  /** Longest single wait in seconds for `Retry-After` (default 120); a longer one throws. */
  maxWaitSeconds?: number;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  onEvent?: (event: ListingsEvent) => void;
  /** Used for waits (tests may shorten them). */
  sleep?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  /** Use this key instead of a generated one (a resend of an earlier call). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface PagesOptions extends CallOptions {
  /** Stop after this many pages (default: to the last page). */
  maxPages?: number;
}

type FetchResult = { data?: unknown; error?: unknown; response: Response };

const WAITED_429 = new Set<string>(['rate_limited', 'too_many_pending']);
const RETRIED_503 = new Set<string>(['queue_full', 'collection_unavailable', 'storage_unavailable', 'origin_unavailable', 'upstream_daily_limit']);

function newKey(): string {
  return `sdk-${crypto.randomUUID()}`;
}

function isErrorBody(v: unknown): v is Schemas['Error'] {
  return typeof v === 'object' && v !== null && 'error' in v && typeof (v as { error: { code?: unknown } }).error?.code === 'string';
}

function isJob(v: unknown): v is AnyJob {
  return typeof v === 'object' && v !== null && typeof (v as AnyJob).request_id === 'string' && typeof (v as AnyJob).status === 'string';
}

export class Listings {
  readonly client: Client<paths>;
  /** Saved searches that run on a schedule (watches.ts): create, list, get, update, pause, resume, delete, runs. */
  readonly watches: Watches;
  /** The sold history archive (history.ts): `history.sold(marketplace, { q, from, to, … })`. */
  readonly history: HistoryArchive;
  private readonly opts: Required<Pick<ListingsOptions, 'maxRetries' | 'maxRateLimitWaits' | 'maxWaitSeconds' | 'sleep'>> & ListingsOptions;

  constructor(options: ListingsOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.opts = {
      maxRetries: 4, maxRateLimitWaits: 10, maxWaitSeconds: 120,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      ...options,
    };
    const baseUrl = (options.baseUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/u, '').replace(/\/v1$/u, '');
    this.client = createClient<paths>({
      baseUrl,
      headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
      querySerializer: { array: { style: 'form', explode: false } },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.watches = new Watches(this.client, (send, o) => this.call(send, o));
    this.history = new HistoryArchive(this.client, (send, o) => this.call(send, o));
  }

  private emit(e: ListingsEvent): void {
    this.opts.onEvent?.(e);
  }

  /**
   * Runs one call with the retry rules: network failures and retryable 503s are retried with
   * the same Idempotency-Key (backoff, or `Retry-After`); 429 `rate_limited` and
   * `too_many_pending` are waited out by `Retry-After`. A 503 whose body is a job (the replay
   * of a failed search) is returned as that job.
   */
  private async call<T>(send: (key: string | undefined) => Promise<FetchResult>, opts: { idempotent: boolean; key?: string | undefined }): Promise<{ data: T; response: Response }> {
    const key = opts.idempotent ? (opts.key ?? newKey()) : undefined;
    let retries = 0;
    let waits = 0;
    for (;;) {
      let r: FetchResult;
      try {
        r = await send(key);
      } catch (err) {
        if ((err as Error)?.name === 'AbortError') throw err;
        if (retries >= this.opts.maxRetries) throw new ListingsNetworkError(`network failure after ${retries + 1} attempts: ${(err as Error)?.message ?? err}`, { cause: err });
        retries++;
        const seconds = Math.min(8, 0.25 * 2 ** retries);
        this.emit({ type: 'waiting', code: 'retry', seconds, attempt: retries });
        await this.opts.sleep(seconds * 1000);
        continue;
      }
      const { response } = r;
      if (response.ok) return { data: r.data as T, response };
      if (response.status === 503 && isJob(r.error)) return { data: r.error as T, response };
      if (!isErrorBody(r.error)) {
        if (response.status >= 500 && retries < this.opts.maxRetries) {
          retries++;
          await this.opts.sleep(Math.min(8, 0.25 * 2 ** retries) * 1000);
          continue;
        }
        throw new ListingsNetworkError(`HTTP ${response.status} without an error body`);
      }
      const err = new ListingsApiError(response.status, r.error.error, response.headers);
      const seconds = Math.max(1, err.retryAfter ?? 1);
      if (response.status === 429 && WAITED_429.has(err.code) && waits < this.opts.maxRateLimitWaits && seconds <= this.opts.maxWaitSeconds) {
        waits++;
        this.emit({ type: 'waiting', code: err.code as 'rate_limited' | 'too_many_pending', seconds, attempt: waits });
        await this.opts.sleep(seconds * 1000);
        continue;
      }
      if (response.status === 503 && RETRIED_503.has(err.code) && retries < this.opts.maxRetries && seconds <= this.opts.maxWaitSeconds) {
        retries++;
        this.emit({ type: 'waiting', code: 'retry', seconds, attempt: retries });
        await this.opts.sleep(seconds * 1000);
        continue;
      }
      throw err;
    }
  }

  /** Submits a search: the job as answered (pending, or complete from the cache). */
  async submit<R extends Route>(route: R, params: SearchParams<R>, opts: CallOptions = {}): Promise<Job<R>> {
    const path = `/v1/${route}` as '/v1/mkt_a/sold';
    const { data } = await this.call<Job<R>>((key) => this.client.GET(path, {
      params: { query: params as SearchParams<'mkt_a/sold'>, header: key ? { 'Idempotency-Key': key } : {} },
      ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: true, key: opts.idempotencyKey });
    this.emit({ type: 'submitted', route, requestId: data.request_id, status: data.status });
    return data;
  }

  /** One poll of a job (`wait` 0-20 seconds). */
  async job(requestId: string, opts: { wait?: number; signal?: AbortSignal } = {}): Promise<AnyJob> {
    const { data } = await this.call<AnyJob>(() => this.client.GET('/v1/jobs/{request_id}', {
      params: { path: { request_id: requestId }, query: opts.wait !== undefined ? { wait: opts.wait } : {} },
      ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  /** Polls a job with `wait=20` until it settles; returns it (complete or failed). */
  async waitJob(requestId: string, opts: { signal?: AbortSignal } = {}): Promise<AnyJob> {
    for (;;) {
      const job = await this.job(requestId, { wait: 20, ...opts });
      if (job.status !== 'pending') {
        this.emit({ type: 'settled', requestId, status: job.status, credits: job.credits });
        return job;
      }
    }
  }

  /** Searches one page to completion: the typed result, or a thrown error with its code. */
  async search<R extends Route>(route: R, params: SearchParams<R>, opts: CallOptions = {}): Promise<Result<R>> {
    return (await this.searchJob(route, params, opts)).result as Result<R>;
  }

  /** As `search`, but the whole complete job (request_id, credits, cached). */
  async searchJob<R extends Route>(route: R, params: SearchParams<R>, opts: CallOptions = {}): Promise<Job<R> & { status: 'complete'; result: Result<R> }> {
    let job = (await this.submit(route, params, opts)) as AnyJob;
    if (job.status === 'pending') job = await this.waitJob(job.request_id, opts);
    else this.emit({ type: 'settled', requestId: job.request_id, status: job.status, credits: job.credits });
    if (job.status !== 'complete' || !job.result) throw new ListingsJobError(job);
    return job as Job<R> & { status: 'complete'; result: Result<R> };
  }

  /**
   * Every page of a search in order, following `next_page` (and `next_cursor` on cursor routes)
   * with the other parameters unchanged. Rows whose id an earlier page already gave are dropped
   * from `data` (and `count` is the rows kept).
   */
  async *pages<R extends Route>(route: R, params: SearchParams<R>, opts: PagesOptions = {}): AsyncGenerator<Result<R> & { credits: number; cached: boolean; request_id: string }> {
    const seen = new Set<string>();
    let query: Record<string, unknown> = { ...params };
    for (let n = 0; opts.maxPages === undefined || n < opts.maxPages; n++) {
      const job = await this.searchJob(route, query as SearchParams<R>, { ...(opts.signal ? { signal: opts.signal } : {}) });
      const result = job.result as Result<R> & { next_cursor: string | null; next_page: number | null; data: Array<{ id: string }> };
      const fresh = result.data.filter((r) => !seen.has(r.id));
      for (const r of fresh) seen.add(r.id);
      yield { ...result, data: fresh, count: fresh.length, credits: job.credits, cached: job.cached, request_id: job.request_id } as unknown as Result<R> & { credits: number; cached: boolean; request_id: string };
      if (result.next_page === null) return;
      query = { ...params, page: result.next_page, ...(result.next_cursor !== null ? { cursor: result.next_cursor } : {}) };
    }
  }

  /** Creates a batch (one call); the batch as answered (200 all cached, or 202 pending). */
  async createBatch(body: BatchRequest, opts: CallOptions = {}): Promise<Batch> {
    const { data } = await this.call<Batch>((key) => this.client.POST('/v1/batches', {
      body, params: { header: key ? { 'Idempotency-Key': key } : {} },
      ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: true, key: opts.idempotencyKey });
    return data;
  }

  /** One poll of a batch. */
  async batch(batchId: string, opts: { wait?: number; include?: 'results'; signal?: AbortSignal } = {}): Promise<Batch> {
    const query: { wait?: number; include?: 'results' } = {};
    if (opts.wait !== undefined) query.wait = opts.wait;
    if (opts.include) query.include = opts.include;
    const { data } = await this.call<Batch>(() => this.client.GET('/v1/batches/{batch_id}', {
      params: { path: { batch_id: batchId }, query },
      ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  /** Polls a batch with `wait=20` until nothing is pending; `onPoll` sees each answer. */
  async waitBatch(batchId: string, opts: { include?: 'results'; signal?: AbortSignal; onPoll?: (b: Batch) => void } = {}): Promise<Batch> {
    for (;;) {
      const b = await this.batch(batchId, { wait: 20, ...(opts.signal ? { signal: opts.signal } : {}) });
      opts.onPoll?.(b);
      if (b.status !== 'pending') return opts.include ? this.batch(batchId, { include: opts.include }) : b;
    }
  }

  /** The settled batch with every complete item's full result. */
  async batchResults(batchId: string): Promise<Batch> {
    return this.waitBatch(batchId, { include: 'results' });
  }

  /** The batch CSV as a byte stream (409 `result_not_ready` while any search is pending). */
  async batchCsv(batchId: string, opts: { signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
    const { data } = await this.call<ReadableStream<Uint8Array>>(() => this.client.GET('/v1/batches/{batch_id}', {
      params: { path: { batch_id: batchId }, query: { format: 'csv' } }, parseAs: 'stream',
      ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  /** A job's rows as a CSV byte stream. */
  async jobCsv(requestId: string, opts: { signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
    const { data } = await this.call<ReadableStream<Uint8Array>>(() => this.client.GET('/v1/jobs/{request_id}', {
      params: { path: { request_id: requestId }, query: { format: 'csv' } }, parseAs: 'stream',
      ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }
}
