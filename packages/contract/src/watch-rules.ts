/**
 * @module watch-rules
 * The rules of a watch (docs/watches.md "Rules"): which of the rows a run finds new or cheaper
 * are reported. Pure, shared by the api (which validates them) and the workers (which apply
 * them), and by the tests (which check the events against them independently of the runner).
 */
import type { CompKindName } from './comps.ts';
import type { Row } from './types.ts';

export interface WatchRules {
  /** Dollars: the row's `displayed_price.amount` must be at least this (a row without one fails). */
  min_price: number | null;
  max_price: number | null;
  /** The row's `condition` must equal one of these, compared without case (a row without one fails). */
  conditions: string[] | null;
  /** Every one of these words or phrases must appear in the title (whole words, without case). */
  include_words: string[] | null;
  /** None of these may appear in the title. */
  exclude_words: string[] | null;
  /** The row's `comp_kind` must be one of these (`["item"]`: no cases, lots or units for parts); a row without one fails. */
  kinds: CompKindName[] | null;
}

export const NO_RULES: WatchRules = { min_price: null, max_price: null, conditions: null, include_words: null, exclude_words: null, kinds: null };

export const RULE_NAMES = ['min_price', 'max_price', 'conditions', 'include_words', 'exclude_words', 'kinds'] as const;

/** Most values of a list rule, and characters of one value. */
export const RULE_LIST_MAX = 20;
export const RULE_VALUE_MAX_LENGTH = 100;

/** Text as words: lower case, every run of characters that are not letters or digits one space, padded with spaces. */
export function wordText(s: string): string {
  return ` ${s.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/** Whether `title` contains `phrase` as whole words (`m6` matches "Leica M6 body", not "M65"). */
export function titleHas(title: string, phrase: string): boolean {
  const p = wordText(phrase);
  return p.trim() !== '' && wordText(title).includes(p);
}

/** A row's displayed price in cents, or null (none, or not in USD). */
export function displayedCents(row: Row): number | null {
  const p = row.displayed_price as { amount?: unknown; currency?: unknown } | null | undefined;
  if (!p || typeof p.amount !== 'number' || !Number.isFinite(p.amount) || p.currency !== 'USD') return null;
  return Math.round(p.amount * 100);
}

/** Whether a row passes every rule that is set. */
export function passesRules(row: Row, rules: WatchRules): boolean {
  if (rules.min_price !== null || rules.max_price !== null) {
    const cents = displayedCents(row);
    if (cents === null) return false;
    if (rules.min_price !== null && cents < Math.round(rules.min_price * 100)) return false;
    if (rules.max_price !== null && cents > Math.round(rules.max_price * 100)) return false;
  }
  if (rules.conditions !== null) {
    const c = typeof row.condition === 'string' ? row.condition.trim().toLowerCase() : null;
    if (c === null || !rules.conditions.some((x) => x.trim().toLowerCase() === c)) return false;
  }
  if (rules.include_words !== null || rules.exclude_words !== null) {
    const title = typeof row.title === 'string' ? row.title : '';
    if (rules.include_words !== null && !rules.include_words.every((w) => titleHas(title, w))) return false;
    if (rules.exclude_words !== null && rules.exclude_words.some((w) => titleHas(title, w))) return false;
  }
  if (rules.kinds !== null) {
    const kind = row.comp_kind;
    if (typeof kind !== 'string' || !(rules.kinds as readonly string[]).includes(kind)) return false;
  }
  return true;
}
