/**
 * @module sim/row-kinds
 * For the sandbox tests: what a row of a page is, read from its title's own words as a reader
 * would (not from the catalogue): the product the search names, an accessory of it, a lot,
 * another model. The tests' own word lists, written from the captures' accessory rows (the eBay
 * Sony page's "Ear Pads Foam Cushions", "Replacement Carry Case", "Audio Cable"; the Poshmark
 * iPhone page's "Empty Box"; the eBay Beetle page's "98-10 Volkswagen New Beetle … Door Panel").
 */

/** Words of an accessory's title. */
export const ACCESSORY_TITLE = /\b(case|cover|screen protector|lens protector|box only|empty|ear pads|ear tips|cable|charger|strap|band|skin|stand|laces|crease protectors|dust bag|organizer|replacement|attachment|knob|sealing ring|container|lid|frother|battery|chuck|caster|arm pads|insert|hardware kit|manual|light kit|pedals|body cap|shell|adapter|interface|watch box|sleeve|stylus|hdmi port|dock|thumbsticks|cushions?)\b/iu;
/** A car part's title: the years it fits before the car ("98-10 Volkswagen …", "2003-2010 VW …"). */
export const CAR_PART_TITLE = /^(\d\d|\d{4})-(\d\d|\d{4}) /u;
export const LOT_TITLE = /\bLot of \d+\b/iu;

export type RowKind = 'item' | 'accessory' | 'lot' | 'other';

/**
 * What a row is by its title: `names` says how titles name the product; `lots`: the product sells
 * in lots (a lot of it is the product).
 */
export function kindOfRow(title: string, names: RegExp, lots = false): RowKind {
  if (CAR_PART_TITLE.test(title)) return 'accessory';
  // What comes with the product ("with Strap", "w/ Box", "+ Case", "No Case") is no accessory; nor its own name's words ("Stand Mixer").
  const bare = title.replace(names, ' ').replace(/\b(with|w\/)\s.*$|\+\s.*$|\bno (case|box)\b|\bbox & papers\b/giu, ' ');
  if (ACCESSORY_TITLE.test(bare)) return 'accessory';
  if (LOT_TITLE.test(title) && !lots) return names.test(title) ? 'lot' : 'other';
  return names.test(title) ? 'item' : 'other';
}

/** The q-th quantile of a list (the value at floor(q·n) of the sorted list). */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
