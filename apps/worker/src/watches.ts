/**
 * @module watches (worker)
 * The runs of watches (docs/watches.md), by the worker fleet. BullMQ's job scheduler of a watch
 * (store/watches/schedules.ts) triggers each period once; each trigger is processed by the watch
 * run processor (watch-run.ts: claim, submit, compare, finish), which this module runs on a
 * BullMQ worker of the `watches` queue.
 *
 * A worker killed at any step leaves its job to BullMQ's stalled-job recovery: another worker
 * resumes the same run from where the records say it stands. The sweep applies schedule
 * changes an api process could not (store/watches/schedules.ts).
 */
import { Worker, type Job } from 'bullmq';
import { queuePrefix, WATCH_QUEUE, type WatchRunJobData } from '@listings/store';
import type { WorkerParts } from './composition-root.ts';
import { createWatchRunSteps, processWatchRun, type RunOutcome } from './watch-run.ts';
import type { WebhookHandle } from './webhooks.ts';

export type { RunOutcome };

/** BullMQ's stall limit for runs: in effect none; a run resumes after any number of worker deaths. */
const MAX_STALLS = 1_000_000;

export interface WatchHooks {
  /** Every run job's outcome (metrics, tests). */
  onRun?(outcome: RunOutcome, watchId: string, period: number): void;
}

export interface WatchHandle {
  /** Runs one trigger of a watch's period as the BullMQ worker would (tests: a duplicate trigger). */
  runPeriod(watchId: string, period: number, everyMs?: number): Promise<RunOutcome>;
  /** Applies schedule changes left by api processes (also on a timer). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export function startWatches(parts: WorkerParts, deps: { webhooks: WebhookHandle; hooks?: WatchHooks }): WatchHandle {
  const { config, logger, watchSchedules: schedules } = parts;
  const closing = new AbortController();
  // The steps on the composition root's parts: the recording path and the `settled` subscription the api's searches use too.
  const steps = createWatchRunSteps({
    watches: parts.watches, accounts: parts.accounts, endpoints: parts.webhooks, store: parts.store, recorder: parts.recorder, waiters: parts.waiters, logger,
    queueEvent: (account, endpointIds, event) => deps.webhooks.queueEvent!(account, endpointIds, event),
    seenRetentionMs: config.watchSeenDays * 86_400_000,
    seenMax: config.watchSeenMax,
  });

  function runPeriod(watchId: string, period: number, everyMs?: number): Promise<RunOutcome> {
    return processWatchRun(steps, { watchId, period, ...(everyMs !== undefined ? { everyMs } : {}) }, closing.signal);
  }

  const connection = parts.bullConnection('listings-watch-worker');
  const worker = new Worker<WatchRunJobData, RunOutcome>(WATCH_QUEUE, async (job: Job<WatchRunJobData>) => {
    const period = job.opts.prevMillis ?? Number(/:(\d+)$/u.exec(job.id ?? '')?.[1] ?? job.timestamp);
    const outcome = await runPeriod(job.data.watchId, period, (job.opts as { repeat?: { every?: number } }).repeat?.every);
    deps.hooks?.onRun?.(outcome, job.data.watchId, period);
    return outcome;
  }, {
    connection,
    prefix: queuePrefix(config.keyPrefix),
    // Named by process, so operators (and tests) see which worker holds a run.
    name: `watch-runner-${process.pid}`,
    concurrency: config.watchConcurrency,
    lockDuration: config.lockDurationMs,
    stalledInterval: config.stalledIntervalMs,
    maxStalledCount: MAX_STALLS,
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'watch worker connection error'));
  worker.on('failed', (job, err) => logger.warn({ watchId: job?.data.watchId, err: err.message, attempts: job?.attemptsMade }, 'watch run attempt failed; it resumes on a retry'));

  async function sweep(): Promise<void> {
    await schedules.applyDue(config.unqueuedGraceMs);
  }
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'watch schedule sweep failed')).finally(() => { sweeping = false; });
  }, config.sweepIntervalMs);

  return {
    runPeriod,
    sweep,
    async close() {
      // A run waiting for its search stops waiting (it resumes elsewhere); the parts are closed by the composition root.
      closing.abort();
      clearInterval(timer);
      await worker.close();
    },
  };
}
