import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOrigin, startProxy, type Proxy, type Started } from '../test/servers.ts';
import { createSessionPool, type SessionPool } from './session-pool.ts';

let origin: Started;
let proxy: Proxy;
const pools: SessionPool[] = [];
function pool(...args: Parameters<typeof createSessionPool>): SessionPool {
  const p = createSessionPool(...args);
  pools.push(p);
  return p;
}

beforeAll(async () => {
  [origin, proxy] = await Promise.all([startOrigin(), startProxy()]);
});
afterAll(async () => {
  for (const p of pools) p.close();
  await Promise.all([origin.close(), proxy.close()]);
});

const cookieOf = (body: string): string | undefined => (JSON.parse(body) as { headers: Record<string, string> }).headers['cookie'];

describe('session pool', () => {
  it('hands sessions out round-robin, each with its own cookies and proxy', async () => {
    const p = pool({ sessions: [{ cookies: 'who=a', proxyUrl: proxy.url }, { cookies: 'who=b' }] });
    const before = proxy.tunnels.length;
    const seen: Array<[number, string | undefined]> = [];
    for (let i = 0; i < 4; i++) {
      const res = await p.request({ url: `${origin.url}/echo` });
      seen.push([res.session.slot, cookieOf(res.body)]);
    }
    expect(seen).toEqual([[0, 'who=a'], [1, 'who=b'], [0, 'who=a'], [1, 'who=b']]);
    // Only slot 0 goes through the proxy (one kept-alive tunnel for its two requests).
    expect(proxy.tunnels.length - before).toBe(1);
    expect(p.size).toBe(2);
  });

  it('keeps one identity for every request of a session taken with next()', async () => {
    const p = pool({ sessions: [{}, {}] });
    const s = p.next();
    await s.request({ url: `${origin.url}/set-cookie` });
    expect(cookieOf((await s.request({ url: `${origin.url}/echo` })).body)).toBe('sid=server-1; pref=dark');
    expect(cookieOf((await p.next().request({ url: `${origin.url}/echo` })).body)).toBeUndefined();
  });

  it('retire renews the slot: cookies the site set are gone, operator cookies come back', async () => {
    const p = pool({ sessions: [{ cookies: 'sid=operator' }] });
    const s = p.next();
    await s.request({ url: `${origin.url}/set-cookie` });
    expect(cookieOf((await s.request({ url: `${origin.url}/echo` })).body)).toBe('sid=server-1; pref=dark');

    p.retire(s);
    expect(s.retired).toBe(true);
    const fresh = p.next();
    expect(fresh).not.toBe(s);
    expect(fresh.generation).toBe(1);
    expect(fresh.retired).toBe(false);
    expect(cookieOf((await fresh.request({ url: `${origin.url}/echo` })).body)).toBe('sid=operator');
    // A job still holding the retired handle moves on to the renewed identity.
    expect(cookieOf((await s.request({ url: `${origin.url}/echo` })).body)).toBe('sid=operator');

    // Retiring the same handle again (a second job blocked on it) does not renew twice.
    p.retire(s);
    expect(p.next().generation).toBe(1);
  });

  it('refuses an empty session list and a handle from another pool', async () => {
    expect(() => createSessionPool({ sessions: [] })).toThrow(RangeError);
    const a = pool({ sessions: [{}] });
    const b = pool({ sessions: [{}] });
    b.retire(a.next());
    expect(b.next().generation).toBe(0);
  });
});
