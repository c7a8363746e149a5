/**
 * @module submit-search
 * One search call, as a story: validate → marketplace checks → record atomically
 * (idempotency, cache, quota, caps, single flight) → hand a new collection to its queue →
 * answer 200 complete, 202 pending, or the documented refusal.
 */
import { ApiError, DEFAULT_RETRY_AFTER, PLAN_NAMES, RATE_LIMIT, queryPairs, validateSearch, type JobErrorCode, type RouteInfo, type Search } from '@listings/contract';
import { describeSearch, hashApiKey, hashIdempotencyKey, isOomError, MEMORY_RETRY_AFTER_SECONDS, REFUSALS, StorageUnavailableError, type ParsedSearch, type SearchCallOutcome, type SubmitOutcome } from '@listings/store';
import type { Services } from '../composition-root.ts';
import { keyKindOf, type Caller } from './authenticate.ts';
import type { SubmitSeen } from './observers.ts';
import { completeEnvelope, envelopeOf, pendingEnvelope, pollPath, type JsonText } from './envelope.ts';

export interface Reply {
  status: number;
  body: JsonText;
  headers: Record<string, string>;
}

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
export function parseSearchQuery(services: Services, route: RouteInfo, query: string): ParsedSearch {
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
 * The answer for a job recorded before: an Idempotency-Key replay (`Idempotent-Replayed`), or
 * this very call's job when its script reached Redis twice (`resent`: a resend after a dropped
 * connection, answered as the job stands, charged once).
 */
export async function replay(services: Services, jobId: string, resent = false): Promise<Reply> {
  const job = await services.store.getJob(jobId);
  if (!job) throw new ApiError('storage_unavailable', { message: 'The job of this Idempotency-Key is no longer available; retry.' });
  const resultJson = job.status === 'complete' && job.resultId ? await services.store.getResultJson(job.resultId) : null;
  const headers: Record<string, string> = resent ? {} : { 'Idempotent-Replayed': 'true' };
  if (job.status === 'pending') return { status: 202, body: pendingEnvelope(job.id), headers: { ...headers, Location: pollPath(job.id), 'Retry-After': '2' } };
  if (job.status === 'failed') {
    // The contract gives every 503 a Retry-After (decisions.md: the replay of a failed search
    // too); where waiting cannot help, Listings-Retryable: no says so, and the figure is the
    // replay's own (2 s), not an invitation to the same search.
    const after = replayRetryAfter(job.error);
    return {
      status: 503,
      body: envelopeOf(job, null),
      headers: after === null ? { ...headers, 'Retry-After': '2', 'Listings-Retryable': 'no' } : { ...headers, 'Retry-After': String(after) },
    };
  }
  return { status: 200, body: envelopeOf(job, resultJson), headers };
}

export async function submitSearch(services: Services, caller: Caller, search: Search, idemHash: string | null): Promise<Reply> {
  return answerOutcome(services, search, await recordSearch(services, caller, search, idemHash));
}

/**
 * A search whose key is checked inside the script that records it: key, rate limit,
 * idempotency, quota, cache and charge in one Redis round trip (store searches/search.lua). Answers
 * what the key check found and what was recorded (nothing when the key was refused); the
 * refusals of the key check come first, as they do when the key is checked alone, so the
 * caller applies `auth` before asking answerOneTrip for the answer.
 */
export function searchInOneTrip(services: Services, key: string, parsed: ParsedSearch, idemHash: string | null): Promise<SearchCallOutcome> {
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
export async function answerOneTrip(services: Services, caller: Caller, search: Search, idemHash: string | null, trip: SearchCallOutcome): Promise<Reply> {
  // A key stored with another kind than its text names (never issued so): recorded apart.
  if (trip.submit === null) {
    if (trip.mismatch) return submitSearch(services, caller, search, idemHash);
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
export async function answerOutcome(services: Services, search: Search, outcome: SubmitOutcome): Promise<Reply> {
  switch (outcome.kind) {
    case 'hit':
      return { status: 200, body: completeEnvelope(outcome.jobId, true, outcome.resultJson), headers: {} };
    case 'miss':
      if (outcome.newCollection) await enqueue(services, search.token, outcome.collectionId);
      return { status: 202, body: pendingEnvelope(outcome.jobId), headers: { Location: pollPath(outcome.jobId), 'Retry-After': '2' } };
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
