/**
 * @module composition-root
 * The composition root of an api process: `createServices` builds, once, from the
 * configuration, the one typed object holding every dependency (Redis and the store,
 * accounts, queues, the `wait` registry, watches, the logger, the metrics as the use cases'
 * observers), and hands it to the routes and the use cases in `services/` (docs/decisions.md,
 * "Running it"). Nothing else constructs a client.
 */
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Plan, Token } from '@listings/contract';
import { loggerOptions, type Config } from '@listings/config';
import type { Marketplace } from '@listings/marketplaces';
import {
  connectRedis, createAccounts, createBatches, createCollectionQueues, createSearchRecorder, createSettledWaiters, createStore, createWatches, createWatchSchedules, createWebhooks, isOomError, watchRedisMemory,
  type Accounts, type Batches, type CollectionQueues, type MemoryWatch, type SearchRecorder, type Store, type Waiters, type Watches, type WatchSchedules, type Webhooks,
} from '@listings/store';
import { createApiMetrics, type ApiMetrics } from './metrics.ts';
import { createApiHistory, type ApiHistory } from './history-archive.ts';
import type { ApiObservers } from './services/observers.ts';

export interface Services {
  config: Config;
  store: Store;
  accounts: Accounts;
  marketplaces: Readonly<Record<Token, Marketplace>>;
  queues: CollectionQueues;
  /** The one way a search is recorded and queued (@listings/store record-search.ts; the worker's watch runs use it too). */
  recorder: SearchRecorder;
  /** The process's one subscription to `settled`: wakes `wait` polls the moment a job settles. */
  waiters: Waiters;
  /** Batches' records (docs/batches.md). */
  batches: Batches;
  /** Webhook endpoints, their log and the outbox (docs/webhooks.md). */
  webhooks: Webhooks;
  /** Watches (docs/watches.md) and their BullMQ schedulers. */
  watches: Watches;
  watchSchedules: WatchSchedules;
  logger: Logger;
  /** Told of every search recorded and every request closed (the metrics below). */
  observers: ApiObservers;
  /** The process's Prometheus registry and fleet gauges (`GET /metrics`). */
  metrics: ApiMetrics;
  /** The sold history archive's reader (history-archive.ts; its use cases in services/history.ts); null without HISTORY_DATABASE_URL. */
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
  // Its own connection: a read a second, apart from the request path's round trips.
  const memoryConn = connectRedis(config.redisUrl, { name: 'listings-api-memory' });
  const memory = watchRedisMemory(memoryConn, logger);
  const recorder = createSearchRecorder({
    store, queues, settings: config,
    onEnqueueFailed: (collectionId, err) => {
      if (isOomError(err)) memory.sawOom();
      logger.warn({ collectionId, err: (err as Error).message }, 'enqueue failed; the worker sweep will queue it');
    },
  });
  const waiters = createSettledWaiters(config.redisUrl, store.keys.settledChannel(), 'listings-api-sub');
  const metrics = createApiMetrics(config, { redis, heldWaits: () => waiters.size(), memory });
  const batches = createBatches(redis, store.keys, { recordTtlMs: store.recordTtlMs });
  const webhooks = createWebhooks(redis, store.keys, { maxEndpoints: config.webhookMaxEndpoints });
  const watches = createWatches(redis, store.keys);
  const watchSchedules = createWatchSchedules(config.redisUrl, config.keyPrefix, watches);
  const history = createApiHistory(config, logger);
  return {
    config, store, accounts, marketplaces, queues, recorder, waiters, batches, webhooks, watches, watchSchedules, logger, observers: metrics, metrics, memory, history,
    plan: recorder.plan,
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
