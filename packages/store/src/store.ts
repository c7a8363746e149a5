/**
 * @module store
 * The Redis data model behind api and worker, as one object on one connection: the store
 * parts, each with its keys and its Lua scripts beside it, put together. Multi-key changes that
 * must not half-happen are scripts: authenticate and count a call (accounts/), record a search
 * (searches/: idempotency, cache, quota, caps, single flight, reservation), settle a collection
 * (collections/: result, cache, charge or release, publish), take a unit of a daily upstream
 * limit (upstream/); charges go through the ledger's functions (ledger/). Results are read back
 * through results/.
 */
import type { Redis } from 'ioredis';
import { createAuthentication } from './accounts/authenticate.ts';
import { createCollections } from './collections/collections.ts';
import { createKeys } from './keys.ts';
import { createLedger } from './ledger/ledger.ts';
import { createResults } from './results/results.ts';
import { createSearches } from './searches/searches.ts';
import { createUpstreamLimits } from './upstream/upstream.ts';

export type { Mode } from './ids.ts';
export type { AuthOutcome } from './accounts/authenticate.ts';
export type { CollectionRecord, SettleInput } from './collections/collections.ts';
export type { JobRecord, SearchCallInput, SearchCallOutcome, SubmitInput, SubmitOutcome } from './searches/searches.ts';

export interface StoreOptions {
  /** Key prefix of this deployment or test. */
  prefix: string;
  /** 15 minutes. */
  cacheTtlMs?: number;
  /** How long settled jobs, results and idempotency records are kept: 24 hours. */
  recordTtlMs?: number;
}

export type Store = ReturnType<typeof createStore>;

export function createStore(redis: Redis, opts: StoreOptions) {
  const keys = createKeys(opts.prefix);
  const cacheTtlMs = opts.cacheTtlMs ?? 15 * 60_000;
  const recordTtlMs = opts.recordTtlMs ?? 24 * 3_600_000;
  return {
    keys,
    redis,
    cacheTtlMs,
    recordTtlMs,
    ...createAuthentication(redis, keys),
    ...createSearches(redis, keys, { recordTtlMs }),
    ...createCollections(redis, keys, { cacheTtlMs, recordTtlMs }),
    ...createResults(redis, keys),
    ...createUpstreamLimits(redis, keys),
    ...createLedger(redis, keys),
  };
}
