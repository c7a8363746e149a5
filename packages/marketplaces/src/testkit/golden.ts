/**
 * @module testkit/golden
 * Expected values for the real captures in `../shared/fixtures`, kept in
 * `test/golden/<token>/<capture file>.json`. They are written by reading the capture
 * independently (the Python scripts in `scripts/golden/`, or by hand), never by running the
 * parser. Parser tests and the live-path tests compare a reading with them row by row, field
 * by field; see test/golden/README.md for the file format.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMP_KINDS, JUDGEMENT_FIELDS, type Kind, type Token } from '@listings/contract';

/** `<checkout>/test/golden` */
export const GOLDEN_DIR = fileURLToPath(new URL('../../../../test/golden/', import.meta.url));

export type GoldenExpect =
  | { status: 'complete'; page_size: number; count: number; reported_total: number | null; next_page: number | null }
  | { status: 'failed'; code: string };

export interface Golden {
  /** `<token>/<file>` under ../shared/fixtures, or `test/data/<token>/<file>` in the checkout. */
  capture: string;
  /** The script (or "hand") that read the capture. */
  read_by: string;
  /** The search the capture answers, as the route would receive it. */
  search: { kind: Kind; q: string; page: number; params: Record<string, string> };
  /** The collection time the values are written for (ISO, UTC): year-less dates and "2m left" resolve against it. */
  now: string;
  /** Row fields whose value is a time computed from `now` ("2m left"): compared after shifting by the reading's own time. */
  relative_to_now?: string[];
  expect: GoldenExpect;
  /**
   * The row fields this file states, when it does not state all of them (the reader could not
   * settle some without rendering the page, e.g. `promoted` behind fonts): only these are
   * compared, in this order. Absent: every field of the route's row, in contract order.
   */
  fields?: string[];
  /**
   * Words the result's `field_notes` must hold, as the page states them (the banner eBay put
   * before its looser matches, the count of auctions that also offer Buy It Now).
   */
  notes_say?: string[];
  /** Every row, in page order. */
  rows: Array<Record<string, unknown>>;
  /** Free notes: what the reader decided and why. */
  notes?: string[];
}

/** The marketplace of a golden file's `capture` (`mkt_a/x.html` or `test/data/mkt_a/x.html`). */
export function captureToken(capture: string): Token {
  const m = /^(?:test\/data\/)?([^/]+)\//u.exec(capture);
  if (!m) throw new Error(`not a capture path: ${capture}`);
  return m[1] as Token;
}

export function goldenPath(token: Token, capture: string): string {
  return `${GOLDEN_DIR}${token}/${capture}.json`;
}

export function hasGolden(token: Token, capture: string): boolean {
  return existsSync(goldenPath(token, capture));
}

export function readGolden(token: Token, capture: string): Golden {
  return JSON.parse(readFileSync(goldenPath(token, capture), 'utf8')) as Golden;
}

/** What a reading produced: a result page, or the failed-job code it ended in. */
export type Reading =
  | { result: { page_size: number; count: number; reported_total: number | null; next_page: number | null; collected_at?: string; field_notes?: string; data: readonly unknown[] } }
  | { code: string };

/** Seconds of slack for `relative_to_now` fields ("2m left" read a few seconds apart). */
const RELATIVE_SLACK_MS = 90_000;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Every difference between a reading and its golden file, as readable lines
 * (`row 3 (id 123) title: got "…" want "…"`); empty when they agree exactly. Row fields are
 * compared in the golden's field order, which is the contract's order.
 */
