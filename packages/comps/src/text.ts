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

/** Folded lower-case text: what every other step reads. */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc'`\u00b4]/gu, '')
    .replace(/(\d)(?:st|nd|rd|th)\b/gu, '$1');
}

/** "cases" -> "case", "boxes" -> "box", "glasses" -> "glass"; short words and "-us"/"-is"/"-ss" kept. */
export function stem(w: string): string {
  if (w.length > 4 && /(?:ches|shes|sses|xes|zes)$/u.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/u.test(w)) return w.slice(0, -1);
  return w;
}

const isDigits = (t: string): boolean => t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57;

/** The tokens of one run of letters and digits ("wh-1000xm4" is two runs: "wh", "1000xm4"). */
function runTokens(run: string, out: string[]): void {
  for (const m of run.matchAll(/\p{L}+|\p{N}+/gu)) {
    const piece = m[0];
    if (isDigits(piece)) {
      out.push(piece);
      continue;
    }
    const spelled = SPELLINGS[piece];
    if (spelled !== undefined) {
      for (const p of spelled.split(' ')) out.push(p);
      continue;
    }
    out.push(stem(piece));
  }
}

/** The tokens of a text. */
export function tokens(s: string): string[] {
  const out: string[] = [];
  // "&" and "+" read as words: "switches & keycaps" is "switches and keycaps". A "+" written
  // against the word before it is a model's tier ("iPhone 8+", "S10+": plus); one standing
  // apart joins two things ("iPhone 13 + Case": and).
  const folded = fold(s).replace(/&/gu, ' and ').replace(/(?<=[\p{L}\p{N}])\+/gu, ' plus ').replace(/\+/gu, ' and ');
  for (const run of folded.split(/[^\p{L}\p{N}]+/u)) if (run !== '') runTokens(run, out);
  return out;
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

/** A tokenized text with a set of its tokens and of adjacent pairs written as one ("air pods" = "airpods"). */
export interface Text {
  toks: readonly string[];
  set: ReadonlySet<string>;
  /** The folded text, for the few patterns read on characters (year ranges, "(For: …)"). */
  folded: string;
}

export function textOf(s: string): Text {
  const toks = tokens(s);
  const set = new Set(toks);
  for (let i = 0; i + 1 < toks.length; i++) set.add(toks[i]! + toks[i + 1]!);
  return { toks, set, folded: fold(s) };
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

/**
 * Every place a phrase of a list occurs: the lists compiled once, indexed by first token.
 */
export class PhraseList {
  readonly #byFirst = new Map<string, string[][]>();
  readonly #labels = new Map<string, string>();

  constructor(phrases: readonly string[]) {
    for (const p of phrases) {
      const seq = tokens(p);
      if (seq.length === 0) continue;
      const key = seq.join(' ');
      if (this.#labels.has(key)) continue;
      this.#labels.set(key, p);
      const list = this.#byFirst.get(seq[0]!) ?? [];
      list.push(seq);
      list.sort((a, b) => b.length - a.length);
      this.#byFirst.set(seq[0]!, list);
    }
  }

  /** The phrase as the list writes it ("parts only" for the tokens "part only"). */
  label(seq: readonly string[]): string {
    return this.#labels.get(seq.join(' ')) ?? seq.join(' ');
  }

  /** The longest phrase starting at `i`, or null. */
  at(toks: readonly string[], i: number): string[] | null {
    const list = this.#byFirst.get(toks[i]!);
    if (!list) return null;
    outer: for (const seq of list) {
      if (i + seq.length > toks.length) continue;
      for (let j = 1; j < seq.length; j++) if (toks[i + j] !== seq[j]) continue outer;
      return seq;
    }
    return null;
  }

  /** Every match, left to right, not overlapping. */
  find(toks: readonly string[]): Array<{ at: number; seq: string[] }> {
    const out: Array<{ at: number; seq: string[] }> = [];
    for (let i = 0; i < toks.length; i++) {
      const seq = this.at(toks, i);
      if (seq) {
        out.push({ at: i, seq });
        i += seq.length - 1;
      }
    }
    return out;
  }
}
