/**
 * @module sim/drift
 * The sandbox market moving on, so a watch (docs/watches.md) can be tried offline: at drift
 * step n, a search's listings are its usual ones (step 0, what the simulators always served)
 * with, for each step 1…n, a few new listings at the top (new ids of the same shape; their title,
 * condition and ask drawn afresh from the catalogue as every listing of the search is, by the
 * simulator's `renew`, the rest of the record taken from a listing further down) and a few
 * listings near the top at a lower price. Deterministic in
 * the search and the step, so every worker and every run sees the same market at one step.
 *
 * The step is the simulator server's (sim/server.ts): 0 unless set, fixed with
 * `PUT /__sim/drift {"step": n}` (tests), or advancing by one every `period_ms` (`npm start`:
 * SIM_DRIFT_SECONDS). A simulator applies it where it orders a search's listings, naming the
 * id and price fields of its own listing type.
 */
import { seededRandom } from './kit.ts';

/** New listings at the top, and listings made cheaper, per step. */
export const NEW_PER_STEP = 3;
export const DROPS_PER_STEP = 3;
/** Price drops fall on the first this many listings (a first page sees them). */
export const DROP_WINDOW = 12;

export interface DriftFields<T> {
  /** The listing's id field (a string, or a number: the new ids are numbers then). */
  id: keyof T;
  /** The listing's price field (a number). */
  price: keyof T;
  /** Prices are multiples of this (1 cent as 1, whole dollars in cents as 100, whole dollars as 1). @defaultValue 1 */
  unit?: number;
  /**
   * A new listing's own fields (title, ask, condition, pictures…), drawn from `r` the way the
   * simulator draws every listing of the search; the other fields are those of `like`, a listing
   * further down. Without it a new listing is `like` under a new id.
   */
  renew?: (r: () => number, like: T) => Partial<T>;
  /** The search's own filters (condition, price bounds…): a renewed listing they refuse is drawn again. */
  keep?: (x: T) => boolean;
}

/** Draws of a new listing tried against the search's filters before it is left as a copy under a new id. */
const RENEW_TRIES = 12;

/**
 * An id of the same shape as `id`: digits redrawn as digits, hex letters as hex letters, every
 * other character kept (a prefix such as mkt_c's `m`, a uuid's dashes).
 */
export function idLike(id: string, r: () => number): string {
  const pick = (chars: string): string => chars[Math.floor(r() * chars.length)]!;
  let out = '';
  for (const ch of id) {
    if (/[0-9]/u.test(ch)) out += pick('0123456789');
    else if (/[a-f]/u.test(ch)) out += pick('abcdef');
    else if (/[A-F]/u.test(ch)) out += pick('ABCDEF');
    else out += ch;
  }
  // Leading zeros could read as another number: keep the first character as it was when it is a digit that is not 0.
  return /^[1-9]/u.test(id) && out[0] === '0' ? id[0]! + out.slice(1) : out;
}

/**
 * The listings at drift step `step` (the list as given when `step` is 0). `seed` names the
 * search (marketplace and query): the same seed and step give the same listings.
 */
export function drifted<T extends object>(items: readonly T[], step: number, seed: string, fields: DriftFields<T>): T[] {
  if (step <= 0 || items.length === 0) return [...items];
  const unit = fields.unit ?? 1;
  let list = [...items];
  const ids = new Set(list.map((x) => String(x[fields.id])));
  for (let s = 1; s <= step; s++) {
    const r = seededRandom(`drift|${seed}|${s}`);
    // Cheaper first (on listings already there), then new ones on top.
    const window = Math.min(DROP_WINDOW, list.length);
    for (let d = 0; d < DROPS_PER_STEP && window > 0; d++) {
      const i = Math.floor(r() * window);
      const item = list[i]!;
      const price = Number(item[fields.price]);
      const lower = Math.floor((price * (0.7 + r() * 0.2)) / unit) * unit;
      if (Number.isFinite(price) && lower > 0 && lower < price) list[i] = { ...item, [fields.price]: lower };
    }
    const fresh: T[] = [];
    for (let n = 0; n < NEW_PER_STEP; n++) {
      const source = list[Math.floor(r() * list.length)]!;
      const was = source[fields.id];
      let id = idLike(String(was), r);
      for (let tries = 0; ids.has(id) && tries < 10; tries++) id = idLike(String(was), r);
      if (ids.has(id)) continue;
      ids.add(id);
      const newId = typeof was === 'number' ? Number(id) : id;
      let made: T = { ...source, [fields.id]: newId };
      for (let t = 0; fields.renew && t < RENEW_TRIES; t++) {
        const candidate: T = { ...source, ...fields.renew(seededRandom(`drift|${seed}|${s}|new|${n}|${t}`), source), [fields.id]: newId };
        if (!fields.keep || fields.keep(candidate)) {
          made = candidate;
          break;
        }
      }
      fresh.push(made);
    }
    list = [...fresh, ...list];
  }
  return list;
}
