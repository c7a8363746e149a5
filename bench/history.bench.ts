/**
 * `npm run bench history`: the sold history archive at a busy fleet's year.
 *
 * 1. Read: history queries over an archive of 10,000,000 GENERATED rows (synthetic titles,
 *    prices and dates drawn in SQL with generate_series: not market data, labelled as such in
 *    the output; 12 months, mkt_a 60 %, mkt_b and mkt_c 20 % each). A query is what the route
 *    runs: querySold (the newest matches, up to the months block's 2,000, and the page) then the
 *    row judgement and the months block, in this process. The mix: specific product queries,
 *    product plus variant, and broad brand words, over the default range (the retention), the
 *    last 90 days and the last 30, some with condition and price bounds. p50/p95/p99 per class
 *    and overall. Target: p95 under 100 ms.
 * 2. Write: the fleet's settle rate, measured in the same run (an in-process worker collecting
 *    distinct sold searches from the simulators, its archive hand-off on), against the archive
 *    writer's rate draining the queue into the 10-million-row archive (pages of the settled
 *    searches' rows under new ids). The writer keeps up when its pages a second exceed the
 *    settles a second.
 *
 * The generated archive is kept in the schema `bench_history` (HISTORY_BENCH_SCHEMA) between
 * runs: generating it takes minutes once; later runs reuse it (a marker row holds the
 * generator's version and size). Its server is HISTORY_BENCH_DATABASE_URL when given, else a
 * private PostgreSQL run with the deploy's settings (deploy/k8s/base/postgres.yaml), its data
 * kept in HISTORY_BENCH_PGDATA (default: a folder of the temporary directory). Its indexes are
 * prewarmed before the reads (into shared buffers), its tables read into the system's page cache.
 * Never part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pino from 'pino';
import { loadConfig } from '@listings/config';
import { findRoute, validateSearch } from '@listings/contract';
import { createArchiveHandoff, createHistoryDb, ident, migrate, querySold, startArchiveWriter, type HistoryDb } from '@listings/history';
import { MARKETPLACES } from '@listings/marketplaces';
import { bullConnection, queuePrefix } from '@listings/store';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPrivatePostgres, type PrivatePostgres } from '@listings/testing';
import { startWorker } from '@listings/worker';
import { HISTORY_MONTHS_ROWS, HISTORY_PAGE_SIZE, judgeHistoryRows, monthsOf } from '../apps/api/src/services/history.ts';
import { benchContext, benchRedis, machine, percentile, startAllSimulators } from './support/service.ts';

const ROWS = Number(process.env.HISTORY_BENCH_ROWS ?? 10_000_000);
const MONTHS = 12;
const GENERATOR = 'v4';
const SCHEMA = process.env.HISTORY_BENCH_SCHEMA ?? 'bench_history';
/**
 * The server settings production runs PostgreSQL with: the `-c` arguments of the deploy's
 * StatefulSet (deploy/k8s/base/postgres.yaml), read from it so the two cannot drift apart.
 */
function deploySettings(): Record<string, string> {
  const manifest = readFileSync(new URL('../deploy/k8s/base/postgres.yaml', import.meta.url), 'utf8');
  const args = /args:\s*\[([^\]]*)\]/u.exec(manifest)?.[1];
  if (args === undefined) throw new Error('deploy/k8s/base/postgres.yaml: no args of the postgres container');
  const list = [...args.matchAll(/"([^"]*)"/gu)].map((m) => m[1]!);
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i++) {
    if (list[i] !== '-c') continue;
    const [k, v] = list[i + 1]!.split('=');
    out[k!] = v!;
  }
  if (!out.shared_buffers) throw new Error('deploy/k8s/base/postgres.yaml sets no shared_buffers');
  return out;
}

