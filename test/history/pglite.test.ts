/**
 * The archive on the embedded PGlite of `npm start` (scripts/pglite-server.ts, a real server
 * process on 127.0.0.1): its socket server runs one connection's transaction at a time and
 * holds every other connection until it ends. A history read there uses one connection
 * (`HISTORY_READ_CONNECTIONS=1`, which `npm start` sets): with matches in both read paths and
 * idle connections in the pool, it answers, and another client is not held meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@listings/config';
import { createHistoryDb, createWriter, ensurePartitions, migrate, querySold, type HistoryDb, type HistoryQuery } from '@listings/history';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let server: ChildProcess | null = null;
let db: HistoryDb | null = null;
const dir = mkdtempSync(join(tmpdir(), 'listings-pglite-'));

beforeAll(async () => {
  server = spawn(process.execPath, [join(ROOT, 'scripts/pglite-server.ts'), `--dir=${join(dir, 'data')}`, '--port=0', '--host=127.0.0.1'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`pglite did not listen: ${out}`)), 60_000);
    server!.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^pglite listening at (postgres:\/\/\S+)$/mu.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    server!.stderr!.on('data', (b: Buffer) => { out += b.toString(); });
    server!.on('exit', (code) => reject(new Error(`pglite exited (${code}): ${out}`)));
  });
  // What `npm start` gives the api: the setting as its config reads it.
  const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', CURSOR_SECRET: 'c'.repeat(48), HISTORY_DATABASE_URL: url, HISTORY_READ_CONNECTIONS: '1' }, []);
  db = createHistoryDb({ url, max: 10, statementTimeoutMs: 5000, connectTimeoutMs: 3000, readConnections: config.historyReadConnections });
  await migrate(db);
}, 90_000);

afterAll(async () => {
  await db?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

const query = (over: Partial<HistoryQuery>): HistoryQuery => ({ mode: 'live', marketplace: 'mkt_b', q: 'zebra widget', from: '2026-08-01', to: '2026-10-31', conditions: null, minPrice: null, maxPrice: null, page: 1, pageSize: 20, monthsRows: 300, ...over });

test('history reads on PGlite answer, walking and through the full-text index, with idle connections in the pool', async () => {
  const d = db!;
  expect(d.readConnections).toBe(1);
  await ensurePartitions(d, 'live', ['2026-08-01', '2026-09-01', '2026-10-01'], new Set());
  // 6,000 GENERATED rows over three months, 12 of them with the searched words (rare: the full-text path), the rest "filler" (the walk).
  await d.pool.query(`INSERT INTO ${d.table('sold_rows')} (mode, marketplace, listing_id, sold_on, sold_date, title, price_amount, price_currency, condition, condition_code, first_seen, last_seen)
    SELECT 'live', 'mkt_b', 'gen' || i, x.d, x.d, CASE WHEN i % 500 = 0 THEN 'zebra widget ' || i ELSE 'filler listing ' || i END, i % 300, 'USD', 'nwt', 'nwt', now(), now()
    FROM generate_series(0, 5999) AS i CROSS JOIN LATERAL (SELECT (date '2026-08-01' + (i % 3) * interval '1 month' + (i % 28) * interval '1 day')::date AS d) x`);
  // Idle connections in the pool, as a busy api has them.
  await Promise.all([1, 2, 3].map(() => d.pool.query('SELECT 1')));
  expect(d.pool.idleCount).toBeGreaterThan(1);
  const rare = await querySold(d, query({}));
  expect(rare.newest).toHaveLength(12);
  expect(rare.newest.every((r) => r.title!.startsWith('zebra widget'))).toBe(true);
  const dense = await querySold(d, query({ q: 'filler listing' }));
  expect(dense.newest).toHaveLength(300);
  expect(dense.page).toHaveLength(20);
  // Reads and a writer at once: none is held behind another for good.
  const writer = createWriter(d, { retentionDays: 3650 });
  const [a, b, w] = await Promise.all([
    querySold(d, query({})),
    querySold(d, query({ q: 'filler listing' })),
    writer.write({ mode: 'live', marketplace: 'mkt_b', seenAt: '2026-10-31T00:00:00.000Z', rows: [{ id: 'late1', title: 'zebra widget late', link: null, image: null, price: 10, currency: 'USD', price_text: null, shipping: null, shipping_currency: null, shipping_text: null, sold_date: '2026-10-30', sold_date_text: null, condition: 'nwt', condition_code: 'nwt', condition_id: null, category_id: null, brand_id: null, brand: null, size: null }]}),
  ]);
  // (The written row may be seen by the read beside it or not: both are right.)
  expect(a.newest.filter((r) => r.id !== 'late1')).toHaveLength(12);
  expect(b.newest).toHaveLength(300);
  expect(w.inserted).toBe(1);
  expect((await querySold(d, query({}))).newest[0]!.id).toBe('late1');
}, 60_000);
