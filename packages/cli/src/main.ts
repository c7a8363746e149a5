/**
 * @module @listings/cli
 * The `listings` command line on top of @listings/sdk: searches (one or several pages), batches
 * and jobs, with a progress bar on multi-page and batch work, a summary line (the median of the
 * rows judged the item searched, or of every row with `--all`), and exit codes
 * by outcome (EXIT below). The key comes from LISTINGS_API_KEY, the host from LISTINGS_API_URL.
 * What comes from elsewhere (titles, conditions, queries, error messages) is printed through
 * ./terminal.ts (control, separator and bidi characters shown as escapes; in JSON as `\uXXXX`),
 * and error messages through the SDK's scrubber (no credential of LISTINGS_API_URL, no key).
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Command, CommanderError, Option } from 'commander';
import cliProgress from 'cli-progress';
import Table from 'cli-table3';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  Listings, ListingsApiError, ListingsJobError, ListingsNetworkError, ROUTES, type AnyJob, type Batch, type BatchRequest, type ListingsEvent, type Route,
} from '@listings/sdk';
import { scrubText } from '@listings/sdk/redact';
import { median, usdAmount } from '@listings/sdk/stats';
import { terminalJson, terminalLine, terminalText } from './terminal.ts';
import { registerHistoryCommand } from './history.ts';
import { registerWatchCommands } from './watch.ts';
import { registerMcpCommand } from './mcp.ts';

/** Exit codes by outcome. */
export const EXIT = {
  ok: 0,
  /** Something unexpected (a bug): report it. */
  internal: 1,
  /** Bad command line, missing key, unreadable input file. */
  usage: 2,
  /** The API refused the request (4xx other than 429): fix the input or the key. */
  refused: 3,
  /** A search (or any search of a batch) failed or was rejected. */
  failed: 4,
  /** Rate limit, pending cap or allowance used up (429 not waited out). */
  limited: 5,
  /** The service or the network is unavailable (503, connection failures). */
  unavailable: 6,
} as const;

type Format = 'table' | 'json' | 'csv';
type AnyRow = Record<string, unknown> & { id: string };
export interface Io { out: NodeJS.WritableStream & { isTTY?: boolean }; err: NodeJS.WritableStream & { isTTY?: boolean }; env: NodeJS.ProcessEnv }

export class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Formatting

export function money(v: unknown): string {
  if (typeof v !== 'object' || v === null) return '';
  const { amount, currency } = v as { amount?: unknown; currency?: unknown };
  return typeof amount === 'number' ? `${currency === 'USD' ? '$' : ''}${amount.toFixed(2)}${currency !== 'USD' ? ` ${String(currency)}` : ''}` : '';
}

export function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

/** A value from the API as one table cell or one part of a line (see ./terminal.ts). */
export function cell(v: unknown): string {
  return terminalLine(v === null || v === undefined ? '' : String(v));
}

/** A JSON document for stdout: valid JSON, nothing a terminal would act on. */
export function json(v: unknown): string {
  return `${terminalJson(JSON.stringify(v, null, 2))}\n`;
}

/** An error message to print: one line, no secret (a base URL's credentials, a key). */
function said(message: string): string {
  return terminalLine(scrubText(message));
}

/** Median of the displayed USD prices of rows (null when none is priced): the SDK's, as the server's batch summaries and the console have it. */
export function medianPrice(rows: readonly AnyRow[]): number | null {
  return median(rows.map(usdAmount).filter((x): x is number => x !== null));
}

/** The rows the service judged the item searched (`comp_kind` = `item`): what the figures are over by default. */
export function itemRows(rows: readonly AnyRow[]): AnyRow[] {
  return rows.filter((r) => r.comp_kind === 'item');
}

/**
 * The figures part of the summary line: by default the median of the rows judged `item` and how
 * many of the rows they are (`median item price $X (N of M rows items)`); with `--all`, the
 * median of every row (`median displayed price $X (all rows)`).
 */
export function figuresText(rows: readonly AnyRow[], all: boolean): string {
  const dollars = (m: number | null): string => (m === null ? 'n/a' : `$${m.toFixed(2)}`);
  if (all) return `median displayed price ${dollars(medianPrice(rows))} (all rows)`;
  const items = itemRows(rows);
  return `median item price ${dollars(medianPrice(items))} (${items.length} of ${rows.length} rows items)`;
}

