/**
 * @module submit-search
 * One search call, as a story: validate → marketplace checks → record atomically
 * (idempotency, cache, quota, caps, single flight) → hand a new collection to its queue →
 * answer complete, pending, a replay, or the documented refusal (ApiError). `submitSearch` is
 * the one use case the search routes call (routes/search.ts maps its answer to HTTP); batches
 * record their items through `recordSearch`, the same path.
 */
import { ApiError, DEFAULT_RETRY_AFTER, PLAN_NAMES, RATE_LIMIT, queryPairs, validateSearch, type JobErrorCode, type RouteInfo, type Search } from '@listings/contract';
import {
  describeSearch, hashApiKey, hashIdempotencyKey, isOomError, MEMORY_RETRY_AFTER_SECONDS, REFUSALS, StorageUnavailableError,
  type AuthOutcome, type JobRecord, type ParsedSearch, type SearchCallOutcome, type SubmitOutcome,
} from '@listings/store';
import type { Services } from '../composition-root.ts';
import { checkKey, keyKindOf, type Caller } from './authenticate.ts';
import type { SubmitSeen } from './observers.ts';

/** One search call as read off its request: plain values, nothing of HTTP. */
export interface SearchRequest {
  /** The API key, its shape already checked (a malformed one is refused before anything else). */
  key: string;
  /** The raw query string (after `?`; empty when none). */
  query: string;
  /** The Idempotency-Key as sent, unchecked: a bad one is refused after the key's own refusals. */
  idempotencyKey: string | string[] | undefined;
  /**
   * The call comes from an origin the account must allow: the key is checked alone first (the
   * origin answered before anything is recorded), then the search recorded; two round trips.
   */
  keyFirst: boolean;
}

/**
 * What the caller's side makes of a key check (middleware/auth.ts applyAuth): its headers
 * written, its refusals thrown (401, 403 suspended or origin, 429), the caller it accepts.
 * Called once per search call, at the moment the key check is known, before any answer.
 */
export type Admit = (auth: AuthOutcome) => Caller;

/**
 * A search call's answer (its refusals are thrown as ApiError): a hit from the cache; a job
 * pending (new, or one recorded before); a job recorded before that failed (`retryAfter`: when
 * a new search may succeed, null when waiting cannot help) or completed. `replayed`: answered
 * for an Idempotency-Key sent before; not for this very call's job reaching Redis twice (a
 * resend after a dropped connection, answered as the job stands, charged once).
 */
export type SearchAnswer =
  | { kind: 'cached'; jobId: string; resultJson: string | Buffer }
  | { kind: 'pending'; jobId: string; replayed: boolean }
  | { kind: 'failed'; job: JobRecord; retryAfter: number | null; replayed: boolean }
  | { kind: 'complete'; job: JobRecord; resultJson: string | null; replayed: boolean };

const IDEMPOTENCY_KEY = /^[!-~]{1,128}$/u;

/** Checks an Idempotency-Key header; returns its hash, or null when none was sent. */
export function idempotencyKeyHash(raw: string | string[] | undefined): string | null {
  if (raw === undefined) return null;
  if (Array.isArray(raw) || !IDEMPOTENCY_KEY.test(raw)) throw new ApiError('invalid_idempotency_key');
  return hashIdempotencyKey(raw);
}

/** Validation of one search's inputs, including the marketplace's own semantic checks. */
export function parseSearch(services: Services, route: RouteInfo, pairs: ReadonlyArray<readonly [string, string]>): Search {
  const search = validateSearch(route, pairs, { cursorSecret: services.config.cursorSecret });
  const problem = services.marketplaces[route.token].check?.(search);
  if (problem) throw new ApiError('unsupported_or_invalid_query', { param: problem.param, message: problem.message });
  return search;
}

// A validated search with its page identity and JSON: @listings/store's record-search.ts.
export { describeSearch, type ParsedSearch };

/** Query strings whose validated search a process remembers (cleared when full: a cheap bound). */
const PARSED_MEMO_SIZE = 1000;
const parsedMemo = new WeakMap<Services, Map<string, ParsedSearch>>();

/**
 * The search a route's raw query string asks for, validated (parseSearch) and described,
 * remembered for query strings validated before: validation is a function of the route, the
 * query string and the configuration alone, and a popular page (a cache hit) is asked for with
 * the same string again and again. Refusals are not remembered: they are worked out and thrown
 * every time. The result is shared: never modify it.
 */
function parseSearchQuery(services: Services, route: RouteInfo, query: string): ParsedSearch {
  let memo = parsedMemo.get(services);
  if (!memo) {
    memo = new Map();
    parsedMemo.set(services, memo);
  }
  const key = `${route.id}?${query}`;
  let parsed = memo.get(key);
  if (parsed === undefined) {
    parsed = describeSearch(parseSearch(services, route, queryPairs(query)));
    if (memo.size >= PARSED_MEMO_SIZE) memo.clear();
    memo.set(key, parsed);
  }
  return parsed;
}

