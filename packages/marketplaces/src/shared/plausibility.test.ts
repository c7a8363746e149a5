/**
 * The drift guard's plausibility check (shared/plausibility.ts): every golden file of a real
 * capture that reads as a complete page passes it, and the same rows with their prices or
 * titles lost (what a moved price or title element does to a reader) fail it; plus each rule
 * at its boundary.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { MARKETPLACES } from '../index.ts';
import { captureToken, GOLDEN_DIR, type Golden } from '../testkit/golden.ts';
import {
  BlockedError, FilterNotSupportedError, LayoutChangedError, NonUsPageError, PageOutOfRangeError, TransientUpstreamError, UpstreamTimeoutError,
} from '@listings/contract';
import { implausibility, ImplausibleReadingError, MIN_ROWS } from './plausibility.ts';
import { DRIFT_OUTCOMES, FilterIgnoredError, KEPT_OUTCOMES, readingOutcome } from './reading.ts';

type Row = Record<string, unknown>;

function goldens(): Golden[] {
  if (!existsSync(GOLDEN_DIR)) return [];
  return readdirSync(GOLDEN_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(`${GOLDEN_DIR}${d.name}`).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(`${GOLDEN_DIR}${d.name}/${f}`, 'utf8')) as Golden));
}

function page(rows: Row[], total: number | null = rows.length, pageNo = 1, pageSize = 60): { data: Row[]; reported_total: number | null; page: number; page_size: number } {
  return { data: rows, reported_total: total, page: pageNo, page_size: pageSize };
}

const complete = goldens().filter((g) => g.expect.status === 'complete');

test('the golden files of real captures are read from disk (none yet is a skip, said aloud)', () => {
  if (complete.length === 0) console.warn('plausibility.test: no golden file of a complete page under test/golden yet');
  expect(Array.isArray(complete)).toBe(true);
});

for (const g of complete) describe(g.capture, () => {
  const e = g.expect as Extract<Golden['expect'], { status: 'complete' }>;
  const checks = MARKETPLACES[captureToken(g.capture)].readingChecks ?? {};
  test('its reading is plausible', () => {
    // A page with no row despite its total says why in the page's own words (eBay's banner
    // before looser matches), which the independent reader recorded as notes_say: the reason
    // the parser hands the guard (drift.test.ts runs the parser itself on every capture).
    const reason = g.rows.length === 0 && (g.notes_say?.length ?? 0) > 0 ? g.notes_say!.join(' ') : undefined;
    expect(implausibility(page(g.rows, e.reported_total, g.search.page, e.page_size), checks, { noRowsBecause: reason })).toBeNull();
    if (reason && (e.reported_total ?? 0) > 0) expect(implausibility(page(g.rows, e.reported_total, g.search.page, e.page_size), checks)).toMatch(/no listing was read/u);
  });
  if (g.rows.length >= MIN_ROWS) {
    test('with every price lost it is not', () => {
      const lost = g.rows.map((r) => ({ ...r, displayed_price: null, displayed_price_text: null, call_for_price: false }));
      expect(implausibility(page(lost, e.reported_total, g.search.page, e.page_size))).toMatch(/no readable price/u);
    });
    if (checks.titles !== false) test('with every title lost it is not', () => {
      const lost = g.rows.map((r) => ({ ...r, title: null }));
      expect(implausibility(page(lost, e.reported_total, g.search.page, e.page_size))).toMatch(/no title/u);
    });
  }
});

describe('rules', () => {
  const row = (i: number, over: Row = {}): Row => ({ id: String(i), link: `https://x.test/${i}`, title: `t${i}`, displayed_price: { amount: 1, currency: 'USD' }, displayed_price_text: '$1.00', ...over });
  const rows = (n: number, over: (i: number) => Row = () => ({})): Row[] => Array.from({ length: n }, (_, i) => row(i, over(i)));

  test('a reported total with no listing read is a layout change; a total of 0, an unknown total or a page past the total is not', () => {
    expect(implausibility(page([], 242))).toMatch(/reports 242 results/u);
    expect(implausibility(page([], 0))).toBeNull();
    expect(implausibility(page([], null))).toBeNull();
    expect(implausibility(page([], 120, 3, 60))).toBeNull();
    expect(implausibility(page([], 121, 3, 60))).toMatch(/reports 121 results, 120 before this page/u);
  });

  test('each legitimate way a page has no row passes: no results, no total, past the total, and a page the adapter says is all looser matches', () => {
    // No results: the marketplace reports 0 (sold-s-card-no-results.html).
    expect(implausibility(page([], 0))).toBeNull();
    // No total stated (mkt_e never states one; mkt_d after page 1).
    expect(implausibility(page([], null))).toBeNull();
    // Past the last page: the reported total is used up by the pages before.
    expect(implausibility(page([], 120, 3, 60))).toBeNull();
    // Fewer words only, or a rewritten query: every listing a looser match, in the page's own words.
    const because = { noRowsBecause: 'eBay marked all 60 listings on the page as looser matches ("Results matching fewer words")' };
    expect(implausibility(page([], 1234), {}, because)).toBeNull();
    // Without the page's word for it, the same reading is drift; an empty reason is no reason.
    expect(implausibility(page([], 1234))).toMatch(/reports 1234 results/u);
    expect(implausibility(page([], 1234), {}, { noRowsBecause: '' })).toMatch(/reports 1234 results/u);
    // The reason covers the empty page only: rows read wrong are still judged.
    expect(implausibility(page(rows(10, () => ({ displayed_price: null, displayed_price_text: null }))), {}, because)).toMatch(/no readable price/u);
  });

  test('more than half the rows without a price fails; half, or a price range kept as text, does not', () => {
    const none = { displayed_price: null, displayed_price_text: null };
    expect(implausibility(page(rows(10, (i) => (i < 6 ? none : {}))))).toMatch(/6 of 10 listings have no readable price/u);
    expect(implausibility(page(rows(10, (i) => (i < 5 ? none : {}))))).toBeNull();
    expect(implausibility(page(rows(10, () => ({ displayed_price: null, displayed_price_text: '$7.99 to $9.89' }))))).toBeNull();
    expect(implausibility(page(rows(10, () => ({ ...none, call_for_price: true }))))).toBeNull();
  });

  test('more than half the rows without a title fails', () => {
    expect(implausibility(page(rows(8, (i) => (i < 5 ? { title: '  ' } : {}))))).toMatch(/5 of 8 listings have no title/u);
    expect(implausibility(page(rows(8, (i) => (i < 4 ? { title: null } : {}))))).toBeNull();
  });

  test('any row without an id or a link fails', () => {
    expect(implausibility(page(rows(8, (i) => (i === 3 ? { link: '' } : {}))))).toMatch(/1 of 8 listings have no id or link/u);
  });

  test('pages smaller than MIN_ROWS are not judged on shares', () => {
    expect(implausibility(page(rows(MIN_ROWS - 1, () => ({ displayed_price: null, displayed_price_text: null, title: null }))))).toBeNull();
  });
});

describe('reading outcomes: drift apart from noise', () => {
  test('each collection error names its outcome; drift is layout_changed and implausible only', () => {
    const cases: Array<[unknown, string]> = [
      [new LayoutChangedError('no results list'), 'layout_changed'],
      [new ImplausibleReadingError('60 of 60 listings have no readable price'), 'implausible'],
      [new PageOutOfRangeError('past the last page'), 'past_last_page'],
      [new FilterIgnoredError('sold filter not applied'), 'filter_not_applied'],
      [new FilterNotSupportedError('radius'), 'filter_not_applied'],
      [new NonUsPageError('lang ja'), 'non_us'],
      [new BlockedError('captcha'), 'blocked'],
      [new UpstreamTimeoutError('timeout'), 'unreachable'],
      [new TransientUpstreamError('503'), 'unreachable'],
      [new Error('adapter bug'), 'other'],
    ];
    expect(cases.map(([e, o]) => [o, readingOutcome(e)])).toEqual(cases.map(([, o]) => [o, o]));
    expect([...DRIFT_OUTCOMES].sort()).toEqual(['implausible', 'layout_changed']);
    // Both kinds of drift keep their page for operators; a page past the last one is not kept.
    expect(KEPT_OUTCOMES.has('implausible') && KEPT_OUTCOMES.has('layout_changed') && !KEPT_OUTCOMES.has('past_last_page')).toBe(true);
    // The guard's verdict is still a layout change to the job (upstream_error, no retry).
    expect(new ImplausibleReadingError('x')).toBeInstanceOf(LayoutChangedError);
    expect(new FilterIgnoredError('x').code).toBe('upstream_error');
  });
});
