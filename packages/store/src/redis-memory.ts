/**
 * @module redis-memory
 * Redis's memory as a state of the service (docs/operations.md "Redis memory").
 *
 * - **An evicting Redis is refused.** Any `maxmemory-policy` but `noeviction` lets Redis delete
 *   jobs, batches and collections under pressure: clients who paid get 404, collections are lost.
 *   api, worker and `npm start` read the policy at start and stop with `evictionRefusal`'s message;
 *   a policy changed while running makes readiness fail (`policyOk` false).
 * - **Memory pressure is a state.** `ok` below WARN_RATIO of `maxmemory`; `high` from it (an
 *   error-level log line, the metrics and the alert rule say so before anything is refused);
 *   `full` from REFUSE_RATIO, or when Redis has answered OOM: new searches and batches answer 503
 *   `storage_unavailable` with `Retry-After` before anything is recorded or charged, while work
 *   already accepted (hand-overs, settles, deliveries) has the rest of `maxmemory` to finish in,
 *   and reads go on. Read from `INFO memory` (no write, allowed under OOM and on managed Redis
 *   that rename CONFIG) every POLL_MS.
 */
import type { Redis } from 'ioredis';

/** From this share of `maxmemory` the state is `high`: logged at error level, alerted. */
export const WARN_RATIO = 0.8;
/** From this share of `maxmemory` the state is `full`: new searches and batches are refused. */
export const REFUSE_RATIO = 0.9;
/** How often a process reads Redis's memory. */
export const POLL_MS = 1000;
/** How long an OOM answer keeps the state `full` when INFO reads less (memory freed by expiry). */
const OOM_HOLD_MS = 2000;
/** `Retry-After` of a search refused for memory: expiries and operators free memory in minutes, not seconds. */
export const MEMORY_RETRY_AFTER_SECONDS = 30;

export type MemoryState = 'ok' | 'high' | 'full';

export interface RedisMemory {
  usedBytes: number;
  /** 0: no `maxmemory` set (Redis grows until the machine kills it). */
  maxBytes: number;
  policy: string;
}

/** The figures of `INFO memory`. */
export function parseMemoryInfo(info: string): RedisMemory {
  const field = (name: string): string | undefined => new RegExp(`^${name}:(\\S*)`, 'mu').exec(info)?.[1];
  return {
    usedBytes: Number(field('used_memory') ?? 0),
    maxBytes: Number(field('maxmemory') ?? 0),
    policy: field('maxmemory_policy') ?? 'unknown',
  };
}

export async function readRedisMemory(redis: Redis): Promise<RedisMemory> {
  return parseMemoryInfo(await redis.info('memory'));
}

/** The state of these figures (a Redis without `maxmemory` is never `high` nor `full` by its figures). */
export function memoryState(m: RedisMemory): MemoryState {
  if (m.maxBytes <= 0) return 'ok';
  const ratio = m.usedBytes / m.maxBytes;
  return ratio >= REFUSE_RATIO ? 'full' : ratio >= WARN_RATIO ? 'high' : 'ok';
}

/** Why this policy is refused (the setting and the fix), or null for `noeviction`. */
export function evictionRefusal(policy: string): string | null {
  if (policy === 'noeviction') return null;
  return `Redis maxmemory-policy is "${policy}"; this service needs "noeviction". An evicting Redis deletes jobs, batches and collections `
    + 'when memory runs short: clients charged for searches then get 404 for them. Fix: set `maxmemory-policy noeviction` in redis.conf '
    + '(or run `CONFIG SET maxmemory-policy noeviction`; on a managed Redis, in its parameter group), then start again. '
    + 'docs/operations.md "Redis memory" sizes maxmemory.';
}

/** Thrown at start when Redis's policy is not `noeviction`. */
export class EvictingRedisError extends Error {
  readonly policy: string;
  constructor(policy: string) {
    super(evictionRefusal(policy) ?? `unexpected policy ${policy}`);
    this.policy = policy;
    this.name = 'EvictingRedisError';
  }
}

/** Reads the policy and throws EvictingRedisError unless it is `noeviction`. */
export async function refuseEvictingRedis(redis: Redis): Promise<RedisMemory> {
  const m = await readRedisMemory(redis);
  if (evictionRefusal(m.policy) !== null) throw new EvictingRedisError(m.policy);
  return m;
}

