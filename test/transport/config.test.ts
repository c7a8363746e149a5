/**
 * UPSTREAM_TRANSPORT: which transport live collection uses per marketplace, and
 * that the worker's session pools follow it, sandbox ones (against the simulators) included.
 */
import { loadConfig } from '@listings/config';
import { MARKETPLACES } from '@listings/marketplaces';
import { createSessions } from '../../apps/worker/src/sessions.ts';

const BASE = { REDIS_URL: 'redis://127.0.0.1:6379', CURSOR_SECRET: 'x'.repeat(32) };

test('browser for every marketplace by default; one value for all; or per marketplace', () => {
  expect(loadConfig(BASE, []).transports).toEqual({ mkt_a: 'browser', mkt_b: 'browser', mkt_c: 'browser', mkt_d: 'browser', mkt_e: 'browser' });
  expect(new Set(Object.values(loadConfig({ ...BASE, UPSTREAM_TRANSPORT: 'plain' }, []).transports))).toEqual(new Set(['plain']));
  expect(loadConfig({ ...BASE, UPSTREAM_TRANSPORT: 'mkt_a=plain, mkt_c=browser' }, []).transports).toEqual({ mkt_a: 'plain', mkt_b: 'browser', mkt_c: 'browser', mkt_d: 'browser', mkt_e: 'browser' });
  expect(loadConfig(BASE, ['--upstream-transport=mkt_e=plain']).transports.mkt_e).toBe('plain');
});

test.each(['chrome', 'mkt_a=tor', 'mkt_z=plain', 'mkt_a', '=plain'])('refuses UPSTREAM_TRANSPORT=%s, naming the variable', (raw) => {
  expect(() => loadConfig({ ...BASE, UPSTREAM_TRANSPORT: raw }, [])).toThrow(/UPSTREAM_TRANSPORT/);
});

test('the worker builds live and sandbox pools with the marketplace\'s configured transport', () => {
  const config = loadConfig({ ...BASE, UPSTREAM_TRANSPORT: 'mkt_b=plain', SIMULATOR_URL: 'http://127.0.0.1:9' }, []);
  const sessions = createSessions(config, MARKETPLACES);
  try {
    expect(sessions.pool('live', 'mkt_a')!.client.next().identity).not.toBeNull();
    expect(sessions.pool('live', 'mkt_a')!.client.transport).toBe('browser');
    expect(sessions.pool('live', 'mkt_b')!.client.transport).toBe('plain');
    expect(sessions.pool('sandbox', 'mkt_a')!.client.transport).toBe('browser');
    expect(sessions.pool('sandbox', 'mkt_b')!.client.transport).toBe('plain');
  } finally {
    sessions.close();
  }
});

test.each([
  ['broken JSON around a proxy password', '{"mkt_a":[{"proxyUrl":"http://user:s3cretPw@proxy.example:8080"}'],
  ['a proxy URL that does not parse', '{"mkt_a":[{"proxyUrl":"http://user:s3cretPw@[bad"}]}'],
  ['a proxy URL of another scheme', '{"mkt_a":[{"proxyUrl":"socks5://user:s3cretPw@proxy.example:1080"}]}'],
])('UPSTREAM_SESSIONS with %s is refused, naming the variable and never echoing the password', (_what, raw) => {
  let message = '';
  try {
    loadConfig({ ...BASE, UPSTREAM_SESSIONS: raw }, []);
  } catch (err) {
    message = `${(err as Error).message} ${JSON.stringify(err)} ${String((err as Error).stack)}`;
  }
  expect(message).toMatch(/UPSTREAM_SESSIONS/);
  expect(message).not.toContain('s3cretPw');
});

test('a client refuses a proxy URL that does not parse without echoing it', async () => {
  const { createHttpClient } = await import('@listings/http-client');
  let message = '';
  try {
    createHttpClient({ proxyUrl: 'http://user:s3cretPw@[bad' });
  } catch (err) {
    message = `${(err as Error).message} ${JSON.stringify(err)}`;
  }
  expect(message).toMatch(/proxyUrl/);
  expect(message).not.toContain('s3cretPw');
});

test('a refused REDIS_URL is shown without its password', () => {
  let message = '';
  try {
    loadConfig({ ...BASE, REDIS_URL: 'redis://default:s3cretPw@redis.internal:notaport' }, []);
  } catch (err) {
    message = (err as Error).message;
  }
  expect(message).toMatch(/REDIS_URL=/);
  expect(message).not.toContain('s3cretPw');
});
