/**
 * Block handling: a session that met a wall is retired and its slot renewed with a
 * new identity, no cookies but the operator's, and the next configured proxy; the worker
 * counts walls per marketplace.
 */
import { createSessionPool, type SessionPool } from '@listings/http-client';
import { createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import { startOrigin, startProxy, type Proxy, type Started } from '../../packages/http-client/test/servers.ts';

let secure: Started;
let plainOrigin: Started;
let proxies: [Proxy, Proxy];
const pools: SessionPool[] = [];

beforeAll(async () => {
  let p1: Proxy;
  let p2: Proxy;
  [secure, plainOrigin, p1, p2] = await Promise.all([startOrigin(true), startOrigin(), startProxy(), startProxy()]);
  proxies = [p1, p2];
});
afterAll(async () => {
  for (const p of pools) p.close();
  await Promise.all([secure.close(), plainOrigin.close(), ...proxies.map((p) => p.close())]);
});

const cookieOf = (body: string): string | undefined => (JSON.parse(body) as { headers: Record<string, string> }).headers['cookie'];

test.each(['browser', 'plain'] as const)('%s: retire gives the slot a new identity, fresh cookies and the next proxy', async (transport) => {
  const [p1, p2] = proxies;
  const p = createSessionPool({ sessions: [{ proxyUrl: p1.url, cookies: 'op=1' }, { proxyUrl: p2.url }], transport, ignoreTlsErrors: true, retries: 0 });
  pools.push(p);
  // The browser transport tunnels HTTPS through the proxy (the test certificate accepted);
  // the plain one tunnels plain HTTP too, and cannot trust the test certificate.
  const url = transport === 'browser' ? secure.url.replace('127.0.0.1', 'localhost') : plainOrigin.url;
  const s = p.next();
  const firstIdentity = s.identity;
  const before = [p1.tunnels.length, p2.tunnels.length];
  await s.request({ url: `${url}/set-cookie` });
  expect(cookieOf((await s.request({ url: `${url}/echo` })).body)).toBe('op=1; sid=server-1; pref=dark');
  expect([p1.tunnels.length - before[0]!, p2.tunnels.length - before[1]!]).toEqual([1, 0]);

  p.retire(s);
  expect(p.next().slot).toBe(1);
  const renewed = p.next();
  expect(renewed.slot).toBe(0);
  expect(renewed.generation).toBe(1);
  expect(renewed.identity).not.toBe(firstIdentity);
  const mid = [p1.tunnels.length, p2.tunnels.length];
  expect(cookieOf((await renewed.request({ url: `${url}/echo` })).body)).toBe('op=1');
  // The renewed slot left the first proxy for the next one.
  expect([p1.tunnels.length - mid[0]!, p2.tunnels.length - mid[1]!]).toEqual([0, 1]);
});

test('walls met are counted per marketplace and mode', async () => {
  const metrics = createWorkerMetrics(['mkt_a', 'mkt_b']);
  metrics.onReading({ token: 'mkt_b', mode: 'live', outcome: 'blocked' });
  metrics.onReading({ token: 'mkt_b', mode: 'live', outcome: 'blocked' });
  metrics.onReading({ token: 'mkt_a', mode: 'live', outcome: 'read' });
  const text = await metrics.registry.metrics();
  expect(text).toMatch(/^listings_session_walls_total\{marketplace="mkt_b",mode="live",[^}]*\} 2$/mu);
  expect(text).not.toMatch(/^listings_session_walls_total\{marketplace="mkt_a"/mu);
});
