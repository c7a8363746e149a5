/**
 * @module judge
 * The row judgement (issue 27): which kind of thing each search row is, relative to the query
 * (`comp_kind`), and why (`comp_reasons`). Deterministic and offline: word lists in
 * lexicon.ts, query reading in query.ts, and the page's own prices. docs/comps.md describes
 * every rule and reason code.
 *
 * Order of the rules (the first that decides gives the kind; later signals that fired are
 * kept as further reasons):
 *  1. replica or merchandise words -> other;
 *  2. the query's model number, tier, brand, product line or category not met, or a title in a
 *     script the lists do not read -> other;
 *  3. a query for parts of a named product; accessory phrases, accessory words in a deciding
 *     place, fitments -> accessory;
 *  4. parts phrases, a parts condition, a missing main component -> parts;
 *  5. lot phrases -> lot;
 *  6. most of the query's remaining words missing -> other;
 *  7. what is left is a tentative item; the page's tentative items give a median price, and
 *     a weak signal (an accessory word after the product's name, a hint of a defect, a query
 *     word missing) decides against the item only with that price's support.
 */
import * as L from './lexicon.ts';
import { ACCESSORY, AUTO_PARTS, brandsIn, categoriesIn, LINE_WORDS, MERCH, parseQuery, TIERS, TITLE_UNITS, type Query, type Term } from './query.ts';
import { indexOfSeq, isAscii, isNumber, PhraseList, textOf, tokens, type Text } from './text.ts';
import type { CompKind, JudgeRow, Judgement } from './types.ts';

/**
 * Version of the judgement rules and word lists; on every result as `comp_version`.
 * Semver: major when a kind's definition or a reason code's meaning changes; minor when a rule
 * or a word list changes (rows may be judged differently); patch when no judgement changes.
 */
export const COMP_VERSION = '1.1.1';

/** A price under this share of the page's tentative items' median is far below them. */
export const FAR_BELOW = 0.3;
/** A weak accessory signal decides when the price is under this share of the median. */
const BELOW_ITEMS = 0.35;
/** Tentative items with a price needed before their median is read. */
const MIN_PRICED_ITEMS = 5;
/** The item prices agree when the upper quartile is at most this many times the lower. */
const MAX_SPREAD = 3;
/** Titles longer than this (mkt_d's descriptions) are read for signals in their first part only. */
const HEAD_CHARS = 160;

