/**
 * @module batch-csv
 * `format=csv` on a batch (interface 4.8, decisions.md "CSV"): one line per row of every
 * complete item, in index order, with `search_index`, `q`, `endpoint` first; the columns are
 * those of every route the batch names (the union in the fixed route order of
 * @listings/export), so the header does not depend on which items completed. While anything
 * is pending: 409 result_not_ready. Items are read from Redis one at a time as the stream is
 * consumed, so memory stays flat in the number of rows.
 */
import { pipeline, Transform } from 'node:stream';
import { ApiError, type Result, type RouteId } from '@listings/contract';
import { csvColumns, streamCsv, type CsvSearch } from '@listings/export';
import type { Services } from '../composition-root.ts';
import type { BatchView } from './batch-poll.ts';
import type { CsvDownload } from './job-csv.ts';

async function* completeSearches(services: Services, view: BatchView): AsyncGenerator<CsvSearch> {
  for (const v of view.items) {
    if (v.status !== 'complete' || !v.job?.resultId) continue;
    const json = await services.store.getResultJson(v.job.resultId);
    if (json === null) throw new Error(`result of ${v.item.jobId} is no longer stored`);
    yield { search_index: v.item.index, q: v.item.q, endpoint: v.item.endpoint, rows: (JSON.parse(json) as Result).data };
  }
}

/**
 * Gathers the CSV's per-row chunks into writes of about `size` bytes: one socket write (and
 * one chunked-encoding frame) per row would cost more than writing the rows themselves.
 * Holds at most one block, so memory stays flat.
 */
export function coalesce(size = 64 * 1024): Transform {
  let parts: Buffer[] = [];
  let held = 0;
  return new Transform({
    transform(chunk: Buffer | string, _enc, done) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      parts.push(b);
      held += b.length;
      if (held >= size) {
        this.push(Buffer.concat(parts, held));
        parts = [];
        held = 0;
      }
      done();
    },
    flush(done) {
      if (held > 0) this.push(Buffer.concat(parts, held));
      done();
    },
  });
}

export function batchCsv(services: Services, view: BatchView): CsvDownload {
  if (view.status === 'pending') throw new ApiError('result_not_ready');
  const routes = [...new Set(view.items.map((v) => v.item.endpoint as RouteId))];
  // An error reading the items ends the stream with it (the download is cut short).
  const stream = pipeline(streamCsv(completeSearches(services, view), csvColumns(routes)), coalesce(), () => undefined);
  return { filename: `${view.batch.id}.csv`, stream };
}
