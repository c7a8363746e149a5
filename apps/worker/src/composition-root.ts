/**
 * @module composition-root (worker)
 * The composition root of a worker process, as the api has one: `createWorkerParts` builds,
 * once, from the configuration, every store part and client the worker's modules use (the
 * store, accounts, batches, webhook records and their outbox reader, watches and their
 * schedulers, the one recording path of searches, the one `settled` subscription, the
 * collection queues, kept pages, the upstream sessions, the sold history archive's two BullMQ
 * connections) and hands them to worker.ts (the collections and the sweep), watches.ts (watch
 * runs) and webhooks.ts (webhook dispatch and delivery: the delivery processor's steps,
 * webhook-delivery.ts, on the root's records).
 * BullMQ connections are made here too (`bullConnection`), so that nothing else constructs a
 * client and `close` ends every one of them.
 */
import pino, { type Logger } from 'pino';
import type { Token } from '@listings/contract';
import { loggerOptions, type Config } from '@listings/config';
import type { Marketplace } from '@listings/marketplaces';
import {
  bullConnection, connectRedis, EvictingRedisError, refuseEvictingRedis, whenReady, createAccounts, createBatches, createCollectionQueues, createKeptPages, createSearchRecorder, createSettledWaiters, createStore, createWatches, createWatchSchedules, createWebhooks, isOomError, watchRedisMemory,
  type Accounts, type Batches, type CollectionQueues, type KeptPages, type MemoryWatch, type SearchRecorder, type Store, type Waiters, type Watches, type WatchSchedules, type Webhooks,
} from '@listings/store';
import { createSessions, type Sessions } from './sessions.ts';

/** An ioredis connection (the store's connectRedis and bullConnection make them). */
type Redis = ReturnType<typeof connectRedis>;

/** The sold history archive's BullMQ connections (history.ts): its hand-off's queue, and its writer's worker. */
export interface HistoryConnections {
  producer: Redis;
  consumer: Redis;
}

export interface WorkerParts {
  config: Config;
  logger: Logger;
  marketplaces: Readonly<Record<Token, Marketplace>>;
  /** The worker's command connection, and the store on it. */
  redis: Redis;
  store: Store;
  accounts: Accounts;
  batches: Batches;
  /** Webhook endpoints, their log and leases. */
  webhooks: Webhooks;
  /** The webhook outbox read on a connection of its own (the dispatcher blocks on XREADGROUP there). */
  outbox: Webhooks;
  /** That connection: the dispatcher ends it first when closing, which ends a blocked read at once. */
  outboxRedis: Redis;
  watches: Watches;
  watchSchedules: WatchSchedules;
  /** The one way a search is recorded and queued (the watch runs'; the api's searches take it too). */
  recorder: SearchRecorder;
  /** The process's one subscription to `settled`. */
  waiters: Waiters;
  /** The marketplaces' collection queues (the sweep's hand-overs, the watch runs' searches). */
  queues: CollectionQueues;
  /** Pages kept for the drift guard's study, or null when none are kept. */
  keptPages: KeptPages | null;
  /** Upstream HTTP sessions per mode and marketplace. */
  sessions: Sessions;
  /** Redis's memory and eviction policy, read every second on a connection of its own (readiness, metrics, the sweep). */
  memory: MemoryWatch;
  /** The history archive's connections, or null without HISTORY_DATABASE_URL (the archive is off). */
  historyConnections: HistoryConnections | null;
  /** A BullMQ connection named `name` (for a Queue or a Worker), closed with the rest. */
  bullConnection(name: string): Redis;
  /** Ends every client built here (after the BullMQ objects made on them are closed). */
  close(): Promise<void>;
}

/**
 * Before the parts are built: the refusal of a Redis whose eviction policy would delete
 * collections and what clients paid for (@listings/store redis-memory.ts), or null (a Redis not
 * reachable within 10 s is left to readiness). On a short-lived connection of its own.
 */
