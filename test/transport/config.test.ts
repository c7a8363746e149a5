/**
 * UPSTREAM_TRANSPORT (issue 12): which transport live collection uses per marketplace, and
 * that the worker's session pools follow it (sandbox always `plain`, against the simulators).
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

test('the worker builds live pools with the configured transport, sandbox pools plain', () => {
  const config = loadConfig({ ...BASE, UPSTREAM_TRANSPORT: 'mkt_b=plain', SIMULATOR_URL: 'http://127.0.0.1:9' }, []);
  const sessions = createSessions(config, MARKETPLACES);
  try {
    expect(sessions.pool('live', 'mkt_a')!.client.next().identity).not.toBeNull();
    expect(sessions.pool('live', 'mkt_a')!.client.transport).toBe('browser');
    expect(sessions.pool('live', 'mkt_b')!.client.transport).toBe('plain');
    expect(sessions.pool('sandbox', 'mkt_a')!.client.transport).toBe('plain');
  } finally {
    sessions.close();
  }
});
