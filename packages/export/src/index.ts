/**
 * @module @listings/export
 * Pure exports of collected rows: the batch item price summary and the streamed CSV.
 */
export { summarize, batchComps, type BatchSummary } from './summary.ts';
export { csvColumns, csvRecord, streamCsv, textCell, toCsvString, type CsvColumn, type CsvSearch } from './csv.ts';
export { ROUTE_FIELDS, JUDGEMENT_FIELDS, type FieldSpec, type FieldShape } from './route-fields.ts';
