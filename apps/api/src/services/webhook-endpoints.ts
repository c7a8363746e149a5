/**
 * @module webhook-endpoints
 * The use cases of webhook endpoints (docs/webhooks.md), on plain inputs (the caller, an id
 * as sent, a parsed body), answering replies or refusals (ApiError); routes/webhooks.ts adapts
 * HTTP to them. Endpoints belong to the account and the mode of the key (sandbox keys manage
 * sandbox endpoints, which receive only sandbox events). Unknown, malformed or another
 * account's IDs are 404 not_found; bad bodies 422 unsupported_or_invalid_query naming the field.
 *
 * A create is safe to retry: with an `Idempotency-Key`, the same key and body answer the
 * endpoint that key created, with its secret (`Idempotent-Replayed: true`), so a caller whose
 * first try timed out still gets the secret; the same key with another body (or used on a
 * search or batch) is 409 idempotency_conflict. A create Redis did not answer in time answers
 * 503 storage_unavailable with `Listings-Recorded: unknown` and says it may have been
 * recorded; one that surely was not, `Listings-Recorded: no`.
 */
import { ApiError } from '@listings/contract';
import { endpointView, StorageUnavailableError, type EndpointRecord, type WebhookEventType } from '@listings/store';
import { endpointUrlProblem, EVENT_TYPES, isEventType, type UrlRules } from '@listings/webhooks';
import type { Services } from '../composition-root.ts';
import type { Caller } from './authenticate.ts';
import type { Reply } from './envelope.ts';

const ID = /^we_[0-9A-Za-z]{22}$/u;

function invalid(param: string, message: string): ApiError {
  return new ApiError('unsupported_or_invalid_query', { param, message });
}

function notFound(): ApiError {
  return new ApiError('not_found', { message: 'No webhook endpoint with this ID belongs to this account.' });
}

interface CreateBody { url: string; events: WebhookEventType[]; enabled: boolean }

export function readCreateBody(body: unknown, mode: 'live' | 'sandbox', rules: UrlRules): CreateBody {
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

/** An endpoint id as sent: one of ours in shape, else not found. */
export function endpointId(raw: string): string {
  if (!ID.test(raw)) throw notFound();
  return raw;
}

const ok = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({ status, body, headers });

export async function listEndpoints(services: Services, caller: Caller): Promise<Reply> {
  const list = await services.webhooks.list(caller.account, caller.mode);
  return ok(200, JSON.stringify({ data: list.map(endpointView) }));
}

/** A new endpoint (201 with its secret), or the one this Idempotency-Key made (replayed). */
export async function createEndpoint(services: Services, caller: Caller, rawBody: unknown, idem: string | null): Promise<Reply> {
  const body = readCreateBody(rawBody, caller.mode, { sandboxLoopback: services.config.webhookSandboxLoopback });
  let outcome;
  try {
    outcome = await services.webhooks.createOnce(caller.account, { mode: caller.mode, url: body.url, events: body.events, enabled: body.enabled, idempotencyKeyHash: idem });
  } catch (err) {
    if (!(err instanceof StorageUnavailableError)) throw err;
    const refusal = new ApiError('storage_unavailable', {
      message: err.recorded === 'no'
        ? 'Storage is briefly unavailable; the endpoint was not created. Retry shortly.'
        : idem !== null
          ? 'Storage did not answer in time; the endpoint may have been created. Retry with the same Idempotency-Key: it answers that endpoint with its secret, or creates it.'
          : 'Storage did not answer in time; the endpoint may have been created. List your endpoints before retrying (a retry without an Idempotency-Key creates another one); send an Idempotency-Key to make a create safe to retry.',
    });
    return ok(refusal.status, JSON.stringify(refusal.body()), { 'Listings-Recorded': err.recorded, ...(refusal.retryAfter !== undefined ? { 'Retry-After': String(refusal.retryAfter) } : {}) });
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
  return ok(201, withSecret(created), { ...(outcome.kind === 'replay' ? { 'Idempotent-Replayed': 'true' } : {}), Location: `/v1/webhook_endpoints/${created.id}` });
}

export async function getEndpoint(services: Services, caller: Caller, id: string): Promise<Reply> {
  const e = await services.webhooks.get(caller.account, caller.mode, endpointId(id));
  if (!e) throw notFound();
  return ok(200, JSON.stringify(endpointView(e)));
}

/** Deletes the endpoint; throws not_found when there is none of that id. */
export async function deleteEndpoint(services: Services, caller: Caller, id: string): Promise<void> {
  if (!(await services.webhooks.remove(caller.account, caller.mode, endpointId(id)))) throw notFound();
}

export async function rotateSecret(services: Services, caller: Caller, id: string): Promise<Reply> {
  const e = await services.webhooks.rotateSecret(caller.account, caller.mode, endpointId(id));
  if (!e) throw notFound();
  return ok(200, withSecret(e));
}

export async function setEnabled(services: Services, caller: Caller, id: string, enabled: boolean): Promise<Reply> {
  const e = await services.webhooks.setEnabled(caller.account, caller.mode, endpointId(id), enabled);
  if (!e) throw notFound();
  return ok(200, JSON.stringify(endpointView(e)));
}

/** The endpoint's last delivery attempts. */
export async function deliveries(services: Services, caller: Caller, id: string): Promise<Reply> {
  const endpoint = endpointId(id);
  if (!(await services.webhooks.get(caller.account, caller.mode, endpoint))) throw notFound();
  return ok(200, JSON.stringify({ data: await services.webhooks.deliveries(endpoint) }));
}
