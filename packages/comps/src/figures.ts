/**
 * @module figures
 * The `comps` block of a result (issue 27): price figures over the rows judged `item` with a
 * USD displayed price, the same over price plus shipping where the shipping is known, and how
 * many rows of each kind the page had. The figures are @listings/sdk/stats' (the median and
 * hinges the CLI and the console compute too).
 */
import { priceFigures, usdAmount, usdAmountWithShipping, type PriceFigures } from '@listings/sdk/stats';
import { COMP_KINDS, type CompKind, type Judgement } from './types.ts';

export interface Comps {
  /** Which rows the figures are over: always `item`. */
  basis: 'item';
  currency: 'USD';
  /** Over the item rows' displayed prices. */
  price: PriceFigures;
  /** Over the item rows whose shipping is known: displayed price plus shipping. */
  price_with_shipping: PriceFigures;
  /** Rows of the page of each kind. */
  kinds: Record<CompKind, number>;
}

export function compsOf(rows: readonly (Readonly<Record<string, unknown>> & Partial<Judgement>)[]): Comps {
  const kinds = Object.fromEntries(COMP_KINDS.map((k) => [k, 0])) as Record<CompKind, number>;
  const prices: number[] = [];
  const withShipping: number[] = [];
  for (const row of rows) {
    const kind = row.comp_kind;
    if (kind === undefined || !(COMP_KINDS as readonly string[]).includes(kind)) continue;
    kinds[kind] += 1;
    if (kind !== 'item') continue;
    const p = usdAmount(row);
    if (p !== null) prices.push(p);
    const ps = usdAmountWithShipping(row);
    if (ps !== null) withShipping.push(ps);
  }
  return { basis: 'item', currency: 'USD', price: priceFigures(prices), price_with_shipping: priceFigures(withShipping), kinds };
}
