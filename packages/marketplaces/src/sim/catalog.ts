/**
 * @module sim/catalog
 * What the simulators' sandbox listings are, shared by every marketplace's simulator: the
 * keywords are read as a product (sim/products.ts PRODUCTS: "iphone 13", "ps5", "le creuset
 * dutch oven"), a car model, make or body (CARS: "honda civic", "toyota", "truck"), a category
 * with or without a brand (CATEGORIES, BRANDS: "carhartt jacket", "desk lamp", "nike"), or,
 * when the catalogue knows none of them, a generic item named by the keywords themselves.
 * Each listing is then drawn deterministically from a seeded random source:
 *
 * - its condition (sim/kinds.ts: how often each comes for that kind of product; keywords such
 *   as "sealed", "used" or "for parts" keep to those conditions);
 * - its title, in the words real listings of the product use: the maker, the model, the variants
 *   (capacity, colour, size, edition), what comes with it, the condition in sellers' words, and
 *   every keyword (as an exact match on the real sites has them); never a noun of another kind
 *   of product and never a catalogue number;
 * - its brand, the product's or the category's (the one the keywords name, if any);
 * - its ask, around what the product asks used in good condition (`ref`), moved by condition,
 *   variant and extras and spread as one product's asks spread on a real page (a p90/p10 of
 *   3-5, never more than 8); cars by year and mileage.
 *
 * Among a named product's or car's listings, the pollution real pages carry, at the shares the
 * hand-labelled real captures show (sim/pollution.ts): accessories for it, other models of its
 * line, lots, units for parts (cars: their parts on mkt_a, other models elsewhere).
 *
 * Where the figures come from: sim/products.ts (`src` of every entry), sim/real-asks.json,
 * test/comps/labels/README.md (the shares).
 * Synthetic data: never shown as real; results of sandbox keys say so (docs/sandbox.md).
 */
import { seededRandom } from './kit.ts';
import { GRADES, KINDS, kindOf, type Grade, type Kind, type KindPlaces } from './kinds.ts';
import { accessoriesFor, CAR_PARTS, CAR_SHARES, CAR_SHARES_MKT_A, GOODS_SHARES, TOY_CARS, type PollutionShares, type SimComp } from './pollution.ts';
import { BRANDS, CARS, CATEGORIES, PRODUCTS, type Axis, type Brand, type CarModel, type Category, type Product } from './products.ts';

export type { Grade } from './kinds.ts';
export type { SimComp } from './pollution.ts';
export type SimMarket = 'mkt_a' | 'mkt_b' | 'mkt_c' | 'mkt_d' | 'mkt_e';

/** What the keywords were read as. */
export interface SimPlan {
  /** The keywords as given (trimmed, spaces collapsed). */
  q: string;
  tokens: readonly string[];
  what: 'product' | 'car' | 'category' | 'generic';
  /** How the plan is described in tests and docs ("Apple iPhone 13", "Carhartt jacket"). */
  label: string;
  /** The band a page's median ask falls in, dollars. */
  band: readonly [number, number];
  /** Brands its listings carry; empty when they carry none. */
  brands: readonly string[];
  /** Kinds its listings are of. */
  kinds: readonly string[];
  /** Conditions the keywords keep to (null: any). */
  grades: readonly Grade[] | null;
  /** The keywords ask for lots or bundles. */
  lot: boolean;
  sources: readonly Source[];
}

type Source =
  | { type: 'product'; weight: number; product: Product }
  | { type: 'category'; weight: number; category: Category; brand: Brand | null }
  | { type: 'car'; weight: number; models: readonly CarModel[] }
  | { type: 'generic'; weight: number; ref: number };

export interface SimVehicle {
  /** mkt_e make identifier (`honda`, `mercedes_benz`). */
  make: string;
  model: string;
  year: number;
  miles: number;
  body: 'c' | 's' | 't' | 'v';
}

/** One synthetic listing. */
export interface SimItem {
  title: string;
  brand: string | null;
  grade: Grade;
  /** The ask in dollars, rounded the way the marketplace's sellers round. */
  price: number;
  size: string | null;
  gender: 'male' | 'female' | 'unisex';
  kind: Kind;
  places: KindPlaces;
  vehicle: SimVehicle | null;
  /** A sentence on the condition, for descriptions (mkt_d). */
  note: string;
  /** Hashtags a description ends with (mkt_d), without `#`. */
  tags: readonly string[];
  /**
   * What the listing is against the keywords (sim/pollution.ts): the product itself, or an
   * accessory of it, a lot, a unit for parts, another model. The simulators' ground truth, never
   * on a page.
   */
  comp: SimComp;
}