// The archive's server: HISTORY_BENCH_DATABASE_URL when given; else a private PostgreSQL of
// this machine's, run with the deploy's settings (the machine's own server keeps PostgreSQL's
// defaults, shared_buffers 128MB, for the tests), its data kept between runs in
// HISTORY_BENCH_PGDATA (default: a folder of the temporary directory) so the generated archive
// is made once.
let server: PrivatePostgres | null = null;
const SETTINGS = process.env.HISTORY_BENCH_DATABASE_URL ? null : deploySettings();
if (SETTINGS !== null) server = await startPrivatePostgres({ dir: process.env.HISTORY_BENCH_PGDATA ?? join(tmpdir(), 'listings-bench-history-pg'), settings: SETTINGS });
const DB_URL = process.env.HISTORY_BENCH_DATABASE_URL ?? server!.url;
const QUERIES = 300;
const SETTLES = 150;

/** Products of the generated archive: name, base price, popularity weight. */
const PRODUCTS: Array<[string, number]> = [
  ['Apple iPhone 13', 380], ['Apple iPhone 13 Pro', 480], ['Apple iPhone 13 Pro Max', 560], ['Apple iPhone 14', 470], ['Apple iPhone 14 Pro', 620],
  ['Apple iPhone 12', 260], ['Apple iPhone 15 Pro', 780], ['Apple AirPods Pro 2nd Gen', 150], ['Apple iPad Air 5th Gen', 390], ['Apple MacBook Air M1', 520],
  ['Apple Watch Series 8', 220], ['Samsung Galaxy S23 Ultra', 640], ['Samsung Galaxy S22', 330], ['Google Pixel 7 Pro', 360], ['Sony WH-1000XM4 Headphones', 170],
  ['Sony WH-1000XM5 Headphones', 250], ['Bose QuietComfort 45', 160], ['Nintendo Switch OLED', 280], ['Nintendo Switch Lite', 140], ['Sony PlayStation 5 Disc', 420],
  ['Microsoft Xbox Series X', 390], ['Steam Deck 512GB', 430], ['Nike Dunk Low Panda', 110], ['Nike Air Jordan 1 Retro High Chicago', 320], ['Nike Air Force 1 White', 85],
  ['Adidas Yeezy Boost 350 V2', 240], ['New Balance 550 White Green', 95], ['Lululemon Align Leggings', 58], ['Patagonia Better Sweater Fleece', 75], ['Levis 501 Jeans', 35],
  ['Le Creuset Dutch Oven 5.5 qt', 230], ['KitchenAid Artisan Stand Mixer', 260], ['Dyson V11 Cordless Vacuum', 290], ['Vitamix 5200 Blender', 240], ['Instant Pot Duo 6 qt', 55],
  ['Canon EOS R6 Body', 1450], ['Sony A7 III Body', 1150], ['Fujifilm X100V', 1500], ['GoPro Hero 11 Black', 260], ['DJI Mini 3 Pro', 610],
  ['Pokemon Charizard VMAX Card', 95], ['Lego Star Wars Millennium Falcon 75257', 140], ['Funko Pop Spider-Man', 18], ['Hot Wheels Treasure Hunt', 12], ['Yeti Rambler 30 oz', 28],
  ['Garmin Fenix 7', 480], ['Fitbit Charge 5', 80], ['Kindle Paperwhite 11th Gen', 95], ['Beats Studio Pro', 190], ['Rolex Submariner Date', 11500],
];
const VARIANTS = ['128GB', '256GB', '512GB', 'Black', 'White', 'Blue', 'Red', 'Green', 'Size 9', 'Size 10', 'Size 11', 'Medium', 'Large', 'Unlocked', 'Verizon', 'AT&T', 'Gray', 'Pink'];
const EXTRAS = ['Good Condition', 'Excellent', 'With Box', 'Tested Works', 'Fast Shipping', 'Bundle', 'Case Only', 'Lot of 3', 'For Parts', 'Screen Protector', 'OEM', 'Authentic', 'Free Shipping', 'Mint', 'Used', 'Brand New Sealed'];
const CONDITIONS: Array<[string, string, string]> = [
  // marketplace-independent text, mkt_a code, (mkt_b, mkt_c handled in SQL)
  ['Pre-Owned', 'used', ''], ['Brand New', 'new', ''], ['Open Box', 'open_box', ''], ['Excellent - Refurbished', 'refurbished', ''], ['Parts Only', 'for_parts', ''],
];

