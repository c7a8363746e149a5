/**
 * The archive against a real PostgreSQL (the machine's, in a schema of its own): migrations,
 * the writer's idempotency, month partitions, the query's matching, order and filters, and
 * retention. The rows are a real eBay sold page as the independent reader read it
 * (test/golden/mkt_a/sold-s-card-60.html.json), so what is expected is read from that file.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { testDatabaseUrl, uniqueSchema } from '@listings/testing';
import { archiveRowsOf, archiveSize, createHistoryDb, createWriter, ensurePartitions, LATEST_MIGRATION, migrate, pruneArchive, querySold, type HistoryDb, type HistoryQuery } from './index.ts';

const golden = JSON.parse(readFileSync(new URL('../../../test/golden/mkt_a/sold-s-card-60.html.json', import.meta.url), 'utf8')) as { rows: Array<Record<string, unknown>>; now: string };
const goldenRows = golden.rows;

let db: HistoryDb;
const schema = uniqueSchema('history');

beforeAll(async () => {
  db = createHistoryDb({ url: testDatabaseUrl(), schema });
  await migrate(db);
});
afterAll(async () => {
  await db.pool.query(`DROP SCHEMA IF EXISTS ${db.S} CASCADE`);
  await db.close();
});

const count = async (table: string, where = 'true', params: unknown[] = []): Promise<number> =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${db.table(table)} WHERE ${where}`, params)).rows[0]!.n);

function query(over: Partial<HistoryQuery>): HistoryQuery {
  return { mode: 'live', marketplace: 'mkt_a', q: 'beetle', from: '2025-01-01', to: '2026-12-31', conditions: null, minPrice: null, maxPrice: null, page: 1, pageSize: 200, monthsRows: 5000, ...over };
}

test('migrations run once: a second run applies nothing', async () => {
  expect(await migrate(db)).toEqual([]);
  expect(await count('history_migrations')).toBe(LATEST_MIGRATION);
});

test('a sold page is written once per listing id; writing it again adds nothing and moves last_seen', async () => {
  const writer = createWriter(db, { retentionDays: 3650 });
  const rows = archiveRowsOf('mkt_a', goldenRows);
  const ids = new Set(goldenRows.map((r) => r.id));
  expect(rows.length).toBe(ids.size);
  const first = await writer.write({ mode: 'live', marketplace: 'mkt_a', seenAt: '2026-05-07T00:00:00.000Z', rows });
  expect(first.inserted).toBe(ids.size);
  const again = await writer.write({ mode: 'live', marketplace: 'mkt_a', seenAt: '2026-05-08T00:00:00.000Z', rows });
  expect(again).toEqual({ inserted: 0, repeated: ids.size, expired: 0 });
  expect(await count('sold_rows', "mode = 'live'")).toBe(ids.size);
  expect(await count('sold_keys', "mode = 'live'")).toBe(ids.size);
  expect(await count('sold_rows', "last_seen = '2026-05-08T00:00:00Z' AND first_seen = '2026-05-07T00:00:00Z'")).toBe(ids.size);
  // Two writers at once with the same rows (sandbox archive, apart): still one row per id.
  await Promise.all([1, 2, 3].map(() => writer.write({ mode: 'sandbox', marketplace: 'mkt_a', seenAt: '2026-05-07T00:00:00.000Z', rows })));
  expect(await count('sold_rows', "mode = 'sandbox'")).toBe(ids.size);
  // Filed by month of the sold date: one partition per month the page's sold dates fall in.
  const months = new Set(goldenRows.map((r) => String(r.sold_date).slice(0, 7)));
  const size = await archiveSize(db);
  expect(size.partitions.live).toBe(months.size);
});

test('what the archive answers is what the page said, newest first, matched on every word of q', async () => {
  const answer = await querySold(db, query({ q: '  Volkswagen   Beetle ' .trim().replace(/\s+/gu, ' ') }));
  const expected = goldenRows.filter((r) => /volkswagen/iu.test(String(r.title)) && /\bbeetle\b/iu.test(String(r.title)));
  expect(answer.newest.length).toBe(expected.length);
  expect(answer.page.map((r) => r.id)).toEqual(answer.newest.map((r) => r.id));
  expect(answer.truncated).toBe(false);
  const dates = answer.page.map((r) => r.sold_date!);
  expect([...dates].sort().reverse()).toEqual(dates);
  const byId = new Map(goldenRows.map((r) => [r.id, r]));
  for (const row of answer.page) {
    const g = byId.get(row.id)!;
    expect(row.title).toBe(g.title);
    expect(row.displayed_price).toEqual(g.displayed_price);
    expect(row.displayed_shipping).toEqual(g.displayed_shipping);
    expect(row.sold_date).toBe(g.sold_date);
    expect(row.condition).toBe(g.condition);
    expect(row.link).toBe(g.link);
    expect(row).not.toHaveProperty('seller_text');
  }
  // The sandbox archive holds the same listings, but a live read never sees a sandbox row and the reverse.
  await db.pool.query(`UPDATE ${db.table('sold_rows')} SET title = title || ' sandboxonlyword' WHERE mode = 'sandbox'`);
  expect((await querySold(db, query({ q: 'sandboxonlyword' }))).newest).toEqual([]);
  expect((await querySold(db, query({ mode: 'sandbox', q: 'sandboxonlyword' }))).newest.length).toBe(goldenRows.length);
});

test('filters: condition codes, price bounds, date range, paging', async () => {
  const all = (await querySold(db, query({ q: 'volkswagen' }))).page;
  const used = (await querySold(db, query({ q: 'volkswagen', conditions: ['used'] }))).page;
  expect(used.length).toBe(all.filter((r) => r.condition === 'Pre-Owned').length);
  expect(used.length).toBeGreaterThan(0);
  const cheap = (await querySold(db, query({ q: 'volkswagen', maxPrice: 50 }))).page;
  expect(cheap.length).toBe(all.filter((r) => r.displayed_price !== null && r.displayed_price.amount <= 50).length);
  const bounded = (await querySold(db, query({ q: 'volkswagen', minPrice: 20, maxPrice: 100 }))).page;
  expect(bounded.every((r) => r.displayed_price!.amount >= 20 && r.displayed_price!.amount <= 100)).toBe(true);
  const day = all[Math.floor(all.length / 2)]!.sold_date!;
  const since = (await querySold(db, query({ q: 'volkswagen', from: day }))).page;
  expect(since.length).toBe(all.filter((r) => r.sold_date! >= day).length);
  const paged = await querySold(db, query({ q: 'volkswagen', pageSize: 7, page: 2, monthsRows: 10 }));
  expect(paged.page.map((r) => r.id)).toEqual(all.slice(7, 14).map((r) => r.id));
  expect(paged.truncated).toBe(all.length > 10);
  const deep = await querySold(db, query({ q: 'volkswagen', pageSize: 7, page: 3, monthsRows: 10 }));
  expect(deep.page.map((r) => r.id)).toEqual(all.slice(14, 21).map((r) => r.id));
  expect(deep.more).toBe(all.length > 21);
  expect((await querySold(db, query({ q: '!!!' }))).newest).toEqual([]);
});

test('a large range with few matches (read month by month) answers the same rows as one with many (read newest first)', async () => {
  // 30,000 GENERATED filler rows over three months, 40 of them with the searched words: the plan
  // probe finds the words rare among the newest 20,000 rows.
  await ensurePartitions(db, 'live', ['2026-08-01', '2026-09-01', '2026-10-01'], new Set());
  await db.pool.query(`INSERT INTO ${db.table('sold_rows')} (mode, marketplace, listing_id, sold_on, sold_date, title, price_amount, price_currency, condition, condition_code, first_seen, last_seen)
    SELECT 'live', 'mkt_b', 'gen' || i, d, d, CASE WHEN i % 750 = 0 THEN 'zebra widget ' || i ELSE 'filler listing ' || i END, i % 500, 'USD', 'nwt', 'nwt', now(), now()
    FROM generate_series(0, 29999) AS i CROSS JOIN LATERAL (SELECT (date '2026-08-01' + (i % 3) * interval '1 month' + (i % 28) * interval '1 day')::date AS d) x`);
  await db.pool.query(`ANALYZE ${db.table('sold_rows')}`);
  const expected = (await db.pool.query<{ id: string }>(`SELECT listing_id AS id FROM ${db.table('sold_rows')} WHERE mode = 'live' AND marketplace = 'mkt_b' AND title LIKE 'zebra widget %' ORDER BY sold_on DESC, listing_id DESC`)).rows.map((r) => r.id);
  expect(expected.length).toBe(40);
  const sparse = await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', pageSize: 15 }));
  expect(sparse.newest.map((r) => r.id)).toEqual(expected);
  expect(sparse.page.map((r) => r.id)).toEqual(expected.slice(0, 15));
  expect(sparse.page[0]).toMatchObject({ title: expect.stringMatching(/^zebra widget/u), condition: 'nwt', displayed_price: { currency: 'USD' } });
  expect(sparse.more).toBe(true);
  const second = await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', pageSize: 15, page: 2 }));
  expect(second.page.map((r) => r.id)).toEqual(expected.slice(15, 30));
  const capped = await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', pageSize: 15, monthsRows: 25 }));
  expect(capped.newest.map((r) => r.id)).toEqual(expected.slice(0, 25));
  expect(capped.truncated).toBe(true);
  // Rare matches with filters: the full-text index's facets (condition, price band) and the exact bounds give what SQL over the rows gives.
  const filtered = (await db.pool.query<{ id: string }>(`SELECT listing_id AS id FROM ${db.table('sold_rows')} WHERE mode = 'live' AND marketplace = 'mkt_b' AND title LIKE 'zebra widget %' AND price_amount >= 100 AND price_amount <= 300 ORDER BY sold_on DESC, listing_id DESC`)).rows.map((r) => r.id);
  expect(filtered.length).toBeGreaterThan(5);
  expect(filtered.length).toBeLessThan(40);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', conditions: ['nwt'], minPrice: 100, maxPrice: 300 }))).newest.map((r) => r.id)).toEqual(filtered);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', minPrice: 250, maxPrice: 250 }))).newest.map((r) => r.id)).toEqual(filtered);
  // A wide range (more bands than the index is asked for): the exact bounds alone.
  const wide = (await db.pool.query<{ id: string }>(`SELECT listing_id AS id FROM ${db.table('sold_rows')} WHERE mode = 'live' AND marketplace = 'mkt_b' AND title LIKE 'zebra widget %' AND price_amount >= 1 AND price_amount <= 300 ORDER BY sold_on DESC, listing_id DESC`)).rows.map((r) => r.id);
  expect(wide).toEqual(filtered);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', minPrice: 1, maxPrice: 300 }))).newest.map((r) => r.id)).toEqual(wide);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', maxPrice: 0 }))).newest.map((r) => r.id)).toEqual(expected.filter((id) => !filtered.includes(id)));
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', conditions: ['uln'] }))).newest).toEqual([]);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', conditions: [] }))).newest).toEqual([]);
  // The index's terms (`mkt_b:zebra`, `mkt_b:_c_nwt`) are what no query word can be: a q written like one finds nothing more.
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: '_m_mkt_b' }))).newest).toEqual([]);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: "zebra '_c_nwt'" }))).newest).toEqual([]);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra mkt_b:_c_nwt' }))).newest).toEqual([]);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'mkt_b:zebra' }))).newest).toEqual([]);
  // A word's terms are its marketplace's: the same words sold on another marketplace are not these rows.
  const movedIds = [...expected].sort().slice(0, 3);
  await db.pool.query(`UPDATE ${db.table('sold_rows')} SET marketplace = 'mkt_c' WHERE mode = 'live' AND listing_id = ANY($1::text[])`, [movedIds]);
  const moved = await querySold(db, query({ marketplace: 'mkt_c', q: 'zebra widget' }));
  expect(moved.newest).toHaveLength(3);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget' }))).newest).toHaveLength(37);
  // Many matches (every filler row): read newest first, the same order.
  const dense = await querySold(db, query({ marketplace: 'mkt_b', q: 'filler listing', pageSize: 50, monthsRows: 300 }));
  const denseExpected = (await db.pool.query<{ id: string }>(`SELECT listing_id AS id FROM ${db.table('sold_rows')} WHERE mode = 'live' AND marketplace = 'mkt_b' AND title LIKE 'filler listing %' ORDER BY sold_on DESC, listing_id DESC LIMIT 300`)).rows.map((r) => r.id);
  expect(dense.newest.map((r) => r.id)).toEqual(denseExpected);
  expect(dense.page.map((r) => r.id)).toEqual(denseExpected.slice(0, 50));
  // With no connection to spare (a pool of one), the reads that go two at once go one at a
  // time on the one connection: the same answers, both ways.
  const single = createHistoryDb({ url: testDatabaseUrl(), schema, max: 1 });
  try {
    const [sparse1, dense1] = [await querySold(single, query({ marketplace: 'mkt_b', q: 'zebra widget', pageSize: 15 })), await querySold(single, query({ marketplace: 'mkt_b', q: 'filler listing', pageSize: 50, monthsRows: 300 }))];
    expect(sparse1.newest.map((r) => r.id)).toEqual(expected.filter((id) => !movedIds.includes(id)));
    expect(dense1.newest.map((r) => r.id)).toEqual(denseExpected);
    expect(dense1.page).toEqual(dense.page);
    expect(single.pool.totalCount).toBeLessThanOrEqual(1);
  } finally {
    await single.close();
  }
  // Many reads at once on a small pool: each takes a second connection only when one is idle, so none waits on another (no deadlock), and each answers the same.
  const small = createHistoryDb({ url: testDatabaseUrl(), schema, max: 3 });
  try {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => querySold(small, query({ marketplace: 'mkt_b', q: i % 2 === 0 ? 'zebra widget' : 'filler listing', pageSize: 50, monthsRows: 300 }))));
    for (const [i, a] of answers.entries()) expect(a.newest.map((r) => r.id)).toEqual(i % 2 === 0 ? expected.filter((id) => !movedIds.includes(id)) : denseExpected);
  } finally {
    await small.close();
  }
  // A word too long for a term once prefixed by the marketplace (PostgreSQL keeps words of up
  // to 2,047 bytes): the row is written (its index entry leaves that word out), and a rare read
  // asks the index for the other words and tests every word on the rows.
  const long = 'q'.repeat(2044);
  await db.pool.query(`INSERT INTO ${db.table('sold_rows')} (mode, marketplace, listing_id, sold_on, sold_date, title, price_amount, price_currency, condition, condition_code, first_seen, last_seen)
    VALUES ('live', 'mkt_b', 'long1', '2026-10-05', '2026-10-05', $1, 120, 'USD', 'nwt', 'nwt', now(), now())`, [`zebra widget ${long}`]);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: `zebra ${long}` }))).newest.map((r) => r.id)).toEqual(['long1']);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: long }))).newest.map((r) => r.id)).toEqual(['long1']);
  expect((await querySold(db, query({ marketplace: 'mkt_b', q: 'zebra widget', monthsRows: 300 }))).newest.map((r) => r.id)).toContain('long1');
}, 60_000);

test('retention drops months wholly past it and the older days of the month it falls in', async () => {
  const before = await count('sold_rows', "mode = 'live' AND marketplace = 'mkt_a'");
  const days = goldenRows.map((r) => String(r.sold_date)).sort();
  const cut = days[Math.floor(days.length / 2)]!;
  // "now" such that the cutoff is `cut`.
  const now = new Date(Date.parse(`${cut}T12:00:00Z`) + 10 * 86_400_000);
  const out = await pruneArchive(db, 10, now);
  expect(out).not.toBeNull();
  const left = await count('sold_rows', "mode = 'live' AND marketplace = 'mkt_a'");
  expect(left).toBe(goldenRows.filter((r) => String(r.sold_date) >= cut).length);
  expect(left).toBeLessThan(before);
  expect(await count('sold_keys', 'sold_on < $1::date', [cut])).toBe(0);
});

test('a database that is not there fails fast and is told apart', async () => {
  const { isUnavailable } = await import('./db.ts');
  const dead = createHistoryDb({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutMs: 500 });
  const err = await dead.pool.query('SELECT 1').catch((e: unknown) => e);
  expect(isUnavailable(err)).toBe(true);
  expect(isUnavailable(new pg.DatabaseError('syntax', 1, 'error'))).toBe(false);
  await dead.close();
});
