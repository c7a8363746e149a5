/**
 * The webhook endpoint rules on the api's routes (a stack with the production defaults:
 * WEBHOOK_SANDBOX_LOOPBACK off) and at connect time (one delivery attempt):
 *
 * - every address form that is or carries a loopback, private, link-local, CGNAT, multicast,
 *   reserved or unspecified address is refused at registration, for live **and** sandbox keys,
 *   and refused when a name resolves to it at delivery time, without any connection;
 *   `http://127.0.0.1` is refused for sandbox keys too unless the operator allows it;
 * - the endpoint cap is per mode;
 * - a rotation racing an enable or a disable never loses the new secret (25 races);
 * - a create is safe to retry: an Idempotency-Key answers the same endpoint and secret; a
 *   create whose answer Redis never gave in time (it ran, the reply was held past the bound)
 *   answers 503 saying it may have been recorded, and the retry with the same key gets it;
 *   a create Redis runs after its deadline records nothing.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createWebhooks, StorageUnavailableError } from '@listings/store';
import { testRedisUrl } from '@listings/testing';
import { deliver, endpointUrlProblem, isForbiddenAddress, type Resolver } from '@listings/webhooks';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { registerWebhookRoutes } from '../../apps/api/src/routes/webhooks.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes, registerWebhookRoutes], noWorker: true, env: { WEBHOOK_MAX_ENDPOINTS: '3' } });
});
afterAll(async () => {
  await stack?.close();
});

interface Answer { status: number; headers: Headers; body: Record<string, unknown> }

async function call(base: string, method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const api = (method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => call(stack.url, method, path, key, body, headers);

/** Every form the address rules name, and more: each is, or carries, an address no delivery may reach. */
const FORBIDDEN_HOSTS = [
  '[::7f00:1]', '[::ffff:0:7f00:1]', '[::ffff:127.0.0.1]', '[64:ff9b:1::a00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]',
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo whose client is 127.0.0.1 (stored inverted)
  '[2001:0:a9fe:a9fe::1]', // Teredo whose server is 169.254.169.254
  '[::1]', '[::]', '[fe80::1]', '[fd00:ec2::254]', '[ff02::1]', '[2001:db8::1]', '[64:ff9b::a9fe:a9fe]', '[2002:a00:1::1]', '[::ffff:a9fe:a9fe]',
  '127.0.0.1', '127.8.9.10', '2130706433', '0x7f.1', '10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
  '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1',
];
const LOCAL_NAMES = ['localhost', 'localhost.', 'hooks.localhost', 'a.b.localhost.', 'LOCALHOST'];
const REFUSED = 'url must not point at a private, loopback, link-local or reserved address.';

describe('registration', () => {
  test.each(FORBIDDEN_HOSTS)('https://%s is refused for live and sandbox keys', async (host) => {
    const live = await stack.newKey({ kind: 'live' });
    const sandbox = await stack.newKey({ kind: 'sandbox' });
    for (const key of [live.key, sandbox.key]) {
      const r = await api('POST', '/v1/webhook_endpoints', key, { url: `https://${host}/hook` });
      expect({ host, status: r.status, error: r.body.error }).toEqual({ host, status: 422, error: { code: 'unsupported_or_invalid_query', param: 'url', message: REFUSED } });
    }
  });

  test.each(LOCAL_NAMES)('https://%s is refused for live and sandbox keys', async (host) => {
    for (const kind of ['live', 'sandbox'] as const) {
      const { key } = await stack.newKey({ kind });
      const r = await api('POST', '/v1/webhook_endpoints', key, { url: `https://${host}/hook` });
      expect({ host, status: r.status, error: r.body.error }).toEqual({ host, status: 422, error: { code: 'unsupported_or_invalid_query', param: 'url', message: 'url must not point at this machine.' } });
    }
  });

  test('http://127.0.0.1 is refused for sandbox keys where the operator has not allowed loopback (the default, and the production image)', async () => {
    expect(stack.config.webhookSandboxLoopback).toBe(false);
    const { key } = await stack.newKey({ kind: 'sandbox' });
    const r = await api('POST', '/v1/webhook_endpoints', key, { url: 'http://127.0.0.1:8080/hook' });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ param: 'url', message: 'url must be https://.' });
    // Allowed, it is the one exception: plain http to 127.0.0.1 itself, for sandbox keys only.
    expect(endpointUrlProblem('http://127.0.0.1:8080/hook', 'sandbox', { sandboxLoopback: true })).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:8080/hook', 'live', { sandboxLoopback: true })).not.toBeNull();
    expect(endpointUrlProblem('https://10.0.0.1/hook', 'sandbox', { sandboxLoopback: true })).toBe(REFUSED);
  });

  test('a public address, in any form that carries one, may be registered', async () => {
    const { key } = await stack.newKey({ kind: 'live' });
    for (const host of ['93.184.215.14', '[2606:4700::6810:84e5]', '[::ffff:8.8.8.8]', '[64:ff9b::808:808]', 'hooks.example.com']) {
      const r = await api('POST', '/v1/webhook_endpoints', key, { url: `https://${host}/hook` });
      expect({ host, status: r.status }).toEqual({ host, status: 201 });
      await api('DELETE', `/v1/webhook_endpoints/${r.body.id as string}`, key);
    }
  });
});