const STRONG_ACCESSORY = new PhraseList(L.STRONG_ACCESSORY_PHRASES);
const FOR_PHRASES = new PhraseList(L.FOR_PHRASES);
const DEFINITE = new Set(L.DEFINITE_ACCESSORY_WORDS.map((w) => textOf(w).toks.join(' ')));
const PARTS = new PhraseList(L.PARTS_PHRASES);
const WEAK_PARTS = new PhraseList(L.WEAK_PARTS_PHRASES);
const REPLICA = new PhraseList(L.REPLICA_WORDS);
const UNOFFICIAL = new PhraseList(L.UNOFFICIAL_WORDS);
const LOT = new PhraseList(L.LOT_WORDS);
const COMPONENTS = new PhraseList(L.MAIN_COMPONENTS);
const PARTS_CONDITIONS = new Set(L.PARTS_CONDITIONS.map((c) => c.toLowerCase()));
const words = (xs: readonly string[]): ReadonlySet<string> => new Set(xs.flatMap((x) => textOf(x).toks));
const WORKS = words(L.WORKS_WORDS);
const INCLUSION = words(L.INCLUSION_WORDS);
const DESCRIPTORS = words(L.DESCRIPTOR_WORDS);
const INCLUSION_NEAR = words(L.INCLUSION_NEAR_WORDS);
const NEGATION = words(L.NEGATION_WORDS);
const FOR = words(L.FOR_WORDS);
const WITH = words(['with', 'w', 'includes', 'including', 'incl', 'plus', 'comes', 'bundle']);
const LOT_COUNT_RE = new RegExp(`(?:^|[\\s(])(\\d{1,4})[\\s-]?((?:\\p{L}+\\s){0,2}?)(${L.LOT_COUNT_NOUNS.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
/** The first token of each counted noun of LOT_COUNT_RE (what it matches is one of them, as written). */
const LOT_NOUN_TOKEN = new Map(L.LOT_COUNT_NOUNS.map((n) => [n as string, tokens(n)[0]!]));
/**
 * Those tokens. The noun LOT_COUNT_RE matches stands between a digit, a space or a hyphen and
 * anything but a letter or a digit: a whole run of letters, so one of these is a token of the
 * text it matches in; a text without one has no count of units.
 */
const LOT_NOUN_TOKENS: ReadonlySet<string> = new Set(LOT_NOUN_TOKEN.values());
const FEATURE = words(L.FEATURE_FOLLOWERS);
const DAMAGE = words(['cracked', 'broken', 'damaged', 'shattered', 'crack', 'damage']);
/** Negations two words before an accessory word that make it missing ("no box", "without the charger"). */
const NEGATED_NEAR: ReadonlySet<string> = new Set(['no', 'without', 'missing']);
/** Words after "for" that say what a thing is for, not what it fits ("for parts", "for repair", "for sale"). */
const NOT_FITTED = ['part', 'repair', 'sale'];
const ACCESSORY_LISTS = [ACCESSORY];
const VEHICLE_ACCESSORY_LISTS = [ACCESSORY, AUTO_PARTS];

/** A title (or its head) read: its tokens and folded text, and its category words once read. */
interface Read extends Text {
  cats: ReturnType<typeof categoriesIn> | null;
}

function readOf(s: string): Read {
  const t = textOf(s);
  return { toks: t.toks, folded: t.folded, firsts: t.firsts, cats: null };
}

const catsOf = (r: Read): ReturnType<typeof categoriesIn> => (r.cats ??= categoriesIn(r.toks, r.firsts));

/** Category groups in common. */
function meets(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const g of a) if (b.has(g)) return true;
  return false;
}

/** `seq` written at `i` in `toks`. */
function seqAt(toks: readonly string[], i: number, seq: readonly string[]): boolean {
  if (i < 0 || i + seq.length > toks.length) return false;
  for (let j = 0; j < seq.length; j++) if (toks[i + j] !== seq[j]) return false;
  return true;
}

/** `seq` (not empty) written wholly within toks[from, to). */
function seqWithin(toks: readonly string[], seq: readonly string[], from: number, to: number): boolean {
  if (seq.length === 0) return false;
  for (let i = from; i + seq.length <= to; i++) if (seqAt(toks, i, seq)) return true;
  return false;
}

/** What the rules read of the query alone: read once per page, not once per row. */
interface Page {
  q: Query;
  models: Array<{ t: Term; anchor: readonly string[]; suffix: readonly string[]; otherSuffix: string }>;
  /** The plain terms that name the product (not describing words). */
  names: Term[];
  hasCategory: boolean;
  /** The query names a brand, line or model. */
  namesMaker: boolean;
  /** The query names a brand, line, model or a naming word: unofficial pieces of it are read. */
  readsUnofficial: boolean;
  /** The query's category groups (bundles). */
  groups: ReadonlySet<string>;
  /** "Brazier - DnD, Age of Sigmar": the query's terms written in a list (built when first needed). */
  listed: RegExp[] | null;
}

function pageOf(q: Query): Page {
  const names = q.terms.filter((t) => t.kind === 'plain' && !DESCRIPTORS.has(t.seq[0]!));
  return {
    q,
    models: q.terms.filter((t) => t.kind === 'model').map((t) => {
      const suffix = t.seq.slice(t.seq.indexOf(t.num!) + 1);
      return { t, anchor: t.anchor ?? [], suffix, otherSuffix: suffix.filter((s) => !TIERS.has(s)).join('') };
    }),
    names,
    hasCategory: q.terms.some((t) => t.kind === 'category'),
    namesMaker: q.terms.some((t) => t.kind === 'brand' || t.kind === 'line' || t.kind === 'model'),
    readsUnofficial: q.terms.some((t) => t.kind === 'brand' || t.kind === 'line' || t.kind === 'model' || (t.kind === 'plain' && !DESCRIPTORS.has(t.seq[0]!))),
    groups: new Set(q.terms.flatMap((t) => (t.kind === 'category' ? [...t.groups!] : []))),
    listed: null,
  };
}

const listedOf = (p: Page): RegExp[] => (p.listed ??= p.q.terms
  .filter((t) => t.kind !== 'category' && t.kind !== 'model')
  .map((t) => new RegExp(`[,/]\\s*${t.seq.join('\\W*')}|${t.seq.join('\\W*')}(?:\\s+[\\p{L}\\p{N}]+)?\\s*[,/]`, 'u')));

interface Verdict {
  kind: CompKind;
  reasons: string[];
  /** Tentative items only: signals the price decides. */
  weakAccessory?: { word: string; followedByProduct: boolean };
  weakParts?: string;
  softMissing?: string[];
  /** A plain query word (not only a category noun) is among the missing. */
  plainMissing?: boolean;
  /** A plain query word naming the product (not a describing word, not a category noun) is among the missing. */
  nounMissing?: boolean;
}

/** Where the title names the product: positions of the query's terms (and category words) in it. */
interface Mentions {
  /** Every token of the title that meets a query term. */
  positions: number[];
  first: number;
  /** Those that name the product (brand, model, line, plain words; category words only when a make or line). */
  names: number[];
}

function termAt(text: Text, t: Term): number {
  const i = indexOfSeq(text.toks, t.seq);
  if (i >= 0) return i;
  for (const j of t.joins ?? []) {
    const k = text.toks.indexOf(j);
    if (k >= 0) return k;
  }
  if (t.seq.length > 1) {
    const joined = t.seq.join('');
    const j = text.toks.indexOf(joined);
    if (j >= 0) return j;
  }
  // A long name misspelt by one letter ("Tinkpad", "Geniune"): the same word.
  if (t.seq.length === 1 && t.seq[0]!.length >= 7 && !isNumber(t.seq[0]!)) {
    const k = text.toks.findIndex((w) => w[0] === t.seq[0]![0] && oneEditApart(w, t.seq[0]!));
    if (k >= 0) return k;
  }
  if (t.seq.length === 1 && t.seq[0]!.length >= 5) {
    // "airpods" written "air pods", "spiderman" written "spider-man".
    const w = t.seq[0]!;
    const toks = text.toks;
    for (let k = 0; k + 1 < toks.length; k++) {
      const a = toks[k]!;
      const b = toks[k + 1]!;
      if (a.length + b.length === w.length && w.startsWith(a) && w.endsWith(b)) return k;
    }
  }
  return -1;
}

/** The product is named right after position `at` ("for iPhone", "for your Hot Toys"). */
const namedAfter = (m: Mentions, at: number): boolean => m.names.some((p) => p > at && p <= at + 3);

/** One letter added, dropped, changed, or two neighbours swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const isMeasure = (toks: readonly string[], i: number): boolean => {
  const n = toks[i + 1];
  return n !== undefined && TITLE_UNITS.has(n) && !TIERS.has(n);
};

type ModelMatch = { status: 'present'; end: number } | { status: 'mismatch'; label: string } | { status: 'missing' };

/** A model term in a title: present (where it ends), another number after its anchor, or missing. */
function modelIn(text: Text, model: Page['models'][number]): ModelMatch {
  const toks = text.toks;
  const { t, anchor, suffix } = model;
  // The whole unit, the number not read as a measure.
  for (let i = indexOfSeq(toks, t.seq); i >= 0; i = indexOfSeq(toks, t.seq, i + 1)) {
    const end = i + t.seq.length - 1;
    // The number not read as a measure, unless right after its anchor ("MacBook Pro 14-inch" for "macbook pro 14").
    const afterAnchor = anchor.length > 0 && seqAt(toks, i - anchor.length, anchor);
    if (suffix.length > 0 || !isMeasure(toks, end) || afterAnchor) {
      if (t.fused || anchor.length === 0 || seqWithin(toks, anchor, Math.max(0, i - anchor.length - 2), i) || !anchorHasOtherNumber(toks, anchor, t.num!)) {
        return { status: 'present', end };
      }
    }
  }
  if (anchor.length > 0) {
    const other = anchorNumber(toks, anchor, t.num!);
    if (other !== null) return { status: 'mismatch', label: (t.fused ? anchor.join('') : '') + other + model.otherSuffix };
  }
  return { status: 'missing' };
}

/** The first number right after the anchor that is not the query's and not a measure. */
function anchorNumber(toks: readonly string[], anchor: readonly string[], num: string): string | null {
  for (let i = indexOfSeq(toks, anchor); i >= 0; i = indexOfSeq(toks, anchor, i + 1)) {
    const j = i + anchor.length;
    const n = toks[j];
    if (n !== undefined && isNumber(n) && n !== num && !isMeasure(toks, j)) return n;
  }
  return null;
}

const anchorHasOtherNumber = (toks: readonly string[], anchor: readonly string[], num: string): boolean => anchorNumber(toks, anchor, num) !== null;

/** Tier words right after `end` that the query does not name ("max" after "14 pro" for "iphone 14 pro"). */
function extraTier(toks: readonly string[], end: number, q: Query): string | null {
  for (let k = end + 1; k <= end + 3 && k < toks.length; k++) {
    const t = toks[k]!;
    // A tier letter followed by a number is another model code ("E28 E32"), not a tier.
    if (!TIERS.has(t) || (t.length === 1 && isNumber(toks[k + 1] ?? 'x'))) return null;
    if (!q.tiers.has(t)) return t;
  }
  return null;
}

/** A tier the query does not name between the model's line and its number ("AirPods Pro 4" for "airpods 4"). */
function tierBefore(toks: readonly string[], start: number, t: Term, q: Query): string | null {
  const anchor = t.anchor ?? [];
  if (t.fused || anchor.length === 0) return null;
  for (let k = start - 1; k >= Math.max(0, start - 3); k--) {
    if (seqAt(toks, k - anchor.length + 1, anchor)) {
      const tier = toks.slice(k + 1, start).find((x) => TIERS.has(x) && !q.tiers.has(x));
      return tier ?? null;
    }
  }
  return null;
}

/** Rule 1, 2 and 6: the row against what the query names. */
function queryFit(p: Page, text: Read, row: JudgeRow, mentions: Mentions): { strong: string[]; soft: string[]; softTotal: number; plainMissing: boolean; allPlainMissing: boolean } {
  const q = p.q;
  const strong: string[] = [];
  const soft: string[] = [];
  let plainMissing = false;
  const softTotal = q.terms.length;
  const toks = text.toks;
  const mark = (i: number, len = 1, name = true): void => {
    for (let k = i; k < i + len; k++) {
      mentions.positions.push(k);
      if (name) mentions.names.push(k);
    }
  };
  const rowBrand = row.brand ? textOf(row.brand) : null;
  const titleBrands = brandsIn(toks, text.firsts);
  const rowBrands = rowBrand ? brandsIn(rowBrand.toks, rowBrand.firsts) : [];
  let modelPresent = false;
  let modelEnd = -1;
  for (const model of p.models) {
    const t = model.t;
    const m = modelIn(text, model);
    if (m.status === 'present') {
      modelPresent = true;
      modelEnd = Math.max(modelEnd, m.end);
      mark(m.end - t.seq.length + 1, t.seq.length);
      const extra = extraTier(toks, m.end, q) ?? tierBefore(toks, m.end - t.seq.length + 1, t, q);
      if (extra) strong.push(`variant_mismatch:${extra}`);
    } else if (m.status === 'mismatch') strong.push(`model_mismatch:${m.label}`);
    else strong.push(`query_term_missing:${t.label}`);
  }
  for (const t of q.terms) {
    switch (t.kind) {
      case 'model':
        break;
      case 'tier': {
        const i = termAt(text, t);
        if (i < 0) strong.push(`query_term_missing:${t.label}`);
        else {
          mark(i);
          if (!q.hasModel) {
            const extra = extraTier(toks, i, q);
            if (extra) strong.push(`variant_mismatch:${extra}`);
          }
        }
        break;
      }
      case 'brand': {
        const here = titleBrands.find((b) => b.brand === t.label) ?? rowBrands.find((b) => b.brand === t.label);
        if (here) {
          if (titleBrands.includes(here)) mark(here.at, here.len);
          break;
        }
        const isOther = (b: (typeof titleBrands)[number]): boolean => !q.brands.has(b.brand) && b.brand !== '';
        const other = rowBrands.find(isOther) ?? titleBrands.find(isOther);
        if (other) strong.push(`brand_mismatch:${other.brand}`);
        else if (!modelPresent) strong.push(`query_term_missing:${t.label}`);
        break;
      }
      case 'line':
      case 'accessory': {
        const i = termAt(text, t);
        if (i >= 0) mark(i, t.seq.length);
        else strong.push(`query_term_missing:${t.label}`);
        break;
      }
      case 'plain': {
        const i = termAt(text, t);
        if (i >= 0) mark(i, t.seq.length);
        else if (rowBrand && termAt(rowBrand, t) >= 0) break;
        else {
          soft.push(t.label);
          plainMissing = true;
        }
        break;
      }
      case 'category': {
        const found = catsOf(text);
        const mine = found.filter((c) => meets(c.groups, t.groups!));
        if (mine.length > 0) {
          for (const c of mine) mark(c.at, c.len, LINE_WORDS.has(c.word));
          break;
        }
        const other = found.find((c) => !meets(c.groups, t.groups!));
        if (other && !q.vehicle) strong.push(`category_mismatch:${other.word}`);
        else if (q.categoryOnly) strong.push(`query_term_missing:${t.label}`);
        else soft.push(t.label);
        break;
      }
    }
  }
  mentions.positions.sort((a, b) => a - b);
  mentions.names.sort((a, b) => a - b);
  mentions.first = mentions.positions[0] ?? -1;
  // The query's distinctive words all missing, only its category noun met ("Venom TPB" for "spiderman comic").
  const allPlainMissing = p.names.length > 0 && p.hasCategory && p.names.every((t) => soft.includes(t.label));
  return { strong, soft, softTotal, plainMissing, allPlainMissing };
}

const before = (toks: readonly string[], i: number, n: number, set: ReadonlySet<string>): boolean => {
  for (let k = Math.max(0, i - n); k < i; k++) if (set.has(toks[k]!)) return true;
  return false;
};

/** The distinct strings of `xs` in their first order, at most `max` of them (a new array). */
function unique(xs: readonly string[], max = Infinity): string[] {
  const out: string[] = [];
  for (const x of xs) {
    if (out.length >= max) break;
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/** A "with" word in toks[from, to). */
function withBetween(toks: readonly string[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (WITH.has(toks[k]!)) return true;
  return false;
}

/** The first "for" word at positions from..to, or -1. */
function forWithin(toks: readonly string[], from: number, to: number): number {
  for (let k = Math.max(0, from); k <= to && k < toks.length; k++) if (FOR.has(toks[k]!)) return k;
  return -1;
}

/** Rule 3: accessory signals. Strong ones decide; a weak one is left to the price. */
function accessorySignals(p: Page, head: Read, mentions: Mentions, row: JudgeRow): { strong: string[]; weak: Verdict['weakAccessory'] } {
  const q = p.q;
  const strong: string[] = [];
  let weak: Verdict['weakAccessory'];
  if (q.asksAccessory) return { strong, weak };
  const toks = head.toks;
  const isProduct = (k: number): boolean => mentions.positions.includes(k);
  if (/\(\s*for\s*:/u.test(head.folded)) strong.push('fitment:for');
  const firsts = head.firsts;
  for (const m of STRONG_ACCESSORY.find(toks, firsts)) {
    if (before(toks, m.at, 1, NEGATION)) continue;
    strong.push(`accessory_phrase:${STRONG_ACCESSORY.label(m.seq)}`);
  }
  // "no phone", "without console": the product itself (by its name or its kind) is not in it.
  const cats = catsOf(head);
  const isKind = (k: number): boolean => cats.some((c) => c.at === k);
  const isThing = (k: number): boolean => isProduct(k) || isKind(k);
  for (let i = 0; i + 1 < toks.length; i++) {
    if (toks[i] !== 'no' && toks[i] !== 'without') continue;
    if (isThing(i + 1)) strong.push(`no_product:${toks[i]} ${toks[i + 1]}`);
  }
  const lists = q.vehicle && row.vehicleMiles == null ? VEHICLE_ACCESSORY_LISTS : ACCESSORY_LISTS;
  for (const list of lists) {
    for (const m of list.find(toks, firsts)) {
      const w = list.label(m.seq);
      const end = m.at + m.seq.length;
      if (q.all.has(m.seq[0]!) || m.seq.some((_, k) => isProduct(m.at + k))) continue;
      // "Movie Poster T-shirt": the accessory word describes the query's kind of product that follows it.
      if (isKind(end) && isProduct(end)) continue;
      if (before(toks, m.at, 1, NEGATION) || before(toks, m.at, 2, NEGATED_NEAR)) continue;
      const nextTok = toks[end];
      // "battery 98%", "battery health": a figure of the item, not a battery sold ("battery 5Ah" is one).
      if (nextTok !== undefined && (FEATURE.has(nextTok) || (w.startsWith('batter') && isNumber(nextTok) && !TITLE_UNITS.has(toks[end + 1] ?? '') && toks[end + 1] !== 'ah'))) continue;
      if (nextTok === 'only' || toks[end + 1] === 'only') {
        strong.push(`accessory_word:${w}`, 'accessory_phrase:only');
        continue;
      }
      if (before(toks, m.at, 3, INCLUSION) || before(toks, m.at, 1, INCLUSION_NEAR)) continue;
      // "iPhone 13 128GB with original box and charger": what follows "with" after the product comes with it.
      if (mentions.first >= 0 && mentions.first < m.at && withBetween(toks, mentions.first, m.at)) continue;
      if (list === AUTO_PARTS || DEFINITE.has(list.key(m.seq))) {
        strong.push(`accessory_word:${w}`);
        continue;
      }
      // "case for iPhone 13": the accessory word, then a word saying what it fits, then the product's name.
      const forAt = forWithin(toks, end, end + 6);
      if (forAt >= 0 && namedAfter(mentions, forAt) && !NOT_FITTED.includes(toks[forAt + 1] ?? '')) {
        strong.push(`accessory_word:${w}`, `accessory_for:${toks[forAt]}`);
        continue;
      }
      weak ??= { word: w, followedByProduct: mentions.positions.some((p) => p > m.at) };
    }
  }
  // "Burning Brazier - DnD, Age of Sigmar, Warhammer 40K": a thing named first, then the systems it suits, the query's among them.
  const dash = /\s[-–—]\s?|[-–—]\s/u.exec(head.folded);
  if (dash && strong.length === 0 && q.terms.length > 0) {
    const before = tokens(head.folded.slice(0, dash.index)).length;
    const tail = head.folded.slice(dash.index);
    const named = mentions.names.some((k) => k >= before);
    if (before > 0 && named && !mentions.names.some((k) => k < before) && listedOf(p).some((re) => re.test(tail))) strong.push('accessory_for:list');
  }
  // "Elden Ring (PS5, 2022)": the product named only in a catalogue's "(platform, year)": something made for it.
  if (strong.length === 0 && p.namesMaker) {
    const paren = /\(([^()]*),\s*(?:19|20)\d\d\s*\)/u.exec(head.folded);
    if (paren) {
      const before = tokens(head.folded.slice(0, paren.index)).length;
      const inside = before + tokens(paren[1]!).length;
      if (mentions.names.length > 0 && mentions.names.every((p) => p >= before && p < inside)) strong.push('accessory_for:platform');
    }
  }
  // "for iPhone 13" with the product named only after it: the row is something for the product.
  const forAt = toks.findIndex((t, k) => FOR.has(t) && !NOT_FITTED.includes(toks[k + 1] ?? ''));
  if (forAt >= 0 && strong.length === 0 && (mentions.names[0] ?? -1) > forAt && namedAfter(mentions, forAt)) strong.push(`accessory_for:${toks[forAt]}`);
  for (const m of FOR_PHRASES.find(toks, firsts)) if (namedAfter(mentions, m.at + m.seq.length - 1)) strong.push(`accessory_phrase:${FOR_PHRASES.label(m.seq)}`);
  if (q.vehicle && row.vehicleMiles == null) {
    const range = /(?:^|[^\d.:/])((?:19|20)?\d{2})\s*(?:-|–|to)\s*((?:19|20)?\d{2})(?![\d.:/])/u.exec(head.folded);
    if (range && plausibleYears(range[1]!, range[2]!)) strong.push(`fitment_years:${range[1]}-${range[2]}`);
    else if (yearRun(toks)) strong.push('fitment_years:run');
  }
  return { strong: unique(strong), weak };
}

function year(s: string): number {
  const n = Number(s);
  if (s.length === 4) return n;
  return n >= 50 ? 1900 + n : 2000 + n;
}

function plausibleYears(a: string, b: string): boolean {
  const ya = year(a);
  const yb = year(b);
  return ya >= 1950 && yb <= 2035 && yb > ya && yb - ya <= 25;
}

/** "06 07 08 09 10": three or more two-digit years in a row. */
function yearRun(toks: readonly string[]): boolean {
  let run = 1;
  for (let i = 1; i < toks.length; i++) {
    const a = toks[i - 1]!;
    const b = toks[i]!;
    run = a.length === 2 && b.length === 2 && isNumber(a) && isNumber(b) && (Number(b) - Number(a) + 100) % 100 === 1 ? run + 1 : 1;
    if (run >= 3) return true;
  }
  return false;
}

/** Rule 4: the product itself broken, locked, or missing a main component. */
function partsSignals(q: Query, head: Text, row: JudgeRow): { strong: string[]; weak: string | undefined } {
  const strong: string[] = [];
  let weak: string | undefined;
  if (q.asksBroken) return { strong, weak };
  const cond = row.condition?.trim().toLowerCase();
  if (cond && (PARTS_CONDITIONS.has(cond) || /\bparts\b/u.test(cond))) strong.push(`condition:${cond}`);
  const toks = head.toks;
  const works = toks.some((t, k) => WORKS.has(t) && !before(toks, k, 1, NEGATION));
  const firsts = head.firsts;
  for (const m of PARTS.find(toks, firsts)) {
    const w = PARTS.label(m.seq);
    if (before(toks, m.at, 2, NEGATION) && !w.startsWith('no') && !w.startsWith('not')) continue;
    if (ACCESSORY.at(toks, m.at + m.seq.length, firsts) !== null) continue;
    if (m.seq.length === 1 && DAMAGE.has(m.seq[0]!) && works) {
      weak ??= w;
      continue;
    }
    strong.push(`parts_phrase:${w}`);
  }
  for (let i = 0; i < toks.length; i++) {
    if (toks[i] !== 'no' && toks[i] !== 'missing' && toks[i] !== 'without' && toks[i] !== 'sin' && toks[i] !== 'incluye') continue;
    const c = COMPONENTS.at(toks, i + 1, firsts);
    if (c) strong.push(`missing_component:${COMPONENTS.label(c)}`);
  }
  if (strong.length === 0) {
    for (const m of WEAK_PARTS.find(toks, firsts)) {
      if (before(toks, m.at, 2, NEGATION)) continue;
      weak ??= WEAK_PARTS.label(m.seq);
    }
  }
  return { strong: unique(strong), weak };
}

/** Rule 5: several units or a bundle. */
function lotSignals(p: Page, head: Read, mentions: Mentions): string[] {
  const q = p.q;
  if (q.asksLot) return [];
  const out: string[] = [];
  const toks = head.toks;
  for (const m of LOT.find(toks, head.firsts)) {
    if (q.all.has(m.seq[0]!)) continue;
    const n = toks[m.at + m.seq.length] === 'of' ? toks[m.at + m.seq.length + 1] : undefined;
    out.push(`lot_phrase:${LOT.label(m.seq)}${n !== undefined && isNumber(n) ? ` of ${n}` : ''}`);
  }
  for (let i = 0; i + 2 < toks.length; i++) {
    if ((toks[i] === 'set' || toks[i] === 'pack' || toks[i] === 'box') && toks[i + 1] === 'of' && isNumber(toks[i + 2]!) && Number(toks[i + 2]) >= 2) {
      out.push(`lot_phrase:${toks[i]} of ${toks[i + 2]}`);
    }
  }
  // "50 comics", "36 pc", "4pcs", "6-card lot": a count of units (not "1/6 figure", not "143/172 card").
  if (toks.some((t) => LOT_NOUN_TOKENS.has(t))) {
    for (const m of head.folded.matchAll(LOT_COUNT_RE)) {
      const n = Number(m[1]);
      const between = m[2]!;
      if (n < 2 || n > 5000 || q.all.has(LOT_NOUN_TOKEN.get(m[3]!) ?? tokens(m[3]!)[0]!)) continue;
      // "50 Pokemon cards": a count, then the product's name; not "9 graded Pokemon card", not "2023 Pokemon cards".
      if (between !== '' && (n >= 1950 || !tokens(between).every((t) => q.all.has(t)))) continue;
      out.push(`lot_phrase:${m[1]} ${m[3]}`);
    }
  }
  // The query's kind of product joined to another kind ("LP / CD / DVD" for a CD, "keyboard and mouse"): the product with other items of value.
  const bundle = bundledWith(p, head);
  if (bundle) out.push(`bundle_with:${bundle}`);
  // "36 pc" (a count, not "Windows 11 PC").
  if (head.folded.includes('pc')) {
    for (const m of head.folded.matchAll(PC_COUNT_RE)) {
      if (Number(m[2]) >= 2 && !/^win/u.test(m[1]!)) out.push(`lot_phrase:${m[2]} pc`);
    }
  }
  // "2x iPhone 13" at the start, "iPhone 13 x2" at the end, "(x3)": a count of the product (every form has an "x").
  const xs = head.folded.includes('x') ? /^\W*(\d{1,3})\s?x\s|[\s(]x\s?([2-9]|10)\)?\W*$|\(x\s?(\d{1,3})\)/u.exec(head.folded) : null;
  if (xs && mentions.positions.length > 0) out.push(`lot_phrase:x${xs[1] ?? xs[2] ?? xs[3]}`);
  return unique(out);
}

/** "36 pc" (the text holds "pc" wherever this matches). */
const PC_COUNT_RE = /(\p{L}*)\s(\d{1,4})\s?pc(?![\p{L}\p{N}])/gu;

const JOINER = /^[^\p{L}\p{N}]*(?:\d+\s*)?(?:[+/&]|and|with|w\/)[^\p{L}\p{N}]*(?:\d+\s*)?$/u;

/** A word of another kind of product joined ("+", "/", "&", "and", "with") to the query's kind: that other word, else null. */
function bundledWith(p: Page, head: Read): string | null {
  const mine = p.groups;
  if (mine.size === 0) return null;
  const cats = catsOf(head).filter((c) => !LINE_WORDS.has(c.word));
  const isMine = (g: ReadonlySet<string>): boolean => meets(g, mine);
  let spaced: string | null = null;
  // A list of three or more kinds written side by side ("LP CD BR DVD", "CD DVD Blu-ray 7\" vinyl"), one of them the query's.
  const tight = (a: (typeof cats)[number], b: (typeof cats)[number]): boolean => {
    const gap = head.toks.slice(a.at + a.len, b.at);
    return gap.length === 0 || (gap.length === 1 && isNumber(gap[0]!));
  };
  for (let k = 0; k + 2 < cats.length; k++) {
    let end = k;
    while (end + 1 < cats.length && tight(cats[end]!, cats[end + 1]!)) end++;
    const run = cats.slice(k, end + 1);
    const others = run.filter((c) => !isMine(c.groups));
    if (run.length >= 3 && others.length > 0 && run.some((c) => isMine(c.groups))) return others[0]!.word;
    k = end;
  }
  // Between two neighbouring category words, only a joiner (read on the folded text between the two words).
  for (let k = 0; k + 1 < cats.length; k++) {
    const a = cats[k]!;
    const b = cats[k + 1]!;
    if (isMine(a.groups) === isMine(b.groups)) continue;
    const between = head.toks.slice(a.at + a.len, b.at);
    if (between.length > 2) continue;
    const other = isMine(a.groups) ? b : a;
    // The folded text between the two words must hold a joiner.
    const m = joinedRe(a.word, b.word).exec((spaced ??= head.folded.replace(/[^\p{L}\p{N}+/&]+/gu, ' ')));
    if (m && JOINER.test(m[1]!.trim() === '' ? 'x' : m[1]!)) return other.word;
  }
  return null;
}

/** The pattern of two category words with what is written between them; compiled once per pair of the lists' words. */
const JOINED = new Map<string, RegExp>();
function joinedRe(a: string, b: string): RegExp {
  const key = `${a}\n${b}`;
  let re = JOINED.get(key);
  if (!re) JOINED.set(key, (re = new RegExp(`${esc(a)}s?(.{0,12}?)${esc(b)}`, 'u')));
  return re;
}

const esc = (w: string): string => w.split(' ').map((p) => p.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('[^\\p{L}\\p{N}]*');

/** Rule 1: replicas, and toys/models/merchandise of a vehicle or a device. */
function replicaSignals(p: Page, head: Text): string[] {
  const q = p.q;
  const out: string[] = [];
  for (const m of REPLICA.find(head.toks, head.firsts)) if (!q.all.has(m.seq[0]!)) out.push(`replica_word:${REPLICA.label(m.seq)}`);
  // An unofficial piece of a named brand or line: a custom figure, fan art.
  if (p.readsUnofficial) {
    for (const m of UNOFFICIAL.find(head.toks, head.firsts)) if (!q.all.has(m.seq[0]!)) out.push(`replica_word:${UNOFFICIAL.label(m.seq)}`);
  }
  if (q.vehicle || q.hasModel) {
    for (const m of MERCH.find(head.toks, head.firsts)) if (!q.all.has(m.seq[0]!)) out.push(`merch_word:${MERCH.label(m.seq)}`);
    if (q.vehicle) {
      const scale = /\b1\s*[:/]\s*(12|18|24|25|32|43|64|87)\b/u.exec(head.folded);
      if (scale) out.push(`merch_word:1:${scale[1]} scale`);
    }
  }
  return unique(out);
}

/** Words in a script the word lists do not read (three letters or more, a fifth of the title's letters or more). */
function unreadable(title: string): boolean {
  // Every ASCII letter is Latin.
  if (isAscii(title)) return false;
  const letters = title.match(/\p{L}/gu);
  if (!letters) return false;
  const other = letters.filter((c) => !/\p{Script=Latin}/u.test(c)).length;
  return other >= 3 && other * 5 >= letters.length;
}

function headOf(title: string): string {
  if (title.length <= HEAD_CHARS) return title;
  const cut = title.slice(0, HEAD_CHARS);
  const stop = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf('. '));
  return stop >= 40 ? cut.slice(0, stop) : cut;
}

const NONE: string[] = [];

/** Rules 1-6 for one row: a decided kind, or a tentative item with its weak signals. */
function firstPass(p: Page, row: JudgeRow): Verdict {
  const q = p.q;
  const title = row.title?.trim() ?? '';
  if (title === '') {
    const parts = partsSignals(q, textOf(''), row).strong;
    return parts.length > 0 ? { kind: 'parts', reasons: parts } : { kind: 'item', reasons: ['no_title'] };
  }
  const text = readOf(title);
  const head = title.length > HEAD_CHARS ? readOf(headOf(title)) : text;
  const mentions: Mentions = { positions: [], first: -1, names: [] };
  const fit = queryFit(p, text, row, mentions);
  // Signals are read in the head; where the product is named there counts, not in the rest of a description.
  const headMentions: Mentions = head === text ? mentions : { positions: mentions.positions.filter((p) => p < head.toks.length), first: -1, names: mentions.names.filter((p) => p < head.toks.length) };
  if (head !== text) headMentions.first = headMentions.positions[0] ?? -1;
  const replica = replicaSignals(p, head);
  const acc = accessorySignals(p, head, headMentions, row);
  const parts = partsSignals(q, head, row);
  const lot = lotSignals(p, head, headMentions);
  const all = (): string[] => [...replica, ...fit.strong, ...acc.strong, ...parts.strong, ...lot];
  if (replica.length > 0 || fit.strong.length > 0) return { kind: 'other', reasons: all() };
  // Mostly in a script the word lists do not read (a page machine-translated to Japanese): no judgement of item can be made.
  if (unreadable(title)) return { kind: 'other', reasons: ['unread_script', ...all()] };
  if (q.partsOf) return { kind: 'accessory', reasons: ['parts_query', ...all()] };
  if (acc.strong.length > 0) return { kind: 'accessory', reasons: all() };
  if (parts.strong.length > 0) return { kind: 'parts', reasons: all() };
  if (lot.length > 0) return { kind: 'lot', reasons: all() };
  const missing = fit.soft.length > 0 ? fit.soft.map((w) => `query_term_missing:${w}`) : NONE;
  if (fit.soft.length > 0 && (fit.soft.length * 2 > fit.softTotal || fit.allPlainMissing)) {
    return acc.weak ? { kind: 'accessory', reasons: [`accessory_word:${acc.weak.word}`, ...missing] } : { kind: 'other', reasons: missing };
  }
  const nounMissing = fit.plainMissing && p.names.some((t) => fit.soft.includes(t.label));
  return { kind: 'item', reasons: [], weakAccessory: acc.weak, weakParts: parts.weak, softMissing: fit.soft.length > 0 ? missing : undefined, plainMissing: fit.plainMissing, nounMissing };
}

function medianOf(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Judges every row of one page against the page's query. Deterministic and offline: the same
 * query and rows give the same judgements. `token` is the marketplace (`mkt_a` …).
 */
export function judgePage(query: string, token: string, rows: readonly JudgeRow[]): Judgement[] {
  void token;
  const page = pageOf(parseQuery(query));
  const first = rows.map((r) => firstPass(page, r));
  // The page's tentative items without a weak signal give the median; with too few, those with one.
  const price = (i: number): number | null => {
    const p = rows[i]!.price;
    return typeof p === 'number' && Number.isFinite(p) && p > 0 ? p : null;
  };
  const clean: number[] = [];
  const tentative: number[] = [];
  let cleanRows = 0;
  let weakAccessories = 0;
  first.forEach((v, i) => {
    if (v.kind !== 'item') return;
    const isClean = !v.weakAccessory && !v.weakParts && !v.softMissing;
    if (v.weakAccessory) weakAccessories++;
    if (isClean) cleanRows++;
    const p = price(i);
    if (p === null) return;
    tentative.push(p);
    if (isClean) clean.push(p);
  });
  const median = priceBasis(clean.length >= MIN_PRICED_ITEMS ? clean : tentative);
  // A page where accessory words outnumber the clean items is an accessory page: the price does not argue for items there.
  const itemsPage = cleanRows >= MIN_PRICED_ITEMS && cleanRows > weakAccessories;
  return first.map((v, i): Judgement => {
    if (v.kind !== 'item') return { comp_kind: v.kind, comp_reasons: cap(v.reasons) };
    const p = price(i);
    const far = median !== null && p !== null && p < FAR_BELOW * median;
    const below = median !== null && p !== null && p < BELOW_ITEMS * median;
    if (v.weakAccessory) {
      const reason = `accessory_word:${v.weakAccessory.word}`;
      // Two weak signals agreeing: an accessory word, and the query's product noun missing ("DEWALT 20V Battery" for "dewalt 20v drill").
      if (v.nounMissing) return { comp_kind: 'accessory', comp_reasons: cap([reason, ...(v.softMissing ?? [])]) };
      if (below) return { comp_kind: 'accessory', comp_reasons: [reason, far ? 'price_far_below_items' : 'price_below_items'] };
      if (itemsPage) return { comp_kind: 'item', comp_reasons: [`mentions:${v.weakAccessory.word}`] };
      if (!v.weakAccessory.followedByProduct) return { comp_kind: 'accessory', comp_reasons: [reason] };
      return { comp_kind: 'item', comp_reasons: [`mentions:${v.weakAccessory.word}`] };
    }
    if (v.weakParts && far) return { comp_kind: 'parts', comp_reasons: [`weak_parts_phrase:${v.weakParts}`, 'price_far_below_items'] };
    if (v.softMissing && v.plainMissing && far) return { comp_kind: 'other', comp_reasons: cap([...v.softMissing, 'price_far_below_items']) };
    const caveats = [...(v.weakParts ? [`weak_parts_phrase:${v.weakParts}`] : []), ...(v.softMissing ?? []), ...(far ? ['price_far_below_items'] : [])];
    return { comp_kind: 'item', comp_reasons: cap([...v.reasons, ...caveats]) };
  });
}

/** At most this many reasons on a row: the deciding ones come first. */
const MAX_REASONS = 6;
const cap = (reasons: readonly string[]): string[] => unique(reasons, MAX_REASONS);

/**
 * The median the price rule reads: null with fewer than MIN_PRICED_ITEMS prices, or when the
 * prices do not agree (upper quartile over MAX_SPREAD times the lower): on a page of items from
 * $4 to $230 (comics, every iPhone generation) a cheap unit is not suspicious.
 */
function priceBasis(prices: number[]): number | null {
  if (prices.length < MIN_PRICED_ITEMS) return null;
  const s = [...prices].sort((a, b) => a - b);
  const q = (f: number): number => s[Math.min(s.length - 1, Math.floor(f * (s.length - 1)))]!;
  if (q(0.75) > MAX_SPREAD * q(0.25)) return null;
  return medianOf(s);
}

/** For tests and docs: the query as the judgement reads it. */
export { parseQuery };
