/**
 * @module jobs
 * `GET /v1/jobs/{request_id}` (interface 4.6): the job envelope; `wait` holds the call until
 * the job settles, `format=csv` downloads its rows (services/job-poll.ts, job-csv.ts).
 */
import type { Request, Response } from 'express';
import { envelopeOf } from '../services/envelope.ts';
import { jobCsv } from '../services/job-csv.ts';
import { ownJob, resultOf, settledOrTimeout } from '../services/job-poll.ts';
import { allowMethods, fixedParams, parseFormat, parseWait } from './query.ts';
import type { RouteModule } from './route.ts';
import { sendCsv, sendJson, untilClosed } from './send.ts';

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

export const registerJobRoutes: RouteModule = (app, services, auth) => {
  app.all(JOB_PATH, allowMethods('GET'), auth, async (req: Request, res: Response) => {
    const params = fixedParams(req, ['wait', 'format']);
    const wait = parseWait(params.get('wait'));
    const format = parseFormat(params.get('format'));
    const caller = req.caller!;
    const found = await ownJob(services, caller, jobIdOf(req));
    const { job, result } = await untilClosed(res, (gone) => settledOrTimeout(services, caller, found, wait, gone));
    if (res.destroyed) return;
    if (format === 'csv') return sendCsv(res, await jobCsv(services, job));
    sendJson(res, 200, envelopeOf(job, await resultOf(services, job, result)));
  });
};
