/**
 * The api's request lines (apps/api/src/middleware/request-log.ts), as an operator reads them:
 * one line per request when its response closes, with the request id, method, URL, client
 * address and user agent, status and time, and never a header; `request errored` with an `err`
 * for a 5xx; no line for probes and scrapes; `req.log` lines (a handler's own) bound to the
 * request id. The api runs on a private Redis without a simulator (sandbox searches answer 503
 * collection_unavailable), with one route of the test's own that logs through `req.log`.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig, loggerOptions } from '@listings/config';
import { BASE_ROUTES, createApp, createServices, listen, type Listening, type RouteModule, type Services } from '@listings/api';
import { MARKETPLACES } from '@listings/marketplaces';
import { whenReady } from '@listings/store';
import { startPrivateRedis, type PrivateRedis } from '@listings/testing';

const lines: Record<string, unknown>[] = [];
let redis: PrivateRedis;
let api: Listening;
let services: Services;
let key: string;

beforeAll(async () => {
  redis = await startPrivateRedis();
  const config = loadConfig({ REDIS_URL: redis.url, KEY_PREFIX: 'request-log:', CURSOR_SECRET: 'c'.repeat(48), LOG_LEVEL: 'info' }, []);
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  services = createServices(config, MARKETPLACES, { logger: pino(loggerOptions('info', 'api'), out) });
  await whenReady(services.store.redis);
  const acct = await services.accounts.create('request-log', 'pro');
  key = (await services.accounts.issueKey(acct.id, 'sandbox')).secret;
  const ownLine: RouteModule = (app) => {
    app.get('/test/own-line', (req, res) => {
      req.log?.info({ detail: 1 }, 'a handler line');
      res.status(204).end();
    });
    // Answers after 300 ms, for a client that leaves before.
    app.get('/test/slow', (_req, res) => void setTimeout(() => res.status(200).end('late'), 300));
  };
  api = await listen(createApp(services, [...BASE_ROUTES, ownLine]), 0, '127.0.0.1');
});

afterAll(async () => {
  await api?.close();
  await services?.close();
  await redis?.stop();
});

const KEY = `lk_live_${'A'.repeat(32)}`;

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; id: string }> {
  const r = await fetch(`${api.url}${path}`, { headers });
  await r.arrayBuffer();
  return { status: r.status, id: r.headers.get('x-request-id') ?? '' };
}

/** The lines of one request, once written (a line is written when the response closes). */
async function linesOf(id: string, n = 1): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 100; i++) {
    const mine = lines.filter((l) => l.reqId === id);
    if (mine.length >= n) return mine;
    await new Promise((r) => setTimeout(r, 10));
  }
  return lines.filter((l) => l.reqId === id);
}

test('a request line names the request and its answer, never its headers', async () => {
  const { status, id } = await get('/nope?q=1', { authorization: `Bearer ${KEY}`, cookie: 'session=secret-cookie', 'user-agent': 'request-log-test/1' });
  expect(status).toBe(404);
  const [line] = await linesOf(id);
  expect(line).toEqual({
    level: 30, time: expect.any(Number), svc: 'api', reqId: id,
    req: { id, method: 'GET', url: '/nope?q=1', remoteAddress: '127.0.0.1', userAgent: 'request-log-test/1' },
    res: { statusCode: 404 }, responseTime: expect.any(Number), msg: 'request completed',
  });
  // Field order as written: the request id first, the message last.
  expect(Object.keys(line!)).toEqual(['level', 'time', 'svc', 'reqId', 'req', 'res', 'responseTime', 'msg']);
  expect(JSON.stringify(lines)).not.toMatch(/secret-cookie|authorization|AAAAAAAA/u);
});

test('a 5xx answer is logged as errored', async () => {
  const { status, id } = await get('/v1/mkt_a/sold?q=lamp', { authorization: `Bearer ${key}` });
  expect(status).toBe(503);
  const [line] = await linesOf(id);
  expect(line).toMatchObject({
    level: 30, reqId: id, req: { id, method: 'GET', url: '/v1/mkt_a/sold?q=lamp', remoteAddress: '127.0.0.1' }, res: { statusCode: 503 },
    err: { type: 'Error', message: 'failed with status code 503' }, msg: 'request errored',
  });
  expect(Object.keys(line!)).toEqual(['level', 'time', 'svc', 'reqId', 'req', 'res', 'err', 'responseTime', 'msg']);
});

test('probes and scrapes are not logged; the same paths with a query string are', async () => {
  const quiet = await Promise.all(['/healthz', '/readyz', '/metrics'].map((p) => get(p)));
  expect(quiet.map((q) => q.status)).toEqual([200, 200, 200]);
  const loud = await get('/healthz?x=1');
  await linesOf(loud.id);
  for (const q of quiet) expect(lines.filter((l) => l.reqId === q.id)).toEqual([]);
  expect(lines.filter((l) => l.reqId === loud.id)).toHaveLength(1);
});

test('a URL\'s secrets are scrubbed from its line', async () => {
  const { id } = await get(`/nope?key=${KEY}`);
  const [line] = await linesOf(id);
  expect((line!.req as { url: string }).url).toBe('/nope?key=lk_[redacted]');
});

test('a handler\'s own line (req.log) carries the request id', async () => {
  const { status, id } = await get('/test/own-line');
  expect(status).toBe(204);
  const mine = await linesOf(id, 2);
  expect(mine.find((l) => l.msg === 'a handler line')).toMatchObject({ level: 30, svc: 'api', reqId: id, detail: 1 });
  expect(mine.find((l) => l.msg === 'request completed')).toMatchObject({ reqId: id, res: { statusCode: 204 } });
});

test('a query string over the limit is logged with its 414', async () => {
  const { status, id } = await get(`/v1/mkt_a/sold?q=${'a'.repeat(2100)}`);
  expect(status).toBe(414);
  const [line] = await linesOf(id);
  expect(line).toMatchObject({ reqId: id, req: { method: 'GET' }, res: { statusCode: 414 }, msg: 'request completed' });
});

test('a client that leaves before the answer is logged as aborted, once', async () => {
  const ac = new AbortController();
  const pending = fetch(`${api.url}/test/slow`, { signal: ac.signal, headers: { 'x-request-id': 'req-log-aborted-1' } }).catch(() => null);
  setTimeout(() => ac.abort(), 50);
  await pending;
  await new Promise((r) => setTimeout(r, 500)); // past the handler's own answer
  const mine = lines.filter((l) => (l.req as { url?: string } | undefined)?.url === '/test/slow');
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/test/slow' }, msg: 'request aborted' });
});
