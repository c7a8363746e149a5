/**
 * @module watches (routes)
 * Watches of the caller's account (docs/watches.md): saved searches that run on a schedule and
 * send `watch.matched` with the rows that are new or cheaper. Authenticated and rate limited
 * like every route; a watch belongs to the account and the mode of the key that created it.
 *
 * | method | path                        | does                                                        |
 * |--------|-----------------------------|-------------------------------------------------------------|
 * | POST   | /v1/watches                 | create → 201 (`Idempotency-Key`: the same key and body answer the same watch) |
 * | GET    | /v1/watches                 | list, oldest first                                          |
 * | GET    | /v1/watches/{id}            | one watch                                                   |
 * | PATCH  | /v1/watches/{id}            | change schedule, rules, endpoint, name; pause or resume     |
 * | DELETE | /v1/watches/{id}            | delete → 204 (its runs and seen rows with it)               |
 * | GET    | /v1/watches/{id}/runs       | the last 50 runs, newest first                              |
 *
 * Unknown, malformed or another account's (or the other mode's) IDs answer 404 not_found; bad
 * bodies 422 unsupported_or_invalid_query naming the field; the plan's limit 422 too.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError, isPlanName } from '@listings/contract';
import { COMMAND_TIMEOUT_MS, guardedWithin, newId, type WatchRecord } from '@listings/store';
import type { RouteModule } from './route.ts';
import { idempotencyKeyHash, refuseWhenShortOfMemory } from '../services/submit-search.ts';
import { createFingerprint, readCreate, readPatch, runView, WATCH_ID, watchView } from '../services/watches.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { allowMethods, fixedParams } from './query.ts';

function notFound(): ApiError {
  return new ApiError('not_found', { message: 'No watch with this ID belongs to this account.' });
}

export const registerWatchRoutes: RouteModule = (app, services, auth) => {
  const { watches, watchSchedules: schedules, logger } = services;

  const idOf = (req: Request): string => {
    const v = String(req.params.id);
    if (!WATCH_ID.test(v)) throw notFound();
    return v;
  };
  const json = (res: Response, status: number, body: unknown): void => {
    res.status(status).type('application/json').send(JSON.stringify(body));
  };
  const withBody = (req: Request, res: Response, next: NextFunction): void => (req.method === 'POST' || req.method === 'PATCH' ? jsonBody(req, res, next) : next());

  /**
   * Brings BullMQ in line with the watch now. A failure leaves the change marked: the workers'
   * sweep applies it after a grace, so the answer does not depend on it.
   */
  async function schedule(id: string): Promise<void> {
    try {
      await guardedWithin(() => schedules.apply(id), COMMAND_TIMEOUT_MS);
    } catch (err) {
      logger.warn({ watchId: id, err: (err as Error).message }, 'watch schedule not applied; the worker sweep will apply it');
    }
  }

  /** When the watch runs next, for display: null when BullMQ cannot say in time. */
  async function nextRun(w: WatchRecord): Promise<number | null> {
    if (w.status !== 'active') return null;
    try {
      return await guardedWithin(() => schedules.next(w.id), COMMAND_TIMEOUT_MS);
    } catch {
      return null;
    }
  }

  async function view(w: WatchRecord): Promise<Record<string, unknown>> {
    const [nextRunMs, runs] = await Promise.all([nextRun(w), watches.runs(w.id, 1)]);
    return watchView(w, { nextRunMs, lastRun: runs[0] ?? null });
  }

  app.all('/v1/watches', allowMethods('GET', 'POST'), auth, withBody, async (req, res) => {
    fixedParams(req, []);
    const caller = req.caller!;
    if (req.method === 'GET') {
      const list = await watches.list(caller.account, caller.mode);
      return json(res, 200, { data: await Promise.all(list.map(view)) });
    }
    const idem = idempotencyKeyHash(req.headers['idempotency-key']);
    const { fields, search } = await readCreate(services, caller, req.body);
    // A watch runs searches from its creation: refused with them while Redis is short of memory.
    refuseWhenShortOfMemory(services);
    const max = services.config.planWatchLimits[isPlanName(caller.plan) ? caller.plan : 'free'];
    const r = await watches.create({ id: newId('wat'), account: caller.account, mode: caller.mode, max, idempotencyKeyHash: idem, fingerprint: createFingerprint(caller.mode, search, fields), fields });
    switch (r.kind) {
      case 'full':
        throw new ApiError('unsupported_or_invalid_query', { message: `This plan allows ${max} watch${max === 1 ? '' : 'es'} per mode (live and sandbox apart); delete one first.` });
      case 'conflict':
        throw new ApiError('idempotency_conflict', { message: 'This Idempotency-Key was already used with a different body (or on another route).' });
      case 'gone':
        throw new ApiError('idempotency_conflict', { message: 'The watch this Idempotency-Key created has been deleted; send a new key to create another.' });
      default:
        break;
    }
    if (r.kind === 'created') await schedule(r.watch.id);
    res.setHeader('Location', `/v1/watches/${r.watch.id}`);
    if (r.kind === 'replay') res.setHeader('Idempotent-Replayed', 'true');
    json(res, 201, await view(r.watch));
  });

  app.all('/v1/watches/:id', allowMethods('GET', 'PATCH', 'DELETE'), auth, withBody, async (req, res) => {
    fixedParams(req, []);
    const caller = req.caller!;
    const id = idOf(req);
    if (req.method === 'DELETE') {
      if (!(await watches.remove(caller.account, caller.mode, id))) throw notFound();
      await schedule(id);
      res.status(204).end();
      return;
    }
    const w = await watches.get(caller.account, caller.mode, id);
    if (!w) throw notFound();
    if (req.method === 'GET') return json(res, 200, await view(w));
    const { patch, reschedule } = await readPatch(services, caller, req.body);
    const changed = await watches.update(caller.account, caller.mode, id, patch, reschedule);
    if (!changed) throw notFound();
    if (reschedule) await schedule(id);
    json(res, 200, await view(changed));
  });

  app.all('/v1/watches/:id/runs', allowMethods('GET'), auth, async (req, res) => {
    fixedParams(req, []);
    const caller = req.caller!;
    const id = idOf(req);
    if (!(await watches.get(caller.account, caller.mode, id))) throw notFound();
    json(res, 200, { data: (await watches.runs(id)).map(runView) });
  });
};
