/**
 * @module worker
 * A worker process's moving parts: one BullMQ Worker per marketplace it serves (concurrency,
 * fleet-wide start rate, lock and stalled-job recovery from the configuration), and the sweep
 * that hands over collections an api process recorded but could not queue, and settles any
 * collection BullMQ gave up on, so no job stays pending for ever.
 */
import { Worker, type Job } from 'bullmq';
import type { Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Token } from '@listings/contract';
import { sweepStaleMs, type Config } from '@listings/config';
import type { Marketplace } from '@listings/marketplaces';
import { isOomError, queueName, queuePrefix, upstreamBackoffMs, UPSTREAM_BACKOFF, type MemoryWatch, type Store } from '@listings/store';
import { createWorkerParts } from './composition-root.ts';
import { startHistory, type WorkerHistory } from './history.ts';
import { processCollection, type Outcome, type Reading } from './processor.ts';
import { startWatches, type WatchHandle, type WatchHooks } from './watches.ts';
import { startWebhooks, type WebhookHandle, type WebhookHooks } from './webhooks.ts';

/** One run of the processor on a collection, as reported to `onRun` (metrics). */
export interface JobRun {
  token: Token;
  collectionId: string;
  outcome: Outcome;
  /** Wall time of the run, including the upstream fetch and the settle. */
  ms: number;
  /** The collection error's code when the run threw for a retry. */
  code?: string;
}

/** BullMQ states of a job not started yet. */
const WAITING_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

