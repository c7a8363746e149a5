/**
 * @module collections
 * Collections: one upstream fetch that every search of the same page waits on (single
 * flight). A miss opens or joins one (../searches/submit.lua); the worker settles it exactly
 * once (settle.lua: the result stored, the cache filled, each waiting job charged or its
 * reservation released, the bounds freed, the settled jobs announced); the sweep finds those
 * recorded but not queued, or open too long. Its keys are in keys.ts beside it.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { newId, type Mode } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { CHARGE_LUA } from '../ledger/ledger.ts';
import { guarded } from '../redis.ts';
import { legacyStorage, packBody } from '../results/bodies.ts';

export type SettleInput =
  /** `cacheTtlMs`: how long the page stays in the cache when not the store's (sandbox pages: SANDBOX_CACHE_SECONDS). */
  | { outcome: 'complete'; resultJson: string; hiddenJson: string; cursorState?: { key: string; json: string }; cacheTtlMs?: number }
  | { outcome: 'failed'; errorCode: string };

export interface CollectionRecord {
  id: string;
  status: string;
  mode: Mode;
  token: string;
  route: string;
  searchJson: string;
  createdMs: number;
}

type SettleRedis = Redis & { lstSettle(...args: (string | number | Buffer)[]): Promise<string[]> };

/** Members of a sorted set of collections scored at most `olderThanMs` before the Redis clock's now. */
async function olderThan(redis: Redis, key: string, olderThanMs: number, limit: number): Promise<string[]> {
  const [sec, micro] = await redis.time();
  const now = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
  return redis.zrangebyscore(key, '-inf', now - olderThanMs, 'LIMIT', 0, limit);
}

export function createCollections(redisConn: Redis, keys: Keys, opts: { cacheTtlMs: number; recordTtlMs: number }) {
  const redis = redisConn as SettleRedis;
  if (typeof redis.lstSettle !== 'function') redis.defineCommand('lstSettle', { numberOfKeys: 0, lua: `${CHARGE_LUA}\n${readFileSync(new URL('./settle.lua', import.meta.url), 'utf8')}` });
  const { cacheTtlMs, recordTtlMs } = opts;
  const p = keys.prefix;
  return {
    /** Settles a collection exactly once; returns the job ids settled by this call. */
    settle(collectionId: string, input: SettleInput): Promise<string[]> {
      return guarded(async () => {
        if (input.outcome === 'failed') return redis.lstSettle(p, collectionId, 'failed', '', '', '', input.errorCode, cacheTtlMs, recordTtlMs, '', '');
        // Bodies are kept packed (results/bodies.ts): a seventh of their JSON for their 24 hours.
        const settled = await redis.lstSettle(p, collectionId, 'complete', newId('res'), packBody(input.resultJson), packBody(input.hiddenJson), '', input.cacheTtlMs ?? cacheTtlMs, recordTtlMs,
          input.cursorState?.key ?? '', input.cursorState?.json ?? '');
        if (legacyStorage.on) await redis.multi().pexpire(keys.coll(collectionId), recordTtlMs).pexpire(keys.collJobs(collectionId), recordTtlMs).exec(); // bench only: as before
        return settled;
      });
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
      return guarded(() => olderThan(redis, keys.unqueued(), olderThanMs, limit));
    },

    /** Collections still unsettled that were created more than `olderThanMs` ago. */
    listStale(olderThanMs: number, limit = 100): Promise<string[]> {
      return guarded(() => olderThan(redis, keys.open(), olderThanMs, limit));
    },
  };
}
