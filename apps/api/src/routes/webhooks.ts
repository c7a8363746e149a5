/**
 * @module webhooks (routes)
 * Webhook endpoints of the caller's account, an extension beside the interface's routes
 * (docs/webhooks.md), authenticated and rate limited like the rest:
 *
 * | method | path                                          | does                                   |
 * |--------|-----------------------------------------------|----------------------------------------|
 * | POST   | /v1/webhook_endpoints                         | create: `{url, events?, enabled?}` → 201 with `secret` (shown once); `Idempotency-Key` makes a retry safe |
 * | GET    | /v1/webhook_endpoints                         | list (no secrets)                      |
 * | GET    | /v1/webhook_endpoints/{id}                    | one endpoint                           |
 * | DELETE | /v1/webhook_endpoints/{id}                    | delete → 204                           |
 * | POST   | /v1/webhook_endpoints/{id}/rotate_secret      | a new secret (shown once)              |
 * | POST   | /v1/webhook_endpoints/{id}/enable, /disable   | turn deliveries on or off              |
 * | GET    | /v1/webhook_endpoints/{id}/deliveries         | the last 50 attempts                   |
 *
 * Each route adapts HTTP to a use case of services/webhook-endpoints.ts (which says what each
 * answers and refuses).
 */
import type { NextFunction, Request, Response } from 'express';
import type { RouteModule } from './route.ts';
import { idempotencyKeyHash } from '../services/submit-search.ts';
import { createEndpoint, deleteEndpoint, deliveries, getEndpoint, listEndpoints, rotateSecret, setEnabled } from '../services/webhook-endpoints.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { allowMethods, fixedParams } from './query.ts';
import { sendReply } from './send.ts';

export const registerWebhookRoutes: RouteModule = (app, services, auth) => {
  const postBody = (req: Request, res: Response, next: NextFunction): void => (req.method === 'POST' ? jsonBody(req, res, next) : next());
  const id = (req: Request): string => String(req.params.id);

  app.all('/v1/webhook_endpoints', allowMethods('GET', 'POST'), auth, postBody, async (req, res) => {
    fixedParams(req, []);
    if (req.method === 'GET') return sendReply(res, await listEndpoints(services, req.caller!));
    sendReply(res, await createEndpoint(services, req.caller!, req.body, idempotencyKeyHash(req.headers['idempotency-key'])));
  });

  app.all('/v1/webhook_endpoints/:id', allowMethods('GET', 'DELETE'), auth, async (req, res) => {
    fixedParams(req, []);
    if (req.method === 'GET') return sendReply(res, await getEndpoint(services, req.caller!, id(req)));
    await deleteEndpoint(services, req.caller!, id(req));
    res.status(204).end();
  });

  app.all('/v1/webhook_endpoints/:id/rotate_secret', allowMethods('POST'), auth, async (req, res) => {
    fixedParams(req, []);
    sendReply(res, await rotateSecret(services, req.caller!, id(req)));
  });

  for (const action of ['enable', 'disable'] as const) {
    app.all(`/v1/webhook_endpoints/:id/${action}`, allowMethods('POST'), auth, async (req, res) => {
      fixedParams(req, []);
      sendReply(res, await setEnabled(services, req.caller!, id(req), action === 'enable'));
    });
  }

  app.all('/v1/webhook_endpoints/:id/deliveries', allowMethods('GET'), auth, async (req, res) => {
    fixedParams(req, []);
    sendReply(res, await deliveries(services, req.caller!, id(req)));
  });
};
