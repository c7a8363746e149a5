/**
 * @module batches
 * `POST /v1/batches` and `GET /v1/batches/{batch_id}` (interface 4.7, 4.8), registered as a
 * route module behind the same pipeline as every route (405 on other methods, auth, rate
 * limit). The stories live in services/batch-create.ts, batch-poll.ts and batch-csv.ts.
 */
import type { Request, Response } from 'express';
import { ApiError } from '@listings/contract';
import { jsonBody } from '../middleware/json-body.ts';
import { submitBatch, type SubmitOptions } from '../services/batch-create.ts';
import { batchCsv } from '../services/batch-csv.ts';
import { loadBatch, renderBatch, settledOrTimeout } from '../services/batch-poll.ts';
import { idempotencyKeyHash } from '../services/submit-search.ts';
import { allowMethods, fixedParams, parseFormat, parseWait } from './query.ts';
import type { RouteModule } from './route.ts';
import { sendCsv, untilClosed } from './send.ts';

export interface BatchRouteOptions {
  /**
   * How long an item the submitter has not reached yet reads as pending; after that (the
   * submitting process died) it reads as failed `not_submitted`. Renewed every 25 items.
   * @defaultValue 10000
   */
  leaseMs?: number;
  /** Test hook: see SubmitOptions.crashBeforeItem. */
  crashBeforeItem?: SubmitOptions['crashBeforeItem'];
}

function batchPath(id: string): string {
  return `/v1/batches/${id}`;
}

/**
 * A call that submitted searches (a new batch, or a resend running items never submitted)
 * answers 200 only when every one was answered from the cache, else 202 (interface 4.7),
 * whatever the items became meanwhile. A resend with nothing left to run answers 200 once
 * nothing is pending, 202 before.
 */
function answer(res: Response, body: string, batchId: string, status: 200 | 202, replayed: boolean): void {
  res.setHeader('Location', batchPath(batchId));
  if (replayed) res.setHeader('Idempotent-Replayed', 'true');
  if (status === 202) res.setHeader('Retry-After', '2');
  res.status(status).type('application/json').send(body);
}

export function createBatchRoutes(options: BatchRouteOptions = {}): RouteModule {
  const submit: SubmitOptions = { leaseMs: options.leaseMs ?? 10_000, crashBeforeItem: options.crashBeforeItem };
  return (app, services, auth) => {
    app.all('/v1/batches', allowMethods('POST'), auth, jsonBody, async (req: Request, res: Response) => {
      fixedParams(req, []);
      const done = await submitBatch(services, req.caller!, req.body, idempotencyKeyHash(req.headers['idempotency-key']), submit);
      if (done === null) {
        res.destroy();
        return;
      }
      answer(res, done.body, done.batchId, done.pending ? 202 : 200, done.replayed);
    });

    app.all('/v1/batches/:id', allowMethods('GET'), auth, async (req: Request, res: Response) => {
      const params = fixedParams(req, ['wait', 'include', 'format']);
      const wait = parseWait(params.get('wait'));
      const format = parseFormat(params.get('format'));
      const include = params.get('include');
      if (include !== undefined && include !== 'results') throw new ApiError('unsupported_or_invalid_query', { param: 'include', message: 'include must be results.' });
      const found = await loadBatch(services, req.caller!, String(req.params.id));
      const view = await untilClosed(res, (gone) => settledOrTimeout(services, found, wait, gone));
      if (res.destroyed) return;
      if (format === 'csv') return sendCsv(res, batchCsv(services, view));
      res.status(200).type('application/json').send(await renderBatch(services, view, include === 'results'));
    });
  };
}

/** The batch routes with their production settings. */
export const registerBatchRoutes: RouteModule = createBatchRoutes();
