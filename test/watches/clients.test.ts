/**
 * Watches from the clients, against the whole local service (api, worker, simulators on
 * Redis): the SDK's `listings.watches` (create, list, get, update, pause, resume, runs,
 * delete; a create whose answer is lost is retried with the same Idempotency-Key and makes
 * one watch; refusals as typed errors with the field), and the `listings watch` commands run
 * as the binary (create, list, runs with what a run found, pause, resume, delete, and the exit
 * code of a refusal).
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Listings, ListingsApiError } from '@listings/sdk';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { startStack, type Stack } from '../support/stack.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BIN_DIR = join(ROOT, 'node_modules/.bin');

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ modules: [registerWatchRoutes], env: { WATCH_SANDBOX_MIN_SECONDS: '60' } });
});
afterAll(async () => {
  await stack?.close();
});

function cli(key: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(join(BIN_DIR, 'listings'), args, { env: { PATH: `${BIN_DIR}:${process.env.PATH}`, LISTINGS_API_KEY: key, LISTINGS_API_URL: stack.url } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

async function completeRun(sdk: Listings, id: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; ;) {
    const { data } = await sdk.watches.runs(id);
    if (data.some((r) => r.status === 'complete')) return;
    if (Date.now() > deadline) throw new Error(`no complete run of ${id}`);
    await new Promise((r) => setTimeout(r, 500));
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
  expect(runs.stdout).toMatch(/^ {2}new {2}\d+ \$[\d,]*\.\d\d /mu);
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