/** Lowercase words, apostrophes dropped (`Levi's` → `levis`), split at anything else. */
export function words(s: string): string[] {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/gu, '').replace(/['’]/gu, '').split(/[^a-z0-9]+/u).filter(Boolean);
}

/** Words of a text, with adjacent pairs joined (`Spider-Man` holds `spiderman`). */
function wordSet(s: string): Set<string> {
  const w = words(s);
  const out = new Set(w);
  for (let i = 0; i + 1 < w.length; i++) out.add(w[i]! + w[i + 1]!);
  return out;
}

const keyWords = new Map<string, string[]>();
function kw(phrase: string): string[] {
  let w = keyWords.get(phrase);
  if (!w) {
    w = words(phrase);
    keyWords.set(phrase, w);
  }
  return w;
}

/** How many words of the best of `keys` the keywords hold all of (0: none). */
function keyScore(keys: readonly string[], have: ReadonlySet<string>): number {
  let best = 0;
  for (const k of keys) {
    const w = kw(k);
    if (w.length > best && w.every((x) => have.has(x))) best = w.length;
  }
  return best;
}

/** Words that turn keywords naming a product into an accessory or a part of it. */
const ACCESSORY_WORDS = new Set(['case', 'cases', 'cover', 'covers', 'charger', 'cable', 'protector', 'skin', 'skins', 'stand', 'mount', 'strap', 'straps', 'band', 'bands', 'manual', 'replacement', 'empty', 'decal', 'sticker', 'stickers', 'poster', 'keychain', 'shell', 'housing', 'battery', 'batteries', 'dock', 'adapter']);
/** Words that make car keywords something else (a part, a toy, clothing). */
const NOT_A_CAR = new Set(['seat', 'seats', 'toy', 'toys', 'diecast', 'lego', 'rc', 'kids', 'part', 'parts', 'cover', 'covers', 'mat', 'mats', 'key', 'keys', 'fob', 'keychain', 'manual', 'emblem', 'shirt', 'hat', 'jacket', 'poster', 'sign', 'book', 'model', 'hot', 'wheels', 'jeans', 'generator', 'mower', 'motorcycle', 'atv', 'dirt', 'bike', 'scooter', 'boat', 'trailer', 'camper']);
const BODY_WORDS: Readonly<Record<string, CarModel['body'] | 'any'>> = {
  car: 'any', cars: 'any', sedan: 'c', sedans: 'c', coupe: 'c', hatchback: 'c', truck: 't', trucks: 't', pickup: 't', suv: 's', suvs: 's', jeep: 's', minivan: 'v', van: 'v',
};
const MAKE_WORDS: Readonly<Record<string, string>> = {
  honda: 'honda', toyota: 'toyota', ford: 'ford', chevy: 'chevrolet', chevrolet: 'chevrolet', jeep: 'jeep', nissan: 'nissan', tesla: 'tesla',
  bmw: 'bmw', subaru: 'subaru', hyundai: 'hyundai', vw: 'volkswagen', volkswagen: 'volkswagen',
};

const GRADE_WORDS: ReadonlyArray<readonly [readonly string[], readonly Grade[]]> = [
  [['new', 'sealed', 'nwt', 'nib', 'bnib', 'bnwt', 'ds', 'unopened'], ['new', 'open_box']],
  [['used', 'preowned', 'worn'], ['like_new', 'good', 'fair']],
  [['parts', 'broken', 'repair', 'cracked'], ['parts']],
  [['refurbished', 'refurb', 'renewed'], ['refurbished']],
];
const LOT_WORDS = new Set(['lot', 'lots', 'bundle', 'bulk']);

const plans = new Map<string, SimPlan>();

/** What keywords name, read once per keywords (case and spacing ignored). */
export function readKeywords(q: string): SimPlan {
  const norm = q.trim().replace(/\s+/gu, ' ');
  const key = norm.toLowerCase();
  const cached = plans.get(key);
  if (cached) return cached;
  const plan = planFor(norm);
  plans.set(key, plan);
  if (plans.size > 2000) plans.delete(plans.keys().next().value!);
  return plan;
}

function gradesAsked(have: ReadonlySet<string>): Grade[] | null {
  for (const [ws, gs] of GRADE_WORDS) if (ws.some((w) => have.has(w))) return [...gs];
  return null;
}

/**
 * The product the keywords name best: the most words of one of its names, counting the words
 * of its own brand and category among the keywords too ("lenovo thinkpad laptop" is a
 * ThinkPad, not any Lenovo laptop); none when the keywords name another model or an accessory.
 */
function bestProduct(have: ReadonlySet<string>): { product: Product; score: number } | null {
  let best: { product: Product; score: number } | null = null;
  for (const p of PRODUCTS) {
    const named = keyScore(p.keys, have);
    if (named === 0) continue;
    if (p.not?.some((w) => kw(w).every((x) => have.has(x)))) continue;
    const own = new Set(p.keys.flatMap(kw));
    if (p.kind !== 'accessory' && [...have].some((w) => ACCESSORY_WORDS.has(w) && !own.has(w))) continue;
    const brand = p.brand ? brandByName.get(p.brand) : undefined;
    const brandWords = brand && !brand.keys.some((k) => kw(k).every((x) => own.has(x))) ? keyScore(brand.keys, have) : 0;
    const cat = p.cat ? catById.get(p.cat) : undefined;
    const catWords = cat && !cat.keys.some((k) => kw(k).every((x) => own.has(x))) ? keyScore(cat.keys, have) : 0;
    const s = named + brandWords + catWords;
    if (!best || s > best.score) best = { product: p, score: s };
  }
  return best;
}

function bestCars(have: ReadonlySet<string>, tokens: readonly string[]): { models: CarModel[]; score: number } | null {
  if (tokens.some((t) => NOT_A_CAR.has(t))) return null;
  let score = 0;
  let models: CarModel[] = [];
  for (const c of CARS) {
    const s = keyScore(c.keys, have);
    if (s > score) {
      score = s;
      models = [c];
    } else if (s > 0 && s === score) models.push(c);
  }
  if (score > 0) return { models, score };
  const make = tokens.map((t) => MAKE_WORDS[t]).find((m) => m !== undefined);
  const body = tokens.map((t) => BODY_WORDS[t]).find((b) => b !== undefined);
  if (make === undefined && body === undefined) return null;
  models = CARS.filter((c) => (make === undefined || c.make === make) && (body === undefined || body === 'any' || c.body === body));
  if (models.length === 0) models = make !== undefined ? CARS.filter((c) => c.make === make) : [...CARS];
  // A make and a model the table lacks ("volkswagen new beetle"): that model, priced as the make's cars.
  const rest = tokens.filter((t) => MAKE_WORDS[t] === undefined && BODY_WORDS[t] === undefined && !/^(19|20)\d\d$/u.test(t));
  if (make !== undefined && rest.length > 0) {
    const own = CARS.filter((c) => c.make === make);
    const msrp = own.length > 0 ? own.reduce((s, c) => s + c.msrp, 0) / own.length : 30000;
    models = [{
      make, model: rest.map(titleWord).join(' '), keys: [], body: body === undefined || body === 'any' ? 'c' : body, trims: [['', 1]],
      msrp, keep: 0.88, years: [2004, 2025], band: [3500, 15000], src: "est: a model the table lacks, priced as the make's cars",
    }];
  }
  if (models.length === 0) return null;
  return { models, score: 1 };
}

function best<T>(xs: readonly T[], keys: (x: T) => readonly string[], have: ReadonlySet<string>): { x: T; score: number } | null {
  let out: { x: T; score: number } | null = null;
  for (const x of xs) {
    const s = keyScore(keys(x), have);
    if (s > 0 && (!out || s > out.score)) out = { x, score: s };
  }
  return out;
}

const catById = new Map(CATEGORIES.map((c) => [c.id, c]));
/** Names too common as words to be read as brands among keywords ("ping pong table"). */
const PLAIN_WORD_BRANDS = new Set(['Sole', 'Element', 'Baker', 'Horizon', 'Article', 'Cobra', 'Ping', 'Ty', 'EA', 'HON', 'Target', 'Husky', 'Predator', 'Rogue']);
/** Every brand: the table's, and the brands categories name that the table lacks (tier 1). */
const ALL_BRANDS: readonly Brand[] = [
  ...BRANDS,
  ...[...new Set(CATEGORIES.flatMap((c) => c.brands))].filter((n) => !BRANDS.some((b) => b.name === n)).map((name): Brand => ({
    name, keys: PLAIN_WORD_BRANDS.has(name) ? [] : [words(name).join(' ')], tier: 1, cats: CATEGORIES.filter((c) => c.brands.includes(name)).map((c) => c.id),
  })),
];
const brandByName = new Map(ALL_BRANDS.map((b) => [b.name, b]));

/** The mean tier of a category's usual brands (1 when it has none). */
function meanTier(c: Category): number {
  const tiers = c.brands.map((n) => BRANDS.find((b) => b.name === n)?.tier ?? 1);
  return tiers.length > 0 ? tiers.reduce((s, t) => s + t, 0) / tiers.length : 1;
}

/** A price for keywords the catalogue does not know: one figure per keywords, $12-90. */
function genericRef(q: string): number {
  const r = seededRandom(`generic-ref|${q.toLowerCase()}`);
  return Math.round(Math.exp(Math.log(12) + r() * (Math.log(90) - Math.log(12))));
}

function planFor(q: string): SimPlan {
  const tokens = words(q);
  const have = new Set(tokens);
  const grades = gradesAsked(have);
  const lot = tokens.some((t) => LOT_WORDS.has(t));
  const base = { q, tokens, grades, lot };
  const product = bestProduct(have);
  const cars = bestCars(have, tokens);
  const category = best(CATEGORIES, (c) => c.keys, have);
  const brand = best(ALL_BRANDS, (b) => b.keys, have);
  const catScore = (category?.score ?? 0) + (brand?.score ?? 0);
  const productScore = product ? product.score + 0.5 : 0;
  if (product && productScore >= (cars?.score ?? 0) && productScore >= catScore) {
    const p = product.product;
    // A condition word in the product's own name ("New Balance 550") says no condition.
    const own = ownWords(p);
    return {
      ...base, grades: gradesAsked(new Set(tokens.filter((t) => !own.has(t)))), what: 'product', label: p.brand && !p.names[0]!.includes(p.brand) ? `${p.brand} ${p.names[0]!}` : p.names[0]!,
      band: p.band, brands: p.brand ? [p.brand] : [], kinds: [p.kind], sources: [{ type: 'product', weight: 1, product: p }],
    };
  }
  if (cars && cars.score >= catScore) {
    const label = cars.models.length === 1 ? `${cars.models[0]!.make} ${cars.models[0]!.model}` : `cars (${cars.models.length} models)`;
    const lo = Math.min(...cars.models.map((m) => m.band[0]));
    const hi = Math.max(...cars.models.map((m) => m.band[1]));
    const modelWords = new Set(cars.models.flatMap((m) => words(m.model)));
    return { ...base, grades: gradesAsked(new Set(tokens.filter((t) => !modelWords.has(t)))), what: 'car', label, band: [lo, hi], brands: [], kinds: ['car'], sources: [{ type: 'car', weight: 1, models: cars.models }] };
  }
  if (category || brand) {
    const b = brand?.x ?? null;
    const cat = category?.x ?? catById.get(b!.cats[0]!)!;
    const tier = b?.tier ?? 1;
    // The brand's own products of that category, a third of the listings; the rest the category's.
    const own = b ? PRODUCTS.filter((p) => p.brand === b.name && (p.cat === cat.id || (!category && b.cats.includes(p.cat ?? '')))) : [];
    const sources: Source[] = [{ type: 'category', weight: own.length > 0 ? 0.65 : 1, category: cat, brand: b }];
    for (const p of own) sources.push({ type: 'product', weight: 0.35 / own.length, product: p });
    const brands = b ? [b.name] : cat.brands;
    return {
      ...base, what: 'category', label: b ? `${b.name} ${cat.id}` : cat.id, band: [cat.band[0] * tier, cat.band[1] * tier], brands,
      kinds: [...new Set([cat.kind, ...own.map((p) => p.kind)])], sources,
    };
  }
  const ref = genericRef(q);
  return { ...base, what: 'generic', label: q, band: [ref * 0.75, ref * 1.35], brands: [], kinds: ['goods'], sources: [{ type: 'generic', weight: 1, ref }] };
}

// ---------------------------------------------------------------------------------------------
// Drawing a listing.

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function weighted<T>(r: () => number, xs: ReadonlyArray<readonly [T, number]>): T {
  const total = xs.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of xs) {
    x -= w;
    if (x < 0) return v;
  }
  return xs[xs.length - 1]![0];
}

