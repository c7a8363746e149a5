/**
 * @module composition-root
 * The composition root of an api process: `createServices` builds, once, from the
 * configuration, the one typed object holding every dependency (Redis and the store,
 * accounts, queues, the `wait` registry, watches, the logger, the metrics as the use cases'
 * observers), and hands it to the routes and the use cases in `services/` (unkey's
 * ServiceContext). Nothing else constructs a client.
 */
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { DEFAULT_PLANS, isPlanName, type Plan, type Token } from '@listings/contract';
import { loggerOptions, type Config } from '@listings/config';
import type { Marketplace } from '@listings/marketplaces';
import { connectRedis, createAccounts, createCollectionQueues, createStore, createWatches, createWatchSchedules, watchRedisMemory, type Accounts, type CollectionQueues, type MemoryWatch, type Store, type Watches, type WatchSchedules } from '@listings/store';
import { createApiMetrics, type ApiMetrics } from './metrics.ts';
import { createApiHistory, type ApiHistory } from './services/history.ts';
import type { ApiObservers } from './services/observers.ts';
import { createWaiters, type Waiters } from './services/waiters.ts';

export interface Services {
  config: Config;
  store: Store;
  accounts: Accounts;
  marketplaces: Readonly<Record<Token, Marketplace>>;
  queues: CollectionQueues;
  waiters: Waiters;
  /** Watches (docs/watches.md) and their BullMQ schedulers. */
  watches: Watches;
  watchSchedules: WatchSchedules;
  logger: Logger;
  /** Told of every search recorded and every request closed (the metrics below). */
  observers: ApiObservers;
  /** The process's Prometheus registry and fleet gauges (`GET /metrics`). */
  metrics: ApiMetrics;
  /** The sold history archive's reader (services/history.ts); null without HISTORY_DATABASE_URL. */
  history: ApiHistory | null;
  /** Redis's memory and eviction policy, read every second (new searches refused when full; readiness). */
  memory: MemoryWatch;
  plan(name: string): Plan;
  close(): Promise<void>;
}

export function createServices(config: Config, marketplaces: Readonly<Record<Token, Marketplace>>, opts: { logger?: Logger } = {}): Services {
  const logger = opts.logger ?? pino(loggerOptions(config.logLevel, 'api'));
  const redis: Redis = connectRedis(config.redisUrl, { name: 'listings-api', autoPipelining: true });
  const store = createStore(redis, { prefix: config.keyPrefix });
  const accounts = createAccounts(redis, config.keyPrefix);
  const queues = createCollectionQueues(config.redisUrl, config.keyPrefix, { attempts: config.attempts, backoffMs: config.backoffMs });
  const waiters = createWaiters(config.redisUrl, store.keys.settledChannel());
  // Its own connection: a read a second, apart from the request path's round trips.
  const memoryConn = connectRedis(config.redisUrl, { name: 'listings-api-memory' });
  const memory = watchRedisMemory(memoryConn, logger);
  const metrics = createApiMetrics(config, { redis, heldWaits: () => waiters.size(), memory });
  const watches = createWatches(redis, store.keys);
  const watchSchedules = createWatchSchedules(config.redisUrl, config.keyPrefix, watches);
  const history = createApiHistory(config, logger);
  return {
    config, store, accounts, marketplaces, queues, waiters, watches, watchSchedules, logger, observers: metrics, metrics, memory, history,
    plan(name) {
      const plan = isPlanName(name) ? name : 'free';
      return { pendingCap: DEFAULT_PLANS[plan].pendingCap, allowance: config.planAllowances[plan] };
    },
    async close() {
      memory.close();
      memoryConn.disconnect();
      await waiters.close();
      await queues.close();
      await watchSchedules.close();
      await history?.close();
      redis.disconnect();
    },
  };
}
