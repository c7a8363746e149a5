/**
 * @module watches (SDK)
 * `listings.watches`: saved searches that run on a schedule and send `watch.matched` with the
 * rows that are new or cheaper (docs/watches.md). A create carries an `Idempotency-Key`,
 * reused on its retries, so a retry never makes a second watch; the other calls are retried
 * and waited out by the client's rules like every call.
 */
import type { Client } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

type Schemas = components['schemas'];
export type Watch = Schemas['Watch'];
export type WatchCreate = Schemas['WatchCreate'];
export type WatchUpdate = Schemas['WatchUpdate'];
export type WatchRun = Schemas['WatchRun'];
export type WatchRules = Schemas['WatchRules'];
export type WatchMatchedEvent = Schemas['WatchMatchedEvent'];

type FetchResult = { data?: unknown; error?: unknown; response: Response };
/** The client's call with its retry rules (index.ts). */
export type Caller = <T>(send: (key: string | undefined) => Promise<FetchResult>, opts: { idempotent: boolean; key?: string | undefined }) => Promise<{ data: T; response: Response }>;

export interface WatchCallOptions {
  /** Use this key instead of a generated one (a resend of an earlier create). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export class Watches {
  private readonly client: Client<paths>;
  private readonly call: Caller;

  constructor(client: Client<paths>, call: Caller) {
    this.client = client;
    this.call = call;
  }

  private signal(opts: { signal?: AbortSignal }): { signal?: AbortSignal } {
    return opts.signal ? { signal: opts.signal } : {};
  }

  /** Creates a watch; its first run starts at once (a baseline unless `notify_on_first_run`). */
  async create(body: WatchCreate, opts: WatchCallOptions = {}): Promise<Watch> {
    const { data } = await this.call<Watch>((key) => this.client.POST('/v1/watches', {
      body, params: { header: key ? { 'Idempotency-Key': key } : {} }, ...this.signal(opts),
    }) as Promise<FetchResult>, { idempotent: true, key: opts.idempotencyKey });
    return data;
  }

  /** The account's watches of the key's mode, oldest first. */
  async list(opts: { signal?: AbortSignal } = {}): Promise<{ data: Watch[] }> {
    const { data } = await this.call<{ data: Watch[] }>(() => this.client.GET('/v1/watches', { ...this.signal(opts) }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  async get(id: string, opts: { signal?: AbortSignal } = {}): Promise<Watch> {
    const { data } = await this.call<Watch>(() => this.client.GET('/v1/watches/{watch_id}', { params: { path: { watch_id: id } }, ...this.signal(opts) }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  /** Changes the schedule, rules, endpoint or name; `status` pauses or resumes. */
  async update(id: string, body: WatchUpdate, opts: { signal?: AbortSignal } = {}): Promise<Watch> {
    const { data } = await this.call<Watch>(() => this.client.PATCH('/v1/watches/{watch_id}', { params: { path: { watch_id: id } }, body, ...this.signal(opts) }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  pause(id: string, opts: { signal?: AbortSignal } = {}): Promise<Watch> {
    return this.update(id, { status: 'paused' }, opts);
  }

  /** Resumes a paused watch: a run at once, then every interval. */
  resume(id: string, opts: { signal?: AbortSignal } = {}): Promise<Watch> {
    return this.update(id, { status: 'active' }, opts);
  }

  async delete(id: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
    await this.call<unknown>(() => this.client.DELETE('/v1/watches/{watch_id}', { params: { path: { watch_id: id } }, ...this.signal(opts) }) as Promise<FetchResult>, { idempotent: false });
  }

  /** The watch's last 50 runs, newest first: each with its search job, credits, matches and event. */
  async runs(id: string, opts: { signal?: AbortSignal } = {}): Promise<{ data: WatchRun[] }> {
    const { data } = await this.call<{ data: WatchRun[] }>(() => this.client.GET('/v1/watches/{watch_id}/runs', { params: { path: { watch_id: id } }, ...this.signal(opts) }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }
}
