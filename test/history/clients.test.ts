/**
 * The sold history from the clients, against the local service in one process (api, worker,
 * simulators, Redis, the machine's PostgreSQL in a schema of its own): the SDK's
 * `history.sold` and `history.pages`, and the `listings history` command line run as a binary
 * (table of price by month, `--format json`, exit codes of a refused input and of a bad
 * marketplace). The rows are the sandbox simulators' synthetic listings.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerHistoryRoutes } from '@listings/api';
import { createHistoryDb, type HistoryDb } from '@listings/history';
import { Listings, ListingsApiError } from '@listings/sdk';
import { testDatabaseUrl, uniqueSchema } from '@listings/testing';
import { runCommand } from '../support/commands.ts';
import { settle, startStack, type Stack } from '../support/stack.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BIN_DIR = join(ROOT, 'node_modules/.bin');
const schema = uniqueSchema('clients');
let stack: Stack;
let db: HistoryDb;
let key: string;
let rowIds: string[];

beforeAll(async () => {
  stack = await startStack({ modules: [registerHistoryRoutes], env: { HISTORY_DATABASE_URL: testDatabaseUrl(), HISTORY_SCHEMA: schema, HISTORY_RETRY_MAX_MS: '200' } });
  db = createHistoryDb({ url: testDatabaseUrl(), schema });
  ({ key } = await stack.newKey({ plan: 'scale' }));
  const r = await stack.get('/v1/mkt_c/sold?q=nintendo%20switch', key);
  let body = (await r.json()) as Record<string, unknown>;
  if (body.status === 'pending') body = await settle(stack, key, body.request_id as string);
  rowIds = (body.result as { data: Array<{ id: string }> }).data.map((x) => x.id);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const n = Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${db.table('sold_rows')}`)).rows[0]!.n);
    if (n >= new Set(rowIds).size) break;
    if (Date.now() > deadline) throw new Error(`archived ${n} of ${rowIds.length}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await db?.pool.query(`DROP SCHEMA IF EXISTS ${db.S} CASCADE`);
  await db?.close();
});

test('the SDK: history.sold answers the archived rows typed, with months; its errors are ListingsApiError', async () => {
  const listings = new Listings({ apiKey: key, baseUrl: stack.url });
  const h = await listings.history.sold('mkt_c', { q: 'nintendo switch', condition: ['new', 'like_new', 'good', 'fair', 'poor'] });
  expect(h.marketplace).toBe('mkt_c');
  expect(h.credits).toBe(1);
  expect(h.data.length).toBeGreaterThan(0);
  for (const r of h.data) expect(rowIds).toContain(r.id);
  expect(h.months.reduce((n, m) => n + m.count, 0)).toBe(h.data.filter((r) => r.comp_kind === 'item').length);
  const pages = [];
  for await (const p of listings.history.pages('mkt_c', { q: 'nintendo switch' })) pages.push(p);
  expect(pages.map((p) => p.page)).toEqual([1]);
  const err = await listings.history.sold('mkt_c', { q: 'x', from: '1999-01-01' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ListingsApiError);
  expect(err).toMatchObject({ status: 422, code: 'unsupported_or_invalid_query', param: 'from' });
});

test('the CLI: listings history prints price by month and the rows; --format json; exit codes', async () => {
  const env = { PATH: `${BIN_DIR}:${process.env.PATH}`, LISTINGS_API_KEY: key, LISTINGS_API_URL: stack.url };
  const LISTINGS = join(BIN_DIR, 'listings');
  const t = await runCommand(LISTINGS, ['history', 'mkt_c', 'nintendo switch'], { env });
  expect(t.code).toBe(0);
  expect(t.stdout).toMatch(/price by month/u);
  expect(t.stdout).toMatch(/│ month\s+│ items\s+│ median/u);
  expect(t.stderr).toMatch(/^\d+ rows? · page 1 · \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} · 1 credit$/mu);
  expect(t.stderr).not.toContain(key);
  const j = await runCommand(LISTINGS, ['history', 'mkt_c', 'nintendo switch', '--format', 'json'], { env });
  expect(j.code).toBe(0);
  const body = JSON.parse(j.stdout) as { data: Array<{ id: string }>; months: unknown[] };
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.months.length).toBeGreaterThan(0);
  const refused = await runCommand(LISTINGS, ['history', 'mkt_c', 'x', '--condition', 'nwt'], { env });
  expect(refused.code).toBe(3);
  expect(refused.stderr).toMatch(/422 .*\(param condition\)/u);
  const unknown = await runCommand(LISTINGS, ['history', 'mkt_d', 'x'], { env });
  expect(unknown.code).toBe(2);
}, 60_000);
