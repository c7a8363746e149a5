/**
 * @module query
 * What a query names, read once per page: its model numbers, tiers, brand, the words that
 * name the product line, its category nouns, and what it asks for beyond one unit (a lot,
 * parts of the product, broken units). docs/comps.md lists the rules.
 */
import * as L from './lexicon.ts';
import { indexOfSeq, isNumber, PhraseList, tokens, wordTokens, type Firsts } from './text.ts';

const set = (words: readonly string[]): ReadonlySet<string> => new Set(words.flatMap((w) => tokens(w)));

export const STOP = set(L.STOP_WORDS);
export const COLOURS = set(L.COLOUR_WORDS);
export const LETTER_SIZES = set(L.LETTER_SIZES);
export const UNITS = set(L.UNIT_WORDS);
const QUERY_ONLY_UNITS = set(L.QUERY_ONLY_UNITS);
/** Units that make a title's number a measure. */
export const TITLE_UNITS: ReadonlySet<string> = new Set([...UNITS].filter((u) => !QUERY_ONLY_UNITS.has(u)));
export const TIERS = set(L.TIER_WORDS);
const GENERATION = set(L.GENERATION_WORDS);
const QUERY_LOT = set(L.QUERY_LOT_WORDS);
const QUERY_PARTS = set(L.QUERY_PARTS_WORDS);
export const DESCRIPTORS = set(L.DESCRIPTOR_WORDS);
export const ACCESSORY = new PhraseList([...L.ACCESSORY_WORDS, ...L.DEFINITE_ACCESSORY_WORDS, 'accessory']);
export const AUTO_PARTS = new PhraseList(L.AUTO_PART_WORDS);
export const MERCH = new PhraseList(L.MERCH_WORDS);
const QUERY_BROKEN = new PhraseList(L.QUERY_BROKEN_WORDS);

/** Canonical brand of a token run: brands, aliases and implied brands ("iphone" -> apple). */
const BRAND_PHRASES = new PhraseList([...L.BRANDS, ...Object.keys(L.BRAND_ALIASES)]);
const IMPLIED = new PhraseList(Object.keys(L.IMPLIED_BRANDS));
const ALIAS_OF = new Map(Object.entries(L.BRAND_ALIASES).map(([alias, brand]) => [tokens(alias).join(' '), brand]));
/** The brand as the lexicon writes it ("mercedes" for "Mercedes-Benz"). */
const canon = (seq: readonly string[]): string => ALIAS_OF.get(BRAND_PHRASES.key(seq)) ?? BRAND_PHRASES.label(seq);
const IMPLIED_OF = new Map(Object.entries(L.IMPLIED_BRANDS).map(([k, v]) => [tokens(k).join(' '), v]));
const CAR_MAKES: ReadonlySet<string> = new Set(L.CAR_MAKES);

/** Brands a text names (canonical), with where: brand words and product lines that imply one. `firsts`: firstsOf(toks), when the caller has it. */
export function brandsIn(toks: readonly string[], firsts?: Firsts): Array<{ brand: string; at: number; len: number; implied: boolean }> {
  const out: Array<{ brand: string; at: number; len: number; implied: boolean }> = [];
  for (const m of BRAND_PHRASES.find(toks, firsts)) out.push({ brand: canon(m.seq), at: m.at, len: m.seq.length, implied: false });
  for (const m of IMPLIED.find(toks, firsts)) {
    const b = IMPLIED_OF.get(IMPLIED.key(m.seq));
    if (b) out.push({ brand: b, at: m.at, len: m.seq.length, implied: true });
  }
  return out;
}

/** Category groups: every member phrase, and the groups each belongs to. */
const GROUP_MEMBERS = new PhraseList(Object.values(L.CATEGORY_GROUPS).flat().concat(Object.keys(L.CATEGORY_GROUPS)));
const GROUPS_OF = new Map<string, Set<string>>();
for (const [group, members] of Object.entries(L.CATEGORY_GROUPS)) {
  for (const m of [group, ...members]) {
    const key = tokens(m).join(' ');
    const g = GROUPS_OF.get(key) ?? new Set<string>();
    g.add(group);
    GROUPS_OF.set(key, g);
  }
}
for (const make of CAR_MAKES) GROUPS_OF.set(tokens(make).join(' '), new Set([...(GROUPS_OF.get(tokens(make).join(' ')) ?? []), 'car']));
const CAR_MAKE_PHRASES = new PhraseList([...L.CAR_MAKES]);
/** The groups of a car make (read only, shared). */
const CAR_GROUP: ReadonlySet<string> = new Set(['car']);
/** Members that are product lines (they satisfy a category in a title, but do not make a query a category query). */
export const LINE_WORDS: ReadonlySet<string> = new Set([...Object.keys(L.IMPLIED_BRANDS), ...L.BRANDS, ...L.CAR_MAKES].flatMap((w) => [w, tokens(w).join(' ')]));

