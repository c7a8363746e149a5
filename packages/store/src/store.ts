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

const script = (name: string): string => readFileSync(new URL(`./scripts/${name}.lua`, import.meta.url), 'utf8');

export type Mode = KeyKind;

interface Scripts {
  lstAuth(...args: (string | number)[]): Promise<unknown[]>;
  lstSubmit(...args: (string | number)[]): Promise<unknown[]>;
  lstSettle(...args: (string | number)[]): Promise<string[]>;
  lstUpstreamTake(...args: (string | number)[]): Promise<[number, number]>;
}
type ScriptedRedis = Redis & Scripts;

export function installScripts(redis: Redis): ScriptedRedis {
  const r = redis as ScriptedRedis;
  if (typeof r.lstAuth !== 'function') {
    redis.defineCommand('lstAuth', { numberOfKeys: 0, lua: script('auth') });
    redis.defineCommand('lstSubmit', { numberOfKeys: 0, lua: `${script('ledger')}\n${script('charge')}\n${script('submit')}` });
    redis.defineCommand('lstSettle', { numberOfKeys: 0, lua: `${script('ledger')}\n${script('charge')}\n${script('settle')}` });
    redis.defineCommand('lstUpstreamTake', { numberOfKeys: 0, lua: script('upstream-take') });
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
  | { kind: 'replay'; jobId: string }
  | { kind: 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' }
  /** The stored result JSON: UTF-8 bytes when read beside the script (never decoded), else text. */
  | { kind: 'hit'; jobId: string; resultJson: string | Buffer }
  | { kind: 'miss'; jobId: string; collectionId: string; newCollection: boolean };

export type SettleInput =
  | { outcome: 'complete'; resultJson: string; hiddenJson: string; cursorState?: { key: string; json: string } }
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

  return {
    keys,
    redis,
    cacheTtlMs,
    recordTtlMs,

    /** Looks up a key by hash and counts the call against the account's rate limit. */
    authenticate(keyHash: string, limit: number, windowMs: number, member: string): Promise<AuthOutcome> {
      return guardedWithin(async () => {
        const r = await redis.lstAuth(p, keyHash, limit, windowMs, member);
        const kind = r[0] as string;
        if (kind === 'invalid') return { kind: 'invalid' };
        if (kind === 'suspended') return { kind: 'suspended', account: String(r[1]) };
        const origins = String(r[4] ?? '');
        return {
          kind: kind as 'ok' | 'limited',
          account: String(r[1]),
          keyKind: String(r[2]) as KeyKind,
          plan: String(r[3]),
          origins: origins === '' ? [] : (JSON.parse(origins) as string[]),
          remaining: Math.max(0, Number(r[5])),
          resetMs: Math.max(0, Number(r[6])),
          // Set when a webhook endpoint of the account was disabled (webhooks.ts).
          warning: r[7] ? String(r[7]) : null,
        };
      });
    },

    submit(input: SubmitInput): Promise<SubmitOutcome> {
      return guardedWithin(async () => {
        const jobId = input.jobId ?? newId('req');
        // A page answered from the cache before is most likely answered by the same stored
        // result again: read that result beside the script, in the same round trip, rather
        // than have the script copy it through Lua. Results never change once written.
        const page = `${input.mode}:${input.pageId}`;
        const knownRid = lastResultIds.get(page);
        const script = redis.lstSubmit(
          p, input.mode, input.account, jobId, input.route, input.q, input.page, input.pageId, input.token,
          input.idempotencyKeyHash ?? '', input.fingerprint, input.allowance, input.pendingCap,
          input.dailyLimit ?? -1, input.queueMax ?? -1, newId('col'), input.searchJson, recordTtlMs, input.batchId ?? '', input.collectable ? '1' : '0',
          knownRid === undefined ? '0' : '1', input.deadlineMs ?? Date.now() + SCRIPT_DEADLINE_MS,
        );
        const beside = knownRid === undefined ? null : redis.getBuffer(keys.result(knownRid));
        beside?.catch(() => undefined); // its failure, if any, is the script's too and reported there
        const r = await script;
        const kind = String(r[0]);
        if (kind === 'expired') throw new StorageUnavailableError(new Error('Redis ran the search after its deadline: nothing was recorded'), 'no');
        if (kind !== 'hit') lastResultIds.delete(page);
        switch (kind) {
          case 'conflict': return { kind };
          case 'replay': return { kind, jobId: String(r[1]) };
          case 'hit': {
            const rid = String(r[3]);
            rememberResultId(page, rid);
            if (knownRid === undefined) return { kind, jobId: String(r[1]), resultJson: String(r[2]) };
            // The script checked the result exists and keeps it a day: absent = Redis lost it.
            const resultJson = rid === knownRid ? await beside : await redis.getBuffer(keys.result(rid));
            if (resultJson === null) throw new StorageUnavailableError(new Error(`result ${rid} is missing`));
            return { kind, jobId: String(r[1]), resultJson };
          }
          case 'miss': return { kind, jobId: String(r[1]), collectionId: String(r[2]), newCollection: Number(r[3]) === 1 };
          default: return { kind: kind as 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' };
        }
      });
    },

    /** Settles a collection exactly once; returns the job ids settled by this call. */
    settle(collectionId: string, input: SettleInput): Promise<string[]> {
      return guarded(async () => {
        const rid = newId('res');
        if (input.outcome === 'complete') {
          return redis.lstSettle(p, collectionId, 'complete', rid, input.resultJson, input.hiddenJson, '', cacheTtlMs, recordTtlMs,
            input.cursorState?.key ?? '', input.cursorState?.json ?? '');
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
      return guarded(() => redis.get(keys.result(resultId)));
    },

    /** The result JSON as stored (UTF-8 bytes), for answers that splice it in without decoding it. */
    getResultBytes(resultId: string): Promise<Buffer | null> {
      return guarded(() => redis.getBuffer(keys.result(resultId)));
    },

    getHiddenJson(resultId: string): Promise<string | null> {
      return guarded(() => redis.get(keys.resultHidden(resultId)));
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
        const [[, ledger], [, before], [, pending], [, acct]] = (await redis.multi()
          .hgetall(keys.ledger(account, mode))
          .zcount(keys.usage(account, mode), now - 30 * 86_400_000, '+inf')
          .zcard(keys.pending(account, mode))
          .hmget(keys.account(account), `extra_${mode}`, `charged_${mode}`)
          .exec()) as [[null, Record<string, string>], [null, number], [null, number], [null, (string | null)[]]];
        return { completed30d: ledgerCount(ledger, now) + before, pending, extraLeft: Number(acct[0] ?? 0), chargedTotal: Number(acct[1] ?? 0) };
      });
    },
  };
}
