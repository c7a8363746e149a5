/**
 * @module summary
 * The price summary of one complete batch item (interface 2.6, decisions.md "Batches"):
 * counts and statistics over the page's `displayed_price` amounts and `sold_date` values.
 * Pure: the batch code calls it when an `mkt_a` item completes, with the best-offer IDs the
 * adapter kept hidden for that page. A row's USD amount and the median are @listings/sdk/stats',
 * the ones the CLI and the console compute with.
 */
import { compsOf, type Comps } from '@listings/comps';
import type { Result } from '@listings/contract';
import { median, usdAmount } from '@listings/sdk/stats';

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
  const offers = new Set(bestOfferAcceptedIds);
  const bestOfferRows = offers.size === 0 ? 0 : result.data.filter((r) => offers.has(r.id)).length;
  return {
    priced_count: n,
    currency: 'USD',
    // The median every client computes too (@listings/sdk/stats: the CLI, the console).
    median: median(amounts),
    low: n === 0 ? null : (amounts[0] as number),
    high: n === 0 ? null : (amounts[n - 1] as number),
    earliest_sold_date: earliest,
    latest_sold_date: latest,
    best_offer_accepted_count: bestOfferRows,
  };
}

/**
 * The `comps` block of a complete batch item, on every marketplace (issue 27): the result's own
 * block, which the worker computed when it judged the page; for a result settled before rows
 * were judged, the block of its rows as they are (no row judged: every count 0, figures null),
 * never figures over rows nobody judged.
 */
export function batchComps(result: Readonly<Record<string, unknown>> & Pick<Result, 'data'>): Comps {
  const own = result.comps as Comps | undefined;
  if (own !== null && typeof own === 'object' && own.basis === 'item' && typeof own.kinds === 'object') return own;
  return compsOf(result.data);
}
