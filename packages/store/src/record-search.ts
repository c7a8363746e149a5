/**
 * @module record-search
 * The one way a search is recorded, whoever asks: the api's search route and its batches for
 * a client, the worker's watch runs for a watch. A search recorded here is charged, refused and
 * queued by the same rules wherever it comes from:
 *
 * - the figures: the plan's allowance (a sandbox key's own) and pending cap, the marketplace's
 *   daily limit (live or sandbox) and queue bound, whether the mode can collect at all;
 * - what identifies it: the page identity, and the fingerprint an Idempotency-Key is held to
 *   (the mode is part of it: a live retry is never answered a sandbox job, nor the reverse);
 * - the record itself: one script (`Store.submit`: idempotency, cache, quota, caps, single
 *   flight, charge), then a new collection handed to its marketplace's queue; a hand-over that
 *   fails is left to the workers' sweep (the queue's job id is the collection id, so a late add
 *   and the sweep's add are one job);
 * - what a refusal is called: REFUSALS, the API's error code of each outcome that records
 *   nothing.
 *
 * The api's one-round-trip search (`Store.search`, the key checked in the same script) takes
 * its figures from `fields` too.
 */
import { DEFAULT_PLANS, isPlanName, pageIdentity, type ApiErrorCode, type Plan, type PlanName, type Search, type Token } from '@listings/contract';
import type { KeyKind } from './ids.ts';
import type { CollectionQueues } from './queues.ts';
import { guarded } from './redis.ts';
import type { Store, SubmitInput, SubmitOutcome } from './store.ts';

/** The settings recording follows (the fields of the same names of @listings/config's Config). */
export interface RecordingSettings {
  /** A sandbox key's allowance, whatever its plan. */
  sandboxAllowance: number;
  /** Each plan's live allowance. */
  planAllowances: Readonly<Record<PlanName, number>>;
  /** Searches a marketplace collects a day, live and sandbox (null: no limit). */
  dailyLimits: Readonly<Record<Token, number | null>>;
  sandboxDailyLimits: Readonly<Record<Token, number | null>>;
  /** A marketplace's queue bound (null: none). */
  queueFull: Readonly<Record<Token, number | null>>;
  /** Live searches are collected (a deployment may run without). */
  liveCollection: boolean;
  /** Sandbox searches are collected from here (null: not at all). */
  simulatorUrl: string | null;
}

/** A validated search with what follows from it alone: its page identity and its JSON. */
export interface ParsedSearch {
  search: Search;
  pageId: string;
  searchJson: string;
}

/** A validated search described; `searchJson` as stored already (a watch's search), else written now. */
export function describeSearch(search: Search, searchJson: string = JSON.stringify(search)): ParsedSearch {
  return { search, pageId: pageIdentity(search), searchJson };
}

/** What recording a search needs that follows from the search and the key's mode alone. */
export type SearchFields = Pick<SubmitInput, 'mode' | 'route' | 'q' | 'page' | 'pageId' | 'dailyLimit' | 'queueMax' | 'searchJson' | 'collectable'> & { token: Token };

/** One search to record for an account. */
export interface SearchToRecord {
  mode: KeyKind;
  account: string;
  /** The account's plan name (an unknown name counts as `free`). */
  plan: string;
  search: ParsedSearch;
  /** The hash of the caller's Idempotency-Key, or an internal key (a batch item, a watch's period), or null. */
  idempotencyKeyHash: string | null;
  /** A batch's item: its batch, and the job id the batch chose. */
  batchId?: string;
  jobId?: string;
}

