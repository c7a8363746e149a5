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
 * Each route adapts HTTP to a use case of services/watches.ts (which says what each answers and
 * refuses, and keeps the store and BullMQ's schedulers in line).
 */
import type { NextFunction, Request, Response } from 'express';
import type { RouteModule } from './route.ts';
import { idempotencyKeyHash } from '../services/submit-search.ts';
import { createWatch, deleteWatch, getWatch, listWatches, updateWatch, watchRuns } from '../services/watches.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { allowMethods, fixedParams } from './query.ts';

export const registerWatchRoutes: RouteModule = (app, services, auth) => {
  const id = (req: Request): string => String(req.params.id);
  const json = (res: Response, status: number, body: unknown): void => {
    res.status(status).type('application/json').send(JSON.stringify(body));
  };
  const withBody = (req: Request, res: Response, next: NextFunction): void => (req.method === 'POST' || req.method === 'PATCH' ? jsonBody(req, res, next) : next());

  app.all('/v1/watches', allowMethods('GET', 'POST'), auth, withBody, async (req, res) => {
    fixedParams(req, []);
    if (req.method === 'GET') return json(res, 200, await listWatches(services, req.caller!));
    const created = await createWatch(services, req.caller!, req.body, idempotencyKeyHash(req.headers['idempotency-key']));
    res.setHeader('Location', `/v1/watches/${created.id}`);
    if (created.replayed) res.setHeader('Idempotent-Replayed', 'true');
    json(res, 201, created.watch);
  });

  app.all('/v1/watches/:id', allowMethods('GET', 'PATCH', 'DELETE'), auth, withBody, async (req, res) => {
    fixedParams(req, []);
    if (req.method === 'GET') return json(res, 200, await getWatch(services, req.caller!, id(req)));
    if (req.method === 'PATCH') return json(res, 200, await updateWatch(services, req.caller!, id(req), req.body));
    await deleteWatch(services, req.caller!, id(req));
    res.status(204).end();
  });

  app.all('/v1/watches/:id/runs', allowMethods('GET'), auth, async (req, res) => {
    fixedParams(req, []);
    json(res, 200, await watchRuns(services, req.caller!, id(req)));
  });
};