describe('at connect time', () => {
  let server: http.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200).end();
    });
    server.on('connection', () => { connections++; });
    // Dual stack: a connection to an IPv4-mapped loopback address would land here too.
    await new Promise<void>((r) => server.listen(0, '::', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));

  test.each(FORBIDDEN_HOSTS.filter((h) => /^\[|^\d+\.\d+\.\d+\.\d+$/u.test(h)))('a name resolving to %s is refused before any connection, in both modes', async (host) => {
    const address = host.replace(/^\[|\]$/gu, '');
    expect(isForbiddenAddress(address)).toBe(true);
    const resolver: Resolver = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
    const before = connections;
    for (const mode of ['live', 'sandbox'] as const) {
      const o = await deliver({ url: `https://rebound.example:${port}/hook`, body: '{}', headers: {}, timeoutMs: 1000, mode, sandboxLoopback: true, resolver });
      expect({ host, mode, ok: o.ok, error: o.error }).toEqual({ host, mode, ok: false, error: 'address not allowed' });
    }
    // A literal in the URL is refused the same way.
    const literal = await deliver({ url: `https://${host.includes(':') ? `[${address}]` : address}:${port}/hook`, body: '{}', headers: {}, timeoutMs: 1000, mode: 'live' });
    expect(literal).toMatchObject({ ok: false, error: 'address not allowed' });
    expect(connections).toBe(before);
  });

  test('a name with one forbidden address among public ones is refused whole', async () => {
    const resolver: Resolver = async () => [{ address: '93.184.215.14', family: 4 }, { address: '::ffff:7f00:1', family: 6 }];
    expect(await deliver({ url: `https://mixed.example:${port}/hook`, body: '{}', headers: {}, timeoutMs: 1000, mode: 'live', resolver })).toMatchObject({ ok: false, error: 'address not allowed' });
  });

  test('the loopback exception is off unless the operator allows it', async () => {
    const before = connections;
    const o = await deliver({ url: `http://127.0.0.1:${port}/hook`, body: '{}', headers: {}, timeoutMs: 1000, mode: 'sandbox' });
    expect(o).toMatchObject({ ok: false, error: 'url must be https' });
    expect(connections).toBe(before);
    expect(await deliver({ url: `http://127.0.0.1:${port}/hook`, body: '{}', headers: {}, timeoutMs: 1000, mode: 'sandbox', sandboxLoopback: true })).toMatchObject({ ok: true, status: 200 });
    expect(connections).toBe(before + 1);
  });
});

