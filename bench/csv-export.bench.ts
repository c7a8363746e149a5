/**
 * `npm run bench csv-export`: CSV export of batch rows (packages/export).
 *
 * 1. Throughput: 200 searches × 100 mkt_a sold rows, held in memory as a batch's results are,
 *    exported with streamCsv into a sink that only counts bytes. Baseline in the same run:
 *    JSON.stringify of the same rows, search by search (the floor: no cell rules, no quoting).
 *    Each round times both back to back (alternating which goes first), and the ratio is the
 *    median of the per-round ratios, which a shared machine's load disturbs less than the
 *    ratio of two medians. Two row shapes: realistic fully populated mkt_a sold rows, and the
 *    thin mkt_c/sold rows of the test marketplace (7 fields filled of 29 columns), as
 *    bench/batch.bench.ts downloads them, where JSON is cheapest against CSV.
 * 2. Memory: the same export over rows generated lazily, 20k rows then 200k rows. Peak heap
 *    and RSS growth over the idle baseline should not grow with the number of rows. For
 *    contrast, JSON.stringify of the same rows as one array (materialized) does grow.
 */
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RouteId, Row, Search } from '@listings/contract';
import { csvColumns, streamCsv, type CsvColumn, type CsvSearch } from '@listings/export';
import { parseTestPage, testListings } from '@listings/marketplaces';

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
 * Streams the CSV into a sink that counts bytes. With a sampler, memory is sampled every 64
 * chunks; with `collect`, every 2,000 chunks after a full GC, so the samples show live memory
 * (what the export holds) rather than garbage V8 has not collected yet.
 */
async function exportCsv(items: Iterable<CsvSearch>, s?: ReturnType<typeof sampler>, collect = false, columns: CsvColumn[] = csvColumns(['mkt_a/sold'])): Promise<number> {
  let bytes = 0;
  let chunks = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      chunks++;
      if (s && collect && chunks % 2000 === 0) {
        gc!();
        s.sample();
      } else if (s && !collect && chunks % 64 === 0) {
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

async function throughput(label: string, data: Array<{ search_index: number; q: string; endpoint: string; rows: Row[] }>, route: RouteId): Promise<void> {
  const columns = csvColumns([route]);
  const csvMs: number[] = [];
  const jsonMs: number[] = [];
  const ratios: number[] = [];
  let csvBytes = 0;
  let jsonBytes = 0;
  const csv = async (): Promise<number> => {
    const t = performance.now();
    csvBytes = await exportCsv(data, undefined, false, columns);
    return performance.now() - t;
  };
  const json = (): number => {
    const t = performance.now();
    jsonBytes = 0;
    for (const d of data) jsonBytes += Buffer.byteLength(JSON.stringify(d.rows));
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) {
    await csv(); // warm-up
    json();
  }
  for (let i = 0; i < ROUNDS; i++) {
    let c: number;
    let j: number;
    if (i % 2 === 0) {
      c = await csv();
      j = json();
    } else {
      j = json();
      c = await csv();
    }
    csvMs.push(c);
    jsonMs.push(j);
    ratios.push(c / j);
  }
  console.log(`throughput, ${label}: ${SEARCHES} searches × ${PER} rows = ${rows} rows, ${columns.length} columns, median of ${ROUNDS} rounds`);
  console.log(`  CSV  streamCsv       ${median(csvMs).toFixed(1).padStart(7)} ms  ${rate(rows, median(csvMs)).padStart(16)}  ${mb(csvBytes)}`);
  console.log(`  JSON.stringify (floor) ${median(jsonMs).toFixed(1).padStart(5)} ms  ${rate(rows, median(jsonMs)).padStart(16)}  ${mb(jsonBytes)}`);
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`  CSV / JSON time: ${median(ratios).toFixed(2)}× (median of per-round ratios; range ${sorted[0]!.toFixed(2)}-${sorted[sorted.length - 1]!.toFixed(2)}); ratio of medians ${(median(csvMs) / median(jsonMs)).toFixed(2)}×`);
}

await throughput('realistic mkt_a/sold rows', batch(SEARCHES, PER), 'mkt_a/sold');
await throughput('thin test-marketplace mkt_c/sold rows', thinBatch(SEARCHES, PER), 'mkt_c/sold');

// 2. Memory against the number of rows (rows generated lazily, never all in memory).
console.log('memory: growth over the idle baseline, rows generated lazily');
console.log('  (live heap: max heapUsed right after a forced GC every 2,000 rows; peak heap and RSS: sampled every 64 rows, no forced GC)');
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
