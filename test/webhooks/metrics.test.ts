/**
 * The worker's webhook figures on its /metrics registry: attempts by outcome with their
 * latency, endpoints disabled, and the delivery queue's depth by state and oldest waiting age
 * (read at scrape time; when Redis is away the gauges keep their last figures).
 */
import { Registry } from 'prom-client';
import { webhookMetrics } from '../../apps/worker/src/webhook-metrics.ts';
import type { WebhookHandle } from '../../apps/worker/src/webhooks.ts';

function value(text: string, line: RegExp): number | null {
  const m = line.exec(text);
  return m ? Number(m[1]) : null;
}

test('attempts by outcome, endpoints disabled, queue depth and age', async () => {
  const registry = new Registry();
  let stats = { waiting: 4, delayed: 3, active: 1, oldestWaitingAgeSeconds: 12.5 };
  let redisAway = false;
  const handle: WebhookHandle = {
    stats: async () => {
      if (redisAway) throw new Error('Redis away');
      return stats;
    },
    close: async () => undefined,
  };
  const hooks = webhookMetrics(registry, () => handle);
  hooks.onAttempt('delivered', 120);
  hooks.onAttempt('delivered', 80);
  hooks.onAttempt('failed', 10_000);
  hooks.onAttempt('disabled', 30);
  hooks.onDisabled();
  hooks.onAttempt('expired', 0);
  hooks.onDeferred('busy');
  hooks.onDeferred('busy');
  hooks.onDeferred('circuit_open');

  let text = await registry.metrics();
  expect(value(text, /^listings_webhook_deliveries_total\{outcome="delivered"\} (\d+)$/mu)).toBe(2);
  expect(value(text, /^listings_webhook_deliveries_total\{outcome="failed"\} (\d+)$/mu)).toBe(1);
  expect(value(text, /^listings_webhook_deliveries_total\{outcome="disabled"\} (\d+)$/mu)).toBe(1);
  expect(value(text, /^listings_webhook_delivery_seconds_count\{outcome="delivered"\} (\d+)$/mu)).toBe(2);
  expect(value(text, /^listings_webhook_delivery_seconds_sum\{outcome="delivered"\} ([\d.]+)$/mu)).toBeCloseTo(0.2);
  expect(value(text, /^listings_webhook_endpoints_disabled_total (\d+)$/mu)).toBe(1);
  expect(value(text, /^listings_webhook_deliveries_total\{outcome="expired"\} (\d+)$/mu)).toBe(1);
  // Deliveries put back without an attempt, by reason (not attempts: not in deliveries_total).
  expect(value(text, /^listings_webhook_deferrals_total\{reason="busy"\} (\d+)$/mu)).toBe(2);
  expect(value(text, /^listings_webhook_deferrals_total\{reason="circuit_open"\} (\d+)$/mu)).toBe(1);
  expect(value(text, /^listings_webhook_queue_jobs\{state="waiting"\} (\d+)$/mu)).toBe(4);
  expect(value(text, /^listings_webhook_queue_jobs\{state="delayed"\} (\d+)$/mu)).toBe(3);
  expect(value(text, /^listings_webhook_queue_jobs\{state="active"\} (\d+)$/mu)).toBe(1);
  expect(value(text, /^listings_webhook_queue_oldest_waiting_seconds ([\d.]+)$/mu)).toBe(12.5);

  // Read again at the next scrape; kept as they were while Redis is away.
  stats = { waiting: 0, delayed: 9, active: 0, oldestWaitingAgeSeconds: 0 };
  text = await registry.metrics();
  expect(value(text, /^listings_webhook_queue_jobs\{state="delayed"\} (\d+)$/mu)).toBe(9);
  redisAway = true;
  stats = { waiting: 7, delayed: 7, active: 7, oldestWaitingAgeSeconds: 7 };
  text = await registry.metrics();
  expect(value(text, /^listings_webhook_queue_jobs\{state="delayed"\} (\d+)$/mu)).toBe(9);
  expect(value(text, /^listings_webhook_queue_oldest_waiting_seconds ([\d.]+)$/mu)).toBe(0);
});

test('before the worker has started its webhooks, the queue gauges are simply absent of figures', async () => {
  const registry = new Registry();
  webhookMetrics(registry, () => null);
  const text = await registry.metrics();
  expect(text).not.toMatch(/^listings_webhook_queue_jobs\{/mu);
  expect(text).toContain('# TYPE listings_webhook_queue_oldest_waiting_seconds gauge');
});
