/**
 * The webhooks aggregate on a real Redis (webhooks.ts, its keys.ts and `.lua` files beside it):
 * its key table names what ../keys.ts still names, every script beside it is one it runs, and
 * an endpoint's life through them: created (full at the cap, replayed by its key), rotated,
 * disabled by failing too long (the account warned), enabled again (the warning cleared),
 * removed with its log and circuit; an attempt's admission and its settling.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dropPrefix, testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createKeys, type Keys } from '../keys.ts';
import { connectRedis, whenReady } from '../redis.ts';
import { webhookKeys } from './keys.ts';
import { createWebhooks, type FairnessLimits, type Webhooks } from './webhooks.ts';

let redis: Redis;
let keys: Keys;
let webhooks: Webhooks;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
  keys = createKeys(uniquePrefix('webhooks'));
  webhooks = createWebhooks(redis, keys, { maxEndpoints: 2 });
});
afterAll(async () => {
  await dropPrefix(redis, keys.prefix);
  await redis.quit();
});

test('its key table gives the keys ../keys.ts gives under the same prefix', () => {
  const k = webhookKeys('p:');
  const shared = createKeys('p:');
  expect([k.endpoints('a'), k.log('e'), k.circuit('a', 'e'), k.accountBusy('a'), k.endpointBusy('a', 'e'), k.delivery('a', 'd'), k.delivered('a', 'd'), k.events()]).toEqual([
    shared.webhookEndpoints('a'), shared.webhookLog('e'), shared.webhookCircuit('a', 'e'), shared.webhookBusy('a'), shared.webhookEndpointBusy('a', 'e'), shared.webhookDelivery('a', 'd'), shared.webhookDelivered('a', 'd'), shared.events(),
  ]);
});

test('every script beside the module is one it loads, and it holds no Lua of its own', () => {
  const here = new URL('./', import.meta.url);
  const source = readFileSync(new URL('webhooks.ts', here), 'utf8');
  const scripts = readdirSync(here).filter((f) => f.endsWith('.lua')).map((f) => f.slice(0, -4)).sort();
  const loaded = [...source.matchAll(/\blua\('([\w-]+)'\)/gu)].map((m) => m[1]).sort();
  expect(scripts.length).toBe(8);
  expect([...new Set(loaded)]).toEqual(scripts);
  expect(source).not.toMatch(/redis\.call\(/u);
});

test('an endpoint through its scripts: create, cap, replay, rotate, disabled by failing, enabled, removed', async () => {
  const acct = 'acct_1';
  const made = await webhooks.createOnce(acct, { mode: 'sandbox', url: 'https://example.com/a', events: ['job.settled'], enabled: true, idempotencyKeyHash: 'k1' });
  expect(made.kind).toBe('created');
  const e = (made as { endpoint: { id: string; secret: string } }).endpoint;
  expect((await webhooks.createOnce(acct, { mode: 'sandbox', url: 'https://example.com/a', events: ['job.settled'], enabled: true, idempotencyKeyHash: 'k1' })).kind).toBe('replay');
  expect((await webhooks.createOnce(acct, { mode: 'sandbox', url: 'https://example.com/b', events: ['job.settled'], enabled: true, idempotencyKeyHash: 'k1' })).kind).toBe('conflict');
  expect(await webhooks.create(acct, 'sandbox', 'https://example.com/c', ['job.settled'], true)).not.toBeNull();
  expect((await webhooks.createOnce(acct, { mode: 'sandbox', url: 'https://example.com/d', events: ['job.settled'], enabled: true })).kind).toBe('full');

  const rotated = await webhooks.rotateSecret(acct, 'sandbox', e.id);
  expect(rotated?.secret).not.toBe(e.secret);
  expect(await webhooks.rotateSecret(acct, 'live', e.id)).toBeNull();

  const entry = { at: new Date().toISOString(), event_id: 'evt_1', event_type: 'job.settled' as const, attempt: 1, ok: false, status: 500, ms: 3, error: 'answered 500' };
  // A span of 0: the first failure is already too long.
  expect(await webhooks.recordAttempt(acct, e.id, entry, 0)).toBe(true);
  expect((await webhooks.get(acct, 'sandbox', e.id))?.enabled).toBe(false);
  expect(await webhooks.warning(acct)).toMatch(new RegExp(`webhook endpoint ${e.id} was disabled`, 'u'));
  expect(await webhooks.deliveries(e.id)).toEqual([entry]);
  const enabled = await webhooks.setEnabled(acct, 'sandbox', e.id, true);
  expect(enabled).toMatchObject({ enabled: true, failing_since: null, disabled_reason: null });
  expect(await webhooks.warning(acct)).toBeNull();

  expect(await webhooks.remove(acct, 'sandbox', e.id)).toBe(true);
  expect(await webhooks.remove(acct, 'sandbox', e.id)).toBe(false);
  expect(await webhooks.deliveries(e.id)).toEqual([]);
});

test('an attempt admitted, bounded, settled; the circuit opened by failures', async () => {
  const limits: FairnessLimits = { endpointInFlight: 1, accountInFlight: 5, circuitFailures: 2, circuitCooldownMs: 60_000, leaseMs: 10_000, maxAttempts: 3, deliveryTtlMs: 60_000 };
  expect(await webhooks.acquire('acct_2', 'we_1', 'd1', limits)).toEqual({ kind: 'go', attempt: 1, probe: false });
  expect(await webhooks.acquire('acct_2', 'we_1', 'd2', limits)).toEqual({ kind: 'busy', deferrals: 1 });
  expect(await webhooks.settle('acct_2', 'we_1', 'd1', false, limits)).toBe('closed');
  expect(await webhooks.acquire('acct_2', 'we_1', 'd2', limits)).toEqual({ kind: 'go', attempt: 1, probe: false });
  expect(await webhooks.settle('acct_2', 'we_1', 'd2', false, limits)).toBe('open');
  expect(await webhooks.acquire('acct_2', 'we_1', 'd1', limits)).toMatchObject({ kind: 'open' });
  expect(await webhooks.circuit('acct_2', 'we_1')).toMatchObject({ fails: 2 });
});
