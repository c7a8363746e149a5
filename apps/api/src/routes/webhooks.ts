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
 * Endpoints belong to the account and the mode of the key (sandbox keys manage sandbox
 * endpoints, which receive only sandbox events). Unknown, malformed or another account's IDs
 * answer 404 not_found; bad bodies 422 unsupported_or_invalid_query naming the field.
 *
 * A create is safe to retry: with an `Idempotency-Key`, the same key and body answer the
 * endpoint that key created, with its secret (`Idempotent-Replayed: true`), so a caller whose
 * first try timed out still gets the secret; the same key with another body (or used on a
 * search or batch) is 409 idempotency_conflict. A create Redis did not answer in time answers
 * 503 storage_unavailable with `Listings-Recorded: unknown` and says it may have been
 * recorded; one that surely was not, `Listings-Recorded: no`.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '@listings/contract';
import { StorageUnavailableError } from '@listings/store';
import { endpointView, type EndpointRecord, type WebhookEventType } from '@listings/store';
import { endpointUrlProblem, EVENT_TYPES, isEventType, type UrlRules } from '@listings/webhooks';
import type { RouteModule } from './route.ts';
import { idempotencyKeyHash } from '../services/submit-search.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { allowMethods, fixedParams } from './query.ts';

const ID = /^we_[0-9A-Za-z]{22}$/u;

function invalid(param: string, message: string): ApiError {
  return new ApiError('unsupported_or_invalid_query', { param, message });
}

function notFound(): ApiError {
  return new ApiError('not_found', { message: 'No webhook endpoint with this ID belongs to this account.' });
}

interface CreateBody { url: string; events: WebhookEventType[]; enabled: boolean }

function readCreateBody(body: unknown, mode: 'live' | 'sandbox', rules: UrlRules): CreateBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('body', 'The body must be a JSON object.');
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) if (!['url', 'events', 'enabled'].includes(k)) throw invalid(k, `Unknown field ${JSON.stringify(k.slice(0, 64))}.`);
  const problem = endpointUrlProblem(b.url, mode, rules);
  if (problem !== null) throw invalid('url', problem);
  let events: WebhookEventType[] = [...EVENT_TYPES];
  if (b.events !== undefined) {
    if (!Array.isArray(b.events) || b.events.length === 0 || !b.events.every(isEventType) || new Set(b.events).size !== b.events.length) {
      throw invalid('events', `events must be a non-empty list of unique values from ${EVENT_TYPES.join(', ')}.`);
    }
    events = b.events;
  }
  if (b.enabled !== undefined && typeof b.enabled !== 'boolean') throw invalid('enabled', 'enabled must be true or false.');
  return { url: b.url as string, events, enabled: b.enabled ?? true };
}

function withSecret(e: EndpointRecord): string {
  return JSON.stringify({ ...endpointView(e), secret: e.secret });
}

export const registerWebhookRoutes: RouteModule = (app, services, auth) => {
  const { webhooks } = services;
  const rules: UrlRules = { sandboxLoopback: services.config.webhookSandboxLoopback };
  const id = (req: Request): string => {
    const v = String(req.params.id);
    if (!ID.test(v)) throw notFound();
    return v;
  };
  const json = (res: Response, status: number, body: string): void => {
    res.status(status).type('application/json').send(body);
  };

  const postBody = (req: Request, res: Response, next: NextFunction): void => (req.method === 'POST' ? jsonBody(req, res, next) : next());

  app.all('/v1/webhook_endpoints', allowMethods('GET', 'POST'), auth, postBody, async (req, res) => {
    fixedParams(req, []);
    const caller = req.caller!;
    if (req.method === 'GET') {
      const list = await webhooks.list(caller.account, caller.mode);
      return json(res, 200, JSON.stringify({ data: list.map(endpointView) }));
    }
    const idem = idempotencyKeyHash(req.headers['idempotency-key']);
    const body = readCreateBody(req.body, caller.mode, rules);
    let outcome;
    try {
      outcome = await webhooks.createOnce(caller.account, { mode: caller.mode, url: body.url, events: body.events, enabled: body.enabled, idempotencyKeyHash: idem });
    } catch (err) {
      if (!(err instanceof StorageUnavailableError)) throw err;
      res.setHeader('Listings-Recorded', err.recorded);
      throw new ApiError('storage_unavailable', {
        message: err.recorded === 'no'
          ? 'Storage is briefly unavailable; the endpoint was not created. Retry shortly.'
          : idem !== null
            ? 'Storage did not answer in time; the endpoint may have been created. Retry with the same Idempotency-Key: it answers that endpoint with its secret, or creates it.'
            : 'Storage did not answer in time; the endpoint may have been created. List your endpoints before retrying (a retry without an Idempotency-Key creates another one); send an Idempotency-Key to make a create safe to retry.',
      });
    }
    switch (outcome.kind) {
      case 'full':
        throw invalid('url', `An account may have at most ${services.config.webhookMaxEndpoints} ${caller.mode} webhook endpoints; delete one first.`);
      case 'conflict':
        throw new ApiError('idempotency_conflict', { message: 'This Idempotency-Key was already used with a different body (or on another route).' });
      case 'gone':
        throw new ApiError('not_found', { message: 'The webhook endpoint this Idempotency-Key created has since been deleted; use a new key to create another.' });
      default:
        break;
    }
    const created = outcome.endpoint;
    if (outcome.kind === 'replay') res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Location', `/v1/webhook_endpoints/${created.id}`);
    json(res, 201, withSecret(created));
  });

  app.all('/v1/webhook_endpoints/:id', allowMethods('GET', 'DELETE'), auth, async (req, res) => {
    fixedParams(req, []);
    const caller = req.caller!;
    const endpointId = id(req);
    if (req.method === 'DELETE') {
      if (!(await webhooks.remove(caller.account, caller.mode, endpointId))) throw notFound();
      res.status(204).end();
      return;
    }
    const e = await webhooks.get(caller.account, caller.mode, endpointId);
    if (!e) throw notFound();
    json(res, 200, JSON.stringify(endpointView(e)));
  });

  app.all('/v1/webhook_endpoints/:id/rotate_secret', allowMethods('POST'), auth, async (req, res) => {
    fixedParams(req, []);
    const e = await webhooks.rotateSecret(req.caller!.account, req.caller!.mode, id(req));
    if (!e) throw notFound();
    json(res, 200, withSecret(e));
  });

  for (const action of ['enable', 'disable'] as const) {
    app.all(`/v1/webhook_endpoints/:id/${action}`, allowMethods('POST'), auth, async (req, res) => {
      fixedParams(req, []);
      const e = await webhooks.setEnabled(req.caller!.account, req.caller!.mode, id(req), action === 'enable');
      if (!e) throw notFound();
      json(res, 200, JSON.stringify(endpointView(e)));
    });
  }

  app.all('/v1/webhook_endpoints/:id/deliveries', allowMethods('GET'), auth, async (req, res) => {
    fixedParams(req, []);
    const caller = req.caller!;
    const endpointId = id(req);
    if (!(await webhooks.get(caller.account, caller.mode, endpointId))) throw notFound();
    json(res, 200, JSON.stringify({ data: await webhooks.deliveries(endpointId) }));
  });
};
