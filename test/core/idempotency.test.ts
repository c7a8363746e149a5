/**
 * Idempotency-Key on search routes (decisions.md "Idempotency"): the same key with the same
 * normalized parameters answers the same job again (200 complete, 202 pending, 503 failed,
 * each with `Idempotent-Replayed: true`) and charges nothing more; other parameters, another
 * route or another mode answer 409; keys are scoped to the account; a request refused by
 * validation stores nothing; concurrent retries with one key make one job and one charge.
 */
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { DEFAULT_RETRY_AFTER, JOB_ERRORS } from '@listings/contract';
import { replayRetryAfter } from '@listings/api';
import { enc, expectError, get, poll, submit, uniqueQ } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, env: { JOB_ATTEMPTS: '1' } });
});
afterEach(() => {
  for (const t of Object.keys(TEST_MARKETPLACES)) stack.sim.setFaults(t, { fault: 'none', latencyMs: 0 });
});
afterAll(async () => {
  await stack?.close();
});

const ik = (): [string, string] => ['Idempotency-Key', `k-${Math.random().toString(36).slice(2)}`];

async function usage(account: string): Promise<{ pending: number; chargedTotal: number }> {
  const u = await stack.services.store.usage(account, 'sandbox');
  return { pending: u.pending, chargedTotal: u.chargedTotal };
}

test('replay of a pending job: 202 with the same job, Location and Retry-After, replayed', async () => {
  stack.sim.setFaults('mkt_a', { latencyMs: 300 });
  const { key, account } = await stack.newKey();
  const k = ik();
  const path = `/v1/mkt_a/sold?q=${enc(uniqueQ('pending'))}`;
  const first = await get(stack, path, key, [k]);
  expect(first.status).toBe(202);
  expect(first.header('idempotent-replayed')).toBeUndefined();
  const again = await get(stack, path, key, [k]);
  expect(again.status).toBe(202);
  expect(again.header('idempotent-replayed')).toBe('true');
  expect(again.json).toEqual(first.json);
  expect(again.header('location')).toBe(first.header('location'));
  expect(again.header('retry-after')).toBe('2');
  expect(await usage(account)).toEqual({ pending: 1, chargedTotal: 0 });
});

