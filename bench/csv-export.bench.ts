/**
 * `npm run bench csv-export`: CSV export of batch rows (packages/export).
 *
 * 1. Throughput: 200 searches × 100 mkt_a sold rows, held in memory as a batch's results are,
 *    exported with streamCsv into a sink that only counts bytes. Baseline in the same run:
 *    JSON.stringify of the same rows, search by search (the floor: no cell rules, no quoting).
 *    Also csv-stringify alone on the same cells built beforehand (the writer's own floor,
 *    whatever feeds it). Each round times the three back to back (rotating which goes first),
 *    in wall time and in this thread's CPU time, and the ratios are medians of per-round
 *    ratios, which a shared machine's load disturbs less than a ratio of two medians. Two row
 *    shapes: realistic fully populated mkt_a sold rows, and the thin mkt_c/sold rows of the
 *    test marketplace (7 fields filled of 28 columns), as bench/batch.bench.ts downloads
 *    them, where JSON is cheapest against CSV.
 * 2. Memory: the same export over rows generated lazily, 20k rows then 200k rows. Peak heap
 *    and RSS growth over the idle baseline should not grow with the number of rows. For
 *    contrast, JSON.stringify of the same rows as one array (materialized) does grow.
 */
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RouteId, Row, Search } from '@listings/contract';
import { csvColumns, csvRecord, streamCsv, type CsvColumn, type CsvSearch } from '@listings/export';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { parseTestPage, testListings } from '@listings/marketplaces/testkit';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench csv-export)');

const TITLES = ['Fender Stratocaster, sunburst', 'Nintendo Switch OLED "White" bundle', 'Levi\'s 501 W32 L34\nvintage', '=cheap lamp', 'Café racer jacket 日本', '-40% Bose QC45'];

function row(i: number): Row {
  return {
    id: String(100000000000 + i * 7919),
    title: `${TITLES[i % TITLES.length]} #${i}`,
    link: `https://www.example.invalid/itm/${100000000000 + i * 7919}`,
    displayed_price: i % 11 === 0 ? null : { amount: Math.round((i * 7.31) % 900 * 100) / 100, currency: 'USD' },
    displayed_price_text: i % 11 === 0 ? '$10.00 to $25.00' : `$${((i * 7.31) % 900).toFixed(2)}`,
    displayed_shipping: i % 3 === 0 ? { amount: 0, currency: 'USD' } : null,
    shipping_text: i % 3 === 0 ? 'Free delivery' : '+$8.95 delivery',
    sold_date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    sold_date_text: `Sold  ${1 + (i % 28)} Mar`,
    condition: i % 2 === 0 ? 'Pre-Owned' : 'Brand New',
    seller_text: `seller_${i % 997} (${i % 5000}) 99.${i % 10}% positive`,
    brand: null, size: null,
    image: `https://i.example.invalid/images/g/${i}/s-l500.jpg`,
    price: null, shipping: null, sold_at: null, took_offer: null,
  };
}

function batch(searches: number, perSearch: number): Array<{ search_index: number; q: string; endpoint: string; rows: Row[] }> {
  return Array.from({ length: searches }, (_, s) => ({
    search_index: s, q: `query ${s}`, endpoint: 'mkt_a/sold',
    rows: Array.from({ length: perSearch }, (_, r) => row(s * perSearch + r)),
  }));
}

/**
 * 200 searches × 100 rows as the test marketplace's adapter parses them for mkt_c/sold (the
 * rows bench/batch.bench.ts exports): id, title, link, price, price text, sold date and a
 * `collected` field that is not a CSV column.
 */
function thinBatch(searches: number, perSearch: number): Array<{ search_index: number; q: string; endpoint: string; rows: Row[] }> {
  const out: Array<{ search_index: number; q: string; endpoint: string; rows: Row[] }> = [];
  const now = new Date('2026-11-21T12:00:00Z');
  for (let i = 0; out.length < searches; i++) {
    const q = `bench csv ${i}`;
    const items = testListings(q, 'sold');
    if (items.length < perSearch) continue;
    const body = JSON.stringify({ total: items.length, page: 1, items: items.slice(0, perSearch), next: null });
    const { rows } = parseTestPage(body, { kind: 'sold' } as Search, now);
    out.push({ search_index: out.length, q, endpoint: 'mkt_c/sold', rows });
  }
  return out;
}