describe('caps per mode', () => {
  test('each mode has its own WEBHOOK_MAX_ENDPOINTS; the refusal names the mode', async () => {
    const { account, key: sandbox } = await stack.newKey({ kind: 'sandbox' });
    const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
    for (let i = 0; i < 3; i++) expect((await api('POST', '/v1/webhook_endpoints', live, { url: `https://hooks.example.com/live/${i}` })).status).toBe(201);
    const full = await api('POST', '/v1/webhook_endpoints', live, { url: 'https://hooks.example.com/live/3' });
    expect(full.status).toBe(422);
    expect(full.body.error).toMatchObject({ code: 'unsupported_or_invalid_query', param: 'url', message: 'An account may have at most 3 live webhook endpoints; delete one first.' });
    // The live ones do not count against the sandbox cap.
    for (let i = 0; i < 3; i++) expect((await api('POST', '/v1/webhook_endpoints', sandbox, { url: `https://hooks.example.com/sandbox/${i}` })).status).toBe(201);
    const sandboxFull = await api('POST', '/v1/webhook_endpoints', sandbox, { url: 'https://hooks.example.com/sandbox/3' });
    expect(sandboxFull.body.error).toMatchObject({ message: 'An account may have at most 3 sandbox webhook endpoints; delete one first.' });
    // Deleting one of a mode frees a place in that mode only.
    const first = ((await api('GET', '/v1/webhook_endpoints', live)).body.data as Array<{ id: string }>)[0]!.id;
    expect((await api('DELETE', `/v1/webhook_endpoints/${first}`, live)).status).toBe(204);
    expect((await api('POST', '/v1/webhook_endpoints', sandbox, { url: 'https://hooks.example.com/sandbox/3' })).status).toBe(422);
    expect((await api('POST', '/v1/webhook_endpoints', live, { url: 'https://hooks.example.com/live/3' })).status).toBe(201);
  });

  test('concurrent creates never pass the cap', async () => {
    const { key } = await stack.newKey({ kind: 'live' });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api('POST', '/v1/webhook_endpoints', key, { url: `https://hooks.example.com/race/${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect((await api('GET', '/v1/webhook_endpoints', key)).body.data).toHaveLength(3);
  });
});

describe('updates are atomic', () => {
  test('a rotation racing an enable or a disable keeps its new secret, 25 times out of 25', async () => {
    const { account, key } = await stack.newKey({ kind: 'live' });
    const id = (await api('POST', '/v1/webhook_endpoints', key, { url: 'https://hooks.example.com/rotate' })).body.id as string;
    const webhooks = createWebhooks(stack.services.store.redis, stack.services.store.keys, { maxEndpoints: 3 });
    const lost: number[] = [];
    // 25 races, each a rotation sent at the same moment as a disable or an enable: the secret it answered is the one stored, and the toggle holds too.
    for (let i = 0; i < 25; i++) {
      const [rotated] = await Promise.all([
        api('POST', `/v1/webhook_endpoints/${id}/rotate_secret`, key),
        api('POST', `/v1/webhook_endpoints/${id}/${i % 2 === 0 ? 'disable' : 'enable'}`, key),
      ]);
      const stored = (await webhooks.forDelivery(account, id))!;
      if (stored.secret !== rotated.body.secret) lost.push(i);
      expect(stored.enabled).toBe(i % 2 !== 0);
    }
    expect(lost).toEqual([]);
  });

  test('an enable racing a worker recording a failure keeps both changes', async () => {
    const { account, key } = await stack.newKey({ kind: 'live' });
    const id = (await api('POST', '/v1/webhook_endpoints', key, { url: 'https://hooks.example.com/record' })).body.id as string;
    const webhooks = createWebhooks(stack.services.store.redis, stack.services.store.keys, { maxEndpoints: 3 });
    await api('POST', `/v1/webhook_endpoints/${id}/disable`, key);
    const attempt = { at: new Date().toISOString(), event_id: 'evt_job_x', event_type: 'job.settled' as const, attempt: 1, ok: false, status: 500, ms: 3, error: 'answered 500' };
    await Promise.all([api('POST', `/v1/webhook_endpoints/${id}/rotate_secret`, key), webhooks.recordAttempt(account, id, attempt, 3_600_000)]);
    const e = (await webhooks.forDelivery(account, id))!;
    expect(e.enabled).toBe(false);
    expect(typeof e.failing_since).toBe('number');
  });
});

describe('a create that may have been recorded can be retried safely', () => {
  test('the same Idempotency-Key and body answer the same endpoint and secret; another body is 409; a deleted one 404', async () => {
    const { key } = await stack.newKey({ kind: 'live' });
    const body = { url: 'https://hooks.example.com/idem', events: ['job.settled'] };
    const first = await api('POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'create-1' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api('POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'create-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(`/v1/webhook_endpoints/${first.body.id as string}`);
    expect((await api('GET', '/v1/webhook_endpoints', key)).body.data).toHaveLength(1);

    const other = await api('POST', '/v1/webhook_endpoints', key, { ...body, url: 'https://hooks.example.com/other' }, { 'idempotency-key': 'create-1' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'idempotency_conflict' });
    // The record is shared with searches: a key used on a search is a conflict here, and the reverse.
    const search = await stack.get(`/v1/mkt_a/sold?q=idem+${Date.now()}`, key, { 'idempotency-key': 'create-1' });
    expect(search.status).toBe(409);
    expect((await api('POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'bad key with spaces' })).body.error).toMatchObject({ code: 'invalid_idempotency_key' });

    expect((await api('DELETE', `/v1/webhook_endpoints/${first.body.id as string}`, key)).status).toBe(204);
    const gone = await api('POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'create-1' });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatchObject({ code: 'not_found' });
    // Concurrent creates with one key make one endpoint.
    const racing = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'create-2' })));
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(racing.map((r) => r.body.secret)).size).toBe(1);
    expect(racing.every((r) => r.status === 201)).toBe(true);
  });

  test('a create Redis runs after its deadline records nothing, and says so', async () => {
    const { account } = await stack.newKey({ kind: 'live' });
    const webhooks = createWebhooks(stack.services.store.redis, stack.services.store.keys, { maxEndpoints: 3 });
    const late = webhooks.createOnce(account, { mode: 'live', url: 'https://hooks.example.com/late', events: ['job.settled'], enabled: true, idempotencyKeyHash: 'x', deadlineMs: Date.now() - 1 });
    await expect(late).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(late).rejects.toMatchObject({ recorded: 'no' });
    expect(await webhooks.list(account, 'live')).toEqual([]);
  });

  test('Redis runs the create but its answer comes too late: 503 says it may have been created; the retry with the same key answers it, secret included', async () => {
    const proxy = await replyHoldingProxy(testRedisUrl());
    const held = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerWebhookRoutes], noWorker: true, env: { REDIS_URL: proxy.url } });
    try {
      const { key } = await held.newKey({ kind: 'live' });
      const body = { url: 'https://hooks.example.com/held' };
      // The reply to the create script is held past the request's bound: the script ran, the api cannot know.
      proxy.holdAfter('webhook_endpoint|');
      const t0 = Date.now();
      const first = await call(held.url, 'POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'held-1' });
      expect(Date.now() - t0).toBeLessThan(8000);
      expect(first.status).toBe(503);
      expect(first.headers.get('listings-recorded')).toBe('unknown');
      expect(first.headers.get('retry-after')).toBe('2');
      expect(first.body.error).toMatchObject({ code: 'storage_unavailable' });
      expect((first.body.error as { message: string }).message).toContain('may have been created');
      expect((first.body.error as { message: string }).message).toContain('same Idempotency-Key');
      expect(JSON.stringify(first.body)).not.toContain('whsec_');
      proxy.release();
      const retry = await call(held.url, 'POST', '/v1/webhook_endpoints', key, body, { 'idempotency-key': 'held-1' });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.secret).toMatch(/^whsec_/u);
      const list = (await call(held.url, 'GET', '/v1/webhook_endpoints', key)).body.data as Array<{ id: string }>;
      expect(list.map((e) => e.id)).toEqual([retry.body.id]);

      // Without a key the answer says how to find out instead.
      proxy.holdAfter('webhook_endpoint|');
      const bare = await call(held.url, 'POST', '/v1/webhook_endpoints', key, { url: 'https://hooks.example.com/bare' });
      proxy.release();
      expect(bare.status).toBe(503);
      expect((bare.body.error as { message: string }).message).toContain('List your endpoints');
    } finally {
      proxy.release();
      await held.close();
      await proxy.close();
    }
  }, 30_000);
});

/**
 * A TCP proxy in front of Redis that, once told, holds every reply on the connection that
 * sends a command containing `marker` (from that command on) until released: Redis has run
 * the command; its answer just does not come back in time.
 */
async function replyHoldingProxy(target: string): Promise<{ url: string; holdAfter(marker: string): void; release(): void; close(): Promise<void> }> {
  const t = new URL(target);
  let marker: string | null = null;
  const holding = new Set<{ flush(): void }>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(t.port || 6379), t.hostname);
    sockets.add(client);
    sockets.add(upstream);
    let held: Buffer[] | null = null;
    const state = {
      flush() {
        if (held === null) return;
        const chunks = held;
        held = null;
        for (const c of chunks) client.write(c);
      },
    };
    client.on('data', (chunk: Buffer) => {
      if (marker !== null && held === null && chunk.includes(marker)) {
        held = [];
        holding.add(state);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (held !== null) held.push(chunk);
      else client.write(chunk);
    });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString().replace(/\/$/u, ''),
    holdAfter(m) {
      marker = m;
    },
    release() {
      marker = null;
      for (const h of holding) h.flush();
      holding.clear();
    },
    close: () => new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };
}
