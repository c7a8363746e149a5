/**
 * @module store
 * The Redis data model behind api and worker. Multi-key changes that must not half-happen
 * are Lua scripts (scripts/*.lua): authenticate + count a call, submit a search (idempotency,
 * cache, quota, caps, single flight, reservation), settle a collection (result, cache, charge
 * or release, publish), take a unit of a daily upstream limit.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { createKeys, type Keys } from './keys.ts';
import { guarded, guardedWithin, SCRIPT_DEADLINE_MS, StorageUnavailableError } from './redis.ts';
import { newId, type KeyKind } from './ids.ts';
import { legacyStorage, packBody, unpackBody, unpackOrNull } from './bodies.ts';

const script = (name: string): string => readFileSync(new URL(`./scripts/${name}.lua`, import.meta.url), 'utf8');

export type Mode = KeyKind;

/** An account's usage of a mode, read at once (KEYS: ledger, usage, pending, account; ARGV: since ms, mode). Reads only. */
const USAGE_LUA = `return { redis.call('HGETALL', KEYS[1]), redis.call('ZCOUNT', KEYS[2], ARGV[1], '+inf'), redis.call('ZCARD', KEYS[3]),
  redis.call('HGET', KEYS[4], 'extra_' .. ARGV[2]), redis.call('HGET', KEYS[4], 'charged_' .. ARGV[2]) }`;

