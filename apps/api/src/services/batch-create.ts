/**
 * @module batch-create
 * `POST /v1/batches` as a story (interface 4.7, decisions.md "Batches"): read the body →
 * expand `pages` and validate every search exactly as its GET route would (any invalid search
 * refuses the whole batch, with `error.index`) → record the batch and all its items at once →
 * submit the items one by one as ordinary jobs → end the submitter's lease → answer the batch.
 * A resend with the same Idempotency-Key and body submits only the items that never were.
 */
import { createHash } from 'node:crypto';
import { ApiError, findRoute, pageIdentity, type Search } from '@listings/contract';
import { newId, type BatchItemSpec, type ItemOutcome } from '@listings/store';
import type { Caller } from './authenticate.ts';
import type { Services } from '../composition-root.ts';
import { loadBatch, renderBatch } from './batch-poll.ts';
import { enqueue, parseSearch, recordSearch, refuseWhenShortOfMemory } from './submit-search.ts';

/** Most pages a `pages` shorthand may expand into (interface 4.7). */
export const MAX_PAGES = 10;

/** Outcomes are written (and the lease renewed) after this many submitted items. */
const PROGRESS_EVERY = 25;

export interface SubmitOptions {
  /** How long items not yet reached read as pending before they count as `not_submitted`. */
  leaseMs: number;
  /**
   * Test hook: asked before each item is submitted; true stops the submitter there, leaving
   * the batch as a crashed process would (items from that index on never submitted).
   */
  crashBeforeItem?: (batchId: string, index: number) => boolean;
}

export type Fields = Record<string, unknown>;

function isObject(v: unknown): v is Fields {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function invalid(message: string, extra: { param?: string; index?: number } = {}): ApiError {
  return new ApiError('unsupported_or_invalid_query', { message, ...extra });
}

/** A JSON value as the string the GET route would receive; null when it cannot be one. */
function renderValue(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const parts = v.map((el) => (typeof el === 'string' || typeof el === 'number' ? renderValue(el) : null));
    return parts.includes(null) ? null : parts.join(',');
  }
  return null;
}

function pagesOf(v: unknown): number | null {
  const raw = renderValue(v);
  if (raw === null || !/^[0-9]{1,2}$/u.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGES ? n : null;
}

/**
 * The searches one search object stands for (`endpoint` plus the inputs its GET route takes,
 * and `pages` on mkt_a searches), each validated exactly as its GET route would: a batch item
 * (with `defaults` merged under it) or a watch's search (services/watches.ts). Throws the GET
 * route's error, with `param`.
 */
export function itemSearches(services: Services, fields: Fields): Search[] {
  const endpoint = fields.endpoint;
  const route = typeof endpoint === 'string' ? findRoute(endpoint) : undefined;
  if (!route) throw invalid('endpoint must name an existing search route such as mkt_a/sold or mkt_d/listings.', { param: 'endpoint' });
  let pages: number | null = null;
  if (fields.pages !== undefined && fields.pages !== null) {
    if (route.token !== 'mkt_a') throw invalid('pages is only available on mkt_a searches.', { param: 'pages' });
    pages = pagesOf(fields.pages);
    if (pages === null) throw invalid(`pages must be a whole number from 1 to ${MAX_PAGES}.`, { param: 'pages' });
    if (fields.page !== undefined && fields.page !== null) throw invalid('Send either page or pages, not both.', { param: 'pages' });
  }
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'endpoint' || name === 'pages' || value === null || value === undefined) continue;
    const text = renderValue(value);
    if (text === null) throw invalid(`${name} must be a string, a number or a list of them.`, { param: name });
    pairs.push([name, text]);
  }
  const out: Search[] = [];
  for (let page = 1; page <= (pages ?? 1); page++) {
    const withPage: Array<readonly [string, string]> = pages === null ? pairs : [...pairs, ['page', String(page)]];
    out.push(parseSearch(services, route, withPage));
  }
  return out;
}

