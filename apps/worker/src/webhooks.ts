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
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@listings/config';
import { JOB_ERRORS, type JobErrorCode } from '@listings/contract';
import {
  base62, batchCounts, bullConnection, connectRedis, createBatches, createWebhooks, isoWithOffset, legacyStorage, queuePrefix, readBatchState, type FairnessLimits, type OutboxEntry, type Store, type WebhookEventType,
} from '@listings/store';
import {
  attemptsWithin, batchSettledEvent, deliver, jobSettledEvent, logged, resultWithoutRows, retryDelayMs, signature, SIGNATURE_HEADER,
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

/** An attempt's outcome, or a delivery ended without one (`dropped`: endpoint deleted or disabled; `expired`: attempts spent or retry window passed). */
export type DeliveryResult = 'delivered' | 'failed' | 'dropped' | 'disabled' | 'expired';

/** Why a delivery was put back without an attempt: its endpoint's or account's in-flight bound (`busy`), or its endpoint's open circuit. */
export type DeferReason = 'busy' | 'circuit_open';

/** A lease outlives its attempt's timeout by this much (recording the outcome). */
const LEASE_MARGIN_MS = 5000;
/** A delivery deferred past this many retry windows (counted from its event) ends. */
const GIVE_UP_AFTER_WINDOWS = 1.5;
/** BullMQ's stall limit for deliveries: in effect none (see the worker's options). */
export const MAX_STALLS = 1_000_000;

/** The delivery's ID (the same on every attempt, retry and redelivery after a crash): `<event id>.<endpoint id>`. */
/** How long a delivered event is remembered, so that queueing it again delivers nothing (the outbox's replays come within minutes). */
const DELIVERED_KEPT_MS = 24 * 3_600_000;

function deliveryId(job: Job<DeliveryJobData>): string {
  return job.id ?? `${job.data.eventId}.${job.data.endpointId}`;
}

/** How long a delivery waits for an in-flight slot: 200 ms doubling with each wait in a row, to 5 s, ±50 %. */
export function busyDelayMs(deferrals: number, random: () => number = Math.random): number {
  return Math.min(5000, 200 * 2 ** Math.min(5, Math.max(0, deferrals - 1))) * (0.5 + random());
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
  const limits: FairnessLimits = {
    endpointInFlight: config.webhookEndpointInFlight,
    accountInFlight: config.webhookAccountInFlight,
    circuitFailures: config.webhookCircuitFailures,
    circuitCooldownMs: config.webhookCircuitCooldownMs,
    // An attempt ends by its timeout (name resolution included); the margin covers recording it.
    leaseMs: config.webhookTimeoutMs + LEASE_MARGIN_MS,
    maxAttempts: attempts,
    deliveryTtlMs: Math.ceil(retryWindowMs * GIVE_UP_AFTER_WINDOWS) + 24 * 3_600_000,
  };

  /**
   * Puts the delivery back for `ms` without spending an attempt (BullMQ's moveToDelayed keeps
   * attemptsMade; our own count only grows on an attempt begun). A delivery turned away for
   * longer than its retry window allows (an endpoint whose circuit never closes, and which is
   * not yet disabled) ends then.
   */
  async function defer(job: Job<DeliveryJobData>, token: string | undefined, ms: number, reason: DeferReason): Promise<never> {
    if (Date.now() - job.timestamp > retryWindowMs * GIVE_UP_AFTER_WINDOWS) {
      await webhooks.forget(job.data.account, deliveryId(job)).catch(() => undefined);
      hooks.onAttempt?.('expired', 0);
      throw new UnrecoverableError('delivery expired: its retry window passed while it waited');
    }
    hooks.onDeferred?.(reason);
    await job.moveToDelayed(Date.now() + Math.max(1, Math.round(ms)), token);
    throw new DelayedError();
  }

  const worker = new Worker<DeliveryJobData, DeliveryResult>(WEBHOOK_QUEUE, async (job: Job<DeliveryJobData>, token?: string) => {
    const d = job.data;
    const id = deliveryId(job);
    const endpoint = await webhooks.forDelivery(d.account, d.endpointId);
    if (!endpoint || !endpoint.enabled) {
      await webhooks.forget(d.account, id);
      hooks.onAttempt?.('dropped', 0);
      return 'dropped';
    }
    const admission = await webhooks.acquire(d.account, d.endpointId, id, limits);
    switch (admission.kind) {
      case 'spent':
        // Every attempt was begun (some by workers that died during them): over for good.
        await webhooks.forget(d.account, id);
        hooks.onAttempt?.('expired', 0);
        throw new UnrecoverableError(`delivery failed: all ${admission.attempts} attempts spent`);
      case 'open':
        return defer(job, token, admission.retryInMs + Math.random() * Math.min(1000, limits.circuitCooldownMs / 10), 'circuit_open');
      case 'probing':
        return defer(job, token, Math.min(2000, Math.max(250, admission.retryInMs)) + Math.random() * 500, 'circuit_open');
      case 'busy':
        return defer(job, token, busyDelayMs(admission.deferrals), 'busy');
      case 'go':
        break;
    }
    const attempt = admission.attempt;
    const begun = Date.now();
    const t = Math.floor(begun / 1000);
    const outcome: DeliveryOutcome = await deliver({
      url: endpoint.url,
      body: d.body,
      headers: {
        [SIGNATURE_HEADER]: signature(endpoint.secret, d.body, t),
        'Listings-Event-Id': d.eventId,
        'Listings-Event-Type': d.eventType,
        'Listings-Delivery-Id': id,
        'Listings-Delivery-Attempt': String(attempt),
        'User-Agent': 'listings-webhooks/1',
      },
      timeoutMs: config.webhookTimeoutMs,
      mode: endpoint.mode,
      sandboxLoopback: config.webhookSandboxLoopback,
      ...(hooks.resolver ? { resolver: hooks.resolver } : {}),
    });
    // Leases back and the circuit told (a lease lapses by itself if this process dies first).
    await webhooks.settle(d.account, d.endpointId, id, outcome.ok, limits);
    // The account sees its receiver's status and the reason, but nothing of a loopback target's failure (not a port scanner).
    const shown = logged(outcome);
    // When the attempt began, not when it ended: the end tells a silent listener (the timeout)
    // from a closed port (at once); a loopback failure's time is shown to the minute only.
    const at = outcome.loopback && !outcome.ok ? Math.floor(begun / 60_000) * 60_000 : begun;
    const disabled = await webhooks.recordAttempt(d.account, d.endpointId, {
      at: new Date(at).toISOString(), event_id: d.eventId, event_type: d.eventType, attempt, ...shown,
    }, config.webhookDisableAfterHours * 3_600_000);
    const ms = outcome.ms;
    if (outcome.ok) {
      if (legacyStorage.on) await webhooks.forget(d.account, id); // legacy (bench): its job is kept instead
      else await webhooks.delivered(d.account, id, DELIVERED_KEPT_MS);
      hooks.onAttempt?.('delivered', ms);
      return 'delivered';
    }
    if (disabled) {
      await webhooks.forget(d.account, id);
      hooks.onDisabled?.();
      hooks.onAttempt?.('disabled', ms);
      logger.warn({ endpointId: d.endpointId }, 'webhook endpoint disabled after failing too long');
      return 'disabled';
    }
    hooks.onAttempt?.('failed', ms);
    // The receiver's answer is not logged (it is theirs); the reason is.
    if (attempt >= attempts) {
      await webhooks.forget(d.account, id);
      throw new UnrecoverableError(`delivery failed: ${shown.error ?? 'unknown'} (all ${attempts} attempts spent)`);
    }
    throw new Error(`delivery failed: ${shown.error ?? 'unknown'}`);
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
      reader.disconnect();
      await loop;
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
