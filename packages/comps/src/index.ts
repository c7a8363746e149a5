/**
 * @module @listings/comps
 * Comps users can trust (issue 27): every search row judged against the query (`comp_kind`,
 * `comp_reasons`), and price figures over the rows that are the item searched (`comps`).
 */
export { COMP_KINDS, type CompKind, type Judgement, type JudgeRow } from './types.ts';
export { COMP_VERSION, judgePage } from './judge.ts';
export { judgeRowOf } from './rows.ts';
export { compsOf, type Comps } from './figures.ts';