export async function evictingRedisAtStart(config: Config): Promise<EvictingRedisError | null> {
  const probe = connectRedis(config.redisUrl, { name: 'listings-worker-start' });
  const refused = await whenReady(probe, 10_000).then(() => refuseEvictingRedis(probe)).then(() => null, (err: unknown) => (err instanceof EvictingRedisError ? err : null));
  probe.disconnect();
  return refused;
}

export function createWorkerParts(config: Config, marketplaces: Readonly<Record<Token, Marketplace>>, opts: { logger?: Logger } = {}): WorkerParts {
  const logger = opts.logger ?? pino(loggerOptions(config.logLevel, 'worker'));
  const redis = connectRedis(config.redisUrl, { name: 'listings-worker' });
  const store = createStore(redis, { prefix: config.keyPrefix });
  const queues = createCollectionQueues(config.redisUrl, config.keyPrefix, { attempts: config.attempts, backoffMs: config.backoffMs }, { failFast: false });
  const webhookOptions = { maxEndpoints: config.webhookMaxEndpoints };
  // The dispatcher blocks on XREADGROUP: its own connection, so other commands never wait behind it.
  const outboxReader = connectRedis(config.redisUrl, { name: 'listings-webhooks-outbox', failFast: false });
  const watches = createWatches(redis, store.keys);
  // Its own connection: a read a second, apart from the collections' commands.
  const memoryConn = connectRedis(config.redisUrl, { name: 'listings-worker-memory' });
  const memory = watchRedisMemory(memoryConn, logger);
  const connections: Redis[] = [];
  // Reconnect within a second of Redis coming back; tracked (a lost connection ends the process).
  const historyConnections = config.historyDatabaseUrl === null ? null : {
    producer: bullConnection(config.redisUrl, 'listings-worker-history-handoff'),
    consumer: bullConnection(config.redisUrl, 'listings-worker-history-writer'),
  };
  const parts: WorkerParts = {
    config,
    logger,
    marketplaces,
    redis,
    store,
    accounts: createAccounts(redis, config.keyPrefix),
    batches: createBatches(redis, store.keys, { recordTtlMs: store.recordTtlMs }),
    webhooks: createWebhooks(redis, store.keys, webhookOptions),
    outbox: createWebhooks(outboxReader, store.keys, webhookOptions),
    outboxRedis: outboxReader,
    watches,
    watchSchedules: createWatchSchedules(config.redisUrl, config.keyPrefix, watches),
    recorder: createSearchRecorder({
      store, queues, settings: config,
      onEnqueueFailed: (collectionId, err) => {
        if (isOomError(err)) memory.sawOom();
        logger.warn({ collectionId, err: (err as Error).message }, 'enqueue failed; the worker sweep will queue it');
      },
    }),
    waiters: createSettledWaiters(config.redisUrl, store.keys.settledChannel(), 'listings-watch-settled'),
    queues,
    keptPages: config.keptPagesMax > 0
      ? createKeptPages(redis, config.keyPrefix, { maxCount: config.keptPagesMax, maxAgeMs: config.keptPagesHours * 3_600_000, maxBodyBytes: config.keptPageMaxBytes })
      : null,
    sessions: createSessions(config, marketplaces),
    memory,
    historyConnections,
    bullConnection(name) {
      // Reconnects within a second of Redis coming back; tracked (a lost connection ends the process).
      const connection = bullConnection(config.redisUrl, name);
      connections.push(connection);
      return connection;
    },
    async close() {
      memory.close();
      memoryConn.disconnect();
      await parts.waiters.close();
      await parts.watchSchedules.close();
      await queues.close();
      for (const c of connections) c.disconnect();
      historyConnections?.producer.disconnect();
      historyConnections?.consumer.disconnect();
      outboxReader.disconnect();
      parts.sessions.close();
      redis.disconnect();
    },
  };
  return parts;
}