interface Scripts {
  lstAuth(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  lstSubmit(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  lstSearch(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  /** The same scripts answering bulk strings as Buffers: a hit's packed body comes back as stored. */
  lstSubmitBuffer(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  lstSearchBuffer(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  lstSettle(...args: (string | number | Buffer)[]): Promise<string[]>;
  lstUpstreamTake(...args: (string | number | Buffer)[]): Promise<[number, number]>;
  lstUsage(...args: (string | number)[]): Promise<unknown[]>;
}
type ScriptedRedis = Redis & Scripts;

export function installScripts(redis: Redis): ScriptedRedis {
  const r = redis as ScriptedRedis;
  if (typeof r.lstAuth !== 'function') {
    redis.defineCommand('lstAuth', { numberOfKeys: 0, lua: `${script('auth')}\n${script('auth-main')}` });
    redis.defineCommand('lstSubmit', { numberOfKeys: 0, lua: `${script('ledger')}\n${script('charge')}\n${script('submit')}\n${script('submit-main')}` });
    redis.defineCommand('lstSearch', { numberOfKeys: 0, lua: `${script('ledger')}\n${script('charge')}\n${script('auth')}\n${script('submit')}\n${script('search')}` });
    redis.defineCommand('lstSettle', { numberOfKeys: 0, lua: `${script('ledger')}\n${script('charge')}\n${script('settle')}` });
    redis.defineCommand('lstUpstreamTake', { numberOfKeys: 0, lua: script('upstream-take') });
    redis.defineCommand('lstUsage', { numberOfKeys: 4, lua: USAGE_LUA });
  }
  return r;
}

export type AuthOutcome =
  | { kind: 'invalid' }
  | { kind: 'suspended'; account: string }
  | { kind: 'ok' | 'limited'; account: string; keyKind: KeyKind; plan: string; origins: string[]; remaining: number; resetMs: number; warning: string | null };

export interface SubmitInput {
  mode: Mode;
  account: string;
  route: string;
  q: string;
  page: number;
  pageId: string;
  token: string;
  idempotencyKeyHash: string | null;
  fingerprint: string;
  allowance: number;
  pendingCap: number;
  dailyLimit: number | null;
  queueMax: number | null;
  searchJson: string;
  /** False when this mode cannot collect right now: a miss answers 'unavailable'. */
  collectable: boolean;
  /** When the script must no longer record anything (ms since epoch); default: SCRIPT_DEADLINE_MS from now. */
  deadlineMs?: number;
  batchId?: string;
  /** Use this job id (batches pre-allocate theirs); a new one otherwise. */
  jobId?: string;
}

export type SubmitOutcome =
  | { kind: 'conflict' }
  /** `resent`: the same call reached Redis twice (not an Idempotency-Key replay); the job it recorded. */
  | { kind: 'replay'; jobId: string; resent?: boolean }
  | { kind: 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' }
  /** The result JSON as the worker stored it (UTF-8 bytes, unpacked: bodies.ts). */
  | { kind: 'hit'; jobId: string; resultJson: string | Buffer }
  | { kind: 'miss'; jobId: string; collectionId: string; newCollection: boolean };

/**
 * One search call in one round trip (scripts/search.lua): the key checked and the call counted,
 * then the search recorded for the key's account with its plan's figures. `mode` is the kind the
 * key's text names (`lk_live_…`, `lk_sandbox_…`); the mode-dependent figures are for it.
 */
export interface SearchCallInput extends Omit<SubmitInput, 'account' | 'allowance' | 'pendingCap' | 'fingerprint'> {
  keyHash: string;
  rateLimit: number;
  rateWindowMs: number;
  /** The fingerprint without its mode (the script puts the key's mode in front). */
  fingerprintTail: string;
  /** Allowance of sandbox keys (live keys take their plan's). */
  sandboxAllowance: number;
  /** Every plan: its live allowance and pending cap; the first is the default for unknown names. */
  plans: ReadonlyArray<{ name: string; allowance: number; pendingCap: number }>;
}

/** The search was not recorded when `submit` is absent (the key was refused, limited, or of another kind). */
export type SearchCallOutcome =
  | { auth: AuthOutcome; submit: SubmitOutcome; mismatch?: false }
  | { auth: AuthOutcome; submit: null; mismatch: boolean };

export type SettleInput =
  /** `cacheTtlMs`: how long the page stays in the cache when not the store's (sandbox pages: SANDBOX_CACHE_SECONDS). */
  | { outcome: 'complete'; resultJson: string; hiddenJson: string; cursorState?: { key: string; json: string }; cacheTtlMs?: number }
  | { outcome: 'failed'; errorCode: string };

export interface JobRecord {
  id: string;
  account: string;
  mode: Mode;
  route: string;
  q: string;
  page: number;
  status: 'pending' | 'complete' | 'failed';
  cached: boolean;
  credits: 0 | 1;
  error: string | null;
  resultId: string | null;
  collectionId: string | null;
  batchId: string | null;
  createdMs: number;
}

export interface CollectionRecord {
  id: string;
  status: string;
  mode: Mode;
  token: string;
  route: string;
  searchJson: string;
  createdMs: number;
}

export interface StoreOptions {
  /** Key prefix of this deployment or test. */
  prefix: string;
  /** 15 minutes. */
  cacheTtlMs?: number;
  /** How long settled jobs, results and idempotency records are kept: 24 hours. */
  recordTtlMs?: number;
}

export type Store = ReturnType<typeof createStore>;

/** Hours in the rolling 30-day window of the usage ledger (scripts/ledger.lua). */
export const LEDGER_HOURS = 720;

/**
 * The charges a ledger hash (scripts/ledger.lua) holds inside the window at `nowMs`: the sum of
 * its hourly buckets from the 720th hour back, the current one included. Buckets the scripts
 * have not pruned yet are left out here the same way.
 */
export function ledgerCount(ledger: Readonly<Record<string, string>>, nowMs: number): number {
  const first = Math.floor(nowMs / 3_600_000) - LEDGER_HOURS + 1;
  let n = 0;
  for (const [field, value] of Object.entries(ledger)) {
    if (field === 't' || field === 'o') continue;
    if (Number(field) >= first) n += Number(value);
  }
  return n;
}

/** Pages whose last result id an api process remembers (cleared when full: a cheap bound). */
const RESULT_ID_MEMO_SIZE = 10_000;
/** Bytes of result bodies an api process keeps in memory (hits of the same result answered without reading it again). */
const RESULT_BODY_MEMO_BYTES = 64 * 1024 * 1024;
/**
 * How long a kept body may answer hits: a hit's script has just confirmed the result exists in
 * Redis and keeps it at least a day, so the body is never served past the result's expiry.
 */
const RESULT_BODY_MEMO_MS = 10 * 60_000;

/**
 * Result bodies by result id, bounded by bytes (least recently used first out). Results are
 * immutable by id, so a kept body is the stored one; it is only served for a hit whose script
 * confirmed the result still exists.
 */
export class ResultBodyMemo {
  private readonly bodies = new Map<string, { body: Buffer; until: number }>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  constructor(maxBytes = RESULT_BODY_MEMO_BYTES, maxAgeMs = RESULT_BODY_MEMO_MS) {
    this.maxBytes = maxBytes;
    this.maxAgeMs = maxAgeMs;
  }

  get(rid: string, now = Date.now()): Buffer | undefined {
    const e = this.bodies.get(rid);
    if (!e) return undefined;
    if (e.until < now) {
      this.drop(rid);
      return undefined;
    }
    // Most recently used last.
    this.bodies.delete(rid);
    this.bodies.set(rid, e);
    return e.body;
  }

  set(rid: string, body: Buffer, now = Date.now()): void {
    if (body.length > this.maxBytes / 8) return;
    this.drop(rid);
    this.bodies.set(rid, { body, until: now + this.maxAgeMs });
    this.bytes += body.length;
    for (const [old] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(old);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.bodies.size, bytes: this.bytes };
  }

  private drop(rid: string): void {
    const e = this.bodies.get(rid);
    if (!e) return;
    this.bodies.delete(rid);
    this.bytes -= e.body.length;
  }
}

function parseAuth(r: readonly unknown[]): AuthOutcome {
  const kind = String(r[0]);
  if (kind === 'invalid') return { kind: 'invalid' };
  if (kind === 'suspended') return { kind: 'suspended', account: String(r[1]) };
  const origins = String(r[4] ?? '');
  return {
    kind: kind === 'limited' ? 'limited' : 'ok',
    account: String(r[1]),
    keyKind: String(r[2]) as KeyKind,
    plan: String(r[3]),
    origins: origins === '' ? [] : (JSON.parse(origins) as string[]),
    remaining: Math.max(0, Number(r[5])),
    resetMs: Math.max(0, Number(r[6])),
    // Set when a webhook endpoint of the account was disabled (webhooks.ts).
    warning: r[7] ? String(r[7]) : null,
  };
}

/**
 * A script's answer read with the Buffer variant, as the text variant answers it, but for the
 * element at `body` (a hit's stored body, kept as bytes: it may be packed). An empty string
 * must stay falsy, as the text variant's is.
 */
function textBut(r: readonly unknown[], body: number): unknown[] {
  return r.map((x, i) => (i !== body && Buffer.isBuffer(x) ? x.toString('utf8') : x));
}

const planArgsOf = new WeakMap<SearchCallInput['plans'], Array<string | number>>();

/** search.lua's plan arguments (triples), worked out once per plans array (the api passes the same one every call). */
function planArgs(plans: SearchCallInput['plans']): Array<string | number> {
  let args = planArgsOf.get(plans);
  if (!args) {
    args = plans.flatMap((x) => [x.name, x.allowance, x.pendingCap]);
    planArgsOf.set(plans, args);
  }
  return args;
}

export function createStore(redisConn: Redis, opts: StoreOptions) {
  const redis = installScripts(redisConn);
  const keys: Keys = createKeys(opts.prefix);
  const p = keys.prefix;
  const cacheTtlMs = opts.cacheTtlMs ?? 15 * 60_000;
  const recordTtlMs = opts.recordTtlMs ?? 24 * 3_600_000;

  /** Page (mode + page identity) → the result id its last cache hit answered with. */
  const lastResultIds = new Map<string, string>();
  const rememberResultId = (page: string, rid: string): void => {
    if (lastResultIds.size >= RESULT_ID_MEMO_SIZE && !lastResultIds.has(page)) lastResultIds.clear();
    lastResultIds.set(page, rid);
  };
  /** Bodies of results answered recently, by result id (results are immutable by id). */
  const bodies = new ResultBodyMemo();

  /**
   * The arguments of submit.lua, 1-22. A page answered from the cache before is most likely
   * answered by the same stored result again: the script then does not copy the body through
   * Lua (`bodyElsewhere`); the caller has it in memory or reads it beside the script.
   */
  const submitArgs = (input: Omit<SubmitInput, 'account' | 'allowance' | 'pendingCap' | 'fingerprint'>, jobId: string, acct: string, fingerprint: string, allowance: number | string, pendingCap: number | string, bodyElsewhere: boolean): Array<string | number> => [
    p, input.mode, acct, jobId, input.route, input.q, input.page, input.pageId, input.token,
    input.idempotencyKeyHash ?? '', fingerprint, allowance, pendingCap,
    input.dailyLimit ?? -1, input.queueMax ?? -1, newId('col'), input.searchJson, recordTtlMs, input.batchId ?? '', input.collectable ? '1' : '0',
    bodyElsewhere ? '1' : '0', input.deadlineMs ?? Date.now() + SCRIPT_DEADLINE_MS,
  ];

  /** What the caller holds of a page's last result before the script runs: its body, or a read of it beside the script. */
  const prepareBody = (page: string): { knownRid: string | undefined; kept: Buffer | undefined; beside: Promise<Buffer | null> | null } => {
    const knownRid = lastResultIds.get(page);
    const kept = knownRid === undefined ? undefined : bodies.get(knownRid);
    const beside = knownRid === undefined || kept !== undefined ? null : redis.getBuffer(keys.result(knownRid));
    beside?.catch(() => undefined); // its failure, if any, is the script's too and reported there
    return { knownRid, kept, beside };
  };

  /** submit.lua's answer (from `r[0]`) as an outcome, with the hit's body from memory, beside, or Redis. */
  const finishSubmit = async (r: readonly unknown[], page: string, held: ReturnType<typeof prepareBody>): Promise<SubmitOutcome> => {
    const kind = String(r[0]);
    if (kind === 'expired') throw new StorageUnavailableError(new Error('Redis ran the search after its deadline: nothing was recorded'), 'no');
    if (kind !== 'hit') lastResultIds.delete(page);
    switch (kind) {
      case 'conflict': return { kind };
      case 'replay': return { kind, jobId: String(r[1]) };
      // The same script call sent twice (a resend after a dropped connection): the job it recorded.
      case 'resent': return { kind: 'replay', jobId: String(r[1]), resent: true };
      case 'hit': {
        const rid = String(r[3]);
        rememberResultId(page, rid);
        // The script returned the stored body (the Buffer variant of the script keeps it as stored).
        if (held.knownRid === undefined) {
          const body = unpackBody(Buffer.isBuffer(r[2]) ? r[2] : Buffer.from(String(r[2])));
          return { kind, jobId: String(r[1]), resultJson: body.toString('utf8') };
        }
        // The script checked the result exists and keeps it a day: absent = Redis lost it.
        // Either way the hit is recorded and charged by now: a failure here must not tell the
        // client "nothing was recorded" (it would retry and pay twice), only that it may have been.
        let resultJson: Buffer | null;
        try {
          if (rid === held.knownRid && held.kept !== undefined) resultJson = held.kept;
          else resultJson = unpackOrNull(rid === held.knownRid ? await held.beside : await redis.getBuffer(keys.result(rid)));
        } catch (err) {
          throw new StorageUnavailableError(err instanceof StorageUnavailableError ? err.cause : err, 'unknown');
        }
        if (resultJson === null) throw new StorageUnavailableError(new Error(`result ${rid} is missing`), 'unknown');
        bodies.set(rid, resultJson);
        return { kind, jobId: String(r[1]), resultJson };
      }
      case 'miss': return { kind, jobId: String(r[1]), collectionId: String(r[2]), newCollection: Number(r[3]) === 1 };
      default: return { kind: kind as 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' };
    }
  };

  return {
    keys,
    redis,
    cacheTtlMs,
    recordTtlMs,
    /** Result bodies kept in this process (figures for tests and metrics). */
    keptBodies: () => bodies.size,

    /** Looks up a key by hash and counts the call against the account's rate limit. */
    authenticate(keyHash: string, limit: number, windowMs: number, member: string): Promise<AuthOutcome> {
      return guardedWithin(async () => parseAuth(await redis.lstAuth(p, keyHash, limit, windowMs, member)));
    },

    submit(input: SubmitInput): Promise<SubmitOutcome> {
      return guardedWithin(async () => {
        const jobId = input.jobId ?? newId('req');
        const page = `${input.mode}:${input.pageId}`;
        const held = prepareBody(page);
        const args = submitArgs(input, jobId, input.account, input.fingerprint, input.allowance, input.pendingCap, held.knownRid !== undefined);
        // A hit's body comes back from the script only when the caller does not read it itself.
        const r = held.knownRid === undefined ? textBut(await redis.lstSubmitBuffer(...args), 2) : await redis.lstSubmit(...args);
        return finishSubmit(r, page, held);
      });
    },

    /**
     * A search call in one round trip (scripts/search.lua): key check, rate limit, then
     * idempotency, quota, cache and charge for the key's account. `submit` is null when the
     * call was refused before anything was recorded (invalid key, suspended, rate limited),
     * or when the key's stored kind is not the mode its text names (`mismatch`: the caller
     * records the search in a second call with the figures of the right mode).
     */
    search(input: SearchCallInput): Promise<SearchCallOutcome> {
      return guardedWithin(async () => {
        const jobId = input.jobId ?? newId('req');
        const page = `${input.mode}:${input.pageId}`;
        const held = prepareBody(page);
        const plans = planArgs(input.plans);
        const args = [
          ...submitArgs(input, jobId, '', input.fingerprintTail, input.sandboxAllowance, '', held.knownRid !== undefined),
          input.keyHash, input.rateLimit, input.rateWindowMs, ...plans,
        ];
        const r = held.knownRid === undefined ? textBut(await redis.lstSearchBuffer(...args), 10) : await redis.lstSearch(...args);
        if (String(r[0]) === 'expired') throw new StorageUnavailableError(new Error('Redis ran the search after its deadline: nothing was recorded'), 'no');
        const mismatch = String(r[0]) === 'mismatch';
        const auth = parseAuth(mismatch ? ['ok', ...r.slice(1, 8)] : r.slice(0, 8));
        if (auth.kind !== 'ok' || mismatch) return { auth, submit: null, mismatch };
        return { auth, submit: await finishSubmit(r.slice(8), page, held) };
      });
    },

    /** Settles a collection exactly once; returns the job ids settled by this call. */
    settle(collectionId: string, input: SettleInput): Promise<string[]> {
      return guarded(async () => {
        const rid = newId('res');
        if (input.outcome === 'complete') {
          // Bodies are kept packed (bodies.ts): a seventh of their JSON for their 24 hours.
          const settled = await redis.lstSettle(p, collectionId, 'complete', rid, packBody(input.resultJson), packBody(input.hiddenJson), '', input.cacheTtlMs ?? cacheTtlMs, recordTtlMs,
            input.cursorState?.key ?? '', input.cursorState?.json ?? '');
          if (legacyStorage.on) await redis.multi().pexpire(keys.coll(collectionId), recordTtlMs).pexpire(keys.collJobs(collectionId), recordTtlMs).exec(); // bench only: as before
          return settled;
        }
        return redis.lstSettle(p, collectionId, 'failed', '', '', '', input.errorCode, cacheTtlMs, recordTtlMs, '', '');
      });
    },

    /** Takes one unit of today's upstream allowance for a marketplace; false when used up. */
    takeUpstream(mode: Mode, token: string, dailyLimit: number | null): Promise<{ taken: boolean; used: number }> {
      return guarded(async () => {
        const [taken, used] = await redis.lstUpstreamTake(p, mode, token, dailyLimit ?? -1);
        return { taken: Number(taken) === 1, used: Number(used) };
      });
    },

    getJob(id: string): Promise<JobRecord | null> {
      return guarded(async () => {
        const h = await redis.hgetall(keys.job(id));
        if (!h.account) return null;
        return {
          id,
          account: h.account,
          mode: h.mode as Mode,
          route: h.route ?? '',
          q: h.q ?? '',
          page: Number(h.page ?? 1),
          status: h.status as JobRecord['status'],
          cached: h.cached === '1',
          credits: h.credits === '1' ? 1 : 0,
          error: h.error || null,
          resultId: h.result || null,
          collectionId: h.coll || null,
          batchId: h.batch || null,
          createdMs: Number(h.created ?? 0),
        };
      });
    },

    getResultJson(resultId: string): Promise<string | null> {
      return guarded(async () => unpackOrNull(await redis.getBuffer(keys.result(resultId)))?.toString('utf8') ?? null);
    },

    /** The result JSON as the worker wrote it (UTF-8 bytes), for answers that splice it in without decoding it. */
    getResultBytes(resultId: string): Promise<Buffer | null> {
      return guarded(async () => unpackOrNull(await redis.getBuffer(keys.result(resultId))));
    },

    getHiddenJson(resultId: string): Promise<string | null> {
      return guarded(async () => unpackOrNull(await redis.getBuffer(keys.resultHidden(resultId)))?.toString('utf8') ?? null);
    },

    getCursorState(key: string): Promise<string | null> {
      return guarded(() => redis.get(keys.cursorState(key)));
    },

    getCollection(id: string): Promise<CollectionRecord | null> {
      return guarded(async () => {
        const h = await redis.hgetall(keys.coll(id));
        if (!h.status) return null;
        return { id, status: h.status, mode: h.mode as Mode, token: h.token ?? '', route: h.route ?? '', searchJson: h.search ?? '{}', createdMs: Number(h.created ?? 0) };
      });
    },

    /** The collection was handed to the queue: the recovery sweep may forget it. */
    markQueued(collectionId: string): Promise<void> {
      return guarded(async () => {
        await redis.zrem(keys.unqueued(), collectionId);
      });
    },

    /** Collections recorded but not confirmed on the queue for longer than `olderThanMs`. */
    listUnqueued(olderThanMs: number, limit = 100): Promise<string[]> {
      return guarded(async () => {
        const [sec, micro] = await redis.time();
        const now = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
        return redis.zrangebyscore(keys.unqueued(), '-inf', now - olderThanMs, 'LIMIT', 0, limit);
      });
    },

    /** Collections still unsettled that were created more than `olderThanMs` ago. */
    listStale(olderThanMs: number, limit = 100): Promise<string[]> {
      return guarded(async () => {
        const [sec, micro] = await redis.time();
        const now = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
        return redis.zrangebyscore(keys.open(), '-inf', now - olderThanMs, 'LIMIT', 0, limit);
      });
    },

    /**
     * Upstream fetches taken today (UTC day of the Redis clock, as upstream-take.lua counts
     * them) for a marketplace: the figure the daily limit is checked against (metrics).
     */
    upstreamUsed(mode: Mode, token: string): Promise<number> {
      return guarded(async () => {
        const [sec] = await redis.time();
        const day = Math.floor(Number(sec) / 86_400);
        return Number((await redis.get(`${p}upstream:${mode}:${token}:${day}`)) ?? 0);
      });
    },

    queueDepth(mode: Mode, token: string): Promise<number> {
      return guarded(async () => Number((await redis.get(keys.queueDepth(mode, token))) ?? 0));
    },

    /** Usage of an account over the rolling 30 days: completed (charged) and pending searches. */
    usage(account: string, mode: Mode): Promise<{ completed30d: number; pending: number; extraLeft: number; chargedTotal: number }> {
      return guarded(async () => {
        const now = Date.now();
        // One read-only script, not MULTI: Redis out of memory refuses every command queued in a
        // MULTI (EXECABORT), reads too, and an operator must still read charges then.
        const [flat, before, pending, extra, charged] = await redis.lstUsage(keys.ledger(account, mode), keys.usage(account, mode), keys.pending(account, mode), keys.account(account), now - 30 * 86_400_000, mode) as [string[], number, number, string | null, string | null];
        const ledger: Record<string, string> = {};
        for (let i = 0; i + 1 < flat.length; i += 2) ledger[flat[i]!] = flat[i + 1]!;
        return { completed30d: ledgerCount(ledger, now) + Number(before), pending: Number(pending), extraLeft: Number(extra ?? 0), chargedTotal: Number(charged ?? 0) };
      });
    },
  };
}
