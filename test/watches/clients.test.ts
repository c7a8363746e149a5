/**
 * Watches from the clients, against the whole local service (api, worker, simulators on
 * Redis): the SDK's `listings.watches` (create, list, get, update, pause, resume, runs,
 * delete; a create whose answer is lost is retried with the same Idempotency-Key and makes
 * one watch; refusals as typed errors with the field), and the `listings watch` commands run
 * as the binary (create, list, get, update, runs with what a run found under the event's own
 * reason names, pause, resume, delete, and the exit code of a refusal).
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Listings, ListingsApiError } from '@listings/sdk';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { registerWebhookRoutes } from '../../apps/api/src/routes/webhooks.ts';
import { startStack, type Stack } from '../support/stack.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BIN_DIR = join(ROOT, 'node_modules/.bin');

let stack: Stack;
beforeAll(async () => {
  // Sandbox endpoints on http://127.0.0.1, as `npm start` allows them. A one-second sandbox cache: a run after the market moved collects the moved page.
  stack = await startStack({ modules: [registerWebhookRoutes, registerWatchRoutes], env: { WATCH_SANDBOX_MIN_SECONDS: '60', SANDBOX_CACHE_SECONDS: '1', WEBHOOK_SANDBOX_LOOPBACK: 'true' } });
});
let receiver: Awaited<ReturnType<typeof listenForEvents>> | undefined;
afterAll(async () => {
  await receiver?.close();
  stack?.sim.setDrift({ step: 0 });
  await stack?.close();
});

function cli(key: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(join(BIN_DIR, 'listings'), args, { env: { PATH: `${BIN_DIR}:${process.env.PATH}`, LISTINGS_API_KEY: key, LISTINGS_API_URL: stack.url } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** A webhook receiver on 127.0.0.1: `next()` is the next event's body. */
async function listenForEvents(): Promise<{ url: string; next(): Promise<{ type: string; data: { matches: Array<{ reason: string }> } }>; close(): Promise<void> }> {
  const bodies: string[] = [];
  let wake = (): void => undefined;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      res.end();
      bodies.push(body);
      wake();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async next() {
      while (bodies.length === 0) await new Promise<void>((done) => { wake = done; });
      return JSON.parse(bodies.shift()!) as { type: string; data: { matches: Array<{ reason: string }> } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

async function completeRun(sdk: Listings, id: string, count = 1): Promise<void> {
  for (const deadline = Date.now() + 60_000; ;) {
    const { data } = await sdk.watches.runs(id);
    if (data.filter((r) => r.status === 'complete').length >= count) return;
    if (Date.now() > deadline) throw new Error(`no complete run of ${id}`);
    // 40 polls a minute at most: with the test's other calls, under the account's 60 calls a minute.
    await new Promise((r) => setTimeout(r, 1500));
  }
}

test('the SDK creates, reads, changes, pauses, resumes and deletes a watch; a lost create answer makes one watch', async () => {
  const { key } = await stack.newKey({ kind: 'sandbox' });
  // The first create's answer is lost after the service took it: the retry carries the same key.
  let dropped = 0;
  const keys: string[] = [];
  const flaky: typeof fetch = async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    if (req.method === 'POST') keys.push(req.headers.get('idempotency-key') ?? '');
    const res = await fetch(req);
    if (req.method === 'POST' && dropped === 0) {
      dropped++;
      throw new TypeError('fetch failed: connection reset');
    }
    return res;
  };
  const sdk = new Listings({ apiKey: key, baseUrl: stack.url, fetch: flaky, sleep: async () => undefined });
  const w = await sdk.watches.create({ search: { endpoint: 'mkt_a/listings', q: 'leica m6' }, schedule: { every_seconds: 3600 }, rules: { max_price: 3000 }, notify_on_first_run: true });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
  expect((await sdk.watches.list()).data.map((x) => x.id)).toEqual([w.id]);
  expect(await sdk.watches.get(w.id)).toMatchObject({ id: w.id, status: 'active', rules: { max_price: 3000 } });
  expect(await sdk.watches.update(w.id, { rules: { max_price: 2000, kinds: ['item'] }, name: 'cheap leicas' })).toMatchObject({ name: 'cheap leicas', rules: { max_price: 2000, kinds: ['item'] } });
  await completeRun(sdk, w.id);
  const { data: runs } = await sdk.watches.runs(w.id);
  expect(runs[runs.length - 1]).toMatchObject({ status: 'complete', credits: 1, baseline: true });
  expect(runs[runs.length - 1]!.request_id).toMatch(/^req_/u);
  expect((await sdk.watches.pause(w.id)).status).toBe('paused');
  expect((await sdk.watches.resume(w.id)).status).toBe('active');
  const err = await sdk.watches.create({ search: { endpoint: 'mkt_a/listings', q: 'x' }, schedule: { every_seconds: 10 } }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ListingsApiError);
  expect(err).toMatchObject({ status: 422, code: 'unsupported_or_invalid_query', param: 'schedule.every_seconds' });
  await sdk.watches.delete(w.id);
  expect(await sdk.watches.get(w.id).catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'not_found' });
  expect((await sdk.watches.list()).data).toEqual([]);
});

test('listings watch create | list | runs | pause | resume | delete', async () => {
  const { key } = await stack.newKey({ kind: 'sandbox' });
  const created = await cli(key, ['watch', 'create', 'mkt_a/listings', 'leica m6', '--every', '2h', '--rule', 'max_price=3000', '--rule', 'exclude_words=parts,repair', '--rule', 'kinds=item,accessory,lot,parts,other', '--notify-first-run', '--name', 'leicas', '--format', 'json']);
  expect(created.stderr).toMatch(/^watch wat_\w{22} created: runs every 2h, first run now/mu);
  expect(created.code).toBe(0);
  const w = JSON.parse(created.stdout) as { id: string; schedule: { every_seconds: number }; rules: Record<string, unknown> };
  expect(w).toMatchObject({ schedule: { every_seconds: 7200 }, rules: { max_price: 3000, exclude_words: ['parts', 'repair'], kinds: ['item', 'accessory', 'lot', 'parts', 'other'] } });

  const list = await cli(key, ['watch', 'list']);
  expect(list.code).toBe(0);
  expect(list.stdout).toContain(w.id);
  expect(list.stdout).toMatch(/│ leicas\s+│ active\s+│ 2h\s+│ mkt_a\/listings "leica m6"/u);
  expect(list.stderr).toContain('1 watch');

  await completeRun(new Listings({ apiKey: key, baseUrl: stack.url }), w.id);
  const runs = await cli(key, ['watch', 'runs', w.id]);
  expect(runs.code).toBe(0);
  expect(runs.stdout).toMatch(/│ complete\s+│ 1\s+│/u);
  // What the first run found (asked for with --notify-first-run), each row with its price.
  expect(runs.stdout).toMatch(/^ {2}new {8}\d+ \$[\d,]*\.\d\d /mu);
  expect(runs.stderr).toMatch(/^1 run · 1 credit · [1-9]\d* matches$/mu);

  expect((await cli(key, ['watch', 'pause', w.id])).stdout).toBe(`${w.id} paused\n`);
  expect((await cli(key, ['watch', 'resume', w.id])).stdout).toBe(`${w.id} active\n`);
  expect((await cli(key, ['watch', 'delete', w.id])).stdout).toBe(`${w.id} deleted\n`);
  const gone = await cli(key, ['watch', 'runs', w.id]);
  expect(gone.code).toBe(3);
  expect(gone.stderr).toContain('404 not_found: No watch with this ID belongs to this account.');
  const bad = await cli(key, ['watch', 'create', 'mkt_a/listings', 'x', '--every', '30s']);
  expect(bad.code).toBe(3);
  expect(bad.stderr).toContain('(param schedule.every_seconds)');
  const usage = await cli(key, ['watch', 'create', 'mkt_a/listings', 'x', '--rule', 'cheap=1']);
  expect(usage.code).toBe(2);
  const kind = await cli(key, ['watch', 'create', 'mkt_a/listings', 'x', '--rule', 'kinds=case']);
  expect(kind.code).toBe(3);
  expect(kind.stderr).toContain('(param rules.kinds)');
});

test('listings watch get | update, and a later run\'s cheaper rows printed as price_drop', async () => {
  const { key } = await stack.newKey({ kind: 'sandbox' });
  const sdk = new Listings({ apiKey: key, baseUrl: stack.url });
  receiver = await listenForEvents();
  const events = receiver;
  stack.sim.setDrift({ step: 0 });
  const created = await cli(key, ['watch', 'create', 'mkt_a/listings', 'leica m6', '--every', '2h', '--rule', 'exclude_words=parts', '--name', 'leicas', '--format', 'json']);
  expect(created.code).toBe(0);
  const { id } = JSON.parse(created.stdout) as { id: string };

  const got = await cli(key, ['watch', 'get', id]);
  expect(got.code).toBe(0);
  expect(got.stdout).toMatch(new RegExp(`│ ${id} │ leicas\\s+│ active\\s+│ 2h\\s+│ mkt_a/listings "leica m6"`, 'u'));
  expect(got.stderr).toBe(`watch ${id} active, no webhook endpoint: matches are only in \`listings watch runs\`\n`);
  expect(JSON.parse((await cli(key, ['watch', 'get', id, '--format', 'json'])).stdout)).toMatchObject({ id, name: 'leicas', rules: { exclude_words: ['parts'] } });
  await completeRun(sdk, id);
  // The baseline's page leaves the one-second sandbox cache before the next run.
  const baseline = (await sdk.watches.runs(id)).data[0]!;
  await new Promise((done) => setTimeout(done, Math.max(0, Date.parse(baseline.finished_at!) + 1500 - Date.now())));

  // The market moves; a change of interval runs the watch at once.
  stack.sim.setDrift({ step: 2 });
  const made = await fetch(`${stack.url}/v1/webhook_endpoints`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: `${events.url}/hook`, events: ['watch.matched'] }),
  });
  expect(made.status).toBe(201);
  const { id: endpoint } = await made.json() as { id: string };
  const updated = await cli(key, ['watch', 'update', id, '--every', '1h', '--rule', 'max_price=100000', '--webhook', endpoint, '--name', 'leica m6s', '--format', 'json']);
  expect(updated.stderr).toBe(`watch ${id} updated: runs every 1h, next run now, events to ${endpoint}\n`);
  expect(updated.code).toBe(0);
  // The rule given is added; the rule the watch had stays.
  expect(JSON.parse(updated.stdout)).toMatchObject({ name: 'leica m6s', schedule: { every_seconds: 3600 }, webhook_endpoint_id: endpoint, rules: { max_price: 100000, exclude_words: ['parts'] } });
  await completeRun(sdk, id, 2);
  const runs = await cli(key, ['watch', 'runs', id]);
  expect(runs.code).toBe(0);
  expect(runs.stdout).toMatch(/^ {2}price_drop \d+ \$[\d,]*\.\d\d \(was \$[\d,]*\.\d\d\) /mu);
  expect(runs.stdout).not.toMatch(/^ {2}drop /mu);
  // The event the endpoint received names the same reason.
  const event = await events.next();
  expect(event.type).toBe('watch.matched');
  expect(event.data.matches.map((m) => m.reason)).toContain('price_drop');

  const cleared = await cli(key, ['watch', 'update', id, '--clear-rules', '--webhook', 'none', '--name', '', '--format', 'json']);
  expect(cleared.code).toBe(0);
  expect(JSON.parse(cleared.stdout)).toMatchObject({ name: null, webhook_endpoint_id: null, rules: { max_price: null, exclude_words: null } });
  const nothing = await cli(key, ['watch', 'update', id]);
  expect(nothing.code).toBe(2);
  expect(nothing.stderr).toContain('nothing to change');
  const badEvery = await cli(key, ['watch', 'update', id, '--every', 'soon']);
  expect(badEvery.code).toBe(2);
  const badRule = await cli(key, ['watch', 'update', id, '--rule', 'max_price=cheap']);
  expect(badRule.code).toBe(2);
  const tooOften = await cli(key, ['watch', 'update', id, '--every', '30s']);
  expect(tooOften.code).toBe(3);
  expect(tooOften.stderr).toContain('(param schedule.every_seconds)');
  const missing = await cli(key, ['watch', 'get', 'wat_0000000000000000000000']);
  expect(missing.code).toBe(3);
  expect(missing.stderr).toContain('404 not_found');
  expect((await cli(key, ['watch', 'update', 'wat_0000000000000000000000', '--name', 'x'])).code).toBe(3);
  stack.sim.setDrift({ step: 0 });
}, 120_000);
