/**
 * @module processor
 * One collection, as BullMQ hands it over: load it (nothing to do when already settled: a job
 * run twice settles once) → take a unit of the marketplace's daily limit → collect through the
 * adapter → sign the next cursor → settle atomically (result, cache, charges). Transient
 * faults are thrown back to BullMQ for a retry with backoff while attempts remain; everything
 * else settles the collection as failed with its job error code, charging nothing.
 *
 * Drift guard: a page the adapter read is also checked for plausibility (a reported total but
 * no listing, most prices or titles unreadable: shared/plausibility.ts), and fails as a layout
 * change rather than returning rows. Every reading's outcome is reported (`onReading`), and
 * the last upstream answer of a reading that failed (blocked, layout changed, non-US, filter
 * not applied, unexpected) is kept for operators without its cookies (kept-pages.ts).
 */
import { createHash } from 'node:crypto';
import {
  BlockedError, CollectionError, CursorRejectedError, readStoredSearch, ROUTES, searchIdentity, signCursor, TransientUpstreamError, verifyCursor,
  type HttpClient, type Result, type Search, type UpstreamResponse,
} from '@listings/contract';
import {
  implausibility, ImplausibleReadingError, KEPT_OUTCOMES, readingOutcome, type CollectedPage, type Continuation, type Marketplace, type ReadingOutcome,
} from '@listings/marketplaces';
import type { SettledPage } from '@listings/history';
import type { KeptPages, Store } from '@listings/store';
import type { Logger } from 'pino';
import { judgedPage } from './comps.ts';
import type { Sessions } from './sessions.ts';

export interface ProcessorDeps {
  store: Store;
  marketplaces: Readonly<Record<string, Marketplace>>;
  sessions: Sessions;
  cursorSecret: string;
  dailyLimit(mode: 'live' | 'sandbox', token: string): number | null;
  logger: Logger;
  /** Where pages that failed to read are kept for operators (drift guard); null keeps none. */
  keptPages?: KeptPages | null;
  /** Told what became of every page read (the drift metric). */
  onReading?(reading: Reading): void;
  /** Told of every page settled complete, after its settle (the sold history archive's hand-off; returns at once, never throws). */
  archive?(page: SettledPage): void;
  /** How long a sandbox page stays in the cache (SANDBOX_CACHE_SECONDS); the store's 15 minutes when unset. */
  sandboxCacheTtlMs?: number;
}

/** One upstream page read (or not) by an attempt. */
export interface Reading {
  token: string;
  mode: 'live' | 'sandbox';
  outcome: ReadingOutcome;
}

export interface AttemptInfo {
  collectionId: string;
  /** Attempts already made before this one. */
  attemptsMade: number;
  /** Attempts allowed in all. */
  attempts: number;
}

export type Outcome = 'complete' | 'failed' | 'retry' | 'already_settled';

