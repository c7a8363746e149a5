/**
 * The history route in one process (test/support/stack.ts: real HTTP, Redis, a worker and the
 * simulators) on the machine's PostgreSQL in a schema of its own: what the route answers is
 * what the searches' pages said (values compared with the settled results, not with the
 * archive), the months block worked out here from those rows, the charge (one request with
 * rows, none without; refused when the allowance is used up), and a service without an archive.
 * The rows are the sandbox simulators' synthetic listings.
 */
import { registerHistoryRoutes } from '@listings/api';
import { createHistoryDb, type HistoryDb } from '@listings/history';
import { testDatabaseUrl, uniqueSchema } from '@listings/testing';
import { settle, startStack, type Stack } from '../support/stack.ts';

const schema = uniqueSchema('route');
let stack: Stack;
let db: HistoryDb;

beforeAll(async () => {
  stack = await startStack({ modules: [registerHistoryRoutes], env: { HISTORY_DATABASE_URL: testDatabaseUrl(), HISTORY_SCHEMA: schema, HISTORY_RETRY_MAX_MS: '200', SANDBOX_ALLOWANCE: '6' } });
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

type Row = Record<string, unknown> & { id: string; title: string | null; displayed_price: { amount: number; currency: string } | null; sold_date: string | null };

async function search(key: string, path: string): Promise<Row[]> {
  const r = await stack.get(path, key);
  let body = (await r.json()) as Record<string, unknown>;
  if (body.status === 'pending') body = await settle(stack, key, body.request_id as string);
  expect(body.status).toBe('complete');
  return (body.result as { data: Row[] }).data;
}

const archived = async (marketplace: string): Promise<number> =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${db.table('sold_rows')} WHERE mode = 'sandbox' AND marketplace = $1`, [marketplace])).rows[0]!.n);

async function history(key: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await stack.get(path, key);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

function medianOf(xs: number[]): number | null {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round(((s[m - 1]! + s[m]!) / 2) * 1e6) / 1e6;
}

test('the route answers what the settled pages said: every matching row, newest first, judged, with months over the item rows; one request charged', async () => {
  const { account, key } = await stack.newKey();
  const rows = [...await search(key, '/v1/mkt_a/sold?q=iphone%2013'), ...await search(key, '/v1/mkt_a/sold?q=iphone%2013&page=2')];
  const byId = new Map(rows.map((r) => [r.id, r]));
  await until('archived rows', () => archived('mkt_a'), (n) => n === byId.size);
  const before = await stack.services.store.usage(account, 'sandbox');

  const { status, body } = await history(key, '/v1/history/mkt_a/sold?q=IPHONE%20%2013');
  expect(status).toBe(200);
  const words = ['iphone', '13'];
  const matching = [...byId.values()].filter((r) => words.every((w) => (r.title ?? '').toLowerCase().split(/[^a-z0-9]+/u).includes(w)));
  expect(body).toMatchObject({ marketplace: 'mkt_a', query: 'IPHONE 13', page: 1, page_size: 200, credits: 1, months_complete: true, next_page: null });
  const data = body.data as Row[];
  expect(data.map((r) => r.id).sort()).toEqual(matching.map((r) => r.id).sort());
  for (const r of data) {
    const s = byId.get(r.id)!;
    for (const f of ['title', 'link', 'image', 'displayed_price', 'displayed_price_text', 'displayed_shipping', 'shipping_text', 'sold_date', 'sold_date_text', 'condition']) expect([r.id, f, r[f]]).toEqual([r.id, f, s[f]]);
    expect(['item', 'accessory', 'lot', 'parts', 'other']).toContain(r.comp_kind);
    expect(Array.isArray(r.comp_reasons)).toBe(true);
    expect(r).not.toHaveProperty('seller_text');
  }
  const dates = data.map((r) => r.sold_date ?? '');
  expect(dates).toEqual([...dates].sort().reverse());
  // The months block, worked out here from the returned rows judged item.
  const months = new Map<string, number[]>();
  const counts = new Map<string, number>();
  for (const r of data) {
    const m = String(r.archived_on).slice(0, 7);
    if (!months.has(m)) { months.set(m, []); counts.set(m, 0); }
    if (r.comp_kind !== 'item') continue;
    counts.set(m, counts.get(m)! + 1);
    if (r.displayed_price?.currency === 'USD') months.get(m)!.push(r.displayed_price.amount);
  }
  const expected = [...months.keys()].sort().map((m) => {
    const med = medianOf(months.get(m)!);
    return { month: m, count: counts.get(m)!, median: med === null ? null : { amount: med, currency: 'USD' } };
  });
  expect(body.months).toEqual(expected);
  const after = await stack.services.store.usage(account, 'sandbox');
  expect(after.completed30d - before.completed30d).toBe(1);

  // Filters: condition codes of the route, price bounds.
  const used = await history(key, '/v1/history/mkt_a/sold?q=iphone%2013&condition=used');
  expect((used.body.data as Row[]).map((r) => r.id).sort()).toEqual(matching.filter((r) => r.condition === 'Pre-Owned').map((r) => r.id).sort());
  const amounts = matching.map((r) => r.displayed_price?.amount).filter((a): a is number => a !== undefined).sort((a, b) => a - b);
  const lo = Math.ceil(amounts[Math.floor(amounts.length / 4)]!);
  const hi = Math.floor(amounts[Math.floor((3 * amounts.length) / 4)]!);
  const mid = await history(key, `/v1/history/mkt_a/sold?q=iphone%2013&min_price=${lo}&max_price=${hi}`);
  expect((mid.body.data as Row[]).map((r) => r.id).sort()).toEqual(matching.filter((r) => r.displayed_price !== null && r.displayed_price.amount >= lo && r.displayed_price.amount <= hi).map((r) => r.id).sort());
}, 60_000);

test('nothing matched: 200 with no row, nothing charged; the allowance used up: 429 quota_exceeded', async () => {
  const { account, key } = await stack.newKey();
  const before = await stack.services.store.usage(account, 'sandbox');
  const none = await history(key, '/v1/history/mkt_a/sold?q=zzqxnothingmatcheszz');
  expect(none.status).toBe(200);
  expect(none.body).toMatchObject({ count: 0, credits: 0, data: [], months: [], next_page: null });
  expect((await stack.services.store.usage(account, 'sandbox')).completed30d).toBe(before.completed30d);
  // Words that name Object.prototype's members are words (the judgement once threw on them: a 500).
  for (const q of ['constructor', '__proto__', 'iphone toString']) expect((await history(key, `/v1/history/mkt_a/sold?q=${encodeURIComponent(q)}`)).status).toBe(200);
  // SANDBOX_ALLOWANCE is 6 here.
  for (let i = 0; i < 6; i++) expect((await history(key, '/v1/history/mkt_a/sold?q=iphone')).body.credits).toBe(1);
  const refused = await history(key, '/v1/history/mkt_a/sold?q=iphone');
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: { code: 'quota_exceeded' } });
  expect((await history(key, '/v1/history/mkt_a/sold?q=zzqxnothingmatcheszz')).status).toBe(429);
  expect((await stack.services.store.usage(account, 'sandbox')).completed30d).toBe(6);
}, 60_000);

test('a service without an archive answers 503 service_unconfigured', async () => {
  const bare = await startStack({ modules: [registerHistoryRoutes], noWorker: true });
  try {
    const { key } = await bare.newKey();
    const r = await bare.get('/v1/history/mkt_a/sold?q=iphone', key);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).not.toBeNull();
    expect(await r.json()).toMatchObject({ error: { code: 'service_unconfigured' } });
  } finally {
    await bare.close();
  }
}, 30_000);