/** Category words of a text: each occurrence with its groups. `firsts`: firstsOf(toks), when the caller has it. */
export function categoriesIn(toks: readonly string[], firsts?: Firsts): Array<{ word: string; at: number; len: number; groups: ReadonlySet<string> }> {
  const out: Array<{ word: string; at: number; len: number; groups: ReadonlySet<string> }> = [];
  for (const m of GROUP_MEMBERS.find(toks, firsts)) out.push({ word: GROUP_MEMBERS.label(m.seq), at: m.at, len: m.seq.length, groups: GROUPS_OF.get(GROUP_MEMBERS.key(m.seq))! });
  for (const m of CAR_MAKE_PHRASES.find(toks, firsts)) out.push({ word: CAR_MAKE_PHRASES.label(m.seq), at: m.at, len: m.seq.length, groups: CAR_GROUP });
  return out;
}

export type TermKind = 'model' | 'tier' | 'brand' | 'line' | 'plain' | 'category' | 'accessory';

export interface Term {
  kind: TermKind;
  /** The tokens to find in a title. */
  seq: string[];
  /** How reasons name it (`query_term_missing:<label>`). */
  label: string;
  /** model: the tokens before the number ("iphone" of "iphone 16", "wh 1000 xm" of "wh-1000xm4"). */
  anchor?: string[];
  /** model: the number itself, and whether the anchor is written in the same word ("ps5"). */
  num?: string;
  fused?: boolean;
  /** category: the groups the word belongs to. */
  groups?: ReadonlySet<string>;
  /** The term written together with its neighbour in the query ("reverseweave" for "reverse weave"). */
  joins?: string[];
}

export interface Query {
  terms: Term[];
  /** Tier words the query names ("pro", "max"). */
  tiers: ReadonlySet<string>;
  /** Brands the query names (canonical). */
  brands: ReadonlySet<string>;
  /** The query asks for several units ("pokemon card lot"): lot phrases are the item. */
  asksLot: boolean;
  /** The query asks for broken units ("iphone for parts"): parts phrases are the item. */
  asksBroken: boolean;
  /** The query names an accessory ("iphone 13 case", "cold air intake") or a kind of accessories ("kitchen accessories"): those are its items. */
  asksAccessory: boolean;
  /** The query asks for parts of a named product ("bmw e28 parts", "iphone 13 parts"): every row of that product is one of its parts, an accessory. */
  partsOf: boolean;
  /** The query names a vehicle (a car make, or "cars"): auto-part words and fitments mark accessories. */
  vehicle: boolean;
  /** Every term is a category noun ("phone", "laptop", "shirts"): the category must be in the title. */
  categoryOnly: boolean;
  /** The query names a model number. */
  hasModel: boolean;
  /** Every token the query holds (merch and replica words it names are not signals). */
  all: ReadonlySet<string>;
}

const YEAR = /^(?:19|20)\d\d$/u;