function asCollectionError(err: unknown): CollectionError {
  if (err instanceof CollectionError) return err;
  // An adapter bug or an unforeseen shape: the page could not be read. Retried like a
  // transient fault, then failed as upstream_error; never an uncaught 500 or an empty success.
  return new TransientUpstreamError(`unexpected collection failure: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

const cursorRoutes = new Set(ROUTES.filter((r) => r.cursorPaging).map((r) => r.id));

/** What the field notes of every sandbox result begin with. */
export const SANDBOX_NOTE = "Sandbox: synthetic listings from the built-in simulator of this marketplace, not real market data; their titles, prices and dates are drawn to read like the market's (docs/sandbox.md).";

/** The adapter's page as the public result: documented field order, next_cursor signed, every row judged (./comps.ts). */
export function finishResult(page: CollectedPage, search: Search, secret: string): { result: Result; cursorState?: { key: string; json: string } } {
  const { provider, country, query, page: pageNo, page_size, count: _count, reported_total, next_page, collected_at, schema_version, completeness, field_notes, data, ...extras } = page.result;
  let nextPage = next_page !== null && search.page < 100 ? next_page : null;
  let nextCursor: string | null = null;
  let cursorState: { key: string; json: string } | undefined;
  if (cursorRoutes.has(search.route)) {
    if (nextPage !== null && page.next) {
      const payload = { r: search.route, h: searchIdentity(search), p: nextPage, t: page.next.token } as { r: string; h: string; p: number; t: string; s?: string };
      if (page.next.state !== undefined && page.next.state !== null) {
        const json = JSON.stringify(page.next.state);
        payload.s = createHash('sha256').update(json).digest('base64url').slice(0, 32);
        cursorState = { key: payload.s, json };
      }
      nextCursor = signCursor(secret, payload);
    } else {
      nextPage = null;
    }
  }
  // Every row judged against the query (comp_kind, comp_reasons last), comp_version and comps last.
  const judged = judgedPage(query, provider, data);
  const result: Result = {
    provider, country, query, page: pageNo, page_size, count: data.length, reported_total, next_page: nextPage, next_cursor: nextCursor,
    collected_at, schema_version, completeness, field_notes, ...extras, data: judged.data, comp_version: judged.comp_version, comps: judged.comps,
  };
  return cursorState ? { result, cursorState } : { result };
}

export async function processCollection(deps: ProcessorDeps, attempt: AttemptInfo, signal: AbortSignal): Promise<Outcome> {
  const { store, logger } = deps;
  const id = attempt.collectionId;
  const coll = await store.getCollection(id);
  if (!coll || coll.status !== 'pending') return 'already_settled';
  const fail = async (code: string): Promise<Outcome> => {
    await store.settle(id, { outcome: 'failed', errorCode: code });
    return 'failed';
  };
  // The search as the api validated it; anything else in its place (a record written by
  // something else, or damaged) is never collected, and its jobs settle failed at no cost.
  let search: Search;
  try {
    search = readStoredSearch(coll.searchJson);
  } catch (err) {
    logger.error({ collectionId: id, err: (err as Error).message }, 'collection holds no valid search; settled collection_unavailable');
    return fail('collection_unavailable');
  }
  const adapter = deps.marketplaces[search.token];
  if (!adapter) return fail('collection_unavailable');

  let continuation: Continuation | null = null;
  if (search.cursor !== null) {
    const payload = verifyCursor(deps.cursorSecret, search.cursor);
    if (!payload) return fail('rejected');
    let state: unknown = null;
    if (payload.s) {
      const json = await store.getCursorState(payload.s);
      if (json === null) return fail('rejected');
      state = JSON.parse(json);
    }
    continuation = { token: payload.t, state };
  }

  const { taken } = await store.takeUpstream(coll.mode, search.token, deps.dailyLimit(coll.mode, search.token));
  if (!taken) return fail('collection_unavailable');

  const pool = deps.sessions.pool(coll.mode, search.token);
  if (!pool) return fail('collection_unavailable');
  const session = pool.client.next();
  // The adapter's requests go through the session; the last answer is remembered in case it fails to read.
  let last: UpstreamResponse | null = null;
  const http: HttpClient = {
    async request(req, sig) {
      const res = await session.request(req, sig);
      last = res;
      return res;
    },
  };
  let page: CollectedPage;
  try {
    page = await adapter.collect(search, { http, baseUrl: pool.baseUrl, now: new Date(), continuation, signal });
    const why = implausibility(page.result, adapter.readingChecks, page);
    if (why !== null) throw new ImplausibleReadingError(why);
  } catch (err) {
    const e = asCollectionError(err);
    const outcome = readingOutcome(err);
    deps.onReading?.({ token: search.token, mode: coll.mode, outcome });
    if (e instanceof BlockedError) pool.client.retire(session);
    const answered = last as UpstreamResponse | null;
    if (deps.keptPages && answered && KEPT_OUTCOMES.has(outcome)) {
      // Keeping is for operators: a failure to keep is logged, never the job's outcome.
      await deps.keptPages.keep(
        { mode: coll.mode, marketplace: search.token, route: search.route, q: search.q, page: search.page, collection: id, outcome, code: e.code, reason: e.message, status: answered.status, url: answered.url },
        answered.headers, answered.body,
      ).then(
        (pageId) => logger.info({ collectionId: id, token: search.token, outcome, keptPage: pageId }, 'kept the upstream page that failed to read'),
        (keepErr: unknown) => logger.warn({ collectionId: id, err: (keepErr as Error).message }, 'could not keep the upstream page'),
      );
    }
    const lastAttempt = attempt.attemptsMade + 1 >= attempt.attempts;
    logger.warn({ collectionId: id, token: search.token, code: e.code, error: e.name, message: e.message, attempt: attempt.attemptsMade + 1, last: lastAttempt }, 'collection attempt failed');
    if (e.retryable && !lastAttempt && !(e instanceof CursorRejectedError)) throw e;
    return fail(e.code);
  }
  deps.onReading?.({ token: search.token, mode: coll.mode, outcome: 'read' });
  const { result, cursorState } = finishResult(page, search, deps.cursorSecret);
  // A sandbox result says what it is, in the page's own notes: synthetic listings (docs/sandbox.md).
  if (coll.mode === 'sandbox') result.field_notes = `${SANDBOX_NOTE} ${result.field_notes}`;
  await store.settle(id, {
    outcome: 'complete',
    resultJson: JSON.stringify(result),
    hiddenJson: JSON.stringify(page.hidden ?? {}),
    ...(cursorState ? { cursorState } : {}),
    ...(coll.mode === 'sandbox' && deps.sandboxCacheTtlMs !== undefined ? { cacheTtlMs: deps.sandboxCacheTtlMs } : {}),
  });
  deps.archive?.({ collectionId: id, mode: coll.mode, token: search.token, kind: search.route.slice(search.route.indexOf('/') + 1), result });
  return 'complete';
}