/**
 * Whether an error is Redis refusing for memory: `OOM command not allowed…`, or a MULTI it
 * discarded (`EXECABORT`) because a queued command was refused so (ioredis's `previousErrors`).
 */
export function isOomError(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e instanceof Error; i++) {
    if (/OOM command not allowed/u.test(e.message)) return true;
    const previous = (e as { previousErrors?: unknown[] }).previousErrors;
    if (Array.isArray(previous) && previous.some((p) => p instanceof Error && /^OOM /u.test(p.message))) return true;
    e = e.cause;
  }
  return false;
}

export interface MemoryWatchLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface MemoryWatch {
  /** The last figures read (null before the first read). */
  current(): RedisMemory | null;
  state(): MemoryState;
  /** False once a policy other than `noeviction` was read: readiness fails. */
  policyOk(): boolean;
  /** New searches and batches must be refused (state `full`). */
  refusing(): boolean;
  /** Told by a caller that Redis answered OOM: `full` at once, until a read shows memory back. */
  sawOom(): void;
  /** Reads now (tests, readiness); the poll does it every POLL_MS. */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * Reads Redis's memory every `pollMs` and keeps the state; logs each change (entering `high` or
 * `full` at error level, the way back at info). A read that fails keeps the last state.
 */
export function watchRedisMemory(redis: Redis, logger: MemoryWatchLogger, opts: { pollMs?: number; now?: () => number } = {}): MemoryWatch {
  const now = opts.now ?? Date.now;
  let figures: RedisMemory | null = null;
  let byFigures: MemoryState = 'ok';
  let oomUntil = 0;
  let policyOk = true;
  let reported: MemoryState = 'ok';
  let reportedPolicy = 'noeviction';

  const state = (): MemoryState => (oomUntil > now() ? 'full' : byFigures);
  const report = (): void => {
    const s = state();
    if (s === reported) return;
    const m = figures;
    const fields = { state: s, usedBytes: m?.usedBytes, maxBytes: m?.maxBytes, usedRatio: m && m.maxBytes > 0 ? Number((m.usedBytes / m.maxBytes).toFixed(3)) : null };
    if (s === 'full') logger.error(fields, `Redis memory is full (${REFUSE_RATIO * 100} % of maxmemory or an OOM answer): new searches and batches answer 503 storage_unavailable until memory returns`);
    else if (s === 'high') logger.error(fields, `Redis memory is past ${WARN_RATIO * 100} % of maxmemory: new searches and batches will be refused at ${REFUSE_RATIO * 100} %; raise maxmemory or add memory (docs/operations.md "Redis memory")`);
    else logger.info(fields, 'Redis memory is back under the warning threshold');
    reported = s;
  };

  let warnedNoMax = false;
  const refresh = async (): Promise<void> => {
    const m = await readRedisMemory(redis);
    if (m.maxBytes <= 0 && !warnedNoMax) logger.warn({}, 'Redis has no maxmemory: it grows until the machine kills it, and nothing warns or refuses before; set it (docs/operations.md "Redis memory")');
    warnedNoMax = m.maxBytes <= 0;
    figures = m;
    byFigures = memoryState(m);
    // Memory read back under the threshold ends an OOM's hold early.
    if (byFigures !== 'full') oomUntil = Math.min(oomUntil, now());
    const ok = evictionRefusal(m.policy) === null;
    if (!ok && (policyOk || reportedPolicy !== m.policy)) logger.error({ policy: m.policy }, evictionRefusal(m.policy)!);
    if (ok && !policyOk) logger.info({ policy: m.policy }, 'Redis maxmemory-policy is noeviction again');
    policyOk = ok;
    reportedPolicy = m.policy;
    report();
  };

  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    refresh().catch(() => undefined).finally(() => { reading = false; });
  }, opts.pollMs ?? POLL_MS);
  timer.unref();
  refresh().catch(() => undefined);

  return {
    current: () => figures,
    state,
    policyOk: () => policyOk,
    refusing: () => state() === 'full',
    sawOom() {
      oomUntil = now() + OOM_HOLD_MS;
      report();
    },
    refresh,
    close: () => clearInterval(timer),
  };
}
