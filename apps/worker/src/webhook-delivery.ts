/**
 * @module webhook-delivery
 * One webhook delivery job as a processor, `(job, signal) → outcome`, made of three named steps
 * (docs/webhooks.md "Delivery"; webhooks.ts runs it on the BullMQ worker of the `webhooks` queue
 * and turns its outcome into BullMQ's terms):
 *
 * 1. **pick**: the endpoint as it is now (deleted or disabled: the delivery is dropped) and an
 *    admission for an attempt (the store's acquire script): the endpoint's and the account's
 *    in-flight bounds, the endpoint's circuit, the attempts begun. A delivery turned away is
 *    deferred without spending an attempt, unless it has waited longer than its retry window
 *    allows (expired); one whose attempts were all begun (some by workers that died during
 *    them) is over (expired).
 * 2. **send**: the event signed with the endpoint's current secret and POSTed (@listings/webhooks
 *    deliver: timeout, no redirects, addresses checked at connect time), bounded by the timeout
 *    and by the signal.
 * 3. **record**: the leases returned and the circuit told (the store's settle script), the
 *    attempt logged on the endpoint (which disables it once it has failed for too long), and
 *    the delivery marked delivered, or forgotten when it is over, or left for a retry.
 *
 * An attempt the signal interrupted is not recorded: as after a worker's death mid-attempt, its
 * leases lapse by themselves and the attempt it began stays counted; the job is retried.
 * `processDelivery` is the order of the steps alone; the steps are `createDeliverySteps`'
 * (the webhook records in Redis, one POST), or a test's.
 */
import { legacyStorage, type FairnessLimits, type Webhooks, type WebhookEventType } from '@listings/store';
import { deliver, logged, signature, SIGNATURE_HEADER, type DeliveryOutcome as AttemptOutcome, type Resolver } from '@listings/webhooks';

/** What a delivery job carries. */
export interface DeliveryJobData {
  account: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The event as sent (the same bytes on every attempt; signed at send time). */
  body: string;
}

/** One delivery job as the processor sees it (BullMQ's job, or a test's). */
export interface DeliveryJob {
  /** The delivery's ID, the same on every attempt, retry and redelivery after a crash: `<event id>.<endpoint id>`. */
  id: string;
  data: DeliveryJobData;
  /** When the delivery was queued (ms since epoch): its retry window counts from then. */
  queuedAt: number;
}

/** An attempt's outcome, or a delivery ended without one (`dropped`: endpoint deleted or disabled; `expired`: attempts spent or retry window passed). */
export type DeliveryResult = 'delivered' | 'failed' | 'dropped' | 'disabled' | 'expired';

/** Why a delivery was put back without an attempt: its endpoint's or account's in-flight bound (`busy`), or its endpoint's open circuit. */
export type DeferReason = 'busy' | 'circuit_open';

/** What one run of a delivery job came to. */
export type DeliveryJobOutcome =
  /** The receiver answered 2xx. */
  | { kind: 'delivered'; attempt: number; ms: number }
  /** No attempt: the endpoint was deleted, or is disabled. */
  | { kind: 'dropped'; reason: 'endpoint_removed' | 'endpoint_disabled' }
  /** The attempt failed and, the endpoint having failed for too long, disabled it: the delivery is over. */
  | { kind: 'disabled'; attempt: number; ms: number }
  /** The attempt failed; attempts remain (retried with backoff). */
  | { kind: 'retry'; attempt: number; ms: number; error: string }
  /** The last attempt failed: the delivery is over. */
  | { kind: 'gave_up'; attempt: number; ms: number; error: string }
  /** No attempt, and none to come: every attempt was begun (`spent`), or it waited past its retry window (`window`). */
  | { kind: 'expired'; reason: 'spent'; attempts: number }
  | { kind: 'expired'; reason: 'window' }
  /** No attempt now: put back for `delayMs` without spending one. */
  | { kind: 'deferred'; reason: DeferReason; delayMs: number }
  /** The signal ended the attempt before an answer: nothing recorded (retried, as after a worker's death). */
  | { kind: 'interrupted'; attempt: number };

/** An admitted attempt: the endpoint to send to and the attempt's number. */
export interface Picked {
  url: string;
  secret: string;
  mode: 'live' | 'sandbox';
  attempt: number;
}