function secondsToUtcMidnight(): number {
  const now = Date.now();
  return Math.max(1, Math.ceil((Math.ceil(now / 86_400_000) * 86_400_000 - now) / 1000));
}

/**
 * A store call that records a search, its outcome told to the observers (the submits metric)
 * on the way back: `submitOf` picks the submit outcome out of the answer (null when nothing
 * was recorded: the key check refused the call); a call that fails is `storage_unavailable`.
 */
async function observed<T>(services: Services, seen: Pick<SubmitSeen, 'token' | 'mode'>, call: () => Promise<T>, submitOf: (answer: T) => SubmitOutcome | null): Promise<T> {
  let answer: T;
  try {
    refuseWhenShortOfMemory(services);
    answer = await call();
  } catch (err) {
    services.observers.onSubmit({ token: seen.token, mode: seen.mode, outcome: 'storage_unavailable' });
    if (isOomError(err)) services.memory.sawOom();
    throw err;
  }
  const outcome = submitOf(answer);
  if (outcome !== null) services.observers.onSubmit({ token: seen.token, mode: seen.mode, outcome });
  return answer;
}

/**
 * Redis is full (or past REFUSE_RATIO of maxmemory: @listings/store redis-memory.ts): a search
 * or batch is refused before anything is recorded or charged, with a Retry-After of its own,
 * rather than recorded and left pending because its hand-over to the queue finds no room.
 */
export function refuseWhenShortOfMemory(services: Services): void {
  if (!services.memory.refusing()) return;
  throw new StorageUnavailableError(new Error('Redis is short of memory: new searches are refused until it has room'), 'no', MEMORY_RETRY_AFTER_SECONDS);
}

/**
 * Records a validated search for the caller (shared with batches) through the one recording
 * path (@listings/store record-search.ts, which the worker's watch runs use too).
 */
export function recordSearch(services: Services, caller: Caller, search: Search, idemHash: string | null, extra: { batchId?: string; jobId?: string } = {}): Promise<SubmitOutcome> {
  const parsed = describeSearch(search);
  return observed(services, { token: search.token, mode: caller.mode }, () => services.recorder.record({
    mode: caller.mode, account: caller.account, plan: caller.plan, search: parsed, idempotencyKeyHash: idemHash, ...extra,
  }), (outcome) => outcome);
}

/** Hands a newly recorded collection to its queue. A failure leaves it to the workers' sweep. */
export function enqueue(services: Services, token: Search['token'], collectionId: string): Promise<void> {
  // A failure (an OOM answer told to the memory watch) is left to the sweep: the composition root's onEnqueueFailed.
  return services.recorder.enqueue(token, collectionId);
}

/**
 * `Retry-After` of a failed search's replay, by the job's error code: a figure when a new
 * search may succeed (the marketplace failed for a while, collection was unavailable), none when
 * it cannot (the cursor was refused, a filter is not applied, the page is past the end): the same
 * search fails the same way however long the client waits (docs/errors.md "Failed-job codes").
 */
const REPLAY_RETRY_AFTER: Readonly<Record<JobErrorCode, number | null>> = {
  rejected: null,
  filter_not_supported: null,
  page_out_of_range: null,
  not_submitted: 2,
  upstream_blocked: 2,
  upstream_error: 2,
  upstream_timeout: 2,
  collection_unavailable: DEFAULT_RETRY_AFTER.collection_unavailable ?? 30,
};

/** The Retry-After (seconds) of a failed job's replay, or null when waiting cannot help. */
export function replayRetryAfter(code: string | null | undefined): number | null {
  const c = code ?? 'upstream_error';
  return Object.hasOwn(REPLAY_RETRY_AFTER, c) ? REPLAY_RETRY_AFTER[c as JobErrorCode] : 2;
}

/**
 * The answer for a job recorded before: an Idempotency-Key replay, or this very call's job
 * when its script reached Redis twice (`resent`: a resend after a dropped connection, answered
 * as the job stands, charged once).
 */
async function replay(services: Services, jobId: string, resent = false): Promise<SearchAnswer> {
  const job = await services.store.getJob(jobId);
  if (!job) throw new ApiError('storage_unavailable', { message: 'The job of this Idempotency-Key is no longer available; retry.' });
  const resultJson = job.status === 'complete' && job.resultId ? await services.store.getResultJson(job.resultId) : null;
  const replayed = !resent;
  if (job.status === 'pending') return { kind: 'pending', jobId: job.id, replayed };
  if (job.status === 'failed') return { kind: 'failed', job, retryAfter: replayRetryAfter(job.error), replayed };
  return { kind: 'complete', job, resultJson, replayed };
}

/** Records a validated search for the caller and answers what was recorded (the key already checked). */
async function recordAndAnswer(services: Services, caller: Caller, search: Search, idemHash: string | null): Promise<SearchAnswer> {
  return answerOutcome(services, search, await recordSearch(services, caller, search, idemHash));
}

