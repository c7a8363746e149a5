/**
 * @module job-poll
 * Reading a job (interface 4.6): the caller's own job, or 404 `request_not_found`; with `wait`,
 * held until the job settles (woken through Redis pub/sub by settle.lua's announcement) or the
 * time is up or the caller is gone; the result's bytes read with the job when the settle named
 * them.
 */
import { ApiError } from '@listings/contract';
import { isId, type JobRecord } from '@listings/store';
import type { Services } from '../composition-root.ts';
import type { Caller } from './authenticate.ts';

/** The caller's job, or 404 request_not_found (malformed, unknown, another account's or mode's). */
export async function ownJob(services: Services, caller: Caller, id: string): Promise<JobRecord> {
  if (!isId('req', id)) throw new ApiError('request_not_found');
  const job = await services.store.getJob(id);
  if (!job || job.account !== caller.account || job.mode !== caller.mode) throw new ApiError('request_not_found');
  return job;
}

/**
 * Waits up to `seconds` for a pending job to settle, or until `gone` aborts (the client left);
 * returns its latest record, and the result's bytes when the settle announced its result id
 * (read in the same round trip).
 */
export async function settledOrTimeout(services: Services, caller: Caller, job: JobRecord, seconds: number, gone: AbortSignal): Promise<{ job: JobRecord; result: Buffer | null }> {
  if (job.status !== 'pending' || seconds === 0) return { job, result: null };
  const w = services.waiters.wait(job.id, seconds * 1000, gone);
  try {
    const now = await ownJob(services, caller, job.id);
    if (now.status !== 'pending') return { job: now, result: null };
    await w.done;
    const rid = w.resultId;
    const [after, result] = await Promise.all([ownJob(services, caller, job.id), rid ? services.store.getResultBytes(rid) : null]);
    return { job: after, result: after.resultId === rid ? result : null };
  } finally {
    w.cancel();
  }
}

/** The job's result bytes when it is complete (read again unless the wait brought them), else null. */
export async function resultOf(services: Services, job: JobRecord, known: Buffer | null): Promise<Buffer | null> {
  return job.status === 'complete' && job.resultId ? known ?? await services.store.getResultBytes(job.resultId) : null;
}