/** A standard normal draw (Box-Muller). */
function normal(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

/** How often each condition comes up on each marketplace, against the kind's own mix. */
const MARKET_GRADES: Readonly<Record<SimMarket, Partial<Record<Grade, number>>>> = {
  mkt_a: { new: 1.3 },
  mkt_b: { refurbished: 0.2, open_box: 0.6, parts: 0.4 },
  mkt_c: { refurbished: 0.3 },
  mkt_d: { refurbished: 0.1, open_box: 0.5, parts: 0.3 },
  mkt_e: { new: 0.6, refurbished: 0.5 },
};
/** Asks on each marketplace against the others (mkt_b's sellers list high and take offers; mkt_e is local, cash). */
const MARKET_FACTOR: Readonly<Record<SimMarket, number>> = { mkt_a: 1, mkt_b: 1.08, mkt_c: 0.95, mkt_d: 1, mkt_e: 0.92 };

function drawGrade(r: () => number, kind: Kind, market: SimMarket, only: readonly Grade[] | null): Grade {
  let table = GRADES.filter((g) => kind.grades[g] !== undefined).map((g): [Grade, number] => [g, kind.grades[g]! * (MARKET_GRADES[market][g] ?? 1)]);
  if (only) {
    const kept = table.filter(([g]) => only.includes(g));
    // A kind without the condition asked for (clothing "for parts"): its nearest.
    table = kept.length > 0 ? kept : table.filter(([g]) => g === (only.includes('parts') ? 'fair' : only.includes('new') ? 'new' : 'good')).concat(kept);
    if (table.length === 0) table = [['good', 1]];
  }
  return weighted(r, table);
}

const LETTER_SIZES: ReadonlyArray<readonly [string, number]> = [['XS', 4], ['S', 14], ['M', 24], ['L', 26], ['XL', 18], ['XXL', 8]];
const WOMEN_SIZES: ReadonlyArray<readonly [string, number]> = [['XS', 10], ['S', 26], ['M', 28], ['L', 20], ['XL', 10], ['4', 3], ['6', 3]];
const MEN_SHOES = ['7', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13'];
const WOMEN_SHOES = ['5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '10'];
const WAISTS = ['28', '29', '30', '31', '32', '33', '34', '36', '38'];
const LENGTHS = ['30', '32', '32', '34'];

function drawSize(r: () => number, sizes: Kind['sizes'], gender: SimItem['gender']): string | null {
  switch (sizes) {
    case 'letter': return weighted(r, gender === 'female' ? WOMEN_SIZES : LETTER_SIZES);
    case 'women': return weighted(r, WOMEN_SIZES);
    case 'shoe': return pick(r, gender === 'female' ? WOMEN_SHOES : MEN_SHOES);
    case 'waist': return `W${pick(r, WAISTS)} L${pick(r, LENGTHS)}`;
    default: return null;
  }
}

/** The size the keywords ask for ("size 10", "sz 9.5", "xl", "w32 l30"), if the kind has sizes and they name one it comes in. */
function sizeAsked(tokens: readonly string[], sizes: Kind['sizes'], own: ReadonlySet<string>): string | null {
  if (sizes === null) return null;
  const joined = tokens.join(' ');
  if (sizes === 'waist') {
    const m = /\bw(\d\d)\b(?: l(\d\d)\b)?/u.exec(joined);
    return m ? `W${m[1]}${m[2] ? ` L${m[2]}` : ''}` : null;
  }
  if (sizes === 'shoe') {
    // "size 10" or "sz 9 5" (9.5 read as two words); a bare number only where it is not the model's ("jordan 1").
    const m = /\b(?:size|sz)\s+(\d{1,2})(?:\s+(5))?\b/u.exec(joined);
    const n = m ? `${m[1]}${m[2] ? '.5' : ''}` : tokens.find((t) => /^\d{1,2}$/u.test(t) && !own.has(t) && Number(t) >= 4 && Number(t) <= 15);
    return n !== undefined && (MEN_SHOES.includes(n) || WOMEN_SHOES.includes(n)) ? n : null;
  }
  const letter = tokens.find((t) => ['xs', 's', 'm', 'l', 'xl', 'xxl'].includes(t));
  return letter ? letter.toUpperCase() : null;
}

const FEMALE_CATS = new Set(['dress', 'skirt', 'leggings', 'heels', 'handbag', 'tote', 'crossbody', 'jewelry', 'perfume']);

const STOP = new Set(['of', 'with', 'and', 'the', 'for', 'in', 'w']);

/** Words an axis option shares with any other of its kind, which do not name it ("5 Qt", "Edition"). */
const PLAIN_OPTION_WORDS = new Set([...STOP, 'qt', 'gb', 'tb', 'oz', 'edition', 'gen', 'generation', 'only', 'lot', 'bundle', 'set', 'piece', 'size']);

const NO_WORDS: ReadonlySet<string> = new Set();

/** How well keywords name an axis option: how many of its naming words they hold, and more when they hold them all. */
function optionScore(option: string, have: ReadonlySet<string>, own: ReadonlySet<string>): number {
  const ws = kw(option).filter((x) => !PLAIN_OPTION_WORDS.has(x) && !own.has(x));
  const hit = ws.filter((x) => have.has(x)).length;
  // An option every word of which the keywords say ("GPS") goes before one they say in part ("GPS + Cellular").
  return hit === 0 ? 0 : hit + (hit === ws.length ? 0.5 : 0);
}

/**
 * The axis option the keywords name, even in part ("chicago" names "Chicago Lost and Found",
 * "tilt head" the tilt-head models), the best-named first; lots where they ask for lots; else a
 * draw. `named` says the keywords chose it. Words of the product's own name (`own`: the "1" of
 * "AE-1") name no option.
 */
function drawAxis(r: () => number, axis: Axis, have: ReadonlySet<string>, lot = false, own: ReadonlySet<string> = NO_WORDS): { option: readonly [string, number]; named: boolean } {
  const scored = axis.map((o) => [o, o[0] === '' ? 0 : optionScore(o[0], have, own)] as const);
  const top = Math.max(0, ...scored.map(([, s]) => s));
  if (top > 0) return { option: pick(r, scored.filter(([, s]) => s === top).map(([o]) => o)), named: true };
  const lots = lot ? axis.filter(([w]) => /^(lot|bundle|bulk)\b/iu.test(w)) : [];
  return { option: lots.length > 0 ? pick(r, lots) : pick(r, axis), named: lots.length > 0 };
}

/** Words of keywords that say a size (shoe sizes, waist and length, letter sizes) or who it is for. */
const SIZE_WORDS = /^(\d{1,2}(\.5)?|w\d\d|l\d\d|xs|s|m|l|xl|xxl|xxxl|size|sz|mens|men|womens|women|kids|youth|unisex|gs)$/u;
const vocabularies = new WeakMap<object, Set<string>>();
const categoryVocabularies = new Map<string, Set<string>>();

/** Every word the catalogue can place for a source: its names, brand, category, variants, conditions, extras. */
function vocabulary(source: Exclude<Source, { type: 'generic' }>): Set<string> {
  const key = source.type === 'product' ? source.product : source.type === 'category' ? source.category : source.models;
  const catKey = source.type === 'category' ? `${source.category.id}|${source.brand?.name ?? ''}` : '';
  const known = source.type === 'category' ? categoryVocabularies.get(catKey) : vocabularies.get(key);
  if (known) return known;
  const out = new Set<string>([...STOP, ...LOT_WORDS, ...GRADE_WORDS.flatMap(([ws]) => ws)]);
  const add = (phrases: readonly string[]): void => {
    for (const ph of phrases) for (const w of wordSet(ph)) out.add(w);
  };
  const addKind = (k: Kind): void => {
    add(Object.values(k.words).flat());
    add((k.extras ?? []).map(([w]) => w));
  };
  if (source.type === 'product') {
    const p = source.product;
    add([...p.keys, ...p.names, ...(p.axes ?? []).flat().map(([w]) => w), ...(p.extras ?? []).map(([w]) => w)]);
    if (p.brand) add([p.brand, ...(brandByName.get(p.brand)?.keys ?? [])]);
    const cat = p.cat ? catById.get(p.cat) : undefined;
    if (cat) add([...cat.keys, ...cat.nouns]);
    addKind(kindOf(p.kind));
    if (p.kind === 'card') add(['psa bgs cgc graded']);
  } else if (source.type === 'category') {
    const c = source.category;
    add([...c.keys, ...c.nouns, ...(c.axes ?? []).flat().map(([w]) => w), ...(c.extras ?? []).map(([w]) => w)]);
    for (const b of source.brand ? [source.brand] : c.brands.map((n) => brandByName.get(n)).filter((b): b is Brand => !!b)) add([b.name, ...b.keys]);
    addKind(kindOf(c.kind));
  } else {
    for (const m of source.models) add([m.make, m.model, ...m.keys, ...m.trims.map(([w]) => w)]);
    add([...Object.keys(MAKE_WORDS), ...Object.keys(BODY_WORDS), 'miles', 'clean', 'title']);
    addKind(kindOf('car'));
  }
  if (source.type === 'category') categoryVocabularies.set(catKey, out);
  else vocabularies.set(key, out);
  return out;
}

const ownWordSets = new WeakMap<Product, Set<string>>();
/** The words of a product's keys, names and brand. */
function ownWords(p: Product): Set<string> {
  let out = ownWordSets.get(p);
  if (!out) {
    out = new Set([...p.keys, ...p.names, p.brand ?? ''].flatMap((x) => [...wordSet(x)]));
    ownWordSets.set(p, out);
  }
  return out;
}

/** The keywords the catalogue cannot place for a source (none for a year on a car, a size on a shoe). */
function unplacedIn(tokens: readonly string[], source: Exclude<Source, { type: 'generic' }>): string[] {
  const vocab = vocabulary(source);
  return tokens.filter((t) => !vocab.has(t) && !SIZE_WORDS.test(t) && !(source.type === 'car' && /^(19|20)\d\d$/u.test(t)));
}

/**
 * The keywords the catalogue cannot place in the listings it draws for them: for a product, a car
 * or a category, the words none of its names, variants, conditions or extras say; for keywords
 * it does not know at all, every one of them. A marketplace that matches every keyword
 * (mkt_a) has few listings holding two or more such words.
 */
export function unplacedWords(plan: SimPlan): string[] {
  const placed = plan.sources.filter((s): s is Exclude<Source, { type: 'generic' }> => s.type !== 'generic');
  if (placed.length === 0) return [...plan.tokens];
  return plan.tokens.filter((t) => placed.every((s) => unplacedIn([t], s).length > 0));
}

/** An axis of plain words (colourways, editions, carriers), which a variant word the catalogue lacks stands in for. */
function wordAxis(axis: Axis): boolean {
  return axis.some(([w]) => w !== '' && !/\d/u.test(w));
}

/** An axis of numbers and codes (set numbers, references, capacities), which a code the catalogue lacks ("75192") stands in for. */
function codeAxis(axis: Axis): boolean {
  return axis.some(([w]) => /\d/u.test(w));
}

/** A keyword as a title writes it: `ps5` → `PS5`, `256gb` → `256GB`, `xl` → `XL`, `jacket` → `Jacket`. */
function titleWord(w: string): string {
  if (/\d/u.test(w) || (w.length <= 2 && !['of', 'in', 'on', 'to', 'by', 'a'].includes(w))) return w.toUpperCase();
  return w[0]!.toUpperCase() + w.slice(1);
}

/** Market rounding: mkt_b, mkt_c and mkt_e sellers ask whole dollars, mostly round ones above $50. */
function roundAsk(r: () => number, dollars: number, market: SimMarket): number {
  const d = Math.max(1, dollars);
  if (market === 'mkt_b' || market === 'mkt_c' || market === 'mkt_e') {
    const whole = Math.max(1, Math.round(d));
    if (whole >= 1000 && r() < 0.8) return Math.round(whole / 50) * 50;
    if (whole >= 50 && r() < 0.6) return Math.max(5, Math.round(whole / 5) * 5);
    return whole;
  }
  const whole = Math.floor(d);
  const end = r();
  const cents = end < 0.4 ? 0.99 : end < 0.6 ? 0 : end < 0.7 ? 0.95 : end < 0.78 ? 0.5 : Math.floor(r() * 100) / 100;
  return Math.round((whole + cents) * 100) / 100;
}

interface Parts {
  lead: string[];
  brand: string | null;
  /** Words before a category's noun (its style or material: "Brass Desk Lamp"). */
  pre: string[];
  name: string;
  /** Where missing keywords go: after a product's name, or before a category's noun. */
  noun: string | null;
  attrs: string[];
  tail: string[];
  /** Attributes that are keywords the title must keep. */
  kept?: Set<string>;
}

/**
 * Places keywords a title lacks where the keywords put them: after the attribute the keyword
 * before them names ("thinkpad t14 gen 3": "ThinkPad T14 Gen 3", not "ThinkPad Gen 3 T14");
 * returns those that go after the name.
 */
function placeAfterAttrs(p: Parts, inserted: readonly string[], tokens: readonly string[]): string[] {
  const at = (phrase: string): number => Math.max(-1, ...kw(phrase).map((w) => tokens.indexOf(w)));
  const atName: string[] = [];
  for (const w of inserted) {
    const qi = at(w);
    let best = -1;
    p.attrs.forEach((a, j) => {
      const ai = at(a);
      if (ai >= 0 && ai < qi && (best < 0 || ai > at(p.attrs[best]!))) best = j;
    });
    if (best < 0) {
      atName.push(w);
      continue;
    }
    // After the attribute, and after keywords placed there already.
    let j = best + 1;
    while (j < p.attrs.length && p.kept?.has(p.attrs[j]!)) j++;
    p.attrs.splice(j, 0, w);
    (p.kept ??= new Set()).add(w);
  }
  return atName;
}

function render(p: Parts, inserted: readonly string[]): string {
  const body = p.noun === null
    ? [p.brand, p.name, ...inserted]
    : [p.brand, ...inserted, ...p.pre, p.noun];
  return [...p.lead, ...body, ...p.attrs, ...p.tail].filter((x): x is string => !!x && x.trim() !== '').join(' ').replace(/\s+/gu, ' ').trim();
}

/** The keywords a title lacks, in the keywords' order, as the title writes them. */
function missing(title: string, tokens: readonly string[]): string[] {
  const have = wordSet(title);
  const out: string[] = [];
  for (const t of tokens) if (!have.has(t) && !out.includes(titleWord(t))) out.push(titleWord(t));
  return out;
}

const TITLE_MAX = 80;

/** Shortens a title to the marketplace's limit by dropping attributes, then tail words. */
function fit(p: Parts, inserted: readonly string[], max: number): string {
  let t = render(p, inserted);
  // Attributes that are keywords (placed by placeAfterAttrs) stay.
  const droppable = (): number => p.attrs.findLastIndex((a) => !p.kept?.has(a));
  while (t.length > max && (droppable() >= 0 || p.tail.length > 0)) {
    if (p.tail.length > 1 || droppable() < 0) p.tail.pop();
    else p.attrs.splice(droppable(), 1);
    t = render(p, inserted);
  }
  return t.length > max ? t.slice(0, max).replace(/\s+\S*$/u, '') : t;
}

/** Share of titles showing each kind of part, per marketplace. */
const STYLE: Readonly<Record<SimMarket, { axis: number; brand: number; cond: number; extra: number; size: number }>> = {
  mkt_a: { axis: 0.85, brand: 0.65, cond: 0.55, extra: 1, size: 0.85 },
  mkt_b: { axis: 0.55, brand: 0.45, cond: 0.45, extra: 0.6, size: 0.2 },
  mkt_c: { axis: 0.6, brand: 0.45, cond: 0.45, extra: 0.7, size: 0.5 },
  mkt_d: { axis: 0.5, brand: 0.6, cond: 0.2, extra: 0.5, size: 0 },
  mkt_e: { axis: 0.35, brand: 0.25, cond: 0.35, extra: 0.4, size: 0.2 },
};

function conditionWords(r: () => number, kind: Kind, grade: Grade, have: ReadonlySet<string>): string {
  const ws = kind.words[grade] ?? [''];
  // Keywords that say the condition ("sealed", "parts") are said in the words sellers use for it.
  const named = ws.filter((w) => w !== '' && kw(w).some((x) => have.has(x)));
  return named.length > 0 ? pick(r, named) : pick(r, ws);
}

function sizeText(r: () => number, size: string, sizes: Kind['sizes'], gender: SimItem['gender'], market: SimMarket): string {
  if (sizes === 'waist') return size;
  const who = gender === 'female' ? "Women's" : gender === 'male' ? "Men's" : '';
  if (sizes === 'shoe') return `${who} Size ${size}`.trim();
  if (market === 'mkt_a') return pick(r, [`${who} Size ${size}`.trim(), `Sz ${size}`, `Size ${size}`]);
  return `Size ${size}`;
}

export interface DrawOptions {
  /** Draw a listing of the product in this condition (no accessory, lot or other model). */
  grade?: Grade;
  /** Draw the product itself only: no accessory, lot or other model. */
  pure?: boolean;
}

/** Which of the kinds a listing of a named product is, at the shares given (the rest: the product). */
function drawComp(r: () => number, shares: PollutionShares): SimComp {
  const x = r();
  if (x < shares.accessory) return 'accessory';
  if (x < shares.accessory + shares.other) return 'other';
  if (x < shares.accessory + shares.other + shares.lot) return 'lot';
  return 'item';
}

/** The keywords ask for the product as it is: no condition, no lot; and the caller wants the market's mix. */
function pollutes(plan: SimPlan, opts: DrawOptions): boolean {
  return opts.grade === undefined && opts.pure !== true && plan.grades === null && !plan.lot;
}

/**
 * Draws one listing for keywords on a marketplace; `r` decides everything (seed it per listing).
 * For a named product or car, one in a few listings is an accessory of it, another model, a lot
 * (sim/pollution.ts), as on real pages; `comp` says which.
 */
export function drawItem(r: () => number, plan: SimPlan, market: SimMarket, opts: DrawOptions = {}): SimItem {
  const source = plan.sources.length === 1 ? plan.sources[0]! : weighted(r, plan.sources.map((s): [Source, number] => [s, s.weight]));
  if (source.type === 'car') return drawCar(r, plan, source.models, market, opts);
  if (source.type === 'product' && plan.what === 'product' && pollutes(plan, opts)) {
    const comp = drawComp(r, GOODS_SHARES);
    const p = source.product;
    if (comp === 'accessory') {
      const a = drawAccessory(r, plan, p, market);
      if (a) return a;
    } else if (comp === 'other') {
      const o = drawOther(r, plan, p, market);
      if (o) return o;
    } else if (comp === 'lot' && lotFits(p)) {
      return drawListing(r, { ...plan, lot: true }, source, market, opts, 'lot');
    }
  }
  return drawListing(r, plan, source, market, opts, null);
}

/** One listing of what a source names (`comp`: what it is against the keywords; null: the product, or a unit for parts). */
function drawListing(r: () => number, plan: SimPlan, source: Exclude<Source, { type: 'car' }>, market: SimMarket, opts: DrawOptions, comp: SimComp | null): SimItem {
  const have = new Set(plan.tokens);
  const style = STYLE[market];
  let kind: Kind;
  let ref: number;
  let axes: readonly Axis[];
  let brand: string | null;
  let names: readonly string[];
  let nouns: readonly string[] | null = null;
  let sizes: Kind['sizes'];
  let places: KindPlaces;
  let catId: string | undefined;
  let extrasOf: Kind['extras'];
  if (source.type === 'product') {
    const p = source.product;
    kind = p.grades ? { ...kindOf(p.kind), grades: p.grades } : kindOf(p.kind);
    ref = p.ref;
    axes = p.axes ?? [];
    brand = p.brand;
    names = p.names;
    sizes = p.sizes ?? kind.sizes;
    catId = p.cat;
    places = { ...kind.places, ...(catId ? catById.get(catId)?.places : undefined), ...p.places };
    extrasOf = p.extras ?? (catId ? catById.get(catId)?.extras : undefined);
  } else if (source.type === 'category') {
    const c = source.category;
    kind = kindOf(c.kind);
    const b = source.brand ?? (c.brands.length > 0 ? brandByName.get(pick(r, c.brands)) ?? null : null);
    // `ref` is the category's as its usual brands ask it: a brand the keywords name moves it by its tier.
    ref = source.brand ? c.ref * source.brand.tier : c.ref * ((b?.tier ?? 1) / meanTier(c)) ** 0.6;
    axes = c.axes ?? [];
    brand = b?.name ?? null;
    names = [];
    nouns = c.nouns;
    sizes = c.sizes === undefined ? kind.sizes : c.sizes;
    catId = c.id;
    places = { ...kind.places, ...c.places };
    extrasOf = c.extras;
  } else {
    kind = KINDS.goods!;
    ref = source.ref;
    axes = [];
    brand = null;
    names = [plan.q.split(' ').map((w) => (/[A-Z]/u.test(w) ? w : /\d/u.test(w) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1))).join(' ')];
    sizes = null;
    places = kind.places;
  }
  // A card graded by a grading company ("charizard psa 10") is in the grade's condition, its slab's grade in the title, priced as graded cards sell.
  const slab = kind.id === 'card' ? /\b(psa|bgs|cgc) (10|[1-9])\b/u.exec(plan.tokens.join(' ')) : null;
  const grade = slab ? (Number(slab[2]) >= 9 ? 'like_new' : 'good') : opts.grade ?? drawGrade(r, kind, market, plan.grades);
  const gender: SimItem['gender'] = sizes === 'women' || FEMALE_CATS.has(catId ?? '') ? 'female'
    : sizes === null ? 'unisex' : weighted(r, [['male', 55], ['female', 35], ['unisex', 10]] as const);
  const size = sizeAsked(plan.tokens, sizes, source.type === 'product' ? ownWords(source.product) : NO_WORDS) ?? drawSize(r, sizes, gender);

  let price = ref * (kind.factor[grade] ?? 1) * MARKET_FACTOR[market];
  const attrs: string[] = [];
  const pre: string[] = [];
  const lead: string[] = [];
  // A variant word the catalogue lacks ("chicago" on a product without that colourway) is the
  // variant: the title says it once, and no colourway or edition of the catalogue beside it.
  const unknown = source.type === 'generic' ? [] : unplacedIn(plan.tokens, source);
  const own = source.type === 'product' ? ownWords(source.product) : NO_WORDS;
  axes.forEach((axis, i) => {
    const { option: [w, f], named } = drawAxis(r, axis, have, plan.lot, own);
    if (!named && ((unknown.some((t) => !/\d/u.test(t)) && wordAxis(axis)) || (unknown.some((t) => /\d/u.test(t)) && codeAxis(axis)))) return;
    price *= f;
    if (w === '' || !(named || r() < style.axis)) return;
    if (/^(vintage|vtg)\b/iu.test(w)) lead.push(w);
    else if (nouns !== null && i === 0) pre.push(w);
    else attrs.push(w);
  });
  if (slab) {
    attrs.push(`${slab[1]!.toUpperCase()} ${slab[2]}`);
    price *= slab[2] === '10' ? 4 : slab[2] === '9' ? 1.8 : 1.2;
  }
  const tail: string[] = [];
  const lotAxis = axes.some((a) => a.some(([w]) => /^(lot|bundle|set) of \d+/iu.test(w)));
  if (plan.lot && !lotAxis) {
    // "Lot of 3 …" where the keywords ask for lots and the product has no lot sizes of its own.
    const n = pick(r, [2, 3, 3, 4, 5]);
    lead.push(`Lot of ${n}`);
    price *= n * 0.8;
  }
  const cond = slab ? '' : conditionWords(r, kind, grade, have);
  // What comes with it, unless the condition already says (a "New in Box" pair is not "No Box").
  const extras = (extrasOf ?? kind.extras ?? []).filter(([w]) => !(/\bbox\b/iu.test(w) && /\b(box|nib|ds|sealed)\b/iu.test(cond)));
  if (extras.length > 0 && r() < (kind.extraRate ?? 0.25) * style.extra) {
    const [w, f] = pick(r, extras);
    tail.push(w);
    price *= f;
  }
  // A unit for parts says so, as real ones do ("For Parts", "NOT WORKING", "Battery Doesn't Charge").
  const sayCondition = cond !== '' && (grade === 'parts' || kw(cond).some((x) => have.has(x)) || r() < (grade === 'new' ? Math.max(0.8, style.cond) : style.cond));
  if (sayCondition) {
    if (market === 'mkt_e') tail.push(cond.toLowerCase());
    else if (r() < 0.3 && (grade === 'new' || grade === 'open_box' || grade === 'like_new' || grade === 'refurbished')) lead.unshift(cond);
    else tail.push(r() < 0.5 ? `- ${cond}` : cond);
  }
  if (size !== null && r() < style.size) attrs.push(sizeText(r, size, sizes, gender, market));
  price *= Math.exp(kind.sigma * normal(r));
  if (source.type === 'generic') price = Math.min(Math.max(price, ref * 0.6), ref * 1.6);

  let name: string;
  let noun: string | null = null;
  if (nouns) {
    // The noun the keywords use, where one does.
    const scored = nouns.map((n) => [n, kw(n).filter((x) => have.has(x)).length] as const);
    const top = Math.max(...scored.map(([, s]) => s));
    noun = pick(r, scored.filter(([, s]) => s === top).map(([n]) => n));
    name = '';
  } else {
    const scored = names.map((n) => [n, [...wordSet(n)].filter((x) => have.has(x)).length] as const);
    const top = Math.max(...scored.map(([, s]) => s));
    name = pick(r, scored.filter(([, s]) => s === top).map(([n]) => n));
  }
  // A name that holds the brand ("North Face Nuptse Puffer Jacket" of The North Face) is not given it again.
  const brandInName = brand !== null && words(brand).filter((w) => w !== 'the').every((w) => wordSet(name).has(w));
  const showBrand = brand !== null && (nouns !== null || !brandInName) && (nouns !== null || plan.tokens.some((t) => words(brand!).includes(t)) || r() < style.brand);
  const parts: Parts = { lead, brand: showBrand ? brand : null, pre, name, noun, attrs, tail };
  if (noun !== null && parts.brand === null) parts.brand = '';
  let title = render(parts, []);
  const inserted = missing(title, plan.tokens);
  const atName = noun === null ? placeAfterAttrs(parts, inserted, plan.tokens) : inserted;
  title = market === 'mkt_d' || market === 'mkt_e' ? render(parts, atName) : fit(parts, atName, TITLE_MAX);
  const tags = [...new Set([brand, ...(noun ? [noun] : names.slice(0, 1)), ...inserted].filter((x): x is string => !!x).map((x) => words(x).join('')).filter((t) => /^[a-z]/u.test(t)))].slice(0, 4);
  return {
    title, brand, grade, size, gender, kind, places, vehicle: null, tags,
    price: roundAsk(r, price, market),
    note: pick(r, kind.notes[grade] ?? ['']),
    comp: comp ?? (grade === 'parts' ? 'parts' : 'item'),
  };
}

/** A product sells in lots as a matter of course (cards, sealed boxes, lot sizes of its own): a lot of it is no pollution. */
function lotFits(p: Product): boolean {
  return p.kind !== 'card' && p.kind !== 'sealed' && !(p.axes ?? []).some((a) => a.some(([w]) => /^(lot|bundle|set) of \d+/iu.test(w)));
}

/** A draw between two dollar figures, evenly on a log scale. */
function logBetween(r: () => number, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo)));
}

