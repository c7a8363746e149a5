/**
 * @module text
 * One tokenizer for titles, queries and the word lists, so they meet on the same terms:
 * Unicode-folded (accents off: "Pokémon" = "pokemon"), lower case, apostrophes dropped
 * ("owner's" = "owners"), ordinals to numbers ("2nd" = "2"), split at anything that is not a
 * letter or a digit (emoji, punctuation, hyphens: "WH-1000XM4" = "wh 1000 xm 4") and between
 * letters and digits ("iPhone14" = "iphone 14", "PS5" = "ps 5", "256GB" = "256 gb"), plural
 * "s" off ("cases" = "case"), and a few spellings made one ("playstation" = "ps", "vw" =
 * "volkswagen").
 */

const SPELLINGS: Readonly<Record<string, string>> = {
  playstation: 'ps', vw: 'volkswagen', chevy: 'chevrolet', accessorys: 'accessory', accessories: 'accessory', tshirt: 't shirt',
  bnib: 'new', nib: 'new', nwt: 'new', nwot: 'new', fits: 'fits', switches: 'switches',
};

const MARKS = /\p{M}+/gu;
const QUOTES = /[\u2018\u2019\u02bc'`\u00b4]/gu;
const ASCII_QUOTES = /['`]/gu;
const ORDINAL = /(\d)(?:st|nd|rd|th)\b/gu;

/** Every character below U+0080: NFKD leaves it as it is, it has no marks, and only A-Z have a lower case. */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Folded lower-case text: what every other step reads. */
export function fold(s: string): string {
  if (!isAscii(s)) return s.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(QUOTES, '').replace(ORDINAL, '$1');
  // ASCII: the same steps without the ones that cannot change it (NFKD, marks, the typographic quotes).
  let f = s.toLowerCase();
  if (f.includes("'") || f.includes('`')) f = f.replace(ASCII_QUOTES, '');
  return f.replace(ORDINAL, '$1');
}

const [C, E, H, I, S, U, X, Z] = [...'cehisuxz'].map((c) => c.charCodeAt(0)) as [number, number, number, number, number, number, number, number];

/** "cases" -> "case", "boxes" -> "box", "glasses" -> "glass"; short words and "-us"/"-is"/"-ss" kept. */
export function stem(w: string): string {
  const n = w.length;
  if (n < 4 || w.charCodeAt(n - 1) !== S) return w;
  // -ches, -shes, -sses, -xes, -zes: two letters off.
  if (n > 4 && w.charCodeAt(n - 2) === E) {
    const c3 = w.charCodeAt(n - 3);
    const c4 = w.charCodeAt(n - 4);
    if (c3 === X || c3 === Z || (c3 === H && (c4 === C || c4 === S)) || (c3 === S && c4 === S)) return w.slice(0, -2);
  }
  // -s, but not -ss, -us, -is.
  const c2 = w.charCodeAt(n - 2);
  return c2 === S || c2 === U || c2 === I ? w : w.slice(0, -1);
}

const isDigits = (t: string): boolean => t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57;

/** One piece: a run of letters or a run of digits ("1000xm4" is "1000", "xm", "4"). */
function pushPiece(piece: string, out: string[]): void {
  if (isDigits(piece)) {
    out.push(piece);
    return;
  }
  // Own keys only: a title's "constructor" or "__proto__" is a word, not Object.prototype's.
  const spelled = Object.hasOwn(SPELLINGS, piece) ? SPELLINGS[piece] : undefined;
  if (spelled !== undefined) {
    for (const p of spelled.split(' ')) out.push(p);
    return;
  }
  out.push(stem(piece));
}

/** What a character is to the tokenizer: a letter (\p{L}), a number (\p{N}), "&", "+", or a separator. */
const SEP = 0;
const LETTER = 1;
const NUMBER = 2;
const AMP = 3;
const PLUS = 4;
const ASCII_CLASS = new Uint8Array(128).map((_, c) => (/\p{L}/u.test(String.fromCharCode(c)) ? LETTER : /\p{N}/u.test(String.fromCharCode(c)) ? NUMBER : c === 0x26 ? AMP : c === 0x2b ? PLUS : SEP));
/** Classes of the characters above U+007F met so far (characters, never texts; bounded). */
const WIDE_CLASS = new Map<number, number>();
const MAX_WIDE = 4096;
function wideClass(cp: number): number {
  let cls = WIDE_CLASS.get(cp);
  if (cls !== undefined) return cls;
  const ch = String.fromCodePoint(cp);
  cls = /\p{L}/u.test(ch) ? LETTER : /\p{N}/u.test(ch) ? NUMBER : SEP;
  if (WIDE_CLASS.size < MAX_WIDE) WIDE_CLASS.set(cp, cls);
  return cls;
}

/**
 * The tokens of a folded text, in one pass: each run of letters and each run of digits is a
 * piece; anything else separates them. "&" and "+" read as words: "switches & keycaps" is
 * "switches and keycaps". A "+" written against the word before it is a model's tier ("iPhone
 * 8+", "S10+": plus); one standing apart joins two things ("iPhone 13 + Case": and).
 */
function tokensOfFolded(folded: string): string[] {
  const out: string[] = [];
  let start = 0;
  let run = SEP;
  let prev = SEP;
  for (let i = 0; i < folded.length; ) {
    const c = folded.charCodeAt(i);
    let cls: number;
    let width = 1;
    if (c < 0x80) cls = ASCII_CLASS[c]!;
    else {
      const cp = folded.codePointAt(i)!;
      if (cp > 0xffff) width = 2;
      cls = wideClass(cp);
    }
    if (cls !== run) {
      if (run !== SEP) pushPiece(folded.slice(start, i), out);
      if (cls === LETTER || cls === NUMBER) {
        start = i;
        run = cls;
      } else run = SEP;
    }
    if (cls === AMP) out.push('and');
    else if (cls === PLUS) out.push(prev === LETTER || prev === NUMBER ? 'plus' : 'and');
    prev = cls;
    i += width;
  }
  if (run !== SEP) pushPiece(folded.slice(start), out);
  return out;
}

/** The tokens of a text. */
export function tokens(s: string): string[] {
  return tokensOfFolded(fold(s));
}

/** The tokens of each whitespace-separated word of a text (a query's units: "wh-1000xm4" stays one word). */
export function wordTokens(s: string): string[][] {
  const words: string[][] = [];
  for (const w of fold(s).split(/[\s,;()[\]{}"|]+/u)) {
    const t = tokens(w);
    if (t.length > 0) words.push(t);
  }
  return words;
}

export const isNumber = isDigits;

/**
 * What each token of a text starts in the phrase lists: for each token, its entry of FIRSTS
 * (undefined when it starts no list's phrase), and the positions that have one. Read once per
 * text, it spares each list its own look-up of every token.
 */
export interface Firsts {
  entries: ReadonlyArray<ReadonlyArray<string[][] | undefined> | undefined>;
  /** The positions whose token starts a phrase of some list, in order. */
  where: readonly number[];
}

/** A tokenized text. */
export interface Text {
  toks: readonly string[];
  /** The folded text, for the few patterns read on characters (year ranges, "(For: …)"). */
  folded: string;
  firsts: Firsts;
}

export function textOf(s: string): Text {
  const folded = fold(s);
  const toks = tokensOfFolded(folded);
  return { toks, folded, firsts: firstsOf(toks) };
}

/** The phrases of every list by first token: FIRSTS.get(token)[list id] is that list's phrases starting with it, longest first. */
const FIRSTS = new Map<string, Array<string[][] | undefined>>();
/** Lists past this many (none: the lists are made once, when the modules load) keep to their own index. */
const MAX_SHARED_LISTS = 64;
let lists = 0;

export function firstsOf(toks: readonly string[]): Firsts {
  const entries = new Array<ReadonlyArray<string[][] | undefined> | undefined>(toks.length);
  const where: number[] = [];
  for (let i = 0; i < toks.length; i++) {
    const e = FIRSTS.get(toks[i]!);
    entries[i] = e;
    if (e !== undefined) where.push(i);
  }
  return { entries, where };
}

/** Where `seq` starts in `toks` at or after `from`, or -1. */
export function indexOfSeq(toks: readonly string[], seq: readonly string[], from = 0): number {
  if (seq.length === 0) return -1;
  const first = seq[0]!;
  outer: for (let i = from; i + seq.length <= toks.length; i++) {
    if (toks[i] !== first) continue;
    for (let j = 1; j < seq.length; j++) if (toks[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
}

/** A phrase of a list found in a text: where it starts, and the list's tokens of it. */
export interface Match {
  at: number;
  seq: string[];
}

/** Shared by every search that finds nothing (read only: its type says so). */
const NO_MATCH: ReadonlyArray<Match> = [];

/**
 * Every place a phrase of a list occurs: the lists compiled once, indexed by first token (their
 * own index, and FIRSTS shared by every list).
 */
export class PhraseList {
  readonly #byFirst = new Map<string, string[][]>();
  readonly #labels = new Map<string, string>();
  /** The list's own phrases: their key (tokens joined by spaces) and label, found by identity. */
  readonly #keyOf = new Map<readonly string[], string>();
  readonly #labelOf = new Map<readonly string[], string>();
  /** This list's place in FIRSTS, or -1. */
  readonly #id = lists < MAX_SHARED_LISTS ? lists++ : -1;

  constructor(phrases: readonly string[]) {
    for (const p of phrases) {
      const seq = tokens(p);
      if (seq.length === 0) continue;
      const key = seq.join(' ');
      if (this.#labels.has(key)) continue;
      this.#labels.set(key, p);
      this.#keyOf.set(seq, key);
      this.#labelOf.set(seq, p);
      const list = this.#byFirst.get(seq[0]!) ?? [];
      list.push(seq);
      list.sort((a, b) => b.length - a.length);
      this.#byFirst.set(seq[0]!, list);
      if (this.#id >= 0) {
        const shared = FIRSTS.get(seq[0]!) ?? [];
        shared[this.#id] = list;
        FIRSTS.set(seq[0]!, shared);
      }
    }
  }

  /** The tokens of a phrase joined by spaces (what the word lists are keyed by). */
  key(seq: readonly string[]): string {
    return this.#keyOf.get(seq) ?? seq.join(' ');
  }

  /** The phrase as the list writes it ("parts only" for the tokens "part only"). */
  label(seq: readonly string[]): string {
    return this.#labelOf.get(seq) ?? this.#labels.get(seq.join(' ')) ?? seq.join(' ');
  }

  /** The longest phrase starting at `i`, or null. `firsts`: firstsOf(toks), when the caller has it. */
  at(toks: readonly string[], i: number, firsts?: Firsts): string[] | null {
    const list = firsts !== undefined && this.#id >= 0 ? firsts.entries[i]?.[this.#id] : this.#byFirst.get(toks[i]!);
    if (!list) return null;
    outer: for (const seq of list) {
      if (i + seq.length > toks.length) continue;
      for (let j = 1; j < seq.length; j++) if (toks[i + j] !== seq[j]) continue outer;
      return seq;
    }
    return null;
  }

  /** Every match, left to right, not overlapping. */
  find(toks: readonly string[], firsts?: Firsts): ReadonlyArray<Match> {
    if (firsts !== undefined && this.#id >= 0) {
      // Only where a phrase of some list starts; past each match, as below.
      let found: Match[] | null = null;
      let next = 0;
      for (const i of firsts.where) {
        if (i < next) continue;
        const seq = this.at(toks, i, firsts);
        if (seq) {
          (found ??= []).push({ at: i, seq });
          next = i + seq.length;
        }
      }
      return found ?? NO_MATCH;
    }
    const out: Match[] = [];
    for (let i = 0; i < toks.length; i++) {
      const seq = this.at(toks, i, firsts);
      if (seq) {
        out.push({ at: i, seq });
        i += seq.length - 1;
      }
    }
    return out;
  }
}