function* lazyBatch(searches: number, perSearch: number): Generator<CsvSearch> {
  for (let s = 0; s < searches; s++) {
    yield {
      search_index: s, q: `query ${s}`, endpoint: 'mkt_a/sold',
      rows: (function* () {
        for (let r = 0; r < perSearch; r++) yield row(s * perSearch + r);
      })(),
    };
  }
}

interface Peak { heap: number; rss: number }
function sampler(): { sample(): void; peak: Peak } {
  const peak = { heap: 0, rss: 0 };
  return {
    peak,
    sample() {
      const m = process.memoryUsage();
      if (m.heapUsed > peak.heap) peak.heap = m.heapUsed;
      if (m.rss > peak.rss) peak.rss = m.rss;
    },
  };
}

async function baseline(): Promise<Peak> {
  // Let finalizers and the throughput section's garbage go (a GC needs a turn of the loop
  // for some of it), so the baseline is not higher than what the export later runs over.
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  gc!();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

/**
 * Streams the CSV into a sink that counts bytes. With a sampler, memory is sampled every
 * 16 KiB written (about 64 rows); with `collect`, every 512 KiB (about 2,000 rows) after a
 * full GC, so the samples show live memory (what the export holds) rather than garbage V8 has
 * not collected yet. Sampling goes by bytes, not chunks, since a chunk holds several rows.
 */
async function exportCsv(items: Iterable<CsvSearch>, s?: ReturnType<typeof sampler>, collect = false, columns: CsvColumn[] = csvColumns(['mkt_a/sold'])): Promise<number> {
  let bytes = 0;
  let next = 0;
  const every = collect ? 512 * 1024 : 16 * 1024;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (s && bytes >= next) {
        next = bytes + every;
        if (collect) gc!();
        s.sample();
      }
      done();
    },
  });
  await pipeline(streamCsv(items, columns), sink);
  return bytes;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
const kb = (n: number): string => `${n < 0 ? '-' : '+'}${Math.abs(n / 1024).toFixed(0)} KB`;
const rate = (rows: number, ms: number): string => `${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`;