export function goldenDiff(reading: Reading, golden: Golden, opts: { now?: Date } = {}): string[] {
  const out: string[] = [];
  const g = golden.expect;
  if ('code' in reading) {
    if (g.status !== 'failed') return [`failed with ${reading.code}; want a complete page of ${g.count} rows`];
    return reading.code === g.code ? [] : [`failed with ${reading.code}; want ${g.code}`];
  }
  if (g.status === 'failed') return [`completed with ${reading.result.count} rows; want failed ${g.code}`];
  const r = reading.result;
  for (const f of ['page_size', 'count', 'reported_total', 'next_page'] as const) {
    if (!same(r[f], g[f])) out.push(`${f}: got ${JSON.stringify(r[f])} want ${JSON.stringify(g[f])}`);
  }
  if (r.data.length !== golden.rows.length) out.push(`rows: got ${r.data.length} want ${golden.rows.length}`);
  for (const words of golden.notes_say ?? []) {
    if (!(r.field_notes ?? '').includes(words)) out.push(`field_notes: does not say ${JSON.stringify(words)}`);
  }
  const at = opts.now ?? (r.collected_at ? new Date(r.collected_at) : null);
  const shift = at ? at.getTime() - Date.parse(golden.now) : 0;
  const relative = new Set(golden.relative_to_now ?? []);
  for (let i = 0; i < Math.min(r.data.length, golden.rows.length); i++) {
    const got = r.data[i] as Record<string, unknown>;
    const want = golden.rows[i]!;
    // The judgement of comps closes a settled row (an extension after the contract fields the
    // golden file states): compared as well-formed and last, never as a reading of the capture.
    const judgement = judgementProblem(got);
    if (judgement !== null) out.push(`row ${i} (id ${String(want.id)}): ${judgement}`);
    const own = Object.keys(got).filter((k) => !(JUDGEMENT_FIELDS as readonly string[]).includes(k));
    const keysGot = golden.fields ? own.filter((k) => golden.fields!.includes(k)).join() : own.join();
    const keysWant = Object.keys(want).join();
    if (keysGot !== keysWant) out.push(`row ${i} (id ${String(want.id)}): fields ${keysGot}; want ${keysWant}`);
    for (const [field, w] of Object.entries(want)) {
      const v = got[field];
      if (relative.has(field) && typeof w === 'string' && typeof v === 'string') {
        if (Math.abs(Date.parse(v) - (Date.parse(w) + shift)) <= RELATIVE_SLACK_MS) continue;
      }
      if (!same(v, w)) out.push(`row ${i} (id ${String(want.id)}) ${field}: got ${JSON.stringify(v)} want ${JSON.stringify(w)}`);
    }
  }
  return out;
}

/**
 * What is wrong with a row's judgement of comps, or null: a row without one (a parser's
 * reading) is fine; a row with one has both fields, last, `comp_kind` one of the five kinds
 * and `comp_reasons` a list of non-empty strings.
 */
export function judgementProblem(row: Readonly<Record<string, unknown>>): string | null {
  const keys = Object.keys(row);
  const has = JUDGEMENT_FIELDS.filter((f) => f in row);
  if (has.length === 0) return null;
  if (keys.slice(-JUDGEMENT_FIELDS.length).join() !== JUDGEMENT_FIELDS.join()) return `judgement fields ${has.join()} are not the row's last fields ${JUDGEMENT_FIELDS.join()}`;
  if (typeof row.comp_kind !== 'string' || !(COMP_KINDS as readonly string[]).includes(row.comp_kind)) return `comp_kind ${JSON.stringify(row.comp_kind)} is not one of ${COMP_KINDS.join()}`;
  const reasons = row.comp_reasons;
  if (!Array.isArray(reasons) || !reasons.every((r) => typeof r === 'string' && r !== '')) return `comp_reasons ${JSON.stringify(reasons)} is not a list of codes`;
  return null;
}

/** Jest assertion: the reading agrees with the golden file (the first 25 differences are shown). */
export function expectGolden(reading: Reading, golden: Golden, opts: { now?: Date } = {}): void {
  const diff = goldenDiff(reading, golden, opts);
  expect({ capture: golden.capture, differences: diff.slice(0, 25), more: Math.max(0, diff.length - 25) })
    .toEqual({ capture: golden.capture, differences: [], more: 0 });
}
