/**
 * @module jobs
 * `GET /v1/jobs/{request_id}` (interface 4.6): the job envelope; `wait` holds the call until
 * the job settles (woken through Redis pub/sub), `format=csv` downloads its rows.
 */
import type { Express, Request, Response } from 'express';
import { ApiError } from '@listings/contract';
import { isId, type JobRecord } from '@listings/store';
import type { Services } from '../services.ts';
import type { Caller } from '../middleware/auth.ts';
import type { authenticate } from '../middleware/auth.ts';
import { envelopeOf } from '../services/envelope.ts';
import { sendJobCsv } from '../services/job-csv.ts';
import { sendJson } from './send.ts';
import { allowMethods, fixedParams, parseFormat, parseWait } from './query.ts';

/** The caller's job, or 404 request_not_found (malformed, unknown, another account's or mode's). */
export async function ownJob(services: Services, caller: Caller, id: string): Promise<JobRecord> {
  if (!isId('req', id)) throw new ApiError('request_not_found');
  const job = await services.store.getJob(id);
  if (!job || job.account !== caller.account || job.mode !== caller.mode) throw new ApiError('request_not_found');
  return job;
}

/**
 * Waits up to `seconds` for a pending job to settle; returns its latest record, and the
 * result's bytes when the settle announced its result id (read in the same round trip).
 */
export async function settledOrTimeout(services: Services, caller: Caller, job: JobRecord, seconds: number, res: Response): Promise<{ job: JobRecord; result: Buffer | null }> {
  if (job.status !== 'pending' || seconds === 0) return { job, result: null };
  const gone = new AbortController();
  const onClose = (): void => gone.abort();
  res.once('close', onClose);
  const w = services.waiters.wait(job.id, seconds * 1000, gone.signal);
  try {
    const now = await ownJob(services, caller, job.id);
    if (now.status !== 'pending') return { job: now, result: null };
    await w.done;
    const rid = w.resultId;
    const [after, result] = await Promise.all([ownJob(services, caller, job.id), rid ? services.store.getResultBytes(rid) : null]);
    return { job: after, result: after.resultId === rid ? result : null };
  } finally {
    w.cancel();
    res.off('close', onClose);
  }
}

/**
 * The job path, matched without a named parameter: the router would decode one before any
 * handler runs and answer an ID that is not valid %-encoding with a generic 400. Such an ID is
 * just malformed: 404 request_not_found, after the key is checked like on any other job.
 */
const JOB_PATH = /^\/v1\/jobs\/[^/]+$/u;

function jobIdOf(req: Request): string {
  const raw = req.path.slice('/v1/jobs/'.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

export function registerJobRoutes(app: Express, services: Services, auth: ReturnType<typeof authenticate>): void {
  app.all(JOB_PATH, allowMethods('GET'), auth, async (req: Request, res: Response) => {
    const params = fixedParams(req, ['wait', 'format']);
    const wait = parseWait(params.get('wait'));
    const format = parseFormat(params.get('format'));
    const caller = req.caller!;
    let job = await ownJob(services, caller, jobIdOf(req));
    const settled = await settledOrTimeout(services, caller, job, wait, res);
    job = settled.job;
    if (res.destroyed) return;
    if (format === 'csv') return sendJobCsv(services, job, res);
    const resultJson = job.status === 'complete' && job.resultId ? settled.result ?? await services.store.getResultBytes(job.resultId) : null;
    sendJson(res, 200, envelopeOf(job, resultJson));
  });
}
