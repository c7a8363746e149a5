/**
 * The browser transport's HTTP/2 and its sessions on the wire:
 * - the client's first HTTP/2 frames are desktop Chrome's: SETTINGS values and their order,
 *   the connection WINDOW_UPDATE, the HEADERS priority, and pseudo-headers in Chrome's order
 *   (`:method`, `:authority`, `:scheme`, `:path`), then the session's identity headers;
 * - a live collection through a CONNECT proxy on 127.0.0.1 (with credentials) reaches the
 *   listener with the same fingerprint, and cookies the listener sets come back on the same
 *   session's next requests, never on another session's.
 */
import { createSessionPool, type SessionPool } from '@listings/http-client';
import { MARKETPLACES } from '@listings/marketplaces';
import { startFingerprintListener, type FingerprintListener } from '../../packages/http-client/test/fingerprint-listener.ts';
import { startProxy, type Proxy } from '../../packages/http-client/test/servers.ts';
import { SEARCHES, siteHandler } from './site.ts';

/**
 * Desktop Chrome's SETTINGS frame: HEADER_TABLE_SIZE 65536, ENABLE_PUSH 0, INITIAL_WINDOW_SIZE
 * 6291456, MAX_HEADER_LIST_SIZE 262144 (Akamai HTTP/2 fingerprint `1:65536;2:0;4:6291456;6:262144`).
 */
const CHROME_SETTINGS: Array<[number, number]> = [[1, 65536], [2, 0], [4, 6291456], [6, 262144]];
/** Chrome's connection-level WINDOW_UPDATE increment (a 15 MiB connection window). */
const CHROME_WINDOW_UPDATE = 15663105;
/**
 * The priority on Chrome's HEADERS frame of a navigation (`priority: u=0, i`): exclusive on
 * stream 0, weight 256 (Chromium's HIGHEST request priority; 220 would be MEDIUM).
 */
const CHROME_NAVIGATION_PRIORITY = { exclusive: true, dependsOn: 0, weight: 256 };

let listener: FingerprintListener;
let proxy: Proxy;
const pools: SessionPool[] = [];
function pool(...args: Parameters<typeof createSessionPool>): SessionPool {
  const p = createSessionPool(...args);
  pools.push(p);
  return p;
}

beforeAll(async () => {
  [listener, proxy] = await Promise.all([startFingerprintListener(siteHandler()), startProxy('operator:s3cret')]);
});
afterAll(async () => {
  for (const p of pools) p.close();
  await Promise.all([listener.close(), proxy.close()]);
});

const cookieOf = (body: string): string | undefined => (JSON.parse(body) as { headers: Record<string, string> }).headers['cookie'];

test('HTTP/2: Chrome\'s SETTINGS values, WINDOW_UPDATE and pseudo-header order', async () => {
  const session = pool({ sessions: [{}], transport: 'browser', ignoreTlsErrors: true }).next();
  const from = listener.connections.length;
  const res = await session.request({ url: `${listener.url}/echo` });
  expect(res.status).toBe(200);
  const conn = listener.connections[from]!;
  expect(conn.alpn).toBe('h2');
  expect(conn.h2).not.toBeNull();
  expect(conn.h2!.settings).toEqual(CHROME_SETTINGS);
  expect(conn.h2!.windowUpdate).toBe(CHROME_WINDOW_UPDATE);
  expect(conn.h2!.priority).toEqual(CHROME_NAVIGATION_PRIORITY);
  const req = listener.requests.find((r) => r.connection === conn.id)!;
  expect(req.httpVersion).toBe('2.0');
  expect(req.order.slice(0, 4)).toEqual([':method', ':authority', ':scheme', ':path']);
  expect(req.order.slice(4)).toEqual(Object.keys(session.identity!.headers));
});