/** Cuts a title to the marketplace's length at a word (mkt_d and mkt_e titles are not cut). */
function cut(title: string, market: SimMarket): string {
  if (market === 'mkt_d' || market === 'mkt_e' || title.length <= TITLE_MAX) return title;
  return title.slice(0, TITLE_MAX).replace(/\s+\S*$/u, '');
}

/** The product as an accessory's title names it: its best-named name, the maker at times, and every keyword. */
function productName(r: () => number, plan: SimPlan, p: Product): string {
  const have = new Set(plan.tokens);
  const scored = p.names.map((n) => [n, [...wordSet(n)].filter((x) => have.has(x)).length] as const);
  const top = Math.max(...scored.map(([, s]) => s));
  const name = pick(r, scored.filter(([, s]) => s === top).map(([n]) => n));
  const brandShown = p.brand !== null && !words(p.brand).filter((w) => w !== 'the').every((w) => wordSet(name).has(w)) && (plan.tokens.some((t) => words(p.brand!).includes(t)) || r() < 0.5);
  const base = `${brandShown ? `${p.brand} ` : ''}${name}`;
  // A case is for the model, not for its capacity or carrier ("Case for iPhone 13", not "… 128GB Unlocked").
  const unitOnly = new Set((p.axes ?? []).filter((a) => codeAxis(a) || a.some(([w]) => w === 'Unlocked')).flat().flatMap(([w]) => kw(w)));
  const asked = plan.tokens.filter((t) => !GRADE_WORDS.some(([ws]) => ws.includes(t)) && !LOT_WORDS.has(t) && (ownWords(p).has(t) || !unitOnly.has(t)));
  return [base, ...missing(base, asked)].join(' ');
}