/** Reads a query. */
export function parseQuery(query: string): Query {
  const words = wordTokens(query);
  const flat = words.flat();
  const wordOf: number[] = [];
  words.forEach((w, i) => w.forEach(() => wordOf.push(i)));
  const terms: Term[] = [];
  const tiers = new Set<string>();
  const brands = new Set<string>();
  let asksLot = false;
  let asksAccessory = false;
  let asksParts = false;
  let vehicle = false;
  const asksBroken = QUERY_BROKEN.find(flat).length > 0;
  const used = new Array<boolean>(flat.length).fill(false);
  let lastContent = -1;
  let afterBrand = 0;

  // Multi-token phrases first: brands, category nouns, accessory nouns.
  for (const b of brandsIn(flat)) {
    if (b.implied || used.slice(b.at, b.at + b.len).some(Boolean)) continue;
    for (let k = b.at; k < b.at + b.len; k++) used[k] = true;
    terms.push({ kind: 'brand', seq: flat.slice(b.at, b.at + b.len), label: b.brand });
    brands.add(b.brand);
    if (CAR_MAKES.has(b.brand)) vehicle = true;
  }
  for (const b of brandsIn(flat)) if (b.implied) brands.add(b.brand);

  for (let i = 0; i < flat.length; i++) {
    if (used[i]) {
      if (terms.some((t) => t.kind === 'brand' && flat[i] === t.seq[0])) afterBrand = 2;
      lastContent = i;
      continue;
    }
    const t = flat[i]!;
    const word = words[wordOf[i]!]!;
    const next = flat[i + 1];
    // A model number: a word with digits that is not a measure, a year or a size.
    if (word.some(isNumber) && word[0] === t) {
      used.fill(true, i, i + word.length);
      const numAt = word.findLastIndex(isNumber);
      // The unit is in the same word ("256gb") or is the whole next word ("256 gb"), never the start of another ("14 m3").
      const nextWord = words[wordOf[i]! + 1];
      const unitAfter = word[numAt + 1] ?? (word.length === numAt + 1 && nextWord?.length === 1 ? next : undefined);
      const prevWord = flat[i - 1];
      if (word.length === 1 && (prevWord === 'size' || prevWord === 'sz' || prevWord === 'us')) continue;
      if (word.length === 1 && YEAR.test(t)) continue;
      if (unitAfter !== undefined && UNITS.has(unitAfter) && !TIERS.has(unitAfter)) {
        if (word.length === numAt + 1 && next === unitAfter) used[i + 1] = true;
        continue;
      }
      const fused = numAt > 0;
      const anchor = fused ? word.slice(0, numAt) : lastContent >= 0 && !isNumber(flat[lastContent]!) ? [flat[lastContent]!] : [];
      terms.push({ kind: 'model', seq: word, label: word.join(''), anchor, num: word[numAt]!, fused });
      for (const suffix of word.slice(numAt + 1)) if (TIERS.has(suffix)) tiers.add(suffix);
      lastContent = i + word.length - 1;
      i += word.length - 1;
      afterBrand = 0;
      continue;
    }
    if (STOP.has(t)) continue;
    if (GENERATION.has(t) || COLOURS.has(t)) continue;
    if (QUERY_LOT.has(t)) {
      asksLot = true;
      continue;
    }
    if (QUERY_PARTS.has(t)) {
      if (flat[i - 1] !== 'for') asksParts = true;
      continue;
    }
    const cat = categoriesIn(flat.slice(i)).find((c) => c.at === 0);
    if (cat && !LINE_WORDS.has(cat.word)) {
      used.fill(true, i, i + cat.len);
      terms.push({ kind: 'category', seq: flat.slice(i, i + cat.len), label: cat.word, groups: cat.groups });
      if (cat.groups.has('car')) vehicle = true;
      i += cat.len - 1;
      continue;
    }
    // An accessory the query names; auto-part words only on a vehicle query ("nintendo switch" is not a switch).
    const acc = ACCESSORY.at(flat, i) ?? (vehicle ? AUTO_PARTS.at(flat, i) : null);
    // Right after a brand, a word is the brand's line ("nintendo switch"), whatever else it may mean.
    if (acc && !TIERS.has(t) && afterBrand === 0) {
      asksAccessory = true;
      terms.push({ kind: 'accessory', seq: acc, label: acc.join(' ') });
      i += acc.length - 1;
      continue;
    }
    const hasModel = terms.some((x) => x.kind === 'model');
    if (TIERS.has(t) && (hasModel || lastContent >= 0) && !(LETTER_SIZES.has(t) && !hasModel)) {
      tiers.add(t);
      terms.push({ kind: 'tier', seq: [t], label: t });
      lastContent = i;
      continue;
    }
    if (LETTER_SIZES.has(t)) continue;
    // A single letter names a model ("xbox series x", "giratina v"): required like the line.
    terms.push({ kind: afterBrand > 0 || /^\p{L}$/u.test(t) ? 'line' : 'plain', seq: [t], label: t });
    if (afterBrand > 0) afterBrand--;
    lastContent = i;
  }
  // Without a known brand, the first of several names is taken as the brand ("Built Peanut Butter Puff Cups": Built).
  const plains = terms.filter((x) => x.kind === 'plain' && !DESCRIPTORS.has(x.seq[0]!));
  if (brands.size === 0 && plains.length >= 2 && !terms.some((x) => x.kind === 'line')) plains[0]!.kind = 'line';
  // Parts of a named product are its accessories; parts or accessories of a kind of thing ("kitchen accessories") are the items.
  const named = terms.some((x) => x.kind === 'brand' || x.kind === 'model' || x.kind === 'line') || vehicle;
  const partsOf = asksParts && named;
  if (asksParts && !named) asksAccessory = true;
  // Neighbouring one-word terms also match written as one word ("reverse weave" = "reverseweave").
  for (let k = 0; k + 1 < terms.length; k++) {
    const a = terms[k]!;
    const b = terms[k + 1]!;
    const ai = indexOfSeq(flat, a.seq);
    if (ai < 0 || indexOfSeq(flat, b.seq, ai + a.seq.length) !== ai + a.seq.length) continue;
    const joined = a.seq.join('') + b.seq.join('');
    (a.joins ??= []).push(joined);
    (b.joins ??= []).push(joined);
  }
  const content = terms.filter((x) => x.kind !== 'category');
  return {
    terms,
    tiers,
    brands,
    asksLot,
    asksBroken,
    asksAccessory,
    partsOf,
    vehicle: vehicle && !asksAccessory,
    categoryOnly: content.length === 0 && terms.length > 0,
    hasModel: terms.some((x) => x.kind === 'model'),
    all: new Set(flat),
  };
}
