/**
 * @module webhook-metrics
 * The webhook figures of a worker process, on its `/metrics` registry: delivery attempts by
 * outcome (`delivered`, `failed` (to be retried), `dropped` (endpoint deleted or disabled),
 * `disabled` (this failure disabled the endpoint), `expired` (attempts spent, or its retry window
 * passed while it waited)) with their latency, deliveries put back without an attempt by reason
 * (`busy`: its endpoint's or account's in-flight bound; `circuit_open`), endpoints disabled, and
 * the delivery queue's depth by state and the age of its oldest waiting delivery (read from
 * Redis at scrape time, so every worker reports the same fleet-wide figures: take max, not sum;
 * one read serves both gauges and every scrape within `readIntervalMs`, METRICS_READ_INTERVAL_MS
 * in a worker process, so scrapes never multiply the load on Redis).
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { oncePerInterval } from '@listings/config';
import type { DeferReason, DeliveryResult, WebhookHandle, WebhookHooks } from './webhooks.ts';

export function webhookMetrics(registry: Registry, handle: () => WebhookHandle | null, opts: { readIntervalMs?: number } = {}): Required<Pick<WebhookHooks, 'onAttempt' | 'onDisabled' | 'onDeferred'>> {
  const registers = [registry];
  const stats = oncePerInterval(async () => (await handle()?.stats()) ?? null, opts.readIntervalMs ?? 0);
  const attempts = new Counter({ name: 'listings_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome (delivered, failed, dropped, disabled, expired).', labelNames: ['outcome'] as const, registers });
  const seconds = new Histogram({ name: 'listings_webhook_delivery_seconds', help: 'Time of one webhook delivery attempt by outcome.', labelNames: ['outcome'] as const, buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers });
  const deferred = new Counter({ name: 'listings_webhook_deferrals_total', help: 'Webhook deliveries put back without spending an attempt, by reason (busy: the endpoint or account has its most in flight; circuit_open).', labelNames: ['reason'] as const, registers });
  const disabled = new Counter({ name: 'listings_webhook_endpoints_disabled_total', help: 'Webhook endpoints disabled after failing for WEBHOOK_DISABLE_AFTER_HOURS.', registers });
  new Gauge({
    name: 'listings_webhook_queue_jobs',
    help: 'Webhook deliveries in the fleet-wide queue by state (waiting, delayed for a retry, active).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      try {
        const s = await stats();
        if (!s) return;
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'delayed' }, s.delayed);
        this.set({ state: 'active' }, s.active);
      } catch {
        // Redis away: the gauge keeps its last figures.
      }
    },
  });
  new Gauge({
    name: 'listings_webhook_queue_oldest_waiting_seconds',
    help: 'Age of the oldest webhook delivery waiting for a worker (0 when none).',
    registers,
    async collect() {
      try {
        const s = await stats();
        if (s) this.set(s.oldestWaitingAgeSeconds);
      } catch {
        // as above
      }
    },
  });
  return {
    onAttempt(outcome: DeliveryResult, ms: number) {
      attempts.inc({ outcome });
      seconds.observe({ outcome }, ms / 1000);
    },
    onDisabled() {
      disabled.inc();
    },
    onDeferred(reason: DeferReason) {
      deferred.inc({ reason });
    },
  };
}
