/**
 * The history route in one process (test/support/stack.ts: real HTTP, Redis, a worker and the
 * simulators) on the machine's PostgreSQL in a schema of its own: sandbox sold searches settle,
 * their rows reach the archive through the queue, and the route answers them, judged, with
 * the months block, charged one request (none when nothing matches); and every input error.
 */
import pg from 'pg';
import { registerHistoryRoutes } from '@listings/api';
import { createHistoryDb, type HistoryDb } from '@listings/history';
import { testDatabaseUrl, uniqueSchema } from '@listings/testing';
import { settle, startStack, type Stack } from '../support/stack.ts';

const schema = uniqueSchema('route');
let stack: Stack;
let db: HistoryDb;

beforeAll(async () => {
  stack = await startStack({ modules: [registerHistoryRoutes], env: { HISTORY_DATABASE_URL: testDatabaseUrl(), HISTORY_SCHEMA: schema, HISTORY_RETRY_MAX_MS: '200' } });
  db = createHistoryDb({ url: testDatabaseUrl(), schema });
}, 30_000);

afterAll(async () => {
  await stack?.close();
  await db?.pool.query(`DROP SCHEMA IF EXISTS ${db.S} CASCADE`);
  await db?.close();
});

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function search(key: string, path: string): Promise<Record<string, unknown>> {
  const r = await stack.get(path, key);
  const body = (await r.json()) as Record<string, unknown>;
  return body.status === 'pending' ? settle(stack, key, body.request_id as string) : body;
}

const archived = async (marketplace: string, mode = 'sandbox'): Promise<number> =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${db.table('sold_rows')} WHERE mode = $1 AND marketplace = $2`, [mode, marketplace])).rows[0]!.n);

test('a sandbox sold search settles, its rows are archived once each, and the history route answers them', async () => {
  const { key } = await stack.newKey();
  const job = await search(key, '/v1/mkt_a/sold?q=iphone%2013');
  expect(job.status).toBe('complete');
  const rows = (job.result as { data: Array<Record<string, unknown>> }).data;
  console.log(rows.slice(0, 5).map((r) => [r.id, r.title, r.displayed_price, r.sold_date, r.condition]));
  const ids = new Set(rows.map((r) => r.id));
  expect(ids.size).toBeGreaterThan(0);
  await new Promise((r) => setTimeout(r, 3000));
  console.log(stack.worker?.history?.handoff.counts, stack.worker?.history?.writer()?.counts, await stack.worker?.history?.handoff.depth());
  await until('archived rows', () => archived('mkt_a'), (n) => n === ids.size);
  const r = await stack.get('/v1/history/mkt_a/sold?q=iphone', key);
  const body = (await r.json()) as Record<string, unknown>;
  console.log(JSON.stringify(body).slice(0, 1500));
  expect(r.status).toBe(200);
}, 60_000);
