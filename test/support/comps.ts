/**
 * @module support/comps
 * What every settled result must show of the judgement of comps, whatever the classifier
 * decides for a given title: every row ends with `comp_kind` (one of the five kinds) and
 * `comp_reasons` (codes), the result ends with `comp_version` (the judge's) and `comps`, and
 * `comps` is exactly @listings/comps' figures over those rows (the items' prices, and the count
 * of each kind adding up to the rows).
 */
import { COMP_VERSION, compsOf } from '@listings/comps';
import { COMPS_RESULT_FIELDS } from '@listings/contract';
import { judgementProblem } from '@listings/marketplaces/testkit';

interface JudgedResult {
  data: ReadonlyArray<Record<string, unknown>>;
  [field: string]: unknown;
}

/** Every problem of a settled result's judgement, as readable lines (empty when well-formed). */
export function judgedProblems(result: JudgedResult): string[] {
  const out: string[] = [];
  result.data.forEach((row, i) => {
    const p = row.comp_kind === undefined ? 'no comp_kind' : judgementProblem(row);
    if (p !== null) out.push(`data[${i}]: ${p}`);
  });
  const keys = Object.keys(result);
  if (keys.slice(-COMPS_RESULT_FIELDS.length).join() !== COMPS_RESULT_FIELDS.join()) out.push(`result ends with ${keys.slice(-2).join()}, not ${COMPS_RESULT_FIELDS.join()}`);
  if (result.comp_version !== COMP_VERSION) out.push(`comp_version ${JSON.stringify(result.comp_version)}, want ${COMP_VERSION}`);
  if (JSON.stringify(result.comps) !== JSON.stringify(compsOf(result.data))) out.push(`comps ${JSON.stringify(result.comps)} is not compsOf(data) ${JSON.stringify(compsOf(result.data))}`);
  const kinds = (result.comps as { kinds?: Record<string, number> } | undefined)?.kinds ?? {};
  const counted = Object.values(kinds).reduce((a, b) => a + b, 0);
  if (counted !== result.data.length) out.push(`comps.kinds count ${counted} rows of ${result.data.length}`);
  return out;
}

/** Jest assertion: the result is judged as every settled result is. */
export function expectJudged(result: JudgedResult): void {
  expect(judgedProblems(result)).toEqual([]);
}
