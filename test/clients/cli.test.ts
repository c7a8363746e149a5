/**
 * The `listings` command line (packages/cli) run as a binary against the real local service
 * (api, worker, simulators on Redis): table, JSON and CSV output, a three-page run whose
 * progress bar is captured from a pseudo-terminal (util-linux `script`), batches with a CSV
 * file, jobs, and the exit code of each outcome.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { runCommand, type Ran } from '../support/commands.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { E2E_ENV } from '../e2e/helpers.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BIN_DIR = join(ROOT, 'node_modules/.bin');
const LISTINGS = join(BIN_DIR, 'listings');
const dir = mkdtempSync(join(tmpdir(), 'listings-cli-'));

let stack: Stack;
let key: string;
beforeAll(async () => {
  stack = await startStack({ env: E2E_ENV, modules: [registerBatchRoutes] });
  ({ key } = await stack.newKey({ plan: 'scale' }));
});
afterAll(async () => {
  await stack?.close();
});
afterEach(() => {
  stack.sim.setFaults('mkt_a', { fault: 'none', latencyMs: 0 });
});

function env(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  // PATH first: `#!/usr/bin/env node` finds the project's Node 24, as under `npx listings`.
  return { PATH: `${BIN_DIR}:${process.env.PATH}`, LISTINGS_API_KEY: key, LISTINGS_API_URL: stack.url, ...extra };
}

function cli(args: string[], extra: Record<string, string | undefined> = {}): Promise<Ran> {
  return runCommand(LISTINGS, args, { env: env(extra) });
}

const SUMMARY = /^(\d+) rows · (\d+) credits? · median item price (\$\d+\.\d\d|n\/a) \((\d+) of (\d+) rows items\)/mu;
const SUMMARY_ALL = /^(\d+) rows · (\d+) credits? · median displayed price (\$\d+\.\d\d|n\/a) \(all rows\)/mu;

/** The median of amounts, worked the plain way (half cents kept, as the line's dollars are rounded from). */
function plainMedian(xs: number[]): number | null {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return null;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}
/** The line's `$X.XX` agrees with a median to the cent (a half cent may round either way). */
const near = (text: string, m: number | null): boolean => (m === null ? text === 'n/a' : Math.abs(Number(text.slice(1)) - m) <= 0.005 + 1e-9);
type JudgedRow = { id: string; comp_kind: string; comp_reasons: string[]; displayed_price: { amount: number; currency: string } | null };
const usdOf = (rows: JudgedRow[]): number[] => rows.flatMap((r) => (r.displayed_price?.currency === 'USD' ? [r.displayed_price.amount] : []));

test('search prints a table, and a summary line on stderr', async () => {
  const r = await cli(['search', 'mkt_a/sold', 'iphone 13', '--condition', 'used']);
  expect(r.stderr).toMatch(SUMMARY);
  expect(r.code).toBe(0);
  const [, rows, credits] = SUMMARY.exec(r.stderr)!;
  expect(Number(rows)).toBeGreaterThan(0);
  expect(credits).toBe('1');
  expect(r.stdout).toMatch(/│ id\s+│ title\s+│ price\s+│ sold\s+│ condition\s+│ kind/u);
  expect(r.stdout.split('\n').filter((l) => /^│ \d+/u.test(l))).toHaveLength(Number(rows));
  expect(r.stderr).not.toContain(key);
});

test('the summary gives the median of the rows judged item and how many they are; --all every row; the table shows each kind', async () => {
  const j = await cli(['search', 'mkt_a/sold', 'canon ae-1', '--format', 'json']);
  expect(j.code).toBe(0);
  const result = JSON.parse(j.stdout) as { data: JudgedRow[] };
  const items = result.data.filter((r) => r.comp_kind === 'item');
  const r = await cli(['search', 'mkt_a/sold', 'canon ae-1']);
  const [, rows, , med, n, of] = SUMMARY.exec(r.stderr)!;
  expect([Number(rows), Number(n), Number(of)]).toEqual([result.data.length, items.length, result.data.length]);
  expect([med, near(med!, plainMedian(usdOf(items)))]).toEqual([med, true]);
  // Each line of the table ends with its row's kind (and its first reason when it is not an item).
  const lines = r.stdout.split('\n').filter((l) => /^│ \d+/u.test(l));
  lines.forEach((line, i) => {
    const row = result.data[i]!;
    expect([row.id, line.split('│').at(-2)!.trim()]).toEqual([row.id, row.comp_kind === 'item' || row.comp_reasons.length === 0 ? row.comp_kind : expect.stringContaining(row.comp_kind)]);
  });
  const all = await cli(['search', 'mkt_a/sold', 'canon ae-1', '--all']);
  expect(all.code).toBe(0);
  const [, allRows, , allMed] = SUMMARY_ALL.exec(all.stderr)!;
  expect(Number(allRows)).toBe(result.data.length);
  expect([allMed, near(allMed!, plainMedian(usdOf(result.data)))]).toEqual([allMed, true]);
});