/** An accessory of the product (sim/pollution.ts ACCESSORIES), priced as such; null for a kind that has none. */
function drawAccessory(r: () => number, plan: SimPlan, p: Product, market: SimMarket): SimItem | null {
  const templates = accessoriesFor(p.kind, `${p.brand ?? ''} ${p.names[0]!}`);
  if (templates.length === 0) return null;
  const [template, lo, hi] = pick(r, templates);
  const title = cut(template.replace('{name}', productName(r, plan, p)), market);
  const grade: Grade = r() < 0.7 ? 'new' : 'good';
  const kind = kindOf(p.kind);
  // An accessory asks what accessories ask, never near the product itself.
  const price = Math.min(logBetween(r, lo, hi), p.ref * 0.5) * MARKET_FACTOR[market];
  return {
    title, brand: p.brand, grade, size: null, gender: 'unisex', kind,
    places: { ...kind.places, ...(p.cat ? catById.get(p.cat)?.places : undefined), ...p.places }, vehicle: null,
    tags: [...new Set([p.brand, p.names[0]!].filter((x): x is string => !!x).map((x) => words(x).join('')).filter((t) => /^[a-z]/u.test(t)))].slice(0, 4),
    price: roundAsk(r, price, market),
    note: grade === 'new' ? 'New, never used' : 'Used, works as it should',
    comp: 'accessory',
  };
}