test('HTTP/2: the session\'s cookies go where Chrome puts them, before priority, on the same connection', async () => {
  const session = pool({ sessions: [{}], transport: 'browser', ignoreTlsErrors: true }).next();
  const from = listener.connections.length;
  await session.request({ url: `${listener.url}/set-cookie?name=sid&value=kept` });
  const res = await session.request({ url: `${listener.url}/echo` });
  expect(cookieOf(res.body)).toBe('sid=kept');
  expect(listener.connections.length - from).toBe(1); // one kept-alive h2 connection, as Chrome
  const req = listener.requests.at(-1)!;
  const names = Object.keys(session.identity!.headers);
  const expected = [...names];
  expected.splice(names.indexOf('priority'), 0, 'cookie');
  expect(req.order.slice(4)).toEqual(expected);
});

test('HTTP/2 is not what the plain transport speaks (no ALPN, HTTP/1.1)', async () => {
  const session = pool({ sessions: [{}], transport: 'plain', retries: 0 }).next();
  const from = listener.connections.length;
  await session.request({ url: `${listener.url}/echo` }).catch(() => undefined); // the test certificate is not trusted by got
  const conn = listener.connections[from]!;
  expect(conn.hello.alpn).toEqual([]);
  expect(conn.h2).toBeNull();
});

test('through a CONNECT proxy: Chrome\'s fingerprint at the listener, cookies kept per session', async () => {
  const proxyUrl = proxy.url.replace('//', '//operator:s3cret@');
  const p = pool({ sessions: [{ proxyUrl }, { proxyUrl }], transport: 'browser', ignoreTlsErrors: true, retries: 0 });
  const a = p.next();
  const b = p.next();
  const tunnelsBefore = proxy.tunnels.length;
  const from = listener.connections.length;

  // Session a gets a cookie from the site, then runs a live collection of mkt_a.
  await a.request({ url: `${listener.url}/set-cookie?name=sid&value=session-a` });
  const reqsBefore = listener.requests.length;
  const page = await MARKETPLACES.mkt_a.collect(SEARCHES.mkt_a, { http: a, baseUrl: `${listener.url}/mkt_a`, now: new Date(), continuation: null, signal: new AbortController().signal });
  expect(page.result.count).toBeGreaterThan(0);
  const collectionReqs = listener.requests.slice(reqsBefore);
  expect(collectionReqs.length).toBeGreaterThan(0);
  for (const r of collectionReqs) expect(r.headers['cookie']).toBe('sid=session-a');

  // Session b never sees a's cookie, and keeps its own.
  expect(cookieOf((await b.request({ url: `${listener.url}/echo` })).body)).toBeUndefined();
  await b.request({ url: `${listener.url}/set-cookie?name=sid&value=session-b` });
  expect(cookieOf((await b.request({ url: `${listener.url}/echo` })).body)).toBe('sid=session-b');
  expect(cookieOf((await a.request({ url: `${listener.url}/echo` })).body)).toBe('sid=session-a');

  // Everything went through the proxy's tunnels, with the credentials, to the listener.
  const tunnels = proxy.tunnels.slice(tunnelsBefore);
  expect(tunnels.length).toBeGreaterThanOrEqual(2); // one kept-alive tunnel per session at least
  for (const t of tunnels) {
    expect(t.target).toBe(`localhost:${listener.port}`);
    expect(t.auth).toBe(`Basic ${Buffer.from('operator:s3cret').toString('base64')}`);
  }
  const conns = listener.connections.slice(from);
  expect(conns.length).toBe(tunnels.length);
  for (const c of conns) {
    expect(c.ja4.startsWith('t13d1516h2_8daaf6152771')).toBe(true);
    expect(c.alpn).toBe('h2');
  }
});

test('a proxy refusing the credentials is a transport failure that names neither', async () => {
  const s = pool({ sessions: [{ proxyUrl: proxy.url.replace('//', '//operator:wrong-pass@') }], transport: 'browser', ignoreTlsErrors: true, retries: 0 }).next();
  const err = await s.request({ url: `${listener.url}/echo` }).catch((e: unknown) => e as Error);
  expect(err).toBeInstanceOf(Error);
  expect((err as Error).name).toBe('TransientUpstreamError');
  expect((err as Error).message).not.toContain('wrong-pass');
  expect((err as Error).message).not.toContain('operator');
});