test('replay of a complete job: 200 with the same job and result, replayed, nothing more charged; q spacing folds', async () => {
  const { key, account } = await stack.newKey();
  const k = ik();
  const q = uniqueQ('complete');
  const first = await get(stack, `/v1/mkt_b/sold?q=${enc(q)}&condition=ug`, key, [k]);
  const done = await poll(stack, key, first.json!.request_id as string);
  expect(done.json).toMatchObject({ status: 'complete', credits: 1 });
  for (const path of [`/v1/mkt_b/sold?q=${enc(q)}&condition=ug`, `/v1/mkt_b/sold?condition=ug&q=${enc(`  ${q.replace(' ', '  ')} `)}`]) {
    const again = await get(stack, path, key, [k]);
    expect(again.status).toBe(200);
    expect(again.header('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(done.json);
  }
  expect(await usage(account)).toEqual({ pending: 0, chargedTotal: 1 });
});

test('replay of a cache hit: the same hit job again, charged once', async () => {
  const { key, account } = await stack.newKey();
  const q = uniqueQ('hit');
  await poll(stack, key, (await get(stack, `/v1/mkt_c/sold?q=${enc(q)}`, key)).json!.request_id as string);
  const k = ik();
  const hit = await get(stack, `/v1/mkt_c/sold?q=${enc(q)}`, key, [k]);
  expect(hit.json).toMatchObject({ status: 'complete', cached: true });
  const again = await get(stack, `/v1/mkt_c/sold?q=${enc(q)}`, key, [k]);
  expect(again.status).toBe(200);
  expect(again.header('idempotent-replayed')).toBe('true');
  expect(again.json).toEqual(hit.json);
  expect(await usage(account)).toEqual({ pending: 0, chargedTotal: 2 });
});

test('replay of a failed job: 503 with the failed job as body, Retry-After, replayed, 0 credits', async () => {
  stack.sim.setFaults('mkt_d', { fault: 'layout_changed' });
  const { key, account } = await stack.newKey();
  const k = ik();
  const path = `/v1/mkt_d/listings?q=${enc(uniqueQ('failed'))}`;
  const first = await get(stack, path, key, [k]);
  const failed = await poll(stack, key, first.json!.request_id as string);
  expect(failed.status).toBe(200);
  expect(failed.json).toMatchObject({ status: 'failed', credits: 0, error: { code: 'upstream_error' } });
  stack.sim.setFaults('mkt_d', { fault: 'none' });
  const again = await get(stack, path, key, [k]);
  expect(again.status).toBe(503);
  expect(again.header('idempotent-replayed')).toBe('true');
  // upstream_error: a new search may succeed once the marketplace recovers.
  expect(again.header('retry-after')).toBe('2');
  expect(again.header('x-request-id')).toBeTruthy();
  expect(again.json).toEqual(failed.json);
  expect(await usage(account)).toEqual({ pending: 0, chargedTotal: 0 });
  // Without the key the same search runs again (a failure is not cached).
  expect((await get(stack, path, key)).status).toBe(202);
});

test('a failed job\'s replay says whether a new search can help: page_out_of_range is Listings-Retryable: no; its poll has no Retry-After', async () => {
  const { key, account } = await stack.newKey();
  const q = uniqueQ('past');
  const first = await poll(stack, key, await submit(stack, key, `/v1/mkt_a/sold?q=${enc(q)}`));
  const last = Math.ceil((first.json!.result as { reported_total: number }).reported_total / 40);
  const k = ik();
  const path = `/v1/mkt_a/sold?q=${enc(q)}&page=${last + 1}`;
  const submitted = await get(stack, path, key, [k]);
  const failed = await poll(stack, key, submitted.json!.request_id as string);
  expect(failed.json).toMatchObject({ status: 'failed', credits: 0, error: { code: 'page_out_of_range' } });
  // Polling a failed job: 200 with the envelope, and no Retry-After (nothing to come back for).
  expect(failed.status).toBe(200);
  expect(failed.header('retry-after')).toBeUndefined();
  const again = await get(stack, path, key, [k]);
  expect(again.status).toBe(503);
  expect(again.header('idempotent-replayed')).toBe('true');
  expect(again.json).toEqual(failed.json);
  // The same page is past the end however long one waits: the contract's Retry-After is there
  // (every 503 carries one), and Listings-Retryable: no says waiting cannot help.
  expect(again.header('retry-after')).toBe('2');
  expect(again.header('listings-retryable')).toBe('no');
  expect(await usage(account)).toEqual({ pending: 0, chargedTotal: 1 });
});

test('replayRetryAfter: a figure for the codes a new search can cure, none for the others, by the catalog', () => {
  for (const code of Object.keys(JOB_ERRORS)) {
    const after = replayRetryAfter(code);
    if (['rejected', 'filter_not_supported', 'page_out_of_range'].includes(code)) expect([code, after]).toEqual([code, null]);
    else expect([code, after]).toEqual([code, expect.any(Number)]);
  }
  expect(replayRetryAfter('collection_unavailable')).toBe(DEFAULT_RETRY_AFTER.collection_unavailable);
  expect(replayRetryAfter(null)).toBe(2);
});

test('the same key with other parameters, on another route or from another mode answers 409; another account\'s key is its own', async () => {
  const { key, account } = await stack.newKey();
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  const other = await stack.newKey();
  const k = ik();
  const q = uniqueQ('conflict');
  const first = await get(stack, `/v1/mkt_a/listings?q=${enc(q)}`, key, [k]);
  expect(first.status).toBe(202);
  for (const path of [`/v1/mkt_a/listings?q=${enc(`${q}x`)}`, `/v1/mkt_a/listings?q=${enc(q)}&page=2`, `/v1/mkt_a/listings?q=${enc(q)}&sort=newest`,
    `/v1/mkt_a/listings?q=${enc(q)}&min_price=0`, `/v1/mkt_a/sold?q=${enc(q)}`, `/v1/mkt_b/listings?q=${enc(q)}`]) {
    const a = await get(stack, path, key, [k]);
    expect({ path, status: a.status }).toEqual({ path, status: 409 });
    expectError(a, 'idempotency_conflict');
    expect(a.header('idempotent-replayed')).toBeUndefined();
  }
  // The live key of the same account may not be answered the sandbox job (which it could not even poll).
  const fromLive = await get(stack, `/v1/mkt_a/listings?q=${enc(q)}`, live, [k]);
  expectError(fromLive, 'idempotency_conflict');
  const theirs = await get(stack, `/v1/mkt_a/listings?q=${enc(q)}`, other.key, [k]);
  expect([200, 202]).toContain(theirs.status);
  expect(theirs.header('idempotent-replayed')).toBeUndefined();
  expect(theirs.json!.request_id).not.toBe(first.json!.request_id);
  // The original still replays.
  expect((await get(stack, `/v1/mkt_a/listings?q=${enc(q)}`, key, [k])).header('idempotent-replayed')).toBe('true');
});

test('a request refused by validation stores nothing under its key', async () => {
  const { key, account } = await stack.newKey();
  const k = ik();
  const q = uniqueQ('refused');
  for (const bad of [`q=${enc(q)}&page=0`, `q=${enc(q)}&sort=best_deal`, `q=${enc(q)}&q=${enc(q)}`, 'q=forbidden-word']) {
    expect((await get(stack, `/v1/mkt_a/listings?${bad}`, key, [k])).status).toBe(422);
  }
  // Page 1, which every query has (a page 2 may not exist: it would fail free of charge).
  const a = await get(stack, `/v1/mkt_a/listings?q=${enc(q)}`, key, [k]);
  expect(a.status).toBe(202);
  expect(a.header('idempotent-replayed')).toBeUndefined();
  // The refused request stays refused by validation, not by the key.
  expectError(await get(stack, `/v1/mkt_a/listings?q=${enc(q)}&page=0`, key, [k]), 'unsupported_or_invalid_query', 'page');
  const u = await usage(account);
  expect(u.pending + u.chargedTotal).toBe(1);
});

test('20 concurrent retries with one key: one job, one upstream request, one charge, no 409', async () => {
  // Below the stack's 2 s upstream timeout, long enough that all 20 retries land while pending.
  stack.sim.setFaults('mkt_e', { latencyMs: 1500 });
  const { key, account } = await stack.newKey({ plan: 'business' });
  const k = ik();
  const path = `/v1/mkt_e/listings?q=${enc(uniqueQ('burst'))}`;
  const before = stack.sim.requests('mkt_e');
  const answers = await Promise.all(Array.from({ length: 20 }, () => get(stack, path, key, [k])));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
  const ids = new Set(answers.map((a) => a.json!.request_id));
  expect(ids.size).toBe(1);
  expect(answers.filter((a) => a.header('idempotent-replayed') === 'true')).toHaveLength(19);
  const done = await poll(stack, key, [...ids][0] as string);
  expect(done.json).toMatchObject({ status: 'complete', credits: 1 });
  const after = await Promise.all(Array.from({ length: 20 }, () => get(stack, path, key, [k])));
  expect(after.every((a) => a.status === 200 && a.json!.request_id === done.json!.request_id)).toBe(true);
  expect(stack.sim.requests('mkt_e') - before).toBe(1);
  expect(await usage(account)).toEqual({ pending: 0, chargedTotal: 1 });
});
