/**
 * The watch scripts on a real Redis (watches.ts): the comparison of a run's rows with those
 * seen (the baseline, new rows, price drops, the rules' verdict, once per run), what the watch
 * remembers (bounded, forgetting what was unseen for the retention), and the claim of periods.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { NO_RULES } from '@listings/contract';
import { createKeys } from '../keys.ts';
import { connectRedis, whenReady } from '../redis.ts';
import { createWatches, type RunRecord, type Watches } from './watches.ts';

let redis: Redis;
let watches: Watches;
const DAY = 86_400_000;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
});
afterAll(async () => {
  await redis.quit();
});
beforeEach(() => {
  watches = createWatches(redis, createKeys(uniquePrefix('watches')));
});

async function watch(notifyOnFirstRun = false): Promise<string> {
  const id = `wat_${Math.random().toString(36).slice(2).padEnd(22, '0').slice(0, 22)}`;
  const r = await watches.create({
    id, account: 'acct_1', mode: 'sandbox', max: 10, idempotencyKeyHash: null, fingerprint: 'fp',
    fields: { name: null, search: {}, searchJson: '{}', everySeconds: 3600, rules: NO_RULES, endpointId: null, notifyOnFirstRun },
  });
  expect(r.kind).toBe('created');
  return id;
}

function run(period: number): RunRecord {
  return { period, status: 'running', started_at: '', finished_at: null, request_id: null, credits: 0, cached: false, rows: null, baseline: false, superseded: false, matches: [], event_id: 'evt_watch_x', event: null, event_delivery: null, error: null };
}

const opts = { notifyOnFirstRun: false, retentionMs: 30 * DAY, maxSeen: 5 };

test('the first run is a baseline; later runs report new rows and price drops that pass, once per run', async () => {
  const id = await watch();
  await watches.claim(id, 1000, run(1000));
  const first = await watches.compare(id, 1000, [{ id: 'a', cents: 1000, passes: true }, { id: 'b', cents: 2000, passes: true }], opts);
  expect(first).toEqual({ kind: 'baseline', found: [] });
  await watches.claim(id, 2000, run(2000));
  const rows = [
    { id: 'a', cents: 900, passes: true }, // cheaper
    { id: 'b', cents: 2500, passes: true }, // dearer: remembered, not reported
    { id: 'c', cents: 500, passes: true }, // new
    { id: 'd', cents: null, passes: true }, // new, no price
    { id: 'e', cents: 100, passes: false }, // new, refused by the rules
  ];
  const second = await watches.compare(id, 2000, rows, opts);
  expect(second).toEqual({ kind: 'applied', found: [{ id: 'a', reason: 'price_drop', previousCents: 1000 }, { id: 'c', reason: 'new', previousCents: null }, { id: 'd', reason: 'new', previousCents: null }] });
  // The same run compared again (a resumed run) gets the same answer, whatever the rows now.
  expect(await watches.compare(id, 2000, [{ id: 'z', cents: 1, passes: true }], opts)).toEqual(second);
  await watches.claim(id, 3000, run(3000));
  // b fell back from 2500 to 2400 (below its last price, not below its first); e passes now but is no longer new.
  expect(await watches.compare(id, 3000, [{ id: 'b', cents: 2400, passes: true }, { id: 'e', cents: 100, passes: true }], opts)).toEqual({ kind: 'applied', found: [{ id: 'b', reason: 'price_drop', previousCents: 2500 }] });
  // An older period compared after a newer one compares nothing.
  await watches.claim(id, 2500, run(2500));
  expect(await watches.compare(id, 2500, [{ id: 'q', cents: 1, passes: true }], opts)).toEqual({ kind: 'superseded', found: [] });
});

test('notify_on_first_run reports what passes on the first run', async () => {
  const id = await watch(true);
  await watches.claim(id, 1000, run(1000));
  expect(await watches.compare(id, 1000, [{ id: 'a', cents: 1, passes: true }, { id: 'b', cents: 1, passes: false }], { ...opts, notifyOnFirstRun: true })).toEqual({ kind: 'baseline', found: [{ id: 'a', reason: 'new', previousCents: null }] });
});

test('the rows remembered are bounded (the longest unseen forgotten first) and expire after the retention', async () => {
  const id = await watch();
  const now = Date.now();
  await watches.claim(id, 1000, run(1000));
  await watches.compare(id, 1000, ['a', 'b', 'c'].map((x) => ({ id: x, cents: 100, passes: true })), { ...opts, nowMs: now - 32 * DAY });
  await watches.claim(id, 2000, run(2000));
  await watches.compare(id, 2000, ['d', 'e', 'f', 'g'].map((x) => ({ id: x, cents: 100, passes: true })), { ...opts, nowMs: now - DAY });
  // a, b, c were last seen 32 days ago, 31 before that run: forgotten.
  expect(await watches.seenCount(id)).toBe(4);
  await watches.claim(id, 3000, run(3000));
  const found = await watches.compare(id, 3000, ['a', 'h', 'i'].map((x) => ({ id: x, cents: 100, passes: true })), { ...opts, nowMs: now });
  // a comes back as new; with 7 rows over the bound of 5, the two seen longest ago (of d-g) go.
  expect(found?.found.map((f) => f.id)).toEqual(['a', 'h', 'i']);
  expect(await watches.seenCount(id)).toBe(5);
  const ttl = await redis.pttl(`${watches.keys.seen(id)}`);
  expect(ttl).toBeGreaterThan(29 * DAY);
});

test('a period is claimed once; a paused or deleted watch claims nothing', async () => {
  const id = await watch();
  expect((await watches.claim(id, 1000, run(1000))).kind).toBe('claimed');
  expect((await watches.claim(id, 1000, run(1000))).kind).toBe('resume');
  expect((await watches.claim(id, 500, run(500))).kind).toBe('late');
  expect(await watches.update('acct_1', 'sandbox', id, { status: 'paused' }, true)).toMatchObject({ status: 'paused' });
  expect((await watches.claim(id, 2000, run(2000))).kind).toBe('paused');
  expect(await watches.remove('acct_1', 'sandbox', id)).toBe(true);
  expect((await watches.claim(id, 3000, run(3000))).kind).toBe('gone');
  expect(await watches.compare(id, 1000, [], opts)).toBeNull();
  expect(await watches.setRun(id, { ...run(1000), status: 'complete' }, 'running')).toBe(false);
});