/**
 * One entry of `searches`, with `defaults` merged under it (null removes a default), as the
 * searches it expands into. Throws the GET route's error, tagged with `index`: the position
 * of the first item this entry would have produced.
 */
function expandOne(services: Services, defaults: Fields, entry: unknown, position: number, index: number): Search[] {
  const at = (err: ApiError): ApiError =>
    new ApiError(err.code, { message: `searches[${position}] (index ${index}): ${err.message}`, param: err.param, index });
  if (!isObject(entry)) throw at(invalid('Each search must be a JSON object.'));
  try {
    return itemSearches(services, { ...defaults, ...entry });
  } catch (err) {
    if (err instanceof ApiError) throw at(err);
    throw err;
  }
}

/**
 * The body's searches, expanded and validated, in item order. Refusals: a body that is not
 * `{ defaults?, searches }` → 422 unsupported_or_invalid_query; an invalid search → its GET
 * error with `index`; more items than `pendingCap` → 422 batch_too_large.
 */
function expandBatch(services: Services, body: unknown, pendingCap: number): Search[] {
  if (!isObject(body)) throw invalid('The body must be a JSON object with searches.');
  for (const name of Object.keys(body)) {
    if (name !== 'defaults' && name !== 'searches') throw invalid(`Unknown field ${JSON.stringify(name.slice(0, 64))}; the body takes defaults and searches.`, { param: name });
  }
  const defaults = body.defaults ?? {};
  if (!isObject(defaults)) throw invalid('defaults must be a JSON object.', { param: 'defaults' });
  const searches = body.searches;
  if (!Array.isArray(searches) || searches.length === 0) throw invalid('searches must be a non-empty array of search objects.', { param: 'searches' });
  const tooLarge = (n: string): ApiError => new ApiError('batch_too_large', { message: `The batch has ${n} searches; this plan's pending cap allows ${pendingCap}.` });
  // Bounds the work before any validation: each entry is at least one search.
  if (searches.length > pendingCap) throw tooLarge(String(searches.length));
  const out: Search[] = [];
  for (let position = 0; position < searches.length; position++) {
    out.push(...expandOne(services, defaults, searches[position], position, out.length));
    if (out.length > pendingCap) throw tooLarge(`at least ${out.length}`);
  }
  return out;
}

/** Same key + same fingerprint = the same batch; the mode is part of it. */
export function batchFingerprint(mode: string, searches: readonly Search[]): string {
  const h = createHash('sha256');
  for (const s of searches) h.update(`${pageIdentity(s)}\n`);
  return `batch|${mode}|${h.digest('base64url')}`;
}

/**
 * Per-item idempotency for recordSearch: a second submission of the same item (a resend racing
 * the original submitter) replays the item's job instead of creating or charging another. The
 * `.` keeps it apart from client keys, which are stored as base64url hashes.
 */
function itemKeyHash(batchId: string, index: number): string {
  return `batch.${batchId}.${index}`;
}

/** Records a new batch with its items, or finds the batch recorded under the same key. */
async function recordBatch(services: Services, caller: Caller, searches: readonly Search[], idemHash: string | null, leaseMs: number): Promise<{ kind: 'created' | 'replay'; batchId: string; items: Array<BatchItemSpec & { index: number }> }> {
  const items: BatchItemSpec[] = searches.map((s) => ({ endpoint: s.route, q: s.q, jobId: newId('req'), searchJson: JSON.stringify(s) }));
  const r = await services.batches.create({
    batchId: newId('bat'), account: caller.account, mode: caller.mode, idempotencyKeyHash: idemHash,
    fingerprint: batchFingerprint(caller.mode, searches), items, leaseMs,
  });
  if (r.kind === 'conflict') throw new ApiError('idempotency_conflict', { message: 'This Idempotency-Key was already used with a different body (or on another route).' });
  return { ...r, items: r.kind === 'created' ? items.map((it, index) => ({ ...it, index })) : [] };
}