const sqlArray = (xs: readonly string[]): string => `ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]`;

function monthsBack(n: number): Array<{ from: string; to: string; suffix: string }> {
  const now = new Date();
  const out: Array<{ from: string; to: string; suffix: string }> = [];
  for (let i = n - 1; i >= 0; i--) {
    const a = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const b = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i + 1, 1));
    out.push({ from: a.toISOString().slice(0, 10), to: b.toISOString().slice(0, 10), suffix: `y${a.getUTCFullYear()}m${String(a.getUTCMonth() + 1).padStart(2, '0')}` });
  }
  return out;
}

async function generate(db: HistoryDb): Promise<void> {
  const S = db.S;
  const started = performance.now();
  await db.pool.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
  await migrate(db);
  const client = await db.pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET statement_timeout = 0`);
    await client.query(`ALTER TABLE ${S}.sold_keys DROP CONSTRAINT sold_keys_pkey`);
    await client.query(`DROP INDEX ${S}.sold_keys_sold_on`);
    const months = monthsBack(MONTHS);
    const per = Math.ceil(ROWS / MONTHS);
    const names = sqlArray(PRODUCTS.map((p) => p[0]));
    const prices = `ARRAY[${PRODUCTS.map((p) => p[1]).join(',')}]::numeric[]`;
    for (const [i, m] of months.entries()) {
      const t0 = performance.now();
      const part = `${S}.${ident(`sold_rows_live_${m.suffix}`)}`;
      await client.query(`CREATE TABLE ${part} (LIKE ${S}.sold_rows INCLUDING DEFAULTS INCLUDING GENERATED)`);
      const lo = i * per + 1;
      const hi = Math.min(ROWS, (i + 1) * per);
      // h: a hash of the row number; p: the product, skewed towards the first ones (popular).
      await client.query(`
        INSERT INTO ${part} (mode, marketplace, listing_id, sold_on, sold_date, title, link, price_amount, price_currency, price_text,
          condition, condition_code, condition_id, first_seen, last_seen)
        SELECT 'live', mk, 'gen' || g, d, CASE WHEN mk = 'mkt_b' AND (h % 10) = 0 THEN NULL ELSE d END,
          (${names})[p] || ' ' || (${sqlArray(VARIANTS)})[1 + (h / 7) % ${VARIANTS.length}] || CASE WHEN (h / 131) % 3 = 0 THEN ' ' || (${sqlArray(EXTRAS)})[1 + (h / 389) % ${EXTRAS.length}] ELSE '' END,
          'https://example.invalid/generated/' || g,
          round((${prices})[p] * (0.55 + ((h / 1009) % 900) / 1000.0), 2), 'USD', NULL,
          CASE mk WHEN 'mkt_a' THEN (${sqlArray(CONDITIONS.map((c) => c[0]))})[1 + (h / 3) % 5] WHEN 'mkt_b' THEN (ARRAY['nwt','uln','ug','uf'])[1 + (h / 3) % 4] ELSE (ARRAY['New','Like New','Good','Fair','Poor'])[1 + (h / 3) % 5] END,
          CASE mk WHEN 'mkt_a' THEN (${sqlArray(CONDITIONS.map((c) => c[1]))})[1 + (h / 3) % 5] WHEN 'mkt_b' THEN (ARRAY['nwt','uln','ug','uf'])[1 + (h / 3) % 4] ELSE (ARRAY['new','like_new','good','fair','poor'])[1 + (h / 3) % 5] END,
          CASE WHEN mk = 'mkt_c' THEN 1 + (h / 3) % 5 END,
          d + time '12:00', d + time '12:00'
        FROM generate_series(${lo}, ${hi}) AS g
        CROSS JOIN LATERAL (SELECT (hashint4(g) & 2147483647) AS h) x
        CROSS JOIN LATERAL (SELECT
          (ARRAY['mkt_a','mkt_a','mkt_a','mkt_b','mkt_c'])[1 + h % 5] AS mk,
          1 + floor(${PRODUCTS.length} * power(((h / 11) % 100000) / 100000.0, 2))::int AS p,
          date '${m.from}' + ((h / 13) % (date '${m.to}' - date '${m.from}')) AS d) y
        ORDER BY y.d`);
      await client.query(`ALTER TABLE ${part} ADD CONSTRAINT ${ident(`bound_${m.suffix}`)} CHECK (mode = 'live' AND sold_on >= date '${m.from}' AND sold_on < date '${m.to}')`);
      // Attaching builds the partition's indexes (the full-text GIN with its facets, the covering newest-first btree, the primary key) in bulk.
      await client.query(`ALTER TABLE ${S}.sold_rows_live ATTACH PARTITION ${part} FOR VALUES FROM ('${m.from}') TO ('${m.to}')`);
      // As autovacuum leaves a month that is no longer written (hint bits set, the visibility map
      // that lets the newest-first index answer alone): a freshly written month read cold would
      // instead set every row's hint bits on its first read, and time that writing.
      await client.query(`VACUUM (FREEZE, ANALYZE) ${part}`);
      console.log(`  generated ${m.suffix}: ${hi - lo + 1} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    await client.query(`INSERT INTO ${S}.sold_keys (mode, marketplace, listing_id, sold_on) SELECT mode, marketplace, listing_id, sold_on FROM ${S}.sold_rows`);
    await client.query(`ALTER TABLE ${S}.sold_keys ADD PRIMARY KEY (mode, marketplace, listing_id)`);
    await client.query(`CREATE INDEX sold_keys_sold_on ON ${S}.sold_keys (sold_on)`);
    await client.query(`ANALYZE ${S}.sold_keys`);
    await client.query(`CREATE TABLE ${S}.bench_meta (generator text, rows bigint, made_at timestamptz DEFAULT now())`);
    await client.query(`INSERT INTO ${S}.bench_meta (generator, rows) VALUES ($1, $2)`, [GENERATOR, ROWS]);
  } finally {
    client.release();
  }
  console.log(`generated ${ROWS} rows in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
}

async function ready(db: HistoryDb): Promise<boolean> {
  try {
    const r = await db.pool.query<{ generator: string; rows: string; made_at: Date }>(`SELECT generator, rows, made_at FROM ${db.S}.bench_meta`);
    const m = r.rows[0];
    if (!m || m.generator !== GENERATOR || Number(m.rows) !== ROWS) return false;
    // Months are generated back from the month of generation: regenerate when a new month began.
    return m.made_at.toISOString().slice(0, 7) === new Date().toISOString().slice(0, 7);
  } catch {
    return false;
  }
}

interface Q { cls: string; marketplace: string; q: string; from: string; to: string; conditions: string[] | null; minPrice: number | null; maxPrice: number | null }

function queryMix(n: number): Q[] {
  const today = new Date().toISOString().slice(0, 10);
  const back = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const out: Q[] = [];
  let seed = 7;
  const rnd = (k: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const brands = ['iphone', 'nike', 'sony', 'nintendo', 'samsung', 'apple', 'lego', 'canon'];
  for (let i = 0; i < n; i++) {
    const product = PRODUCTS[Math.floor(PRODUCTS.length * (rnd(1000) / 1000) ** 2)]![0].toLowerCase();
    const kind = rnd(10);
    const cls = kind < 5 ? 'product' : kind < 8 ? 'product+variant' : 'broad';
    const q = cls === 'product' ? product : cls === 'product+variant' ? `${product} ${VARIANTS[rnd(VARIANTS.length)]!.toLowerCase()}` : brands[rnd(brands.length)]!;
    const range = rnd(3);
    const marketplace = (['mkt_a', 'mkt_a', 'mkt_a', 'mkt_b', 'mkt_c'] as const)[rnd(5)]!;
    const filtered = rnd(4) === 0;
    out.push({
      cls, marketplace, q,
      from: range === 0 ? back(729) : range === 1 ? back(90) : back(30), to: today,
      conditions: filtered && marketplace === 'mkt_a' ? ['used'] : null,
      minPrice: filtered ? 50 : null, maxPrice: filtered ? 2000 : null,
    });
  }
  return out;
}

async function readBench(db: HistoryDb): Promise<void> {
  const mix = queryMix(QUERIES);
  const run = async (x: Q): Promise<{ ms: number; rows: number; newest: number }> => {
    const t0 = performance.now();
    const answer = await querySold(db, { mode: 'live', marketplace: x.marketplace, q: x.q, from: x.from, to: x.to, conditions: x.conditions, minPrice: x.minPrice, maxPrice: x.maxPrice, page: 1, pageSize: HISTORY_PAGE_SIZE, monthsRows: HISTORY_MONTHS_ROWS });
    const judged = judgeHistoryRows(x.q, x.marketplace, answer.newest);
    monthsOf(judged);
    return { ms: performance.now() - t0, rows: answer.page.length, newest: answer.newest.length };
  };
  // The server as it runs in service: its indexes in memory. A server that has been answering
  // holds them (and the deploy preloads pg_prewarm, whose autoprewarm reloads them after a
  // restart); a bench server just started would otherwise time its first reads from disk.
  const t0 = performance.now();
  try {
    await db.pool.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const idx = await db.pool.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'i'`, [SCHEMA]);
    let blocks = 0;
    for (const { name } of idx.rows) blocks += Number((await db.pool.query<{ n: string }>('SELECT pg_prewarm($1::regclass) AS n', [name])).rows[0]!.n);
    console.log(`prewarm: ${idx.rows.length} indexes, ${(blocks * 8 / 1024 / 1024).toFixed(2)} GiB into shared buffers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The table's pages into the system's page cache (not shared buffers: they are read into
    // those as the queries need them), as on the deploy's server, sized to hold the archive in
    // memory (docs/operations.md). On this machine other work (a test suite, a browser) can
    // evict them between runs: a read of them from disk would time this machine's disk, not
    // the archive (a run right after a full test run gave p95 105 ms, the next one 69 ms).
    const t1 = performance.now();
    const tables = await db.pool.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`, [SCHEMA]);
    let tableBlocks = 0;
    for (const { name } of tables.rows) tableBlocks += Number((await db.pool.query<{ n: string }>(`SELECT pg_prewarm($1::regclass, 'read') AS n`, [name])).rows[0]!.n);
    console.log(`prewarm: ${tables.rows.length} tables, ${(tableBlocks * 8 / 1024 / 1024).toFixed(2)} GiB read into the system's page cache in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  } catch (err) {
    console.log(`prewarm: not available on this server (${(err as Error).message}); the reads start cold`);
  }
  for (const x of mix.slice(0, 30)) await run(x); // warm-up: the plan cache and the connections
  // Baseline, same run: how fast this machine answers now (a fixed statement, one at a time).
  const base: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await db.pool.query('SELECT count(*) FROM generate_series(1, 200000)');
    base.push(performance.now() - t0);
  }
  base.sort((a, b) => a - b);
  console.log(`baseline (same run): SELECT count(*) over 200,000 generated numbers, p50 ${percentile(base, 50).toFixed(1)} ms, p95 ${percentile(base, 95).toFixed(1)} ms; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const by = new Map<string, number[]>();
  const all: number[] = [];
  let truncated = 0;
  for (const x of mix) {
    const r = await run(x);
    all.push(r.ms);
    if (r.newest >= HISTORY_MONTHS_ROWS) truncated++;
    const list = by.get(x.cls) ?? [];
    list.push(r.ms);
    by.set(x.cls, list);
  }
  const fmt = (xs: number[]): string => {
    const s = [...xs].sort((a, b) => a - b);
    return `n=${s.length} p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms`;
  };
  console.log(`read (over ${ROWS.toLocaleString('en-US')} GENERATED rows): ${QUERIES} history queries, one at a time`);
  for (const [cls, xs] of by) console.log(`  ${cls.padEnd(16)} ${fmt(xs)}`);
  console.log(`  ${'all'.padEnd(16)} ${fmt(all)}   (target p95 < 100 ms; ${truncated} queries matched more than the months block's ${HISTORY_MONTHS_ROWS} rows)`);
}

