/**
 * @module history (service)
 * `GET /v1/history/{marketplace}/sold` (docs/history.md): the sold rows the archive holds for
 * the caller's mode (live keys read the live archive, sandbox keys the sandbox archive), judged
 * against the `q` asked now, newest first, 200 a page, with the `months` block (per month, the
 * count and median displayed price of the rows judged `item`). Charged as a search: one request
 * when the answer has rows, none when it has none, refused when the allowance is used up.
 */
import type { Logger } from 'pino';
import { ApiError, normalizeQuery } from '@listings/contract';
import { COMP_VERSION, judgePage, judgeRowOf, type Judgement } from '@listings/comps';
import type { Config } from '@listings/config';
import { createHistoryDb, HISTORY_CONDITIONS, migrate, querySold, type HistoryDb, type HistoryRow, type MatchRow } from '@listings/history';
import { median, usdAmount } from '@listings/sdk/stats';
import { chargeHistoryRead } from '@listings/store';
import type { Services } from '../composition-root.ts';
import type { Caller } from './authenticate.ts';

/** Rows of one page of the history route. */
export const HISTORY_PAGE_SIZE = 200;
/** Deepest page. */
export const HISTORY_MAX_PAGE = 100;
/** Matches read for the months block (the newest). */
export const HISTORY_MONTHS_ROWS = 2000;
export const HISTORY_PARAMS = ['q', 'from', 'to', 'condition', 'min_price', 'max_price', 'page'] as const;

export interface ApiHistory {
  db: HistoryDb;
  /** The migrations ran (until then the route answers 503 storage_unavailable). */
  ready(): boolean;
  close(): Promise<void>;
}

/** The api's archive reader: migrations run at start, retried in the background while PostgreSQL is away. */
export function createApiHistory(config: Config, logger: Logger): ApiHistory | null {
  if (config.historyDatabaseUrl === null) return null;
  const db = createHistoryDb({ url: config.historyDatabaseUrl, schema: config.historySchema, max: 10, statementTimeoutMs: 5000 });
  let ready = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const begin = (): void => {
    migrate(db).then(
      () => { ready = true; },
      (err: unknown) => {
        if (closed) return;
        // The first half minute quietly (a database starting beside the process: npm start), then as a warning.
        const early = performance.now() < 30_000;
        logger[early ? 'info' : 'warn']({ err: (err as Error).message }, 'history: migrations could not run yet (PostgreSQL unavailable?); retrying');
        timer = setTimeout(begin, early ? 1000 : 5000);
        timer.unref();
      },
    );
  };
  begin();
  return {
    db,
    ready: () => ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await db.close().catch(() => undefined);
    },
  };
}

export interface HistoryInput {
  marketplace: string;
  q: string;
  from: string;
  to: string;
  conditions: string[] | null;
  minPrice: number | null;
  maxPrice: number | null;
  page: number;
}

const invalid = (param: string, message: string): ApiError => new ApiError('unsupported_or_invalid_query', { param, message });
const DAY_MS = 86_400_000;