/** The outcomes that record nothing, and the API error code each is answered with. */
export type Refusal = Extract<SubmitOutcome, { kind: 'conflict' | 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' }>['kind'];

export const REFUSALS: Readonly<Record<Refusal, ApiErrorCode>> = {
  conflict: 'idempotency_conflict',
  quota_exceeded: 'quota_exceeded',
  too_many_pending: 'too_many_pending',
  daily_limit: 'upstream_daily_limit',
  queue_full: 'queue_full',
  unavailable: 'collection_unavailable',
};

/** The API error code of an outcome that recorded nothing, or null when the search was recorded (or replayed). */
export function refusalOf(outcome: SubmitOutcome): ApiErrorCode | null {
  return Object.hasOwn(REFUSALS, outcome.kind) ? REFUSALS[outcome.kind as Refusal] : null;
}

export interface SearchRecorder {
  /** The figures of a search of this mode (also what the one-round-trip search script takes). */
  fields(mode: KeyKind, parsed: ParsedSearch): SearchFields;
  /** A plan's figures: live allowance and pending cap (an unknown name counts as `free`). */
  plan(name: string): Plan;
  /** Whether searches of this mode can be collected at all right now. */
  canCollect(mode: KeyKind): boolean;
  /** Records one search (nothing is queued yet: `enqueue` a new collection). */
  record(s: SearchToRecord): Promise<SubmitOutcome>;
  /** Hands a newly recorded collection to its queue; a failure is left to the workers' sweep (never thrown). */
  enqueue(token: Token, collectionId: string): Promise<void>;
  /** `record`, then `enqueue` when it made a new collection: what a caller that answers nothing in between does. */
  recordAndQueue(s: SearchToRecord): Promise<SubmitOutcome>;
}

export interface RecorderDeps {
  store: Pick<Store, 'submit' | 'markQueued'>;
  queues: Pick<CollectionQueues, 'add'>;
  settings: RecordingSettings;
  /** Told when a hand-over to the queue failed (it is left to the sweep). */
  onEnqueueFailed?(collectionId: string, err: unknown): void;
}

export function createSearchRecorder(deps: RecorderDeps): SearchRecorder {
  const { settings } = deps;
  const canCollect = (mode: KeyKind): boolean => (mode === 'sandbox' ? settings.simulatorUrl !== null : settings.liveCollection);
  const plan = (name: string): Plan => {
    const p = isPlanName(name) ? name : 'free';
    return { pendingCap: DEFAULT_PLANS[p].pendingCap, allowance: settings.planAllowances[p] };
  };
  const fields = (mode: KeyKind, { search, pageId, searchJson }: ParsedSearch): SearchFields => ({
    mode,
    route: search.route,
    q: search.q,
    page: search.page,
    pageId,
    token: search.token,
    dailyLimit: (mode === 'sandbox' ? settings.sandboxDailyLimits : settings.dailyLimits)[search.token],
    queueMax: settings.queueFull[search.token],
    searchJson,
    collectable: canCollect(mode),
  });

  function record(s: SearchToRecord): Promise<SubmitOutcome> {
    const f = fields(s.mode, s.search);
    const figures = plan(s.plan);
    return deps.store.submit({
      ...f,
      account: s.account,
      idempotencyKeyHash: s.idempotencyKeyHash,
      fingerprint: `${s.mode}|${f.route}|${f.pageId}`,
      allowance: s.mode === 'sandbox' ? settings.sandboxAllowance : figures.allowance,
      pendingCap: figures.pendingCap,
      ...(s.batchId !== undefined ? { batchId: s.batchId } : {}),
      ...(s.jobId !== undefined ? { jobId: s.jobId } : {}),
    });
  }

  async function enqueue(token: Token, collectionId: string): Promise<void> {
    try {
      // Bounded like every Redis call of a request (guarded): a stalled Redis leaves it to the sweep.
      await guarded(() => deps.queues.add(token, collectionId));
      await deps.store.markQueued(collectionId);
    } catch (err) {
      deps.onEnqueueFailed?.(collectionId, err);
    }
  }

  return {
    fields,
    plan,
    canCollect,
    record,
    enqueue,
    async recordAndQueue(s) {
      const outcome = await record(s);
      if (outcome.kind === 'miss' && outcome.newCollection) await enqueue(s.search.search.token, outcome.collectionId);
      return outcome;
    },
  };
}
