/**
 * @module history (CLI)
 * `listings history <marketplace> <q> [--from --to --condition --min-price --max-price --page]`:
 * the sold history archive (docs/history.md) on the SDK's `listings.history.sold`: a table of
 * price by month (count and median of the rows judged `item`), then the page's rows, or the
 * whole answer with `--format json`. The summary line on stderr says what was charged.
 */
import { Option, type Command } from 'commander';
import Table from 'cli-table3';
import type { History, HistoryMarketplace } from '@listings/sdk';
import { cell, COMPACT, EXIT, json, money, sdkFor, truncate, UsageError, type Io } from './main.ts';

const MARKETPLACES: readonly HistoryMarketplace[] = ['mkt_a', 'mkt_b', 'mkt_c'];

interface HistoryOpts { from?: string; to?: string; condition?: string; minPrice?: string; maxPrice?: string; page?: string; format: 'table' | 'json' }

function whole(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/u.test(raw)) throw new UsageError(`${name} takes a whole number, not "${raw}"`);
  return Number(raw);
}

/** Price by month, oldest first, as a table. */
export function monthsTable(h: History): string {
  const t = new Table({ head: ['month', 'items', 'median'], chars: COMPACT, style: { head: [], border: [] } });
  for (const m of h.months) t.push([cell(m.month), String(m.count), cell(money(m.median))]);
  return t.toString();
}

function rowsTable(h: History): string {
  const t = new Table({ head: ['sold', 'title', 'price', 'condition', 'kind'], wordWrap: false, chars: COMPACT, style: { head: [], border: [] } });
  for (const r of h.data) t.push([cell(r.sold_date ?? r.archived_on), truncate(cell(r.title), 48), cell(money(r.displayed_price) || r.displayed_price_text), cell(r.condition), cell(r.comp_kind)]);
  return t.toString();
}

async function historyCommand(io: Io, marketplace: string, q: string, o: HistoryOpts): Promise<number> {
  if (!(MARKETPLACES as readonly string[]).includes(marketplace)) throw new UsageError(`unknown marketplace "${marketplace}"; one of ${MARKETPLACES.join(', ')} (those with a sold route)`);
  const params: Record<string, unknown> = { q };
  if (o.from !== undefined) params.from = o.from;
  if (o.to !== undefined) params.to = o.to;
  if (o.condition !== undefined) params.condition = o.condition.split(',').filter(Boolean);
  const minPrice = whole('--min-price', o.minPrice);
  const maxPrice = whole('--max-price', o.maxPrice);
  const page = whole('--page', o.page);
  if (minPrice !== undefined) params.min_price = minPrice;
  if (maxPrice !== undefined) params.max_price = maxPrice;
  if (page !== undefined) params.page = page;
  const h = await sdkFor(io).history.sold(marketplace as 'mkt_a', params as { q: string });
  if (o.format === 'json') {
    io.out.write(json(h));
  } else {
    io.out.write(`price by month (rows judged item; ${h.months_complete ? `all ${h.months_rows} matches` : `the newest ${h.months_rows} matches`})\n${monthsTable(h)}\n`);
    if (h.data.length) io.out.write(`${rowsTable(h)}\n`);
  }
  io.err.write(`${h.count} row${h.count === 1 ? '' : 's'} · page ${h.page}${h.next_page !== null ? ` (next: --page ${h.next_page})` : ''} · ${h.from} to ${h.to} · ${h.credits} credit${h.credits === 1 ? '' : 's'}\n`);
  return EXIT.ok;
}

/** Adds `listings history`; `run` maps the outcome (or error) to the exit code. */
export function registerHistoryCommand(program: Command, io: Io, run: (fn: () => Promise<number>) => () => Promise<void>): void {
  program.command('history')
    .description('sold rows the service has kept past the marketplace\'s window, with price by month (docs/history.md)')
    .argument('<marketplace>', MARKETPLACES.join(', '))
    .argument('<q>', 'keywords: every word must be in the title')
    .option('--from <date>', 'first sold day, YYYY-MM-DD')
    .option('--to <date>', 'last sold day, YYYY-MM-DD')
    .option('--condition <list>', 'the marketplace\'s sold-route condition codes, comma-separated')
    .option('--min-price <usd>', 'lowest displayed price, whole dollars')
    .option('--max-price <usd>', 'highest displayed price, whole dollars')
    .option('--page <n>', 'page, 200 rows each')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .action((marketplace: string, q: string, o: HistoryOpts) => run(() => historyCommand(io, marketplace, q, o))());
}