/** cli-table3 without a rule between rows. */
export const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** The kind the service judged a row (`comp_kind`), with its first reason when it is not an item. */
export function kindCell(r: AnyRow): string {
  const reasons = Array.isArray(r.comp_reasons) ? (r.comp_reasons as unknown[]) : [];
  const kind = cell(r.comp_kind);
  return kind !== 'item' && reasons.length > 0 ? truncate(`${kind} ${cell(reasons[0])}`, 32) : kind;
}

function table(rows: readonly AnyRow[]): string {
  const dated = rows.some((r) => 'sold_date' in r);
  const t = new Table({ head: ['id', 'title', 'price', dated ? 'sold' : 'format', 'condition', 'kind'], wordWrap: false, chars: COMPACT, style: { head: [], border: [] } });
  for (const r of rows) {
    t.push([cell(r.id), truncate(cell(r.title), 48), cell(money(r.displayed_price) || r.displayed_price_text), cell(dated ? r.sold_date : r.format), cell(r.condition), kindCell(r)]);
  }
  return t.toString();
}

/** A job whose CSV is written, and the ids of its rows to keep (null: all). */
interface CsvPart {
  requestId: string;
  keep: ReadonlySet<string> | null;
}

/**
 * The server's CSV of these jobs (`format=csv` on each: the batch CSV's columns and rules,
 * RFC 4180 with CRLF line ends, `|` between list items, text a spreadsheet would run as a
 * formula prefixed with `'`, numbers as they are), under one header line: of each job only
 * the rows whose id `keep` names (a later page's repeats of an earlier page's rows are left
 * out, as `search` leaves them out of its pages). Into a pipe or a file the records are the
 * server's bytes; on a terminal each is one line, its control, separator and bidi characters
 * shown as escapes.
 */
async function writeCsv(io: Io, sdk: Listings, parts: readonly CsvPart[]): Promise<void> {
  const forTerminal = !!io.out.isTTY;
  // csv-parse's `raw` ends with what it read of the record's delimiter, which is not the whole
  // CRLF (it keeps the CR and drops the LF): the record's own text is written, then CRLF.
  const write = (raw: string): void => {
    const record = recordText(raw);
    io.out.write(forTerminal ? `${terminalLine(record)}\n` : `${record}\r\n`);
  };
  let header = false;
  for (const part of parts) {
    const text = await new Response(await sdk.jobCsv(part.requestId)).text();
    const records = parseCsv(text, { raw: true, relax_column_count: true }) as unknown as Array<{ record: string[]; raw: string }>;
    const [head, ...rows] = records;
    if (!head) continue;
    if (!header) write(head.raw);
    header = true;
    const id = head.record.indexOf('id');
    for (const r of rows) if (part.keep === null || part.keep.has(r.record[id] ?? '')) write(r.raw);
  }
}

/** A raw CSV record without the line end that followed it (CRLF, or a part of it). */
function recordText(raw: string): string {
  return raw.replace(/(?:\r\n|\r|\n)$/u, '');
}

function summaryLine(rows: number, credits: number, figures: string, extra = ''): string {
  return `${rows} rows · ${credits} credit${credits === 1 ? '' : 's'} · ${figures}${extra}`;
}

// ---------------------------------------------------------------------------------------------
// Progress

/** A progress bar on stderr when it is a terminal (or forced); silent otherwise. */
class Progress {
  private bar: cliProgress.SingleBar | null = null;
  private state = { credits: 0, status: '' };
  private readonly io: Io;
  private readonly enabled: boolean;
  private readonly unit: string;
  constructor(io: Io, enabled: boolean, unit: string) {
    this.io = io;
    this.enabled = enabled;
    this.unit = unit;
  }

  start(total: number): void {
    if (!this.enabled) return;
    this.bar = new cliProgress.SingleBar({
      format: `{bar} {value}/{total} ${this.unit} | {credits} credits | {status}`,
      stream: this.io.err, hideCursor: true, clearOnComplete: false, barsize: 24, noTTYOutput: true, notTTYSchedule: 500,
    }, cliProgress.Presets.shades_classic);
    this.bar.start(total, 0, this.state);
  }

  update(done: number, patch: Partial<typeof this.state> = {}): void {
    Object.assign(this.state, patch);
    this.bar?.update(done, this.state);
  }

