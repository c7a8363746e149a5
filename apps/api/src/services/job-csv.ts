/**
 * @module job-csv
 * `format=csv` on a job (decisions.md "CSV"): the batch CSV's columns for the job's route,
 * `search_index` 0 and `q` the job's query. Pending → 409 result_not_ready; failed → the
 * header line only.
 */
import type { Readable } from 'node:stream';
import { ApiError, type Result, type RouteId } from '@listings/contract';
import { csvColumns, streamCsv, type CsvSearch } from '@listings/export';
import type { JobRecord } from '@listings/store';
import type { Services } from '../composition-root.ts';

/** A CSV to download: the file name to offer, and its bytes as they are produced. */
export interface CsvDownload {
  filename: string;
  stream: Readable;
}

export async function jobCsv(services: Services, job: JobRecord): Promise<CsvDownload> {
  if (job.status === 'pending') throw new ApiError('result_not_ready');
  const items: CsvSearch[] = [];
  if (job.status === 'complete' && job.resultId) {
    const json = await services.store.getResultJson(job.resultId);
    if (json === null) throw new ApiError('storage_unavailable', { message: "The job's result is no longer available." });
    const result = JSON.parse(json) as Result;
    items.push({ search_index: 0, q: job.q, endpoint: job.route, rows: result.data });
  }
  return { filename: `${job.id}.csv`, stream: streamCsv(items, csvColumns([job.route as RouteId])) };
}