/** What an attempt did, and when it began (ms since epoch). */
export interface Sent {
  outcome: AttemptOutcome;
  begunAt: number;
}

export interface DeliverySteps {
  /** The endpoint and an admitted attempt, or why no attempt is made now. */
  pick(job: DeliveryJob): Promise<Picked | { outcome: DeliveryJobOutcome }>;
  /** The attempt: the event signed and POSTed, bounded by the timeout and the signal. */
  send(job: DeliveryJob, picked: Picked, signal: AbortSignal): Promise<Sent>;
  /** The attempt's outcome recorded: leases back, circuit told, logged on the endpoint, the delivery marked or forgotten. */
  record(job: DeliveryJob, picked: Picked, sent: Sent): Promise<DeliveryJobOutcome>;
}

/** One delivery job, step by step. */
export async function processDelivery(steps: DeliverySteps, job: DeliveryJob, signal: AbortSignal): Promise<DeliveryJobOutcome> {
  const picked = await steps.pick(job);
  if ('outcome' in picked) return picked.outcome;
  const sent = await steps.send(job, picked, signal);
  if (sent.outcome.interrupted) return { kind: 'interrupted', attempt: picked.attempt };
  return steps.record(job, picked, sent);
}

/** A lease outlives its attempt's timeout by this much (recording the outcome). */
export const LEASE_MARGIN_MS = 5000;
/** A delivery deferred past this many retry windows (counted from its event) ends. */
export const GIVE_UP_AFTER_WINDOWS = 1.5;
/** How long a delivered event is remembered, so that queueing it again delivers nothing (the outbox's replays come within minutes). */
export const DELIVERED_KEPT_MS = 24 * 3_600_000;

/** How long a delivery waits for an in-flight slot: 200 ms doubling with each wait in a row, to 5 s, ±50 %. */
export function busyDelayMs(deferrals: number, random: () => number = Math.random): number {
  return Math.min(5000, 200 * 2 ** Math.min(5, Math.max(0, deferrals - 1))) * (0.5 + random());
}

/** The fairness limits of deliveries from the settings: `attempts` within the retry window, leases as long as an attempt can take. */
export function deliveryLimits(s: {
  webhookEndpointInFlight: number; webhookAccountInFlight: number; webhookCircuitFailures: number; webhookCircuitCooldownMs: number; webhookTimeoutMs: number;
}, attempts: number, retryWindowMs: number): FairnessLimits {
  return {
    endpointInFlight: s.webhookEndpointInFlight,
    accountInFlight: s.webhookAccountInFlight,
    circuitFailures: s.webhookCircuitFailures,
    circuitCooldownMs: s.webhookCircuitCooldownMs,
    // An attempt ends by its timeout (name resolution included); the margin covers recording it.
    leaseMs: s.webhookTimeoutMs + LEASE_MARGIN_MS,
    maxAttempts: attempts,
    deliveryTtlMs: Math.ceil(retryWindowMs * GIVE_UP_AFTER_WINDOWS) + 24 * 3_600_000,
  };
}

export interface DeliveryDeps {
  webhooks: Pick<Webhooks, 'forDelivery' | 'acquire' | 'settle' | 'recordAttempt' | 'forget' | 'delivered'>;
  limits: FairnessLimits;
  /** WEBHOOK_RETRY_HOURS in ms. */
  retryWindowMs: number;
  /** WEBHOOK_DISABLE_AFTER_HOURS in ms. */
  disableAfterMs: number;
  /** WEBHOOK_TIMEOUT_MS. */
  timeoutMs: number;
  /** WEBHOOK_SANDBOX_LOOPBACK. */
  sandboxLoopback: boolean;
  /** Test hook: how names resolve (SSRF tests). */
  resolver?: Resolver;
  /** The jitter of deferrals (tests: fixed). */
  random?: () => number;
}