function day(param: string, raw: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(raw)) throw invalid(param, `${param} must be a date YYYY-MM-DD.`);
  const t = Date.parse(`${raw}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== raw) throw invalid(param, `${param} must be a date YYYY-MM-DD.`);
  return raw;
}

function wholeDollars(param: string, raw: string): number {
  if (!/^[0-9]{1,7}$/u.test(raw) || Number(raw) > 1_000_000) throw invalid(param, `${param} must be whole US dollars from 0 to 1000000.`);
  return Number(raw);
}

/** The route's inputs (already split into names and values, repeats and unknown names refused), checked. */
export function parseHistoryInput(marketplace: string, params: ReadonlyMap<string, string>, retentionDays: number, now = new Date()): HistoryInput {
  const rawQ = params.get('q');
  if (rawQ === undefined) throw invalid('q', 'q is required.');
  if (rawQ.length < 1 || rawQ.length > 200) throw invalid('q', 'q must be 1-200 characters.');
  const q = normalizeQuery(rawQ);
  if (q === '') throw invalid('q', 'q must have a character other than white space.');
  const today = now.toISOString().slice(0, 10);
  const oldest = new Date(now.getTime() - retentionDays * DAY_MS).toISOString().slice(0, 10);
  const from = params.has('from') ? day('from', params.get('from')!) : oldest;
  const to = params.has('to') ? day('to', params.get('to')!) : today;
  if (from < oldest) throw invalid('from', `The archive keeps ${retentionDays} days: from must be ${oldest} or later.`);
  if (from > to) throw invalid('from', 'from must not be after to.');
  let conditions: string[] | null = null;
  const allowed = HISTORY_CONDITIONS[marketplace] ?? [];
  if (params.has('condition')) {
    conditions = params.get('condition')!.split(',');
    if (conditions.some((c) => !allowed.includes(c)) || new Set(conditions).size !== conditions.length) {
      throw invalid('condition', `condition must be a comma-separated list of unique values from ${allowed.join(', ')}.`);
    }
    conditions.sort();
  }
  const minPrice = params.has('min_price') ? wholeDollars('min_price', params.get('min_price')!) : null;
  const maxPrice = params.has('max_price') ? wholeDollars('max_price', params.get('max_price')!) : null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) throw invalid('min_price', 'min_price must not exceed max_price.');
  let page = 1;
  if (params.has('page')) {
    const raw = params.get('page')!;
    if (!/^[0-9]{1,3}$/u.test(raw) || Number(raw) < 1 || Number(raw) > HISTORY_MAX_PAGE) throw invalid('page', `page must be from 1 to ${HISTORY_MAX_PAGE}.`);
    page = Number(raw);
  }
  return { marketplace, q, from, to, conditions, minPrice, maxPrice, page };
}

export interface HistoryMonth {
  /** YYYY-MM */
  month: string;
  /** Rows of the month judged `item`. */
  count: number;
  /** Median displayed USD price of those rows (null when none has one). */
  median: { amount: number; currency: 'USD' } | null;
}

/** Per month (oldest first): the count and median of the rows judged `item`. */
export function monthsOf(rows: ReadonlyArray<Pick<MatchRow, 'month' | 'displayed_price'> & Judgement>): HistoryMonth[] {
  const byMonth = new Map<string, { count: number; prices: number[] }>();
  for (const r of rows) {
    const month = r.month;
    let m = byMonth.get(month);
    if (!m) byMonth.set(month, (m = { count: 0, prices: [] }));
    if (r.comp_kind !== 'item') continue;
    m.count++;
    const p = usdAmount(r);
    if (p !== null) m.prices.push(p);
  }
  return [...byMonth.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([month, m]) => {
    const mid = median(m.prices);
    return { month, count: m.count, median: mid === null ? null : { amount: mid, currency: 'USD' } };
  });
}

const FIELD_NOTES = 'Sold rows this service read from the marketplace\'s sold pages and kept (its archive), not a complete sales history: only listings some search here returned. Prices are displayed prices, never verified transaction prices. Each row is judged against this q (comp_kind); months count and take the median of the rows judged item.';

/** Runs a history read for the caller: the archive's answer, judged, charged (or not). */
export async function historyRead(services: Services, caller: Caller, input: HistoryInput, log?: Logger): Promise<Record<string, unknown>> {
  const history = services.history;
  if (history === null) throw new ApiError('service_unconfigured', { message: 'The sold history archive is not configured on this service.' });
  if (!history.ready()) throw new ApiError('storage_unavailable', { message: 'The sold history archive is briefly unavailable; retry shortly. Nothing was charged.' });
  let answer;
  try {
    answer = await querySold(history.db, {
      mode: caller.mode, marketplace: input.marketplace, q: input.q, from: input.from, to: input.to,
      conditions: input.conditions, minPrice: input.minPrice, maxPrice: input.maxPrice,
      page: input.page, pageSize: HISTORY_PAGE_SIZE, monthsRows: HISTORY_MONTHS_ROWS,
    });
  } catch (err) {
    // PostgreSQL down, slow (statement timeout) or anything else of the archive: never a 500, nothing charged.
    log?.warn({ err: (err as Error).message, code: (err as { code?: string }).code }, 'history: archive read failed');
    throw new ApiError('storage_unavailable', { message: 'The sold history archive is briefly unavailable; retry shortly. Nothing was charged.' });
  }
  // Judged against the q asked now: the newest matches together (the months block), and the page's rows with the judgement
  // they have among them (a deeper page, judged alone).
  const judgedNewest = judgeHistoryRows(input.q, input.marketplace, answer.newest);
  const byId = new Map(judgedNewest.map((r) => [r.id, r]));
  const pageRows = answer.page.every((r) => byId.has(r.id))
    ? answer.page.map((r) => ({ ...r, comp_kind: byId.get(r.id)!.comp_kind, comp_reasons: byId.get(r.id)!.comp_reasons }))
    : judgeHistoryRows(input.q, input.marketplace, answer.page);
  const plan = services.plan(caller.plan);
  const allowance = caller.mode === 'sandbox' ? services.config.sandboxAllowance : plan.allowance;
  const charged = await chargeHistoryRead(services.store.redis, services.store.keys.prefix, { account: caller.account, mode: caller.mode, allowance, charge: pageRows.length > 0 });
  if (charged === 'quota_exceeded') throw new ApiError('quota_exceeded');
  return {
    marketplace: input.marketplace,
    query: input.q,
    from: input.from,
    to: input.to,
    page: input.page,
    page_size: HISTORY_PAGE_SIZE,
    count: pageRows.length,
    next_page: answer.more && input.page < HISTORY_MAX_PAGE ? input.page + 1 : null,
    credits: pageRows.length > 0 ? 1 : 0,
    comp_version: COMP_VERSION,
    months: monthsOf(judgedNewest),
    months_rows: answer.newest.length,
    months_complete: !answer.truncated,
    field_notes: FIELD_NOTES,
    data: pageRows,
  };
}

/** Archive rows judged against `q` (the comps judgement of a page). */
export function judgeHistoryRows<R extends Pick<HistoryRow, 'title' | 'condition' | 'category_id' | 'displayed_price'>>(q: string, token: string, rows: readonly R[]): Array<R & Judgement> {
  const judgements = judgePage(q, token, rows.map((r) => judgeRowOf(r as unknown as Record<string, unknown>)));
  return rows.map((r, i) => ({ ...r, comp_kind: judgements[i]!.comp_kind, comp_reasons: judgements[i]!.comp_reasons }));
}
