/**
 * @module batch-state
 * What each item of a batch is now (interface 2.6, 3), read the same way by the api (polls)
 * and the worker (the batch.settled webhook): from its job when one exists, else from how the
 * submitter recorded it (rejected, not_submitted), else from the submitter's lease (pending
 * while it runs, failed `not_submitted` once it lapsed). The batch is `pending` while any item is.
 */
import type { BatchItemState, BatchRecord, Batches } from './batches.ts';
import type { Store } from '../store.ts';
import type { JobRecord } from '../searches/searches.ts';

export type ItemStatus = 'pending' | 'complete' | 'failed' | 'rejected';

export interface ItemView {
  item: BatchItemState;
  job: JobRecord | null;
  status: ItemStatus;
  /** Error code when failed or rejected. */
  error: string | null;
  /** Pending only because the submitter has not reached it yet (no job, lease running). */
  awaitingSubmit: boolean;
}

export interface BatchView {
  batch: BatchRecord;
  nowMs: number;
  items: ItemView[];
  status: 'pending' | 'complete';
}

export function itemView(item: BatchItemState, job: JobRecord | null, batch: BatchRecord, nowMs: number): ItemView {
  if (job) return { item, job, status: job.status, error: job.status === 'failed' ? (job.error ?? 'upstream_error') : null, awaitingSubmit: false };
  if (item.outcome?.startsWith('rejected:')) return { item, job, status: 'rejected', error: item.outcome.slice('rejected:'.length), awaitingSubmit: false };
  if (item.outcome === null && batch.leaseUntilMs > nowMs) return { item, job, status: 'pending', error: null, awaitingSubmit: true };
  // Recorded but never handed to collection: `not_submitted`, or the submitter stopped before
  // reaching it (or its job expired with the batch's records).
  return { item, job, status: 'failed', error: 'not_submitted', awaitingSubmit: false };
}

/** A job only counts for the item when it was recorded for this batch. */
export function ownedJob(job: JobRecord | null, batchId: string): JobRecord | null {
  return job && job.batchId === batchId ? job : null;
}

export function batchStatus(items: readonly ItemView[]): 'pending' | 'complete' {
  return items.some((v) => v.status === 'pending') ? 'pending' : 'complete';
}

/** Every item's state, or null when the batch is unknown (or expired). */
export async function readBatchState(store: Store, batches: Batches, id: string): Promise<BatchView | null> {
  const found = await batches.get(id);
  if (!found) return null;
  const items = await batches.items(id);
  const jobs = await Promise.all(items.map((it) => store.getJob(it.jobId)));
  const views = items.map((it, i) => itemView(it, ownedJob(jobs[i]!, id), found.batch, found.nowMs));
  return { batch: found.batch, nowMs: found.nowMs, items: views, status: batchStatus(views) };
}

/** Counts and credits of the batch resource. */
export function batchCounts(view: BatchView): { counts: Record<ItemStatus, number>; credits: number } {
  const counts: Record<ItemStatus, number> = { pending: 0, complete: 0, failed: 0, rejected: 0 };
  let credits = 0;
  for (const v of view.items) {
    counts[v.status]++;
    credits += v.job?.credits ?? 0;
  }
  return { counts, credits };
}

/** `2026-03-01T12:00:00.000+00:00`: ISO 8601 with an explicit offset (interface 2.6). */
export function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/u, '+00:00');
}