  event(e: ListingsEvent): void {
    if (e.type === 'waiting') {
      this.state.status = e.code === 'retry' ? `retrying in ${e.seconds}s` : `waiting ${e.seconds}s (${cell(e.code)})`;
      this.bar?.update(this.state);
    } else if (e.type === 'submitted') {
      this.state.status = e.status === 'pending' ? 'collecting' : 'cached';
      this.bar?.update(this.state);
    }
  }

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

export function sdkFor(io: Io, onEvent?: (e: ListingsEvent) => void): Listings {
  const apiKey = io.env.LISTINGS_API_KEY;
  if (!apiKey) throw new UsageError('LISTINGS_API_KEY is not set: export your API key (lk_live_… or lk_sandbox_…).');
  return new Listings({ apiKey, baseUrl: io.env.LISTINGS_API_URL || 'http://127.0.0.1:8080', ...(onEvent ? { onEvent } : {}) });
}

export function parseRoute(s: string): Route {
  const route = s.replace(/^\/?(v1\/)?/u, '') as Route;
  if (!ROUTES.includes(route)) throw new UsageError(`unknown route "${s}"; one of ${ROUTES.join(', ')}`);
  return route;
}

const LIST_PARAMS = new Set(['condition', 'vehicle_make', 'vehicle_style', 'vehicle_drivetrain']);
const NUMBER_PARAMS = new Set(['page', 'min_price', 'max_price', 'count', 'category_id', 'brand_id', 'lat', 'lon', 'radius', 'vehicle_max_mileage']);

export function paramValue(name: string, raw: string): unknown {
  // Lists travel comma-separated, so a one-value list is the same on the wire as a single value.
  if (LIST_PARAMS.has(name)) return raw.split(',').filter(Boolean);
  if (NUMBER_PARAMS.has(name) && /^-?\d+(\.\d+)?$/u.test(raw)) return Number(raw);
  return raw;
}

interface SearchOpts { condition?: string; sort?: string; minPrice?: string; maxPrice?: string; zip?: string; count?: string; param: string[]; pages: string; format: Format; progress?: boolean; all?: boolean }

async function searchCommand(io: Io, routeArg: string, q: string, o: SearchOpts): Promise<number> {
  const route = parseRoute(routeArg);
  const pages = Number(o.pages);
  if (!Number.isInteger(pages) || pages < 1 || pages > 100) throw new UsageError('--pages must be a whole number from 1 to 100');
  const params: Record<string, unknown> = { q };
  const named: Array<[string, string | undefined]> = [['condition', o.condition], ['sort', o.sort], ['min_price', o.minPrice], ['max_price', o.maxPrice], ['zip', o.zip], ['count', o.count]];
  for (const [k, v] of named) if (v !== undefined) params[k] = paramValue(k, v);
  for (const p of o.param) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param takes name=value, got "${p}"`);
    params[p.slice(0, eq)] = paramValue(p.slice(0, eq), p.slice(eq + 1));
  }
  const progress = new Progress(io, pages > 1 && (o.progress ?? !!io.err.isTTY), 'pages');
  const sdk = sdkFor(io, (e) => progress.event(e));
  const rows: AnyRow[] = [];
  const results: unknown[] = [];
  let credits = 0;
  let done = 0;
  progress.start(pages);
  try {
    for await (const page of sdk.pages(route, params as never, { maxPages: pages })) {
      done++;
      credits += page.credits;
      rows.push(...(page.data as AnyRow[]));
      results.push(page);
      progress.update(done, { credits, status: page.next_page === null ? 'last page' : `page ${done} ${page.cached ? '(cached)' : ''}`.trim() });
    }
  } finally {
    progress.stop();
  }
  if (o.format === 'json') io.out.write(json(pages > 1 ? results : results[0] ?? null));
  else if (o.format === 'csv') await writeCsv(io, sdk, (results as Array<{ request_id: string; data: AnyRow[] }>).map((p) => ({ requestId: p.request_id, keep: new Set(p.data.map((r) => r.id)) })));
  else io.out.write(`${table(rows)}\n`);
  io.err.write(`${summaryLine(rows.length, credits, figuresText(rows, !!o.all), ` · ${done} page${done === 1 ? '' : 's'}${done < pages ? ' (last page reached)' : ''}`)}\n`);
  return EXIT.ok;
}

function readBatchFile(file: string): BatchRequest {
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (Array.isArray(body)) return { searches: body } as BatchRequest;
  if (typeof body !== 'object' || body === null || !Array.isArray((body as BatchRequest).searches)) throw new UsageError(`${file}: expected {"searches": [...]} or an array of searches`);
  return body as BatchRequest;
}

function batchOutcome(b: Batch): number {
  return b.counts.failed > 0 || b.counts.rejected > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * One line per item. The median is the item's `comps` (its rows judged `item`) with the count of
 * those rows, or with `--all` the median of every row (the interface's `summary` on mkt_a,
 * else the rows of the item's result when the batch was read with them).
 */
function batchTable(b: Batch, all: boolean): string {
  const t = new Table({ head: ['#', 'endpoint', 'q', 'status', 'rows', 'credits', all ? 'median (all rows)' : 'median (items)', 'error'], chars: COMPACT, style: { head: [], border: [] } });
  const dollars = (m: number | null | undefined): string => (m === null || m === undefined ? '' : `$${m.toFixed(2)}`);
  for (const i of b.items) {
    const data = (i.result as { data?: AnyRow[] } | undefined)?.data;
    const med = all ? dollars(i.summary?.median ?? (data ? medianPrice(data) : null)) : i.comps ? `${dollars(i.comps.price.median)} (${i.comps.kinds.item})`.trim() : '';
    t.push([i.index, cell(i.endpoint), truncate(cell(i.q), 30), cell(i.status), i.rows ?? '', i.credits, med, cell(i.error?.code)]);
  }
  return t.toString();
}

async function batchCommand(io: Io, file: string, o: { wait?: boolean; csv?: string; format: 'table' | 'json'; progress?: boolean; idempotencyKey?: string; all?: boolean }): Promise<number> {
  const body = readBatchFile(file);
  const progress = new Progress(io, !!o.wait && (o.progress ?? !!io.err.isTTY), 'searches');
  const sdk = sdkFor(io, (e) => progress.event(e));
  let b = await sdk.createBatch(body, o.idempotencyKey ? { idempotencyKey: o.idempotencyKey } : {});
  const settled = (x: Batch): number => x.counts.complete + x.counts.failed + x.counts.rejected;
  if (o.wait || o.csv) {
    progress.start(b.items.length);
    progress.update(settled(b), { credits: b.credits, status: cell(b.status) });
    try {
      b = await sdk.waitBatch(b.batch_id, { include: 'results', onPoll: (x) => progress.update(settled(x), { credits: x.credits, status: cell(x.status) }) });
      progress.update(settled(b), { credits: b.credits, status: 'settled' });
    } finally {
      progress.stop();
    }
  }
  if (o.csv) {
    const stream = await sdk.batchCsv(b.batch_id);
    await pipeline(Readable.fromWeb(stream as WebReadableStream<Uint8Array>), createWriteStream(o.csv));
  }
  if (o.format === 'json') io.out.write(json(b));
  else io.out.write(`batch ${cell(b.batch_id)} ${cell(b.status)}\n${batchTable(b, !!o.all)}\n`);
  const rows = b.items.flatMap((i) => ((i.result as { data?: AnyRow[] } | undefined)?.data ?? []));
  const counts = ` · ${b.counts.complete} complete, ${b.counts.failed} failed, ${b.counts.rejected} rejected, ${b.counts.pending} pending${o.csv ? ` · CSV in ${o.csv}` : ''}`;
  io.err.write(`${summaryLine(rows.length || b.items.reduce((n, i) => n + (i.rows ?? 0), 0), b.credits, figuresText(rows, !!o.all), counts)}\n`);
  return b.status === 'pending' ? EXIT.ok : batchOutcome(b);
}

async function jobCommand(io: Io, id: string, o: { wait?: boolean; format: Format; all?: boolean }): Promise<number> {
  const sdk = sdkFor(io);
  const job: AnyJob = o.wait ? await sdk.waitJob(id) : await sdk.job(id);
  const rows = (job.result?.data ?? []) as AnyRow[];
  if (o.format === 'json') io.out.write(json(job));
  else if (o.format === 'csv') {
    // A pending job has no CSV yet (the API would answer 409 result_not_ready): nothing to write.
    if (job.status !== 'pending') await writeCsv(io, sdk, [{ requestId: job.request_id, keep: null }]);
  } else {
    io.out.write(`${cell(job.request_id)} ${cell(job.status)}${job.cached ? ' (cached)' : ''}${job.error ? ` ${cell(job.error.code)}: ${cell(job.error.message)}` : ''}\n`);
    if (rows.length) io.out.write(`${table(rows)}\n`);
  }
  io.err.write(`${summaryLine(rows.length, job.credits, figuresText(rows, !!o.all), ` · ${cell(job.status)}`)}\n`);
  return job.status === 'failed' ? EXIT.failed : EXIT.ok;
}

// ---------------------------------------------------------------------------------------------

function exitFor(err: unknown, io: Io): number {
  if (err instanceof UsageError) {
    io.err.write(`listings: ${said(err.message)}\n`);
    return EXIT.usage;
  }
  if (err instanceof ListingsJobError) {
    io.err.write(`listings: search ${said(err.requestId)} failed: ${said(err.message)}\n`);
    return EXIT.failed;
  }
  if (err instanceof ListingsApiError) {
    io.err.write(`listings: ${err.status} ${said(err.message)}${err.param ? ` (param ${said(err.param)})` : ''}${err.index !== undefined ? ` (search ${err.index})` : ''}${err.retryAfter ? ` (retry after ${err.retryAfter}s)` : ''}\n`);
    if (err.status === 429) return EXIT.limited;
    if (err.status >= 500) return EXIT.unavailable;
    return EXIT.refused;
  }
  if (err instanceof ListingsNetworkError) {
    io.err.write(`listings: ${said(err.message)}\n`);
    return EXIT.unavailable;
  }
  io.err.write(`listings: unexpected error: ${terminalText(scrubText((err as Error)?.stack ?? String(err)))}\n`);
  return EXIT.internal;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], io: Io = { out: process.stdout, err: process.stderr, env: process.env }): Promise<number> {
  let code: number = EXIT.ok;
  const run = (fn: () => Promise<number>) => async () => {
    try {
      code = await fn();
    } catch (err) {
      code = exitFor(err, io);
    }
  };
  const program = new Command('listings')
    .description('Search marketplace listings through the Listings API (key: LISTINGS_API_KEY, host: LISTINGS_API_URL).')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out.write(s), writeErr: (s) => io.err.write(s) })
    .showHelpAfterError();
  const format = new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table');
  program.command('search')
    .description('search one route; several pages with --pages (rows seen on an earlier page are dropped)')
    .argument('<route>', `one of ${ROUTES.join(', ')}`)
    .argument('<q>', 'keywords')
    .option('--condition <list>', 'condition value(s), comma-separated where the route takes a list')
    .option('--sort <sort>', 'sort order')
    .option('--min-price <usd>', 'lowest price, whole dollars')
    .option('--max-price <usd>', 'highest price, whole dollars')
    .option('--zip <zip>', 'mkt_e: five-digit ZIP')
    .option('--count <n>', 'mkt_c / mkt_d: rows per page')
    .option('--param <name=value>', 'any other parameter (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--pages <n>', 'pages to fetch (stops early at the last page)', '1')
    .addOption(format)
    .option('--all', 'figures over every row, not only the rows judged the item searched (comp_kind item)')
    .option('--no-progress', 'no progress bar')
    .option('--progress', 'progress bar even when stderr is not a terminal')
    .action((routeArg: string, q: string, o: SearchOpts, cmd: Command) => run(() => searchCommand(io, routeArg, q, { ...o, progress: progressChoice(cmd) }))());
  program.command('batch')
    .description('create a batch from a JSON file ({"defaults":…, "searches":[…]} or an array of searches)')
    .argument('<file>', 'JSON file')
    .option('--wait', 'wait until every search settled')
    .option('--csv <file>', 'write the batch CSV to this file (implies --wait)')
    .option('--idempotency-key <key>', 'resend an earlier batch (only the missing searches run)')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .option('--all', 'figures over every row, not only the rows judged the item searched (comp_kind item)')
    .option('--no-progress', 'no progress bar')
    .option('--progress', 'progress bar even when stderr is not a terminal')
    .action((file: string, o: { wait?: boolean; csv?: string; format: 'table' | 'json'; idempotencyKey?: string; all?: boolean }, cmd: Command) => run(() => batchCommand(io, file, { ...o, progress: progressChoice(cmd) }))());
  program.command('job')
    .description('show a job (a search) by its request_id')
    .argument('<request_id>', 'req_…')
    .option('--wait', 'wait until it settles')
    .addOption(format)
    .option('--all', 'figures over every row, not only the rows judged the item searched (comp_kind item)')
    .action((id: string, o: { wait?: boolean; format: Format; all?: boolean }) => run(() => jobCommand(io, id, o))());
  registerWatchCommands(program, io, run);
  registerMcpCommand(program, io, run);
  registerHistoryCommand(program, io, run);
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    return exitFor(err, io);
  }
  return code;
}

/** `--progress` forces the bar, `--no-progress` hides it, neither: only on a terminal. */
function progressChoice(cmd: Command): boolean | undefined {
  const src = cmd.getOptionValueSource('progress');
  if (src !== 'cli') return undefined;
  return cmd.getOptionValue('progress') as boolean;
}