const lineWords = new WeakMap<Product, Set<string>>();
/** First words of keys too common to make a line ("air" of Air Jordan and Air Max). */
const NOT_A_LINE = new Set(['air', 'new', 'the', 'pro', 'mini', 'big', 'super', 'classic']);
/** The first words of a product's keys, its maker's name left out: its line ("iphone", "jordan", "switch"). */
function lineOf(p: Product): Set<string> {
  let out = lineWords.get(p);
  if (!out) {
    const maker = new Set(p.brand ? words(p.brand) : []);
    out = new Set(p.keys.map((k) => kw(k).find((w) => !maker.has(w) && !NOT_A_LINE.has(w))).filter((w): w is string => w !== undefined));
    lineWords.set(p, out);
  }
  return out;
}

/**
 * Another model of the product's line (same maker, same kind: an "iPhone 13 Pro" or an "iPhone
 * 12" on "iphone 13"). On mkt_a, which matches every keyword, only a model whose own words hold
 * every keyword naming the product, and which can say every other keyword; null when there is none.
 */
function drawOther(r: () => number, plan: SimPlan, p: Product, market: SimMarket): SimItem | null {
  const own = ownWords(p);
  const line = lineOf(p);
  const naming = plan.tokens.filter((t) => own.has(t));
  const rest = plan.tokens.filter((t) => !own.has(t));
  const options: Array<[Product, number]> = [];
  for (const q of PRODUCTS) {
    if (q === p || q.brand !== p.brand || q.kind !== p.kind || ![...lineOf(q)].some((w) => line.has(w))) continue;
    const holds = naming.every((t) => ownWords(q).has(t));
    const says = unplacedIn(rest, { type: 'product', weight: 1, product: q }).length === 0;
    if (market === 'mkt_a' && !(holds && says)) continue;
    options.push([q, holds ? 4 : 1]);
  }
  if (options.length === 0) return null;
  const q = weighted(r, options);
  // Elsewhere the other model's title says its own name, and of the other keywords what it can.
  const said = vocabulary({ type: 'product', weight: 1, product: q });
  const tokens = market === 'mkt_a' ? plan.tokens : [...kw(q.keys[0]!), ...rest.filter((t) => said.has(t))];
  const source: Source = { type: 'product', weight: 1, product: q };
  return drawListing(r, { ...plan, tokens, sources: [source] }, source, market, { pure: true }, 'other');
}

