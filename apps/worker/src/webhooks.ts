/**
 * @module webhooks (worker)
 * Webhook delivery by the worker fleet, at least once:
 *
 * 1. The dispatcher reads the outbox (the `events` stream settle.lua writes for accounts with
 *    endpoints) as one consumer group across the fleet. For each settled job it builds the
 *    `job.settled` event (the envelope without rows), and, when the job was a batch's and the
 *    batch has nothing pending any more, the `batch.settled` event; it queues one delivery per
 *    subscribed, enabled endpoint of the same mode on the `webhooks` BullMQ queue, and only then
 *    acknowledges the entry. A dispatcher that dies before acknowledging leaves its entries to
 *    be claimed by another after CLAIM_IDLE_MS. Delivery job IDs are `<event id>.<endpoint id>`,
 *    so an entry dispatched twice (or the last jobs of a batch settling together) queues one
 *    delivery.
 * 2. The delivery worker runs each delivery job through the delivery processor
 *    (webhook-delivery.ts: pick, send, record), which signs the event with the endpoint's current
 *    secret and POSTs it (@listings/webhooks deliver: timeout, no redirects, addresses checked at
 *    connect time), and turns the processor's outcome into BullMQ's terms: a failure is retried
 *    with exponential backoff and jitter for WEBHOOK_RETRY_HOURS, a delivery turned away is put
 *    back (moveToDelayed) without spending an attempt, one that is over fails for good; every
 *    attempt is logged on the endpoint; an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS is
 *    disabled and its account warned. A worker killed mid-delivery leaves its job to BullMQ's
 *    stalled-job recovery, which delivers it again.
 * No order is promised between events, even for one endpoint: receivers use `created_at` and
 * the event ID.
 */
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { JOB_ERRORS, type JobErrorCode } from '@listings/contract';
import { base62, batchCounts, isoWithOffset, legacyStorage, queuePrefix, readBatchState, type OutboxEntry } from '@listings/store';
import { attemptsWithin, batchSettledEvent, jobSettledEvent, resultWithoutRows, retryDelayMs, type JobSummary, type Resolver, type WebhookEvent } from '@listings/webhooks';
import type { WorkerParts } from './composition-root.ts';
import {
  createDeliverySteps, deliveryLimits, processDelivery, type DeferReason, type DeliveryJob, type DeliveryJobData, type DeliveryJobOutcome, type DeliveryResult,
} from './webhook-delivery.ts';

export { type DeferReason, type DeliveryJobData, type DeliveryResult } from './webhook-delivery.ts';

export const WEBHOOK_QUEUE = 'webhooks';
/** An outbox entry a dispatcher took and has not acknowledged for this long is taken over. */
export const CLAIM_IDLE_MS = 30_000;

/** BullMQ's stall limit for deliveries: in effect none (see the worker's options). */
export const MAX_STALLS = 1_000_000;

/** The delivery's ID (the same on every attempt, retry and redelivery after a crash): `<event id>.<endpoint id>`. */
function deliveryId(job: Job<DeliveryJobData>): string {
  return job.id ?? `${job.data.eventId}.${job.data.endpointId}`;
}

export interface WebhookHooks {
  /** Every attempt's outcome (metrics). */
  onAttempt?(outcome: DeliveryResult, ms: number): void;
  /** An endpoint was disabled after failing for too long (metrics). */
  onDisabled?(): void;
  /** A delivery was put back without an attempt (metrics). */
  onDeferred?(reason: DeferReason): void;
  /** Test hook: how names resolve (SSRF tests). */
  resolver?: Resolver;
}

export interface WebhookHandle {
  /** Queues `event` for delivery to these endpoints (a watch's `watch.matched` goes to the endpoint the watch names). */
  queueEvent?(account: string, endpointIds: readonly string[], event: WebhookEvent): Promise<void>;
  /** Waiting and delayed deliveries, and the age of the oldest waiting one (metrics). */
  stats(): Promise<{ waiting: number; delayed: number; active: number; oldestWaitingAgeSeconds: number }>;
  close(): Promise<void>;
}

