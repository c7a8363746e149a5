/**
 * The webhook endpoint routes on the whole stack: every refusal of their input, ownership and
 * mode separation, secrets shown only on create and rotate, and the safety rules in live mode
 * (private and loopback URLs refused at registration; a name that resolves to a private
 * address only at delivery time refused then, logged, never connected). An endpoint disabled
 * after failing too long puts a Listings-Warning header on the account's answers. Sandbox
 * events go only to sandbox endpoints and live ones only to live endpoints; no secret appears
 * in the worker's log or anywhere in Redis but the account's endpoint hash.
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
/** Every line the worker logs (at debug level), and every secret the routes handed out. */
const logs: string[] = [];
const secrets: string[] = [];
let disabledByWorker = 0;
const attempts: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    res.writeHead(req.url?.startsWith('/fail') ? 500 : 200).end();
  });
  receiver.on('connection', () => { connections++; });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Live collection of mkt_a goes nowhere (a closed port): its jobs fail fast, and settle.
  stack = await startStack({
    marketplaces: TEST_MARKETPLACES,
    modules: [registerBatchRoutes, registerWebhookRoutes],
    noWorker: true,
    env: { LIVE_BASE_URLS: 'mkt_a=http://127.0.0.1:1', JOB_ATTEMPTS: '1', WEBHOOK_RETRY_FIRST_MS: '60000', WEBHOOK_SANDBOX_LOOPBACK: 'true' },
  });
  // Every name "resolves" to a private address: what a rebinding DNS would answer at delivery time.
  worker = await startWorker(stack.config, TEST_MARKETPLACES, {
    logger: pino({ level: 'debug' }, { write: (line: string) => { logs.push(line); } }),
    webhooks: {
      resolver: async (host) => { resolved.push(host); return [{ address: '10.0.0.7', family: 4 }]; },
      onAttempt: (outcome) => { attempts.push(outcome); },
      onDisabled: () => { disabledByWorker++; },
    },
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
  const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (typeof parsed.secret === 'string') secrets.push(parsed.secret);
  return { status: r.status, headers: r.headers, body: parsed };
}

type Attempt = Record<string, unknown> & { event_id: string };

async function deliveries(key: string, id: string): Promise<Attempt[]> {
  return (await call('GET', `/v1/webhook_endpoints/${id}/deliveries`, key)).body.data as Attempt[];
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A search answered 202 (a fresh query, never a cache hit); its job's event ID. */
async function search(key: string, path: string): Promise<string> {
  const r = await call('GET', `${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(`webhook ${Math.random().toString(36).slice(2)}`)}`, key);
  expect(r.status).toBe(202);
  return `evt_job_${(r.body.request_id as string).replace(/^req_/u, '')}`;
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

describe('modes, disabling by the worker, and secrets', () => {
  test('a sandbox event goes only to sandbox endpoints and a live one only to live endpoints', async () => {
    const sandbox = await stack.newKey({ kind: 'sandbox' });
    const live = (await stack.services.accounts.issueKey(sandbox.account, 'live')).secret;
    const sbId = (await call('POST', '/v1/webhook_endpoints', sandbox.key, { url: `${receiverUrl}/sandbox`, events: ['job.settled'] })).body.id as string;
    const liveId = (await call('POST', '/v1/webhook_endpoints', live, { url: 'https://hooks.example.com/live', events: ['job.settled'] })).body.id as string;

    const sbEvent = await search(sandbox.key, '/v1/mkt_b/sold');
    await until('sandbox delivery', () => deliveries(sandbox.key, sbId), (log) => log.some((a) => a.event_id === sbEvent && a.ok === true));
    const liveEvent = await search(live, '/v1/mkt_a/sold');
    // The live endpoint's name resolves to a private address here: its attempt is logged, refused.
    await until('live attempt', () => deliveries(live, liveId), (log) => log.some((a) => a.event_id === liveEvent));
    // Both queues drained past each other's event: one more sandbox event arrives after the live one.
    const later = await search(sandbox.key, '/v1/mkt_b/sold');
    await until('later sandbox delivery', () => deliveries(sandbox.key, sbId), (log) => log.some((a) => a.event_id === later));
    expect((await deliveries(live, liveId)).map((a) => a.event_id)).toEqual([liveEvent]);
    expect((await deliveries(sandbox.key, sbId)).map((a) => a.event_id).sort()).toEqual([sbEvent, later].sort());
  }, 60_000);

  test('the worker disables an endpoint failing past WEBHOOK_DISABLE_AFTER_HOURS, counts it, and the account is warned', async () => {
    const { key, account } = await stack.newKey({ kind: 'sandbox' });
    const id = (await call('POST', '/v1/webhook_endpoints', key, { url: `${receiverUrl}/fail`, events: ['job.settled'] })).body.id as string;
    // Failing since before the span: the next failed attempt is past it.
    const hash = stack.services.store.keys.webhookEndpoints(account);
    const record = JSON.parse((await stack.services.store.redis.hget(hash, id))!) as Record<string, unknown>;
    await stack.services.store.redis.hset(hash, id, JSON.stringify({ ...record, failing_since: Date.now() - (stack.config.webhookDisableAfterHours + 1) * 3_600_000 }));
    const before = disabledByWorker;
    const event = await search(key, '/v1/mkt_b/sold');
    const log = await until('failed attempt', () => deliveries(key, id), (l) => l.some((a) => a.event_id === event));
    // The receiver is on loopback (the sandbox exception): the log shows a failure and nothing more (not a port scanner).
    expect(log[0]).toMatchObject({ ok: false, status: null, ms: null, error: 'delivery_failed' });
    // Nor its time: when it began, to the minute (a silent listener and a closed port look alike).
    expect((log[0] as unknown as { at: string }).at).toMatch(/T\d\d:\d\d:00\.000Z$/u);
    const r = await until('disabled', () => call('GET', `/v1/webhook_endpoints/${id}`, key), (x) => x.body.enabled === false);
    expect(r.body.disabled_reason).toBe(`every delivery failed for ${stack.config.webhookDisableAfterHours} h`);
    expect(r.headers.get('listings-warning')).toBe(`webhook endpoint ${id} was disabled: every delivery failed for ${stack.config.webhookDisableAfterHours} h`);
    expect(disabledByWorker).toBe(before + 1);
    expect(attempts).toContain('disabled');
    expect(logs.some((l) => l.includes('webhook endpoint disabled'))).toBe(true);
  }, 60_000);

  test('no secret handed out appears in the worker\'s log, nor anywhere in Redis but the endpoint hashes', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    expect(logs.length).toBeGreaterThan(0);
    const logText = logs.join('');
    expect(secrets.filter((s) => logText.includes(s))).toEqual([]);
    const redis = stack.services.store.redis;
    const endpointHashes = stack.services.store.keys.webhookEndpoints('');
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${stack.config.keyPrefix}*`, 'COUNT', 500);
      cursor = next;
      for (const k of keys) {
        if (k.startsWith(endpointHashes)) continue;
        const type = await redis.type(k);
        const values = type === 'string' ? [await redis.get(k)]
          : type === 'hash' ? Object.values(await redis.hgetall(k))
            : type === 'list' ? await redis.lrange(k, 0, -1)
              : type === 'stream' ? (await redis.xrange(k, '-', '+')).flatMap(([, f]) => f)
                : [];
        if (values.some((v) => v !== null && secrets.some((s) => v.includes(s)))) found.push(k);
      }
    } while (cursor !== '0');
    expect(found).toEqual([]);
  });
});
