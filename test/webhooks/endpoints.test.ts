/**
 * The webhook endpoint routes on the whole stack: every refusal of their input, ownership and
 * mode separation, secrets shown only on create and rotate, and the safety rules in live mode
 * (private and loopback URLs refused at registration; a name that resolves to a private
 * address only at delivery time refused then, logged, never connected). An endpoint disabled
 * after failing too long puts a Listings-Warning header on the account's answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createWebhooks } from '@listings/store';
import { startWorker, type WorkerHandle } from '@listings/worker';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { registerWebhookRoutes } from '../../apps/api/src/routes/webhooks.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

let stack: Stack;
let worker: WorkerHandle;
let receiver: http.Server;
let receiverUrl: string;
let connections = 0;
const resolved: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((_req, res) => res.writeHead(200).end());
  receiver.on('connection', () => { connections++; });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Live collection of mkt_a goes nowhere (a closed port): its jobs fail fast, and settle.
  stack = await startStack({
    marketplaces: TEST_MARKETPLACES,
    modules: [registerBatchRoutes, registerWebhookRoutes],
    noWorker: true,
    env: { LIVE_BASE_URLS: 'mkt_a=http://127.0.0.1:1', JOB_ATTEMPTS: '1', WEBHOOK_RETRY_FIRST_MS: '60000' },
  });
  // Every name "resolves" to a private address: what a rebinding DNS would answer at delivery time.
  worker = await startWorker(stack.config, TEST_MARKETPLACES, {
    logger: pino({ level: 'silent' }),
    webhooks: { resolver: async (host) => { resolved.push(host); return [{ address: '10.0.0.7', family: 4 }]; } },
  });
});

afterAll(async () => {
  await worker?.close();
  await stack?.close();
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

async function call(method: string, path: string, key: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const r = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function refused(r: { status: number; body: Record<string, unknown> }, param: string | null, message?: string): void {
  expect(r.status).toBe(422);
  expect(r.body.error).toMatchObject({ code: 'unsupported_or_invalid_query', ...(param ? { param } : {}), ...(message ? { message } : {}) });
}

describe('creating, reading, rotating and deleting', () => {
  test('create answers 201 with the secret once; list and get never show it', async () => {
    const { key } = await stack.newKey({ kind: 'sandbox' });
    const created = await call('POST', '/v1/webhook_endpoints', key, { url: `${receiverUrl}/a`, events: ['job.settled'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: `${receiverUrl}/a`, mode: 'sandbox', events: ['job.settled'], enabled: true, failing_since: null, disabled_reason: null });
    expect(created.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/u);
    expect(created.headers.get('location')).toBe(`/v1/webhook_endpoints/${created.body.id as string}`);
    const list = await call('GET', '/v1/webhook_endpoints', key);
    expect(list.body.data).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
    const one = await call('GET', `/v1/webhook_endpoints/${created.body.id as string}`, key);
    expect(one.body).toMatchObject({ id: created.body.id, events: ['job.settled'] });
    expect(one.body).not.toHaveProperty('secret');
    const rotated = await call('POST', `/v1/webhook_endpoints/${created.body.id as string}/rotate_secret`, key);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/u);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await call('POST', `/v1/webhook_endpoints/${created.body.id as string}/disable`, key)).body.enabled).toBe(false);
    expect((await call('POST', `/v1/webhook_endpoints/${created.body.id as string}/enable`, key)).body.enabled).toBe(true);
    expect((await call('DELETE', `/v1/webhook_endpoints/${created.body.id as string}`, key)).status).toBe(204);
    expect((await call('GET', `/v1/webhook_endpoints/${created.body.id as string}`, key)).status).toBe(404);
    expect((await call('GET', '/v1/webhook_endpoints', key)).body.data).toEqual([]);
  });

  test("another account's endpoint, the other mode's, and malformed IDs answer 404 not_found", async () => {
    const a = await stack.newKey({ kind: 'sandbox' });
    const b = await stack.newKey({ kind: 'sandbox' });
    const id = (await call('POST', '/v1/webhook_endpoints', a.key, { url: `${receiverUrl}/x` })).body.id as string;
    const live = await stack.services.accounts.issueKey(a.account, 'live');
    for (const [key, path] of [
      [b.key, `/v1/webhook_endpoints/${id}`], [live.secret, `/v1/webhook_endpoints/${id}`], [a.key, '/v1/webhook_endpoints/we_short'],
      [a.key, '/v1/webhook_endpoints/../x'], [b.key, `/v1/webhook_endpoints/${id}/deliveries`],
    ] as const) {
      const r = await call('GET', path, key);
      expect({ path, status: r.status, code: (r.body.error as { code?: string } | undefined)?.code }).toEqual({ path, status: 404, code: 'not_found' });
    }
    for (const action of ['rotate_secret', 'enable', 'disable']) expect((await call('POST', `/v1/webhook_endpoints/${id}/${action}`, b.key)).status).toBe(404);
    expect((await call('DELETE', `/v1/webhook_endpoints/${id}`, b.key)).status).toBe(404);
    expect((await call('GET', '/v1/webhook_endpoints', live.secret)).body.data).toEqual([]);
  });

  test('without a key 401; other methods 405 with Allow', async () => {
    expect((await call('GET', '/v1/webhook_endpoints', null)).status).toBe(401);
    expect((await call('POST', '/v1/webhook_endpoints', 'lk_live_nope', { url: 'https://x.example' })).status).toBe(401);
    const r = await fetch(`${stack.url}/v1/webhook_endpoints`, { method: 'PUT' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, POST');
    expect((await fetch(`${stack.url}/v1/webhook_endpoints/we_0000000000000000000000/rotate_secret`)).status).toBe(405);
  });
});

describe('every refusal of the input', () => {
  let key: string;
  let liveKey: string;
  beforeAll(async () => {
    key = (await stack.newKey({ kind: 'sandbox' })).key;
    liveKey = (await stack.newKey({ kind: 'live' })).key;
  });

  test.each([
    [{}, 'url', 'url must be a string.'],
    [{ url: 'not a url' }, 'url', 'url is not a valid absolute URL.'],
    [{ url: 'http://example.com/x' }, 'url', 'url must be https://, or http://127.0.0.1 for a sandbox endpoint.'],
    [{ url: 'https://u:p@example.com/' }, 'url', 'url must not carry credentials.'],
    [{ url: 'https://example.com/', events: [] }, 'events', undefined],
    [{ url: 'https://example.com/', events: ['job.created'] }, 'events', undefined],
    [{ url: 'https://example.com/', events: ['job.settled', 'job.settled'] }, 'events', undefined],
    [{ url: 'https://example.com/', events: 'job.settled' }, 'events', undefined],
    [{ url: 'https://example.com/', enabled: 'yes' }, 'enabled', 'enabled must be true or false.'],
    [{ url: 'https://example.com/', secret: 'mine' }, 'secret', undefined],
    [[], 'body', 'The body must be a JSON object.'],
    // Strict JSON: a top-level string is refused by the body reader itself, as on batches.
    ['"text"', null, 'The body is not valid JSON.'],
  ])('sandbox %j → 422 naming %s', async (body, param, message) => {
    refused(await call('POST', '/v1/webhook_endpoints', key, body), param, message);
  });

  test.each([
    ['http://127.0.0.1:9/x', 'url must be https://.'],
    ['https://127.0.0.1/x', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://10.1.2.3/x', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://192.168.0.10/x', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://169.254.169.254/latest/meta-data/', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://[::1]/x', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://[::ffff:10.0.0.1]/x', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://localhost/x', 'url must not point at this machine.'],
  ])('live %s → 422', async (url, message) => {
    refused(await call('POST', '/v1/webhook_endpoints', liveKey, { url }), 'url', message);
  });

  test('a body that is not JSON, not declared JSON, or too large answers 422', async () => {
    refused(await call('POST', '/v1/webhook_endpoints', key, '{"url":'), null, 'The body is not valid JSON.');
    const r = await fetch(`${stack.url}/v1/webhook_endpoints`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' }, body: '{}' });
    expect(r.status).toBe(422);
    const big = await call('POST', '/v1/webhook_endpoints', key, { url: `https://example.com/${'a'.repeat(300 * 1024)}` });
    expect(big.status).toBe(422);
  });

  test('query parameters are refused, and the tenth endpoint is the last', async () => {
    refused(await call('GET', '/v1/webhook_endpoints?x=1', key), 'x');
    const own = (await stack.newKey({ kind: 'sandbox' })).key;
    for (let i = 0; i < stack.config.webhookMaxEndpoints; i++) expect((await call('POST', '/v1/webhook_endpoints', own, { url: `https://example.com/${i}` })).status).toBe(201);
    refused(await call('POST', '/v1/webhook_endpoints', own, { url: 'https://example.com/one-more' }), 'url');
  });
});

describe('live deliveries', () => {
  test('a name that resolves to a private address at delivery time is refused then: logged, never connected', async () => {
    const { key } = await stack.newKey({ kind: 'live' });
    const created = await call('POST', '/v1/webhook_endpoints', key, { url: 'https://hooks.example.com/listings', events: ['job.settled'] });
    expect(created.status).toBe(201);
    const before = connections;
    const search = await call('GET', '/v1/mkt_a/sold?q=rebinding+check', key);
    expect(search.status).toBe(202);
    const id = created.body.id as string;
    const deadline = Date.now() + 20_000;
    let log: Array<Record<string, unknown>> = [];
    while (log.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      log = (await call('GET', `/v1/webhook_endpoints/${id}/deliveries`, key)).body.data as Array<Record<string, unknown>>;
    }
    expect(log[0]).toMatchObject({ ok: false, status: null, error: 'address not allowed', attempt: 1, event_type: 'job.settled' });
    expect(resolved).toContain('hooks.example.com');
    expect(connections).toBe(before);
  }, 30_000);

  test('an endpoint disabled after failing too long warns on every answer until re-enabled', async () => {
    const { key, account } = await stack.newKey({ kind: 'sandbox' });
    const id = (await call('POST', '/v1/webhook_endpoints', key, { url: `${receiverUrl}/w` })).body.id as string;
    expect((await call('GET', '/v1/webhook_endpoints', key)).headers.get('listings-warning')).toBeNull();
    const webhooks = createWebhooks(stack.services.store.redis, stack.services.store.keys, { maxEndpoints: 10 });
    const attempt = { at: new Date().toISOString(), event_id: 'evt_job_x', event_type: 'job.settled' as const, attempt: 1, ok: false, status: 500, ms: 3, error: 'answered 500' };
    // A span of 0: the first failure is already past it.
    expect(await webhooks.recordAttempt(account, id, attempt, 0)).toBe(true);
    const r = await call('GET', '/v1/webhook_endpoints', key);
    expect(r.headers.get('listings-warning')).toContain(`webhook endpoint ${id} was disabled`);
    expect(r.body.data).toEqual([expect.objectContaining({ id, enabled: false, disabled_reason: 'every delivery failed for 0 h' })]);
    expect((await call('GET', '/v1/jobs/req_0000000000000000000000', key)).headers.get('listings-warning')).not.toBeNull();
    await call('POST', `/v1/webhook_endpoints/${id}/enable`, key);
    expect((await call('GET', '/v1/webhook_endpoints', key)).headers.get('listings-warning')).toBeNull();
  });
});
