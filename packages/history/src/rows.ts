/**
 * @module rows
 * What the archive keeps of a settled sold page's rows: what each row says (title, displayed
 * price and shipping, sold date, condition, the marketplace's ids and category where it has
 * them, link and image), keyed by marketplace and listing id. Nothing about who searched, no
 * seller, no key, no cookie: a row of the archive is the marketplace's public listing.
 */

import { HISTORY_CONDITION_CODES, HISTORY_TOKENS } from '@listings/contract';

/** One archived row, as handed from the worker to the writer (JSON in the queue). */
export interface ArchiveRow {
  id: string;
  title: string | null;
  link: string | null;
  image: string | null;
  price: number | null;
  currency: string | null;
  price_text: string | null;
  shipping: number | null;
  shipping_currency: string | null;
  shipping_text: string | null;
  sold_date: string | null;
  sold_date_text: string | null;
  condition: string | null;
  condition_code: string | null;
  condition_id: number | null;
  category_id: number | null;
  brand_id: number | null;
  brand: string | null;
  size: string | null;
}


/** The filter codes of each marketplace's `condition`: its sold route's own (interface 4.1-4.3). */
export const HISTORY_CONDITIONS: Readonly<Record<string, readonly string[]>> = HISTORY_CONDITION_CODES;

/** The marketplaces with a sold route, whose rows the archive keeps. */
export const HISTORY_MARKETPLACES: readonly string[] = HISTORY_TOKENS;

const MKT_C_CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'];

/**
 * The route's filter code a row's condition stands for, or null when it stands for none:
 * mkt_a's own text ("Brand New", "Pre-Owned", "Excellent - Refurbished", …), mkt_b's code,
 * mkt_c's `condition_id` (1 new … 5 poor) or label.
 */
export function conditionCode(token: string, condition: string | null, conditionId: number | null): string | null {
  if (token === 'mkt_c') {
    if (conditionId !== null && conditionId >= 1 && conditionId <= 5) return MKT_C_CONDITIONS[conditionId - 1]!;
    const label = condition?.trim().toLowerCase().replaceAll(' ', '_') ?? '';
    return MKT_C_CONDITIONS.includes(label) ? label : null;
  }
  if (condition === null) return null;
  const text = condition.trim().toLowerCase();
  if (token === 'mkt_b') return HISTORY_CONDITIONS.mkt_b!.includes(text) ? text : null;
  if (token === 'mkt_a') {
    if (text.includes('refurbished')) return 'refurbished';
    if (text === 'brand new' || text === 'new') return 'new';
    if (text.startsWith('open box') || text.startsWith('new (other)') || text.startsWith('new other') || text.startsWith('new with defects')) return 'open_box';
    if (text.startsWith('pre-owned') || text === 'used') return 'used';
    if (text.includes('parts')) return 'for_parts';
  }
  return null;
}

const str = (v: unknown, max = 2000): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, max) : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const money = (v: unknown): { amount: number; currency: string } | null => {
  if (v === null || typeof v !== 'object') return null;
  const { amount, currency } = v as { amount?: unknown; currency?: unknown };
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 && amount < 1e10 && typeof currency === 'string' ? { amount, currency: currency.slice(0, 8) } : null;
};
const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/** The archive's rows of one sold page's `data` (rows without an id are not kept: they cannot be told apart). */
export function archiveRowsOf(token: string, data: readonly unknown[]): ArchiveRow[] {
  const out: ArchiveRow[] = [];
  const seen = new Set<string>();
  for (const raw of data) {
    if (raw === null || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    const id = str(r.id, 200);
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    const price = money(r.displayed_price);
    const shipping = money(r.displayed_shipping);
    const soldDate = typeof r.sold_date === 'string' && DAY.test(r.sold_date) && !Number.isNaN(Date.parse(r.sold_date)) ? r.sold_date : null;
    const condition = str(r.condition, 200);
    const conditionId = int(r.condition_id);
    out.push({
      id,
      title: str(r.title),
      link: str(r.link),
      image: str(r.image),
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      price_text: str(r.displayed_price_text, 200),
      shipping: shipping?.amount ?? null,
      shipping_currency: shipping?.currency ?? null,
      shipping_text: str(r.shipping_text, 200),
      sold_date: soldDate,
      sold_date_text: str(r.sold_date_text, 200),
      condition,
      condition_code: conditionCode(token, condition, conditionId),
      condition_id: conditionId,
      category_id: int(r.category_id),
      brand_id: int(r.brand_id),
      brand: str(r.brand, 200),
      size: str(r.size, 200),
    });
  }
  return out;
}