export interface WorkerHandle {
  store: Store;
  /** Outcomes so far, for logs and tests. */
  counts: Record<Outcome, number>;
  /** Webhook dispatch and delivery (webhooks.ts; one delivery: webhook-delivery.ts). */
  webhooks: WebhookHandle;
  /** Runs of watches (watches.ts). */
  watches: WatchHandle;
  /** The sold history archive's hand-off and writer (history.ts); null without HISTORY_DATABASE_URL. */
  history: WorkerHistory | null;
  /** Redis's memory and eviction policy, read every second (readiness, metrics). */
  memory: MemoryWatch;
  /** Every queue of this process is consumed by a running BullMQ worker (readiness). */
  attached(): boolean;
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export async function startWorker(config: Config, marketplaces: Readonly<Record<Token, Marketplace>>, opts: { logger?: Logger; onRun?: (run: JobRun) => void; onReading?: (reading: Reading) => void; webhooks?: WebhookHooks; watches?: WatchHooks; registry?: Registry } = {}): Promise<WorkerHandle> {
  // Every store part and client, built once (composition-root.ts).
  const parts = createWorkerParts(config, marketplaces, opts.logger ? { logger: opts.logger } : {});
  const { logger, store, sessions, queues, memory } = parts;
  const prefix = queuePrefix(config.keyPrefix);
  const counts: Record<Outcome, number> = { complete: 0, failed: 0, retry: 0, already_settled: 0 };
  const history = startHistory(config, logger, parts.historyConnections, opts.registry);
  const deps = {
    store, marketplaces, sessions, logger, cursorSecret: config.cursorSecret, sandboxCacheTtlMs: config.sandboxCacheSeconds * 1000,
    dailyLimit: (mode: 'live' | 'sandbox', token: string) => (mode === 'sandbox' ? config.sandboxDailyLimits : config.dailyLimits)[token as Token] ?? null,
    keptPages: parts.keptPages,
    ...(opts.onReading ? { onReading: opts.onReading } : {}),
    ...(history ? { archive: history.archive } : {}),
  };

  const workers: Worker[] = [];
  const served = new Set<string>(config.workerMarketplaces);
  for (const token of config.workerMarketplaces) {
    const rate = config.upstreamRatePerSecond[token];
    const connection = parts.bullConnection(`listings-worker-${token}`);
    const w = new Worker(
      queueName(token),
      async (job: Job<{ collectionId: string }>, _token?: string, signal?: AbortSignal) => {
        const started = performance.now();
        const collectionId = job.data.collectionId;
        try {
          const outcome = await processCollection(deps, { collectionId, attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 }, signal ?? new AbortController().signal);
          counts[outcome]++;
          opts.onRun?.({ token, collectionId, outcome, ms: performance.now() - started });
          return outcome;
        } catch (err) {
          counts.retry++;
          opts.onRun?.({ token, collectionId, outcome: 'retry', ms: performance.now() - started, code: (err as { code?: string }).code ?? 'unexpected' });
          throw err;
        }
      },
      {
        connection,
        prefix,
        concurrency: config.concurrency[token] ?? 4,
        lockDuration: config.lockDurationMs,
        stalledInterval: config.stalledIntervalMs,
        maxStalledCount: 3,
        settings: {
          backoffStrategy: (attemptsMade: number, type?: string, err?: Error) =>
            type === UPSTREAM_BACKOFF ? upstreamBackoffMs(attemptsMade, config.backoffMs, err as { retryAfterSeconds?: number } | undefined) : config.backoffMs,
        },
        ...(rate ? { limiter: { max: rate, duration: 1000 } } : {}),
      },
    );
    w.on('error', (err) => logger.warn({ token, err: err.message }, 'worker connection error'));
    workers.push(w);
  }

  /** How long a collection may stay open before the sweep asks BullMQ what became of it (203 s with the defaults; docs/config.md works it out). */
  const staleMs = sweepStaleMs(config);

  async function sweep(): Promise<void> {
    for (const id of await store.listUnqueued(config.unqueuedGraceMs)) {
      const coll = await store.getCollection(id);
      if (!coll || coll.status !== 'pending') {
        await store.markQueued(id);
        continue;
      }
      if (!served.has(coll.token)) continue; // another worker serves that marketplace
      try {
        await queues.add(coll.token, id);
      } catch (err) {
        // Redis full (OOM) refuses the hand-over: the next collection may fit; one left unqueued
        // is settled failed below once stale, so no search stays pending past the bound.
        if (!isOomError(err)) throw err;
        memory.sawOom();
        logger.error({ collectionId: id, err: (err as Error).message }, 'sweep could not queue a recorded collection: Redis is out of memory');
        continue;
      }
      await store.markQueued(id);
      logger.info({ collectionId: id }, 'sweep queued a recorded collection');
    }
    for (const id of await store.listStale(staleMs)) {
      const coll = await store.getCollection(id);
      if (!coll || coll.status !== 'pending') continue;
      if (!served.has(coll.token)) continue;
      const state = await queues.state(coll.token, id);
      if (state === 'unknown') {
        const queued = await queues.add(coll.token, id).then(() => true, (err: unknown) => {
          if (!isOomError(err)) throw err;
          return false;
        });
        if (queued) {
          logger.warn({ collectionId: id }, 'sweep re-queued a collection missing from its queue');
        } else {
          // Past the bound and Redis has no room to queue it: its searches fail now, free of charge
          // (settle.lua's first write frees memory, so Redis lets the rest of it run under OOM).
          await store.settle(id, { outcome: 'failed', errorCode: 'collection_unavailable' });
          logger.error({ collectionId: id }, 'sweep settled a stale collection failed: Redis is out of memory and cannot queue it');
        }
      } else if (memory.refusing() && WAITING_STATES.has(state)) {
        // Redis full: BullMQ cannot start it (taking a job is a write Redis refuses), and the
        // bound is past. Its searches fail now, free of charge, instead of pending until memory
        // returns; when it does, the job finds the collection settled and does nothing.
        await store.settle(id, { outcome: 'failed', errorCode: 'collection_unavailable' });
        logger.error({ collectionId: id, state }, 'sweep settled a stale collection failed: Redis is out of memory and cannot start it');
      } else if (state === 'failed' || state === 'completed') {
        await store.settle(id, { outcome: 'failed', errorCode: 'collection_unavailable' });
        logger.warn({ collectionId: id, state }, 'sweep settled a collection its queue gave up on');
      }
    }
  }
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'sweep failed')).finally(() => { sweeping = false; });
  }, config.sweepIntervalMs);

  const webhooks = await startWebhooks(parts, opts.webhooks);
  const watches = startWatches(parts, { webhooks, ...(opts.watches ? { hooks: opts.watches } : {}) });

  logger.info({ marketplaces: config.workerMarketplaces }, 'worker started');
  return {
    store,
    memory,
    counts,
    webhooks,
    watches,
    history,
    attached: () => workers.every((w) => w.isRunning() && !w.closing),
    sweep,
    async close() {
      clearInterval(timer);
      // Runs first: a run waiting for its search stops waiting (it resumes elsewhere), then the rest drain.
      await watches.close();
      await Promise.all([...workers.map((w) => w.close()), webhooks.close()]);
      // After the collections: their last hand-offs are sent before the queue closes.
      await history?.close();
      await parts.close();
    },
  };
}
