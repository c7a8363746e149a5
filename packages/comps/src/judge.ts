/**
 * @module judge
 * INTERIM (lead's skeleton, replaced by the classifier in this wave): the signature every
 * caller uses. Judges every row `item` with no reason until the classifier lands.
 */
import type { JudgeRow, Judgement } from './types.ts';

/** Version of the judgement rules and word lists; on every result as `comp_version`. */
export const COMP_VERSION = '0.0.0-interim';

/**
 * Judges every row of one page against the page's query. Deterministic and offline: the same
 * query and rows give the same judgements. `token` is the marketplace (`mkt_a` …).
 */
export function judgePage(query: string, token: string, rows: readonly JudgeRow[]): Judgement[] {
  void query;
  void token;
  return rows.map(() => ({ comp_kind: 'item', comp_reasons: [] }));
}
