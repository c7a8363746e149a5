/**
 * @module job-csv
 * `format=csv` on a job (decisions.md "CSV"): the batch CSV's columns for the job's route,
 * `search_index` 0 and `q` the job's query. Pending → 409 result_not_ready; failed → the
 * header line only.
 */
import { pipeline } from 'node:stream';
import type { Response } from 'express';
import { ApiError, type Result, type RouteId } from '@listings/contract';
import { csvColumns, streamCsv, type CsvSearch } from '@listings/export';
import type { JobRecord } from '@listings/store';
import type { Services } from '../services.ts';

export async function sendJobCsv(services: Services, job: JobRecord, res: Response): Promise<void> {
  if (job.status === 'pending') throw new ApiError('result_not_ready');
  const items: CsvSearch[] = [];
  if (job.status === 'complete' && job.resultId) {
    const json = await services.store.getResultJson(job.resultId);
    if (json === null) throw new ApiError('storage_unavailable', { message: "The job's result is no longer available." });
    const result = JSON.parse(json) as Result;
    items.push({ search_index: 0, q: job.q, endpoint: job.route, rows: result.data });
  }
  res.status(200).type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${job.id}.csv"`);
  pipeline(streamCsv(items, csvColumns([job.route as RouteId])), res, () => undefined);
}