export async function startWebhooks(parts: WorkerParts, hooks: WebhookHooks = {}): Promise<WebhookHandle> {
  const { config, logger, store, webhooks, batches, outbox } = parts;
  const prefix = queuePrefix(config.keyPrefix);
  const attempts = attemptsWithin(config.webhookRetryHours * 3_600_000, config.webhookRetryFirstMs);
  // As the collection workers: reconnect within a second of Redis coming back; tracked.
  const queueConnection = parts.bullConnection('listings-webhooks-queue');
  const workerConnection = parts.bullConnection('listings-webhooks-worker');
  const queue = new Queue<DeliveryJobData>(WEBHOOK_QUEUE, { connection: queueConnection, prefix });
  queue.on('error', () => undefined);
  const consumer = `worker-${process.pid}-${base62(8)}`;

  /** One delivery of `event` per endpoint; the job id `<event id>.<endpoint id>` makes a repeat queue nothing new. */
  async function queueTo(account: string, endpointIds: readonly string[], event: WebhookEvent): Promise<void> {
    const body = JSON.stringify(event);
    // Delivered ones are not queued again: their job is gone (removed once complete), their marker is not.
    const due = new Set(await webhooks.notDelivered(account, endpointIds.map((endpointId) => `${event.id}.${endpointId}`)));
    await Promise.all(endpointIds.filter((endpointId) => due.has(`${event.id}.${endpointId}`)).map((endpointId) => queue.add('deliver', { account, endpointId, eventId: event.id, eventType: event.type, body }, {
      jobId: `${event.id}.${endpointId}`,
      attempts,
      backoff: { type: 'webhook' },
      // The deliveries log and the marker hold what is kept of a delivered one (docs/operations.md "Redis memory").
      removeOnComplete: legacyStorage.on ? { age: 24 * 3600 } : true, // legacy: `npm run bench memory`'s figure before
      removeOnFail: { age: 7 * 24 * 3600, count: 100_000 },
    })));
  }

  async function enqueue(account: string, mode: 'live' | 'sandbox', event: WebhookEvent): Promise<number> {
    const endpoints = await webhooks.subscribed(account, mode, event.type);
    await queueTo(account, endpoints.map((e) => e.id), event);
    return endpoints.length;
  }

  async function dispatch(entry: OutboxEntry): Promise<void> {
    const job = await store.getJob(entry.job);
    if (!job || job.status === 'pending') return;
    const sandbox = entry.mode === 'sandbox';
    const summary: JobSummary = { request_id: job.id, status: job.status, credits: job.credits, cached: job.cached };
    if (job.status === 'failed') {
      const code = job.error ?? 'upstream_error';
      summary.error = { code, message: JOB_ERRORS[code as JobErrorCode] ?? 'The search failed.' };
    } else if (job.resultId) {
      const json = await store.getResultJson(job.resultId);
      if (json !== null) summary.result = resultWithoutRows(json);
    }
    await enqueue(entry.account, entry.mode, jobSettledEvent(summary, sandbox, new Date()));
    if (entry.batch) {
      const view = await readBatchState(store, batches, entry.batch);
      if (view && view.status === 'complete' && view.batch.account === entry.account) {
        const { counts, credits } = batchCounts(view);
        await enqueue(entry.account, entry.mode, batchSettledEvent({ batch_id: view.batch.id, status: 'complete', created_at: isoWithOffset(view.batch.createdMs), counts, credits }, sandbox, new Date()));
      }
    }
  }

  let closing = false;
  const loop = (async () => {
    while (!closing) {
      try {
        await outbox.ensureGroup();
        while (!closing) {
          const entries = await outbox.read(consumer, 50, 1000, CLAIM_IDLE_MS);
          for (const entry of entries) await dispatch(entry);
          await outbox.ack(entries.map((e) => e.entryId));
        }
      } catch (err) {
        if (closing) break;
        logger.warn({ err: (err as Error).message }, 'webhook dispatcher error; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();

  const retryWindowMs = config.webhookRetryHours * 3_600_000;
  // The delivery processor's steps, on the composition root's webhook records.
  const steps = createDeliverySteps({
    webhooks,
    limits: deliveryLimits(config, attempts, retryWindowMs),
    retryWindowMs,
    disableAfterMs: config.webhookDisableAfterHours * 3_600_000,
    timeoutMs: config.webhookTimeoutMs,
    sandboxLoopback: config.webhookSandboxLoopback,
    ...(hooks.resolver ? { resolver: hooks.resolver } : {}),
  });

  /** The processor's outcome in BullMQ's terms (a result, a retry, a failure for good, a job put back), told to the hooks. */
  async function settleJob(job: Job<DeliveryJobData>, token: string | undefined, outcome: DeliveryJobOutcome): Promise<DeliveryResult> {
    switch (outcome.kind) {
      case 'delivered':
        hooks.onAttempt?.('delivered', outcome.ms);
        return 'delivered';
      case 'dropped':
        hooks.onAttempt?.('dropped', 0);
        return 'dropped';
      case 'disabled':
        hooks.onDisabled?.();
        hooks.onAttempt?.('disabled', outcome.ms);
        logger.warn({ endpointId: job.data.endpointId }, 'webhook endpoint disabled after failing too long');
        return 'disabled';
      case 'retry':
        hooks.onAttempt?.('failed', outcome.ms);
        throw new Error(`delivery failed: ${outcome.error}`);
      case 'gave_up':
        hooks.onAttempt?.('failed', outcome.ms);
        throw new UnrecoverableError(`delivery failed: ${outcome.error} (all ${attempts} attempts spent)`);
      case 'expired':
        hooks.onAttempt?.('expired', 0);
        throw new UnrecoverableError(outcome.reason === 'spent' ? `delivery failed: all ${outcome.attempts} attempts spent` : 'delivery expired: its retry window passed while it waited');
      case 'deferred':
        // Put back without spending an attempt (BullMQ's moveToDelayed keeps attemptsMade; our own count only grows on an attempt begun).
        hooks.onDeferred?.(outcome.reason);
        await job.moveToDelayed(Date.now() + outcome.delayMs, token);
        throw new DelayedError();
      case 'interrupted':
        throw new Error(`delivery interrupted during attempt ${outcome.attempt}; it is retried`);
    }
  }

  const worker = new Worker<DeliveryJobData, DeliveryResult>(WEBHOOK_QUEUE, async (job: Job<DeliveryJobData>, token?: string, signal?: AbortSignal) => {
    const delivery: DeliveryJob = { id: deliveryId(job), data: job.data, queuedAt: job.timestamp };
    // BullMQ's signal: aborted only should the job be cancelled (a closing worker waits for its attempts to end).
    return settleJob(job, token, await processDelivery(steps, delivery, signal ?? new AbortController().signal));
  }, {
    connection: workerConnection,
    prefix,
    concurrency: config.webhookConcurrency,
    // As collections: a killed worker's delivery is taken over once its lock lapses (renewed while it runs).
    lockDuration: Math.max(config.lockDurationMs, config.webhookTimeoutMs + 1000),
    stalledInterval: config.stalledIntervalMs,
    // A delivery survives any number of worker deaths: BullMQ's default (1) failed a delivery
    // whose worker died during an attempt and again during its redelivery. What bounds a
    // delivery is its own count of attempts begun (acquire), which a death mid-attempt spends.
    maxStalledCount: MAX_STALLS,
    settings: {
      backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, config.webhookRetryFirstMs),
    },
  });
  // Never silently: should BullMQ still fail a delivery for stalling (its limit reached), it is put back to be delivered.
  worker.on('failed', (job, err) => {
    if (!job || !/stalled more than allowable limit/u.test(err.message)) return;
    logger.error({ jobId: job.id }, 'webhook delivery stalled past the limit; retrying it');
    job.retry('failed').catch((e: unknown) => logger.error({ jobId: job.id, err: (e as Error).message }, 'webhook delivery could not be retried after stalling'));
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'webhook worker connection error'));

  return {
    queueEvent: queueTo,
    async stats() {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active');
      const [oldest] = await queue.getJobs(['waiting'], 0, 0, true);
      return {
        waiting: counts.waiting ?? 0,
        delayed: counts.delayed ?? 0,
        active: counts.active ?? 0,
        oldestWaitingAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0,
      };
    },
    async close() {
      closing = true;
      await worker.close();
      parts.outboxRedis.disconnect();
      await loop;
      await queue.close();
      // The connections are the composition root's: closed with the other parts.
    },
  };
}
