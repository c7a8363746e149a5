/**
 * @module types
 * What a row judgement is (issue 27): which kind of thing a search row is, relative to the
 * query, and why.
 */

/** The five kinds, in the order the docs and the counts list them. */
export const COMP_KINDS = ['item', 'accessory', 'lot', 'parts', 'other'] as const;
export type CompKind = (typeof COMP_KINDS)[number];

/** The two fields added to every row of every search route. */
export interface Judgement {
  comp_kind: CompKind;
  /** Short codes saying why (`accessory_word:case`, `model_mismatch:15`, …); empty for a plain item. */
  comp_reasons: string[];
}

/** What the judgement reads of a row, whatever its route. */
export interface JudgeRow {
  /** The title (mkt_d: its description, which is what it shows as a title). */
  title: string | null;
  /** The marketplace's condition text or code, when the row has one. */
  condition: string | null;
  /** The marketplace's category id or name, when the row has one. */
  category: string | null;
  /** The displayed USD amount, or null. */
  price: number | null;
  /** The row's brand field, where its route has one (mkt_b, mkt_d): read as part of the title. */
  brand?: string | null;
  /** Odometer miles (mkt_e): a row with miles is a vehicle, never one of its parts. */
  vehicleMiles?: number | null;
}
