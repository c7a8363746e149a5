/**
 * `GET /v1/jobs/{id}?wait=N` (interface 4.6): held open up to N seconds and answered the moment
 * the job settles (Redis pub/sub, not a sleep loop); `wait=0` answers at once; a held poll whose
 * client goes away is released. The stack starts without a worker so the jobs stay pending
 * until the test starts one.
 */
import { request } from 'node:http';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { enc, get, sleep, submit, uniqueQ } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true });
});
afterAll(async () => {
  await stack?.close();
});

test('without a worker: wait=0 answers pending at once; wait=1 answers pending after about a second', async () => {
  const { key } = await stack.newKey();
  const id = await submit(stack, key, `/v1/mkt_a/sold?q=${enc(uniqueQ('nowait'))}`);
  const t0 = Date.now();
  const now = await get(stack, `/v1/jobs/${id}?wait=0`, key);
  expect(now.json).toMatchObject({ request_id: id, status: 'pending' });
  const held = Date.now();
  const later = await get(stack, `/v1/jobs/${id}?wait=1`, key);
  expect(later.status).toBe(200);
  expect(later.json).toMatchObject({ request_id: id, status: 'pending' });
  expect(Date.now() - held).toBeGreaterThanOrEqual(950);
  expect(held - t0).toBeLessThan(950);
  expect(stack.services.waiters.size()).toBe(0);
});

test('a client that goes away while held is released at once', async () => {
  const { key } = await stack.newKey();
  const id = await submit(stack, key, `/v1/mkt_a/sold?q=${enc(uniqueQ('gone'))}`);
  const u = new URL(stack.url);
  const req = request({ host: u.hostname, port: u.port, path: `/v1/jobs/${id}?wait=20`, headers: { authorization: `Bearer ${key}` } });
  req.on('error', () => undefined);
  req.end();
  for (let i = 0; i < 100 && stack.services.waiters.size() === 0; i++) await sleep(10);
  expect(stack.services.waiters.size()).toBe(1);
  req.destroy();
  for (let i = 0; i < 100 && stack.services.waiters.size() > 0; i++) await sleep(10);
  expect(stack.services.waiters.size()).toBe(0);
});

test('polls held with wait=20 answer as soon as the job settles, not after 20 s; all of them, on one or several jobs', async () => {
  const { key } = await stack.newKey();
  const q = uniqueQ('wake');
  const id = await submit(stack, key, `/v1/mkt_b/sold?q=${enc(q)}`);
  const failing = await submit(stack, key, `/v1/mkt_a/listings?q=${enc(uniqueQ('wakefail'))}&page=100`);
  const t0 = Date.now();
  const held = [
    get(stack, `/v1/jobs/${id}?wait=20`, key),
    get(stack, `/v1/jobs/${id}?wait=20`, key),
    get(stack, `/v1/jobs/${id}?format=csv&wait=20`, key),
    get(stack, `/v1/jobs/${failing}?wait=20`, key),
  ];
  for (let i = 0; i < 100 && stack.services.waiters.size() < held.length; i++) await sleep(10);
  expect(stack.services.waiters.size()).toBe(held.length);
  await sleep(300);
  await stack.startWorker();
  const [a, b, csv, failed] = await Promise.all(held);
  const elapsed = Date.now() - t0;
  // Settling takes well under a second here; 10 s leaves room for a slow machine and still
  // tells an early answer from a 20-second timeout.
  expect(elapsed).toBeLessThan(10_000);
  expect(a!.json).toMatchObject({ request_id: id, status: 'complete', credits: 1, result: { query: q } });
  expect(b!.json).toEqual(a!.json);
  expect(csv!.status).toBe(200);
  expect(csv!.text.startsWith('search_index,q,endpoint,')).toBe(true);
  expect(failed!.status).toBe(200);
  expect(failed!.json).toMatchObject({ request_id: failing, status: 'failed', error: { code: 'page_out_of_range' } });
  expect(stack.services.waiters.size()).toBe(0);
});

test('wait on a job that has already settled answers at once; on another account\'s job answers 404 at once', async () => {
  const { key } = await stack.newKey();
  const other = await stack.newKey();
  const id = await submit(stack, key, `/v1/mkt_c/sold?q=${enc(uniqueQ('settled'))}`);
  const first = await get(stack, `/v1/jobs/${id}?wait=20`, key);
  expect(first.json).toMatchObject({ status: 'complete' });
  const t0 = Date.now();
  expect((await get(stack, `/v1/jobs/${id}?wait=20`, key)).json).toEqual(first.json);
  expect((await get(stack, `/v1/jobs/${id}?wait=20`, other.key)).status).toBe(404);
  expect(Date.now() - t0).toBeLessThan(5_000);
});
