/**
 * @module shared/plausibility
 * The drift guard's reading check, applied by the worker to every page an adapter read,
 * whatever the marketplace: a reading that cannot be right is a layout change, never rows.
 * Each adapter already refuses pages it does not recognize; this catches the quieter kind of
 * drift, where the page is still recognized but its fields moved:
 *
 * - the marketplace reports results for this page but no row was read, and the adapter cannot
 *   say why from the page (a page whose listings the marketplace itself marks as looser
 *   matches, a rewritten query or fewer words, has no rows by right: `CollectedPage.noRowsBecause`);
 * - most rows have no readable price (neither an amount nor the price text);
 * - most rows miss a field every row of the route has (a title; not on marketplaces whose real
 *   answers carry none, `Marketplace.readingChecks`).
 *
 * "Most" is more than half of a page of at least MIN_ROWS rows: real pages have a few
 * unpriced rows (ranges, "call for price") and untitled ones, never a majority (the golden
 * files of every real capture pass, see plausibility.test.ts).
 *
 * A page with no rows is plausible in each way a real page has none: the marketplace reports
 * no result (a total of 0) or no total; the page is past the reported total; or the adapter read
 * the page's own word that every listing on it is a looser match. The verdict is thrown as
 * ImplausibleReadingError, a layout change (`upstream_error`) the reading metric counts apart
 * (`implausible`) from pages whose format is not recognized (`layout_changed`).
 */
import { LayoutChangedError } from '@listings/contract';
/** Pages smaller than this are not judged on shares (three odd rows are not a trend). */
export const MIN_ROWS = 6;

type Row = Record<string, unknown>;

function priced(r: Row): boolean {
  const has = (k: string): boolean => r[k] !== undefined && r[k] !== null && r[k] !== '';
  // mkt_e "call for price" rows say so: that is a reading, not a missing price.
  return has('displayed_price') || has('displayed_price_text') || has('price') || r.call_for_price === true;
}

function titled(r: Row): boolean {
  return typeof r.title === 'string' && r.title.trim() !== '';
}

/** A recognized page whose reading cannot be right (fields moved): a layout change, told apart in the reading metric. */
export class ImplausibleReadingError extends LayoutChangedError {
  constructor(why: string) {
    super(`implausible reading, the layout may have changed: ${why}`);
  }
}

/**
 * Why a reading cannot be right, or null when it is plausible. `reading.noRowsBecause` is the
 * adapter's reason, read from the page, for a page with listings but no rows.
 */
export function implausibility(
  result: { data: readonly unknown[]; reported_total: number | null; page: number; page_size: number },
  checks: { titles?: boolean } = {},
  reading: { noRowsBecause?: string | undefined } = {},
): string | null {
  const rows = result.data as readonly Row[];
  const total = result.reported_total;
  const explained = typeof reading.noRowsBecause === 'string' && reading.noRowsBecause !== '';
  if (rows.length === 0 && !explained && total !== null && total > (result.page - 1) * result.page_size) {
    return `the marketplace reports ${total} results, ${(result.page - 1) * result.page_size} before this page, but no listing was read`;
  }
  if (rows.length < MIN_ROWS) return null;
  const half = rows.length / 2;
  const unpriced = rows.filter((r) => !priced(r)).length;
  if (unpriced > half) return `${unpriced} of ${rows.length} listings have no readable price`;
  const untitled = checks.titles === false ? 0 : rows.filter((r) => !titled(r)).length;
  if (untitled > half) return `${untitled} of ${rows.length} listings have no title`;
  const unlinked = rows.filter((r) => typeof r.id !== 'string' || r.id === '' || typeof r.link !== 'string' || r.link === '').length;
  if (unlinked > 0) return `${unlinked} of ${rows.length} listings have no id or link`;
  return null;
}
