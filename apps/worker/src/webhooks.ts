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
 * 2. The delivery worker signs the event with the endpoint's current secret and POSTs it
 *    (@listings/webhooks deliver: timeout, no redirects, addresses checked at connect time).
 *    A failure is retried by BullMQ with exponential backoff and jitter for WEBHOOK_RETRY_HOURS;
 *    every attempt is logged on the endpoint; an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS
 *    is disabled and its account warned. A worker killed mid-delivery leaves its job to BullMQ's
 *    stalled-job recovery, which delivers it again.
 * No order is promised between events, even for one endpoint: receivers use `created_at` and
 * the event ID.
 */
import { Queue, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@listings/config';
import { JOB_ERRORS, type JobErrorCode } from '@listings/contract';
import {
  base62, batchCounts, bullConnection, connectRedis, createBatches, createWebhooks, isoWithOffset, queuePrefix, readBatchState, type OutboxEntry, type Store, type WebhookEventType,
} from '@listings/store';
import {
  attemptsWithin, batchSettledEvent, deliver, jobSettledEvent, resultWithoutRows, retryDelayMs, signature, SIGNATURE_HEADER,
  type DeliveryOutcome, type JobSummary, type Resolver, type WebhookEvent,
} from '@listings/webhooks';

export const WEBHOOK_QUEUE = 'webhooks';
/** An outbox entry a dispatcher took and has not acknowledged for this long is taken over. */
export const CLAIM_IDLE_MS = 30_000;

export interface DeliveryJobData {
  account: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The event as sent (the same bytes on every attempt; signed at send time). */
  body: string;
}

export type DeliveryResult = 'delivered' | 'failed' | 'dropped' | 'disabled';

export interface WebhookHooks {
  /** Every attempt's outcome (metrics). */
  onAttempt?(outcome: DeliveryResult, ms: number): void;
  /** An endpoint was disabled after failing for too long (metrics). */
  onDisabled?(): void;
  /** Test hook: how names resolve (SSRF tests). */
  resolver?: Resolver;
}

export interface WebhookHandle {
  /** Waiting and delayed deliveries, and the age of the oldest waiting one (metrics). */
  stats(): Promise<{ waiting: number; delayed: number; active: number; oldestWaitingAgeSeconds: number }>;
  close(): Promise<void>;
}

export async function startWebhooks(config: Config, store: Store, logger: Logger, hooks: WebhookHooks = {}): Promise<WebhookHandle> {
  const webhooks = createWebhooks(store.redis, store.keys, { maxEndpoints: config.webhookMaxEndpoints });
  const batches = createBatches(store.redis, store.keys, { recordTtlMs: store.recordTtlMs });
  const prefix = queuePrefix(config.keyPrefix);
  const attempts = attemptsWithin(config.webhookRetryHours * 3_600_000, config.webhookRetryFirstMs);
  // As the collection workers: reconnect within a second of Redis coming back; watched.
  const queueConnection = bullConnection(config.redisUrl, 'listings-webhooks-queue');
  const workerConnection = bullConnection(config.redisUrl, 'listings-webhooks-worker');
  const queue = new Queue<DeliveryJobData>(WEBHOOK_QUEUE, { connection: queueConnection, prefix });
  queue.on('error', () => undefined);
  // The dispatcher blocks on XREADGROUP: its own connection, so other commands never wait behind it.
  const reader = connectRedis(config.redisUrl, { name: 'listings-webhooks-outbox', failFast: false });
  const outbox = createWebhooks(reader, store.keys, { maxEndpoints: config.webhookMaxEndpoints });
  const consumer = `worker-${process.pid}-${base62(8)}`;

  async function enqueue(account: string, mode: 'live' | 'sandbox', event: WebhookEvent): Promise<number> {
    const endpoints = await webhooks.subscribed(account, mode, event.type);
    const body = JSON.stringify(event);
    await Promise.all(endpoints.map((e) => queue.add('deliver', { account, endpointId: e.id, eventId: event.id, eventType: event.type, body }, {
      jobId: `${event.id}.${e.id}`,
      attempts,
      backoff: { type: 'webhook' },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    })));
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

  const worker = new Worker<DeliveryJobData, DeliveryResult>(WEBHOOK_QUEUE, async (job: Job<DeliveryJobData>) => {
    const d = job.data;
    const endpoint = await webhooks.forDelivery(d.account, d.endpointId);
    if (!endpoint || !endpoint.enabled) {
      hooks.onAttempt?.('dropped', 0);
      return 'dropped';
    }
    const t = Math.floor(Date.now() / 1000);
    const attempt = job.attemptsMade + 1;
    const outcome: DeliveryOutcome = await deliver({
      url: endpoint.url,
      body: d.body,
      headers: {
        [SIGNATURE_HEADER]: signature(endpoint.secret, d.body, t),
        'Listings-Event-Id': d.eventId,
        'Listings-Event-Type': d.eventType,
        'Listings-Delivery-Attempt': String(attempt),
        'User-Agent': 'listings-webhooks/1',
      },
      timeoutMs: config.webhookTimeoutMs,
      mode: endpoint.mode,
      ...(hooks.resolver ? { resolver: hooks.resolver } : {}),
    });
    const disabled = await webhooks.recordAttempt(d.account, d.endpointId, {
      at: new Date().toISOString(), event_id: d.eventId, event_type: d.eventType, attempt, ok: outcome.ok, status: outcome.status, ms: outcome.ms, error: outcome.error,
    }, config.webhookDisableAfterHours * 3_600_000);
    if (outcome.ok) {
      hooks.onAttempt?.('delivered', outcome.ms);
      return 'delivered';
    }
    if (disabled) {
      hooks.onDisabled?.();
      hooks.onAttempt?.('disabled', outcome.ms);
      logger.warn({ endpointId: d.endpointId }, 'webhook endpoint disabled after failing too long');
      return 'disabled';
    }
    hooks.onAttempt?.('failed', outcome.ms);
    // The receiver's answer is not logged (it is theirs); the reason is.
    throw new Error(`delivery failed: ${outcome.error ?? 'unknown'}`);
  }, {
    connection: workerConnection,
    prefix,
    concurrency: config.webhookConcurrency,
    // As collections: a killed worker's delivery is taken over once its lock lapses (renewed while it runs).
    lockDuration: Math.max(config.lockDurationMs, config.webhookTimeoutMs + 1000),
    stalledInterval: config.stalledIntervalMs,
    settings: {
      backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, config.webhookRetryFirstMs),
    },
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'webhook worker connection error'));

  return {
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
      reader.disconnect();
      await loop;
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
