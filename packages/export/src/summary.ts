/**
 * @module summary
 * The price summary of one complete batch item (interface 2.6, decisions.md "Batches"):
 * counts and statistics over the page's `displayed_price` amounts and `sold_date` values.
 * Pure: the batch code calls it when an `mkt_a` item completes, with the best-offer IDs the
 * adapter kept hidden for that page.
 */
import type { Result, Row } from '@listings/contract';

export interface BatchSummary {
  /** Rows with a readable USD `displayed_price`. */
  priced_count: number;
  /** Always `USD`: the currency of every amount below. */
  currency: 'USD';
  /** Median of the priced amounts (mean of the two middle ones when their count is even), or null. */
  median: number | null;
  low: number | null;
  high: number | null;
  /** Earliest and latest non-null `sold_date` (`YYYY-MM-DD`); null when none (listings searches). */
  earliest_sold_date: string | null;
  latest_sold_date: string | null;
  /** Rows of the page the marketplace marks as sold by an accepted best offer. */
  best_offer_accepted_count: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The USD amount of a row's displayed price, or null when it has none (or not in USD). */
function usdAmount(row: Row): number | null {
  const p = row.displayed_price;
  if (p === null || typeof p !== 'object') return null;
  const { amount, currency } = p as { amount?: unknown; currency?: unknown };
  return typeof amount === 'number' && Number.isFinite(amount) && currency === 'USD' ? amount : null;
}

/** Removes binary floating-point noise from a mean ((0.1 + 0.2) / 2 → 0.15), keeping half cents. */
function clean(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function summarize(result: Pick<Result, 'data'>, bestOfferAcceptedIds: readonly string[] = []): BatchSummary {
  const amounts: number[] = [];
  let earliest: string | null = null;
  let latest: string | null = null;
  for (const row of result.data) {
    const amount = usdAmount(row);
    if (amount !== null) amounts.push(amount);
    const sold = row.sold_date;
    if (typeof sold === 'string' && DATE.test(sold)) {
      if (earliest === null || sold < earliest) earliest = sold;
      if (latest === null || sold > latest) latest = sold;
    }
  }
  amounts.sort((a, b) => a - b);
  const n = amounts.length;
  const mid = Math.floor(n / 2);
  const median = n === 0 ? null : n % 2 === 1 ? (amounts[mid] as number) : clean(((amounts[mid - 1] as number) + (amounts[mid] as number)) / 2);
  const offers = new Set(bestOfferAcceptedIds);
  const bestOfferRows = offers.size === 0 ? 0 : result.data.filter((r) => offers.has(r.id)).length;
  return {
    priced_count: n,
    currency: 'USD',
    median,
    low: n === 0 ? null : (amounts[0] as number),
    high: n === 0 ? null : (amounts[n - 1] as number),
    earliest_sold_date: earliest,
    latest_sold_date: latest,
    best_offer_accepted_count: bestOfferRows,
  };
}