/**
 * The search call of a search route (interface 4.1-4.5), as one story. The key is checked
 * inside the script that records the search (one Redis round trip: key, rate limit,
 * idempotency, quota, cache and charge), or alone first when the input is refused or the call
 * comes from an origin the account must allow (`keyFirst`). A refused key comes before a
 * refused input (401, 403, 429, then 422), and a refused input still counts as a call.
 * `admit` applies each key check as it is known, before anything is answered.
 */
export async function submitSearch(services: Services, route: RouteInfo, request: SearchRequest, admit: Admit): Promise<SearchAnswer> {
  if (request.keyFirst) {
    // An origin the account must allow is checked before anything is recorded: two steps.
    const caller = admit(await checkKey(services, request.key));
    const idem = idempotencyKeyHash(request.idempotencyKey);
    return recordAndAnswer(services, caller, parseSearch(services, route, queryPairs(request.query)), idem);
  }
  let idem: string | null;
  let parsed: ParsedSearch;
  try {
    idem = idempotencyKeyHash(request.idempotencyKey);
    parsed = parseSearchQuery(services, route, request.query);
  } catch (err) {
    // A refused input still counts as a call, and a refused key comes first: the key is
    // checked alone, then the input's error answered.
    admit(await checkKey(services, request.key));
    throw err;
  }
  const trip = await searchInOneTrip(services, request.key, parsed, idem);
  return answerOneTrip(services, admit(trip.auth), parsed.search, idem, trip);
}

/**
 * A search whose key is checked inside the script that records it: key, rate limit,
 * idempotency, quota, cache and charge in one Redis round trip (store searches/search.lua). Answers
 * what the key check found and what was recorded (nothing when the key was refused); the
 * refusals of the key check come first, as they do when the key is checked alone, so the
 * key check is admitted before answerOneTrip is asked for the answer.
 */
function searchInOneTrip(services: Services, key: string, parsed: ParsedSearch, idemHash: string | null): Promise<SearchCallOutcome> {
  const { search } = parsed;
  const fields = services.recorder.fields(keyKindOf(key), parsed);
  // Counted when the search was recorded (or refused by the submit part), not when the key
  // check refused the call, as with the two steps.
  return observed(services, fields, () => services.store.search({
    ...fields,
    keyHash: hashApiKey(key),
    rateLimit: RATE_LIMIT.limit,
    rateWindowMs: RATE_LIMIT.windowSeconds * 1000,
    idempotencyKeyHash: idemHash,
    fingerprintTail: `${search.route}|${fields.pageId}`,
    sandboxAllowance: services.config.sandboxAllowance,
    plans: planFigures(services),
  }), (answer) => answer.submit);
}

/** The answer to a search recorded in one round trip, for the caller its key check accepted. */
async function answerOneTrip(services: Services, caller: Caller, search: Search, idemHash: string | null, trip: SearchCallOutcome): Promise<SearchAnswer> {
  // A key stored with another kind than its text names (never issued so): recorded apart.
  if (trip.submit === null) {
    if (trip.mismatch) return recordAndAnswer(services, caller, search, idemHash);
    throw new Error('search.lua recorded nothing for an accepted key');
  }
  return answerOutcome(services, search, trip.submit);
}

type PlanFigures = ReadonlyArray<{ name: string; allowance: number; pendingCap: number }>;
const planFiguresOf = new WeakMap<Services, PlanFigures>();

/**
 * Every plan's live allowance and pending cap, the default plan first (as services.plan falls
 * back): fixed by the configuration, so worked out once per services object, not per search.
 */
function planFigures(services: Services): PlanFigures {
  let figures = planFiguresOf.get(services);
  if (!figures) {
    figures = ['free', ...PLAN_NAMES.filter((n) => n !== 'free')].map((name) => ({ name, ...services.plan(name) }));
    planFiguresOf.set(services, figures);
  }
  return figures;
}

/** The answer to a recorded search (or its refusal). */
async function answerOutcome(services: Services, search: Search, outcome: SubmitOutcome): Promise<SearchAnswer> {
  switch (outcome.kind) {
    case 'hit':
      return { kind: 'cached', jobId: outcome.jobId, resultJson: outcome.resultJson };
    case 'miss':
      if (outcome.newCollection) await enqueue(services, search.token, outcome.collectionId);
      return { kind: 'pending', jobId: outcome.jobId, replayed: false };
    case 'replay':
      return replay(services, outcome.jobId, outcome.resent === true);
    case 'daily_limit':
      throw new ApiError(REFUSALS.daily_limit, { retryAfter: secondsToUtcMidnight() });
    case 'conflict':
    case 'quota_exceeded':
    case 'too_many_pending':
    case 'queue_full':
    case 'unavailable':
      throw new ApiError(REFUSALS[outcome.kind]);
  }
}
