/**
 * @module comps (worker)
 * The judgement of comps on a finished page (issue 27): every row judged against the result's
 * query by @listings/comps, its `comp_kind` and `comp_reasons` added as the row's last fields
 * (every field the interface names keeps its place), and the result's `comp_version` and
 * `comps` (the figures over the rows judged `item`). Done once, when the page is settled, so
 * cached results and every reader of them (jobs, batches, CSV, watches) carry the same judgement.
 */
import { COMP_VERSION, compsOf, judgePage, judgeRowOf, type Comps, type Judgement } from '@listings/comps';
import type { Row } from '@listings/contract';

export interface JudgedPage {
  data: Row[];
  comp_version: string;
  comps: Comps;
}

/** What judges a page: @listings/comps' `judgePage` (a test may hand another). */
export type PageJudge = typeof judgePage;

/** The rows of one page judged against `query` on the marketplace `token`, and the page's comps block. */
export function judgedPage(query: string, token: string, rows: readonly Row[], judge: PageJudge = judgePage): JudgedPage {
  const judgements = judge(query, token, rows.map((r) => judgeRowOf(r)));
  if (judgements.length !== rows.length) throw new Error(`judgePage answered ${judgements.length} judgements for ${rows.length} rows`);
  const data = rows.map((row, i) => {
    const { comp_kind: _k, comp_reasons: _r, ...fields } = row;
    const j = judgements[i] as Judgement;
    return { ...fields, comp_kind: j.comp_kind, comp_reasons: [...j.comp_reasons] } as Row;
  });
  return { data, comp_version: COMP_VERSION, comps: compsOf(data) };
}