// 1. Throughput.
const SEARCHES = 200;
const PER = 100;
const rows = SEARCHES * PER;
const ROUNDS = 11;
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (${ROUNDS} rounds per shape)`);

interface Took { wall: number; cpu: number }

/** Wall time and this thread's CPU time (ms): on a shared machine CPU time is the steadier. */
async function timed(f: () => unknown): Promise<Took> {
  const c = process.threadCpuUsage();
  const t = performance.now();
  await f();
  const wall = performance.now() - t;
  const d = process.threadCpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1000 };
}

const STRINGIFY_OPTIONS = { record_delimiter: '\r\n', quote_record_delimiter: true, escape_formulas: false, bom: false, eof: true } as const;

async function throughput(label: string, data: Array<{ search_index: number; q: string; endpoint: string; rows: Row[] }>, route: RouteId): Promise<void> {
  const columns = csvColumns([route]);
  // csv-stringify's own share: the same cells built beforehand, 16 rows per call as streamCsv
  // hands them, joined text encoded to UTF-8. No cell rules, no stream.
  const cells = data.map((d) => d.rows.map((r) => csvRecord(columns, d, r).map((c) => (c === '' ? null : c))));
  const took: Record<'csv' | 'json' | 'writer', Took[]> = { csv: [], json: [], writer: [] };
  let csvBytes = 0;
  let jsonBytes = 0;
  let writerBytes = 0;
  const run = {
    csv: async (): Promise<void> => {
      csvBytes = await exportCsv(data, undefined, false, columns);
    },
    json: (): void => {
      jsonBytes = 0;
      for (const d of data) jsonBytes += Buffer.byteLength(JSON.stringify(d.rows));
    },
    writer: (): void => {
      writerBytes = 0;
      for (const rs of cells) {
        for (let i = 0; i < rs.length; i += 16) writerBytes += Buffer.from(stringifySync(rs.slice(i, i + 16), STRINGIFY_OPTIONS)).length;
      }
    },
  };
  for (let i = 0; i < 3; i++) {
    for (const f of Object.values(run)) await f(); // warm-up
  }
  const order = [['csv', 'json', 'writer'], ['json', 'writer', 'csv'], ['writer', 'csv', 'json']] as const;
  for (let i = 0; i < ROUNDS; i++) {
    for (const k of order[i % 3]!) took[k].push(await timed(run[k]));
  }
  if (writerBytes !== csvBytes - Buffer.byteLength(`${columns.map((c) => c.header).join(',')}\r\n`)) throw new Error('the writer-only pass wrote other bytes than streamCsv');
  const med = (k: keyof typeof took, m: keyof Took): number => median(took[k].map((t) => t[m]));
  const ratio = (k: keyof typeof took, m: keyof Took): string => {
    const rs = took[k].map((t, i) => t[m] / took.json[i]![m]).sort((x, y) => x - y);
    return `${median(rs).toFixed(2)}× (${rs[0]!.toFixed(2)}-${rs[rs.length - 1]!.toFixed(2)})`;
  };
  console.log(`throughput, ${label}: ${SEARCHES} searches × ${PER} rows = ${rows} rows, ${columns.length} columns, median of ${ROUNDS} rounds`);
  console.log(`  CSV  streamCsv             ${med('csv', 'wall').toFixed(1).padStart(7)} ms  ${rate(rows, med('csv', 'wall')).padStart(16)}  ${mb(csvBytes)}`);
  console.log(`  csv-stringify alone        ${med('writer', 'wall').toFixed(1).padStart(7)} ms  ${rate(rows, med('writer', 'wall')).padStart(16)}  (cells built beforehand: the writer's own floor)`);
  console.log(`  JSON.stringify (floor)     ${med('json', 'wall').toFixed(1).padStart(7)} ms  ${rate(rows, med('json', 'wall')).padStart(16)}  ${mb(jsonBytes)}`);
  console.log('  against JSON.stringify, median of per-round ratios (range):');
  console.log(`    streamCsv            wall ${ratio('csv', 'wall')}, thread CPU ${ratio('csv', 'cpu')}`);
  console.log(`    csv-stringify alone  wall ${ratio('writer', 'wall')}, thread CPU ${ratio('writer', 'cpu')}`);
}

await throughput('realistic mkt_a/sold rows', batch(SEARCHES, PER), 'mkt_a/sold');
await throughput('thin test-marketplace mkt_c/sold rows', thinBatch(SEARCHES, PER), 'mkt_c/sold');

// 2. Memory against the number of rows (rows generated lazily, never all in memory).
console.log('memory: growth over the idle baseline, rows generated lazily');
console.log('  (live heap: max heapUsed right after a forced GC every 512 KiB written, ~2,000 rows; peak heap and RSS: sampled every 16 KiB, ~64 rows, no forced GC)');
for (const searches of [200, 2000]) {
  const n = searches * PER;
  let base = await baseline();
  const live = sampler();
  await exportCsv(lazyBatch(searches, PER), live, true);
  const liveHeap = live.peak.heap - base.heap;
  base = await baseline();
  const s = sampler();
  const t = performance.now();
  const bytes = await exportCsv(lazyBatch(searches, PER), s);
  const ms = performance.now() - t;
  console.log(`  CSV  ${String(n).padStart(7)} rows: live heap ${kb(liveHeap)}, peak heap +${mb(s.peak.heap - base.heap)}, peak RSS +${mb(s.peak.rss - base.rss)}  (${mb(bytes)} written, ${rate(n, ms)})`);
}
for (const searches of [200, 2000]) {
  const n = searches * PER;
  const base = await baseline();
  const s = sampler();
  const all: Row[] = [];
  for (const item of lazyBatch(searches, PER)) for (const r of item.rows) all.push(r as Row);
  s.sample();
  const text = JSON.stringify(all);
  s.sample();
  gc();
  s.sample();
  const liveHeap = process.memoryUsage().heapUsed - base.heap; // rows and text still referenced
  console.log(`  JSON ${String(n).padStart(7)} rows: live heap ${kb(liveHeap)}, peak heap +${mb(s.peak.heap - base.heap)}, peak RSS +${mb(s.peak.rss - base.rss)}  (${mb(Buffer.byteLength(text))}, one array, contrast)`);
}