test('--format json is the result; --format csv one line per row with price columns', async () => {
  const j = await cli(['search', 'mkt_c/sold', 'nintendo switch', '--format', 'json']);
  expect(j.code).toBe(0);
  const result = JSON.parse(j.stdout) as { provider: string; data: Array<{ id: string }> };
  expect(result.provider).toBe('mkt_c');
  const c = await cli(['search', 'mkt_c/sold', 'nintendo switch', '--format', 'csv']);
  expect(c.code).toBe(0);
  const records = parse(c.stdout, { columns: true }) as Array<Record<string, string>>;
  expect(records.map((x) => x.id)).toEqual(result.data.map((x) => x.id));
  expect(Object.keys(records[0]!)).toEqual(expect.arrayContaining(['displayed_price_amount', 'displayed_price_currency', 'condition_id']));
  expect(Object.keys(records[0]!).slice(-2)).toEqual(['comp_kind', 'comp_reasons']);
  expect(records.map((x) => x.comp_kind)).toEqual((result.data as Array<{ comp_kind?: string }>).map((x) => x.comp_kind));
});

test('a three-page run shows its progress on a terminal and ends with the summary', async () => {
  const cmd = `${LISTINGS} search mkt_a/sold 'iphone 13' --condition used --pages 3 --format json > ${join(dir, 'pages.json')}`;
  // Asynchronously: the service answering it runs in this process.
  const r = await runCommand('script', ['-qec', cmd, '/dev/null'], { env: { ...env(), TERM: 'xterm' }, timeoutMs: 60_000 });
  expect(r.code).toBe(0);
  const screen = r.stdout.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'gu'), '');
  expect(screen).toMatch(/[█░]+ 3\/3 pages \| 3 credits \|/u);
  expect(screen).toMatch(/░+ 0\/3 pages \| 0 credits/u);
  expect(screen).toMatch(/ · 3 pages/u);
  const pages = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as Array<{ page: number }>;
  expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
}, 90_000);

test('without a terminal there is no progress bar, only the summary', async () => {
  const r = await cli(['search', 'mkt_a/sold', 'iphone 13', '--pages', '2']);
  expect(r.code).toBe(0);
  expect(r.stderr).not.toMatch(/pages \|/u);
  expect(r.stderr).toMatch(/ · 2 pages/u);
});

test('batch --wait --csv writes the CSV and prints the items', async () => {
  const file = join(dir, 'searches.json');
  writeFileSync(file, JSON.stringify({ defaults: { q: 'leica m6' }, searches: [{ endpoint: 'mkt_a/sold', pages: 2 }, { endpoint: 'mkt_c/sold' }] }));
  const out = join(dir, 'out.csv');
  const r = await cli(['batch', file, '--wait', '--csv', out]);
  expect(r.stderr).toMatch(SUMMARY);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/batch bat_\S+ complete/u);
  expect(r.stderr).toMatch(/3 complete, 0 failed, 0 rejected/u);
  const csv = parse(readFileSync(out, 'utf8'), { columns: true }) as Array<Record<string, string>>;
  expect(Object.keys(csv[0]!).slice(0, 2)).toEqual(['search_index', 'q']);
  expect(Object.keys(csv[0]!).slice(-2)).toEqual(['comp_kind', 'comp_reasons']);
  expect(r.stdout).toMatch(/│ median \(items\)/u);
  expect(csv.length).toBe(Number(SUMMARY.exec(r.stderr)![1]));
});

test('job <id> shows a job; a failed one exits 4', async () => {
  const submit = await (await stack.get('/v1/mkt_d/listings?q=carhartt', key)).json() as { request_id: string };
  const r = await cli(['job', submit.request_id, '--wait']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(`${submit.request_id} complete`);
  stack.sim.setFaults('mkt_a', { fault: 'bot_wall', latencyMs: 0 });
  const failed = await cli(['search', 'mkt_a/sold', 'walled search']);
  expect(failed.code).toBe(4);
  expect(failed.stderr).toMatch(/failed: upstream_blocked/u);
});

test.each([
  ['no key', ['search', 'mkt_a/sold', 'x'], { LISTINGS_API_KEY: undefined }, 2, /LISTINGS_API_KEY is not set/u],
  ['an unknown route', ['search', 'mkt_z/sold', 'x'], {}, 2, /unknown route/u],
  ['an unknown command', ['frobnicate'], {}, 2, /unknown command/u],
  ['a bad --format', ['search', 'mkt_a/sold', 'x', '--format', 'xml'], {}, 2, /Allowed choices/u],
  ['a revoked or wrong key', ['search', 'mkt_a/sold', 'x'], { LISTINGS_API_KEY: 'lk_sandbox_wrong' }, 3, /401 invalid_api_key/u],
  ['an invalid parameter', ['search', 'mkt_a/sold', 'x', '--min-price', '10', '--max-price', '5'], {}, 3, /unsupported_or_invalid_query.*param min_price/u],
  ['an unreachable service', ['job', 'req_0000000000000000000000'], { LISTINGS_API_URL: 'http://127.0.0.1:9' }, 6, /network failure/u],
] as const)('exit code for %s', async (_name, args, extra, code, message) => {
  const r = await cli([...args], extra);
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(code);
}, 60_000);