export function createDeliverySteps(deps: DeliveryDeps): DeliverySteps {
  const { webhooks, limits } = deps;
  const random = deps.random ?? Math.random;

  /** No attempt now: back in `ms`, or over when it has waited longer than its retry window allows. */
  async function defer(job: DeliveryJob, ms: number, reason: DeferReason): Promise<{ outcome: DeliveryJobOutcome }> {
    if (Date.now() - job.queuedAt > deps.retryWindowMs * GIVE_UP_AFTER_WINDOWS) {
      await webhooks.forget(job.data.account, job.id).catch(() => undefined);
      return { outcome: { kind: 'expired', reason: 'window' } };
    }
    return { outcome: { kind: 'deferred', reason, delayMs: Math.max(1, Math.round(ms)) } };
  }

  return {
    async pick(job) {
      const d = job.data;
      const endpoint = await webhooks.forDelivery(d.account, d.endpointId);
      if (!endpoint || !endpoint.enabled) {
        await webhooks.forget(d.account, job.id);
        return { outcome: { kind: 'dropped', reason: endpoint ? 'endpoint_disabled' : 'endpoint_removed' } };
      }
      const admission = await webhooks.acquire(d.account, d.endpointId, job.id, limits);
      switch (admission.kind) {
        case 'spent':
          // Every attempt was begun (some by workers that died during them): over for good.
          await webhooks.forget(d.account, job.id);
          return { outcome: { kind: 'expired', reason: 'spent', attempts: admission.attempts } };
        case 'open':
          return defer(job, admission.retryInMs + random() * Math.min(1000, limits.circuitCooldownMs / 10), 'circuit_open');
        case 'probing':
          return defer(job, Math.min(2000, Math.max(250, admission.retryInMs)) + random() * 500, 'circuit_open');
        case 'busy':
          return defer(job, busyDelayMs(admission.deferrals, random), 'busy');
        case 'go':
          return { url: endpoint.url, secret: endpoint.secret, mode: endpoint.mode, attempt: admission.attempt };
      }
    },

    async send(job, picked, signal) {
      const d = job.data;
      const begunAt = Date.now();
      const outcome = await deliver({
        url: picked.url,
        body: d.body,
        headers: {
          [SIGNATURE_HEADER]: signature(picked.secret, d.body, Math.floor(begunAt / 1000)),
          'Listings-Event-Id': d.eventId,
          'Listings-Event-Type': d.eventType,
          'Listings-Delivery-Id': job.id,
          'Listings-Delivery-Attempt': String(picked.attempt),
          'User-Agent': 'listings-webhooks/1',
        },
        timeoutMs: deps.timeoutMs,
        mode: picked.mode,
        sandboxLoopback: deps.sandboxLoopback,
        signal,
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
      });
      return { outcome, begunAt };
    },

    async record(job, picked, { outcome, begunAt }) {
      const d = job.data;
      const { attempt } = picked;
      // Leases back and the circuit told (a lease lapses by itself if this process dies first).
      await webhooks.settle(d.account, d.endpointId, job.id, outcome.ok, limits);
      // The account sees its receiver's status and the reason, but nothing of a loopback target's failure (not a port scanner).
      const shown = logged(outcome);
      // When the attempt began, not when it ended: the end tells a silent listener (the timeout)
      // from a closed port (at once); a loopback failure's time is shown to the minute only.
      const at = outcome.loopback && !outcome.ok ? Math.floor(begunAt / 60_000) * 60_000 : begunAt;
      const disabled = await webhooks.recordAttempt(d.account, d.endpointId, {
        at: new Date(at).toISOString(), event_id: d.eventId, event_type: d.eventType, attempt, ...shown,
      }, deps.disableAfterMs);
      const ms = outcome.ms;
      if (outcome.ok) {
        if (legacyStorage.on) await webhooks.forget(d.account, job.id); // legacy (bench): its job is kept instead
        else await webhooks.delivered(d.account, job.id, DELIVERED_KEPT_MS);
        return { kind: 'delivered', attempt, ms };
      }
      if (disabled) {
        await webhooks.forget(d.account, job.id);
        return { kind: 'disabled', attempt, ms };
      }
      // The receiver's answer is not logged (it is theirs); the reason is.
      const error = shown.error ?? 'unknown';
      if (attempt >= limits.maxAttempts) {
        await webhooks.forget(d.account, job.id);
        return { kind: 'gave_up', attempt, ms, error };
      }
      return { kind: 'retry', attempt, ms, error };
    },
  };
}