function outcomeOf(kind: string): ItemOutcome {
  switch (kind) {
    case 'hit':
    case 'miss':
    case 'replay':
      return 'job';
    case 'quota_exceeded':
    case 'too_many_pending':
      return `rejected:${kind}`;
    default:
      // queue_full, daily_limit, unavailable: never handed to collection (decisions.md);
      // a resend with the same key runs them again.
      return 'not_submitted';
  }
}

/**
 * Submits the given items in order, each as an ordinary job under its pre-allocated request
 * id, recording outcomes every few items and ending the lease at the end. `stopped` when the
 * crash hook stopped it; `allHits` when every item was answered from the cache.
 */
async function submitItems(services: Services, caller: Caller, batchId: string,
  items: ReadonlyArray<{ index: number; jobId: string; searchJson: string }>, opts: SubmitOptions): Promise<{ stopped: boolean; allHits: boolean }> {
  let done: Array<[number, ItemOutcome]> = [];
  let allHits = true;
  // Items are recorded strictly in order (which ones meet the cap or the quota must not
  // depend on timing); handing their collections to the queues overlaps with that. A
  // collection whose hand-over fails or never happens is queued by the workers' sweep.
  const queued: Array<Promise<void>> = [];
  for (const item of items) {
    if (opts.crashBeforeItem?.(batchId, item.index)) return { stopped: true, allHits: false };
    const search = JSON.parse(item.searchJson) as Search;
    const r = await recordSearch(services, caller, search, itemKeyHash(batchId, item.index), { batchId, jobId: item.jobId });
    if (r.kind === 'miss' && r.newCollection) queued.push(enqueue(services, search.token, r.collectionId));
    if (r.kind === 'conflict') services.logger.error({ batchId, index: item.index }, 'batch item key conflict; left not_submitted');
    if (r.kind !== 'hit') allHits = false;
    done.push([item.index, outcomeOf(r.kind)]);
    if (done.length >= PROGRESS_EVERY) {
      await services.batches.progress(batchId, done, opts.leaseMs);
      done = [];
    }
  }
  await Promise.all(queued);
  await services.batches.progress(batchId, done, 0);
  return { stopped: false, allHits };
}

/**
 * A batch call (`POST /v1/batches`), as one story: the body expanded and validated (refused
 * past the plan's pending cap, and while Redis is short of memory), the batch recorded, its
 * items submitted, the batch answered as it then stands (JSON text). A resend with the same
 * Idempotency-Key and body (`replayed`) submits only the items that never reached collection;
 * the rest keep their jobs. `pending`: answered as pending (202): a call that submitted
 * searches is not pending only when every one was answered from the cache; a resend with
 * nothing left to run, while any item is. Null when the test hook stopped the submitter (the
 * call is left as a crashed process would leave it).
 */
export async function submitBatch(services: Services, caller: Caller, body: unknown, idemHash: string | null, opts: SubmitOptions): Promise<{ batchId: string; body: string; pending: boolean; replayed: boolean } | null> {
  const searches = expandBatch(services, body, services.plan(caller.plan).pendingCap);
  refuseWhenShortOfMemory(services);
  const { kind, batchId, items } = await recordBatch(services, caller, searches, idemHash, opts.leaseMs);
  let todo: ReadonlyArray<{ index: number; jobId: string; searchJson: string }> = items;
  if (kind === 'replay') {
    // Only items that never reached collection run again; the rest keep their jobs.
    const view = await loadBatch(services, caller, batchId);
    todo = view.items.filter((v) => v.job === null && (v.item.outcome === null || v.item.outcome === 'not_submitted')).map((v) => v.item);
    if (todo.length > 0) await services.batches.progress(batchId, [], opts.leaseMs);
  }
  const run = todo.length > 0 ? await submitItems(services, caller, batchId, todo, opts) : null;
  if (run?.stopped) return null;
  const view = await loadBatch(services, caller, batchId);
  const pending = run ? !run.allHits : view.status === 'pending';
  return { batchId, body: await renderBatch(services, view, false), pending, replayed: kind === 'replay' };
}