function drawCar(r: () => number, plan: SimPlan, models: readonly CarModel[], market: SimMarket, opts: DrawOptions, comp: SimComp | null = null): SimItem {
  if (comp === null && plan.what === 'car' && pollutes(plan, opts)) {
    const drawn = drawComp(r, market === 'mkt_a' ? CAR_SHARES_MKT_A : CAR_SHARES);
    if (drawn === 'accessory') return drawCarPart(r, plan, pick(r, models), market);
    const others = CARS.filter((c) => !models.includes(c));
    if (drawn === 'other' && market === 'mkt_a') return drawToyCar(r, plan, pick(r, models));
    // Another model or make, as the OfferUp "honda civic" pages show (a Camry, an Accord, a Sentra).
    if (drawn === 'other' && others.length > 0) return drawCar(r, { ...plan, tokens: [] }, others, market, { pure: true }, 'other');
  }
  const asked = opts.grade;
  const kind = kindOf('car');
  const have = new Set(plan.tokens);
  const m = pick(r, models);
  const yearAsked = plan.tokens.map(Number).find((n) => Number.isInteger(n) && n >= 1950 && n <= 2026);
  // Years on a used-car page: most 5-15 years old, fewer new ones and old ones (the mkt_e civic
  // capture's cars are of 2006-2024, half of them 2013 or older).
  const now = 2026;
  const span = m.years[1] - m.years[0];
  const tri = (r() + r() + r()) / 3;
  const year = yearAsked !== undefined ? yearAsked : Math.min(m.years[1], Math.max(m.years[0], Math.round(m.years[0] + span * (0.05 + tri * 0.92))));
  const age = Math.max(0.5, now - year);
  const miles = Math.max(800, Math.round((age * 11500 * (0.55 + r() * 0.9)) / 100) * 100);
  const grade = asked ?? drawGrade(r, kind, market, plan.grades);
  const { option: [trim, trimFactor] } = drawAxis(r, m.trims, have);
  const wear = 1 - Math.min(0.35, Math.max(0, miles - age * 12000) / 300_000);
  // Old cars keep a floor of their value (a running car is worth a sixth of a new one for years).
  let price = m.msrp * Math.max(m.keep ** age, 0.16) * trimFactor * wear * (kind.factor[grade] ?? 1) * MARKET_FACTOR[market === 'mkt_e' ? 'mkt_a' : market];
  price *= Math.exp(kind.sigma * normal(r));
  price = Math.max(900, price);
  const makeName = m.make === 'chevrolet' ? (have.has('chevy') ? 'Chevy' : 'Chevrolet') : m.make === 'bmw' ? 'BMW'
    : m.make === 'volkswagen' ? (have.has('vw') ? 'VW' : 'Volkswagen') : m.make[0]!.toUpperCase() + m.make.slice(1);
  const attrs: string[] = [];
  if (trim !== '' && (kw(trim).some((x) => have.has(x)) || r() < (market === 'mkt_e' ? 0.35 : 0.7))) attrs.push(trim);
  if (market !== 'mkt_e' && r() < 0.5) attrs.push(`${Math.round(miles / 1000)}k Miles`);
  const cond = conditionWords(r, kind, grade, have);
  const tail = cond !== '' && (grade === 'parts' || r() < (market === 'mkt_e' ? 0.1 : 0.35)) ? [market === 'mkt_e' ? cond.toLowerCase() : `- ${cond}`] : [];
  const parts: Parts = { lead: [String(year)], brand: makeName, pre: [], name: m.model, noun: null, attrs, tail };
  let title = render(parts, []);
  title = render(parts, missing(title, plan.tokens));
  const bodies: Record<CarModel['body'], string> = { c: 'car', s: 'suv', t: 'truck', v: 'van' };
  return {
    title, brand: makeName, grade, size: null, gender: 'unisex', kind, places: kind.places, tags: [words(makeName).join(''), words(m.model).join(''), bodies[m.body]].filter((t) => /^[a-z]/u.test(t)),
    vehicle: { make: m.make, model: m.model, year, miles, body: m.body },
    price: roundAsk(r, price, market === 'mkt_a' || market === 'mkt_d' ? 'mkt_b' : market),
    note: pick(r, kind.notes[grade] ?? ['']),
    comp: comp ?? (grade === 'parts' ? 'parts' : 'item'),
  };
}