async function writeBench(db: HistoryDb): Promise<void> {
  const r = await benchRedis();
  const ctx = await benchContext('history', r.url);
  const sims = await startAllSimulators({ port: 0, host: '127.0.0.1' });
  try {
    const config = loadConfig({ ...ctx.env, SIMULATOR_URL: sims.url, LOG_LEVEL: 'silent', WORKER_MARKETPLACES: 'mkt_a,mkt_b,mkt_c', WORKER_METRICS_PORT: '0',
      WORKER_CONCURRENCY: 'mkt_a=4,mkt_b=4,mkt_c=4', HISTORY_DATABASE_URL: DB_URL, HISTORY_SCHEMA: SCHEMA }, []);
    // 1. The fleet's settle rate: distinct sold searches collected from the simulators by an in-process worker (archive hand-off on).
    const acct = await ctx.accounts.create('bench', 'scale');
    const tokens = ['mkt_a', 'mkt_b', 'mkt_c'] as const;
    const collections: string[] = [];
    for (let i = 0; i < SETTLES; i++) {
      const token = tokens[i % 3]!;
      const search = validateSearch(findRoute(`${token}/sold`)!, [['q', `${PRODUCTS[i % PRODUCTS.length]![0]} bench${i}`]], { cursorSecret: ctx.cursorSecret });
      const out = await ctx.store.submit({ mode: 'sandbox', account: acct.id, route: search.route, q: search.q, page: 1, pageId: `bench-${i}-${randomBytes(4).toString('hex')}`, token, idempotencyKeyHash: null, fingerprint: `f${i}`, allowance: 1e9, pendingCap: 1e6, dailyLimit: null, queueMax: null, searchJson: JSON.stringify(search), collectable: true });
      if (out.kind !== 'miss') throw new Error(`expected a miss, got ${out.kind}`);
      collections.push(out.collectionId);
    }
    const t0 = performance.now();
    const worker = await startWorker(config, MARKETPLACES, { logger: pino({ level: 'silent' }) });
    let settled = 0;
    let settleSeconds = 0;
    for (;;) {
      const c = worker.counts.complete + worker.counts.failed;
      if (c >= SETTLES) {
        settled = worker.counts.complete;
        settleSeconds = (performance.now() - t0) / 1000;
        break;
      }
      if (performance.now() - t0 > 120_000) throw new Error('collections did not settle within 2 minutes');
      await new Promise((res) => setTimeout(res, 20));
    }
    const handed = worker.history!.handoff.counts;
    const rowsPerPage = handed.rows / Math.max(1, handed.pages);
    console.log(`settle (same run): ${settled} sold pages settled in ${settleSeconds.toFixed(1)} s = ${(settled / settleSeconds).toFixed(1)} pages/s, ${(handed.rows / settleSeconds).toFixed(0)} rows/s (${rowsPerPage.toFixed(0)} rows a page), one worker process on this machine`);
    // Their rows, once archived by the worker's own writer, give the pages of the write measure.
    const deadline = Date.now() + 60_000;
    while ((worker.history!.writer()?.counts.jobs ?? 0) < handed.pages && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
    await worker.close();

    // 2. The writer's rate: the settled pages' rows under new ids, queued all at once, drained by one writer (HISTORY_WRITER_CONCURRENCY 2).
    const rowsOf = await db.pool.query<{ marketplace: string; listing_id: string; title: string; price_amount: string; sold_date: string | null; condition: string | null }>(
      `SELECT marketplace, listing_id, title, price_amount, to_char(sold_date, 'YYYY-MM-DD') AS sold_date, condition FROM ${db.S}.sold_rows_sandbox LIMIT 5000`);
    const sample = rowsOf.rows;
    const PAGES = 1000;
    const producer = bullConnection(ctx.redisUrl, 'bench-history-producer');
    const consumer = bullConnection(ctx.redisUrl, 'bench-history-consumer');
    const prefix = queuePrefix(ctx.prefix);
    const handoff = createArchiveHandoff(producer, { prefix, maxJobs: 1e9 });
    const run = randomBytes(3).toString('hex');
    for (let i = 0; i < PAGES; i++) {
      const token = tokens[i % 3]!;
      const data = Array.from({ length: Math.round(rowsPerPage) }, (_, j) => {
        const s = sample[(i * 37 + j) % sample.length]!;
        return { id: `w${run}-${i}-${j}`, title: s.title, displayed_price: { amount: Number(s.price_amount), currency: 'USD' }, sold_date: s.sold_date, condition: s.condition, link: null };
      });
      handoff.handoff({ collectionId: `bench-${run}-${i}`, mode: 'live', token, kind: 'sold', result: { collected_at: new Date().toISOString(), data } });
    }
    await handoff.close();
    const rowsQueued = PAGES * Math.round(rowsPerPage);
    const w0 = performance.now();
    const writer = startArchiveWriter(consumer, db, { prefix, retentionDays: 730, concurrency: 2, retryMaxMs: 1000 });
    while (writer.counts.jobs < PAGES && performance.now() - w0 < 300_000) await new Promise((res) => setTimeout(res, 20));
    const ws = (performance.now() - w0) / 1000;
    await writer.close();
    producer.disconnect();
    consumer.disconnect();
    const pagesPerS = writer.counts.jobs / ws;
    console.log(`write: ${writer.counts.jobs} pages (${rowsQueued} rows, ${writer.counts.inserted} new) into the ${ROWS.toLocaleString('en-US')}-row archive in ${ws.toFixed(1)} s = ${pagesPerS.toFixed(1)} pages/s, ${(writer.counts.inserted / ws).toFixed(0)} rows/s by one writer (concurrency 2)`);
    console.log(`  keeps up: ${pagesPerS >= settled / settleSeconds ? 'yes' : 'NO'} (${(pagesPerS / (settled / settleSeconds)).toFixed(1)}× the settle rate measured above)`);
    // Leave the generated archive as it was: the written rows go.
    await db.pool.query(`DELETE FROM ${db.S}.sold_rows WHERE listing_id LIKE $1`, [`w${run}-%`]);
    await db.pool.query(`DELETE FROM ${db.S}.sold_keys WHERE listing_id LIKE $1`, [`w${run}-%`]);
    await db.pool.query(`DELETE FROM ${db.S}.sold_rows WHERE mode = 'sandbox'`);
    await db.pool.query(`DELETE FROM ${db.S}.sold_keys WHERE mode = 'sandbox'`);
    // As autovacuum would after those deletes: the months written to are all-visible again, so the
    // next run walks them index-only as this one did.
    await db.pool.query(`VACUUM (ANALYZE) ${db.S}.sold_rows_live, ${db.S}.sold_keys`);
  } finally {
    await sims.close();
    await ctx.close();
    await r.stop();
  }
}

const db = createHistoryDb({ url: DB_URL, schema: SCHEMA, max: 6, statementTimeoutMs: 0 });
try {
  const probe = await benchRedis();
  const ctx0 = await benchContext('history-probe', probe.url);
  console.log(`machine: ${await machine(ctx0.redis)}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}; PostgreSQL ${(await db.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version}`);
  console.log(SETTINGS === null ? `server: HISTORY_BENCH_DATABASE_URL (its own settings)` : `server: a private PostgreSQL with the deploy's settings (deploy/k8s/base/postgres.yaml): ${Object.entries(SETTINGS).map(([k, v]) => `${k}=${v}`).join(', ')}`);
  await ctx0.close();
  await probe.stop();
  if (!(await ready(db))) {
    console.log(`generating ${ROWS.toLocaleString('en-US')} rows (GENERATED: synthetic titles, prices and dates, not market data) in schema ${SCHEMA}; kept for later runs`);
    await generate(db);
  } else {
    console.log(`reusing the generated archive in schema ${SCHEMA} (${ROWS.toLocaleString('en-US')} GENERATED rows)`);
    // An archive generated before a migration gets it as production would, at start.
    const m0 = performance.now();
    const applied = await migrate(db);
    if (applied.length > 0) console.log(`  migrated it: ${applied.map((id) => `migration ${id}`).join(', ')} in ${((performance.now() - m0) / 1000).toFixed(0)} s`);
  }
  await readBench(db);
  await writeBench(db);
} finally {
  await db.close();
  server?.shutdown();
}