/** How titles write a car's maker ("Chevy" where the keywords do). */
function makeNameOf(make: string, have: ReadonlySet<string>): string {
  return make === 'chevrolet' ? (have.has('chevy') ? 'Chevy' : 'Chevrolet') : make === 'bmw' ? 'BMW'
    : make === 'volkswagen' ? (have.has('vw') ? 'VW' : 'Volkswagen') : make[0]!.toUpperCase() + make.slice(1);
}

/** The year the keywords name, if any. */
function yearOf(plan: SimPlan): number | undefined {
  return plan.tokens.map(Number).find((n) => Number.isInteger(n) && n >= 1950 && n <= 2026);
}

/**
 * A part of the car, as the eBay sold "2006 Volkswagen New Beetle" page lists them: the years it
 * fits ("98-10", "2003-2010"), the car, the part, "OEM"; eBay adds "(For: 2006 Volkswagen
 * Beetle)" where the keywords name a year.
 */
function drawCarPart(r: () => number, plan: SimPlan, m: CarModel, market: SimMarket): SimItem {
  const have = new Set(plan.tokens);
  const kind = kindOf('part');
  const yearAsked = yearOf(plan);
  const first = yearAsked !== undefined ? Math.max(m.years[0], yearAsked - Math.floor(r() * 6)) : m.years[0] + Math.floor(r() * Math.max(1, m.years[1] - m.years[0] - 3));
  const last = Math.max(yearAsked ?? first, Math.min(m.years[1], first + 2 + Math.floor(r() * 7)));
  const years = r() < 0.5 ? `${first}-${last}` : `${String(first % 100).padStart(2, '0')}-${String(last % 100).padStart(2, '0')}`;
  const makeName = makeNameOf(m.make, have);
  const [part, lo, hi] = pick(r, CAR_PARTS);
  const grade = drawGrade(r, kind, market, null);
  const base = `${years} ${makeName} ${m.model}`;
  const named = [base, ...missing(base, plan.tokens.filter((t) => t !== String(yearAsked)))].join(' ');
  const fitment = yearAsked !== undefined && market === 'mkt_a' ? ` (For: ${yearAsked} ${makeName} ${m.model})` : '';
  const title = `${cut(`${named} ${part}${r() < 0.5 ? ' OEM' : ''}`, market)}${fitment}`;
  return {
    title, brand: makeName, grade, size: null, gender: 'unisex', kind, places: kind.places, vehicle: null,
    tags: [words(makeName).join(''), words(m.model).join('')].filter((t) => /^[a-z]/u.test(t)),
    price: roundAsk(r, logBetween(r, lo, hi) * (kind.factor[grade] ?? 1), market),
    note: pick(r, kind.notes[grade] ?? ['']),
    comp: 'accessory',
  };
}

/** A toy of the car (die-cast, Hot Wheels), what eBay shows among a car's parts. */
function drawToyCar(r: () => number, plan: SimPlan, m: CarModel): SimItem {
  const have = new Set(plan.tokens);
  const kind = kindOf('toy');
  const yearAsked = yearOf(plan);
  const base = `${yearAsked ?? ''} ${makeNameOf(m.make, have)} ${m.model}`.trim();
  const [template, lo, hi] = pick(r, TOY_CARS);
  const grade: Grade = r() < 0.6 ? 'new' : 'good';
  return {
    title: template.replace('{name}', [base, ...missing(base, plan.tokens)].join(' ')), brand: null, grade, size: null, gender: 'unisex', kind, places: kind.places, vehicle: null,
    tags: [words(m.model).join(''), 'diecast'],
    price: roundAsk(r, logBetween(r, lo, hi), 'mkt_a'),
    note: pick(r, kind.notes[grade] ?? ['']),
    comp: 'other',
  };
}

/** A plan reading keywords as cars whatever they say (mkt_e searches forced to cars and trucks). */
export function carPlan(q: string): SimPlan {
  const plan = readKeywords(q);
  if (plan.what === 'car') return plan;
  return { ...plan, what: 'car', label: 'cars', band: [4000, 30000], brands: [], kinds: ['car'], sources: [{ type: 'car', weight: 1, models: CARS }] };
}

/** One listing's random source: the marketplace, the keywords and the listing's place in the catalogue. */
export function itemRandom(market: SimMarket, q: string, i: number | string): () => number {
  return seededRandom(`item|${market}|${q.trim().toLowerCase().replace(/\s+/gu, ' ')}|${i}`);
}

/** Every kind the catalogue knows (for tests and docs). */
export const KNOWN_KINDS: readonly string[] = Object.keys(KINDS);
