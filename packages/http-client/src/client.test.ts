import { TransientUpstreamError, UpstreamTimeoutError } from '@listings/contract';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deadPort, startOrigin, type Started } from '../test/servers.ts';
import { CHROME_MIN_MAJOR, PLAIN_ACCEPT_ENCODING } from './browser-headers.ts';
import { createHttpClient, type HttpClientHandle } from './client.ts';
import type { Transport } from './options.ts';

let origin: Started;
const clients: HttpClientHandle[] = [];
let transport: Transport = 'plain';
function client(options: Parameters<typeof createHttpClient>[0] = {}): HttpClientHandle {
  const c = createHttpClient({ transport, ...options });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  origin = await startOrigin();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await origin.close();
});

describe.each(['plain', 'browser'] as const)('%s transport', (t) => {
beforeAll(() => {
  transport = t;
});

describe('headers', () => {
  it('sends one coherent desktop Chrome identity, in its order, on every request of a client', async () => {
    const c = client();
    const id = c.identity!;
    expect(id.chromeMajor).toBeGreaterThanOrEqual(CHROME_MIN_MAJOR);
    expect(['Windows', 'macOS']).toContain(id.platform);
    expect(id.userAgent).toContain(id.platform === 'Windows' ? 'Windows NT 10.0; Win64; x64' : 'Macintosh; Intel Mac OS X');
    for (let i = 0; i < 2; i++) {
      const res = await c.request({ url: `${origin.url}/echo` });
      const { headers } = JSON.parse(res.body) as { headers: Record<string, string> };
      expect(headers['user-agent']).toBe(id.userAgent);
      expect(headers['user-agent']).toContain(`Chrome/${id.chromeMajor}.0.0.0`);
      expect(headers['sec-ch-ua']).toContain(`"Google Chrome";v="${id.chromeMajor}"`);
      expect(headers['sec-ch-ua-platform']).toBe(`"${id.platform}"`);
      expect(headers['sec-ch-ua-mobile']).toBe('?0');
      expect(headers['accept']).toMatch(/^text\/html,application\/xhtml\+xml/);
      expect(headers['accept-language']).toMatch(/^en-US/);
      expect(headers['accept-encoding']).toBe(t === 'plain' ? PLAIN_ACCEPT_ENCODING : 'gzip, deflate, br, zstd');
      expect(headers['sec-fetch-site']).toBe('none');
      expect(headers['sec-fetch-mode']).toBe('navigate');
      expect(headers['sec-fetch-dest']).toBe('document');
      expect(headers['priority']).toBe('u=0, i');
      // On the wire in the identity's order (connection-level headers aside; got always
      // writes user-agent first, where its own default sits).
      const drop = new Set(['host', 'connection', ...(t === 'plain' ? ['user-agent'] : [])]);
      const names = origin.seen.at(-1)!.rawHeaderNames.map((n) => n.toLowerCase()).filter((n) => !drop.has(n));
      expect(names).toEqual(Object.keys(id.headers).filter((n) => !drop.has(n)));
    }
  });

  it('lets request headers override the set case-insensitively, and sends method and body', async () => {
    const res = await client().request({
      method: 'POST',
      url: `${origin.url}/echo`,
      headers: { Accept: 'application/json', 'Sec-Fetch-Mode': 'cors', 'Content-Type': 'application/json', 'X-Extra': '1' },
      body: '{"q":"lamp"}',
    });
    const echo = JSON.parse(res.body) as { method: string; headers: Record<string, string>; body: string };
    expect(echo.method).toBe('POST');
    expect(echo.body).toBe('{"q":"lamp"}');
    expect(echo.headers['accept']).toBe('application/json');
    expect(echo.headers['sec-fetch-mode']).toBe('cors');
    expect(echo.headers['x-extra']).toBe('1');
    expect(echo.headers['user-agent']).toContain('Chrome/');
    const names = origin.seen.at(-1)!.rawHeaderNames.map((n) => n.toLowerCase());
    expect(names.filter((n) => n === 'accept')).toHaveLength(1);
    // The overridden accept keeps its place in Chrome's order (after user-agent).
    expect(names.indexOf('accept')).toBeGreaterThan(names.indexOf('user-agent'));
  });

  it('sends the fetch() set of the same identity for a cors request, the navigation set otherwise', async () => {
    const c = client();
    const id = c.identity!;
    await c.request({ method: 'POST', mode: 'cors', url: `${origin.url}/echo`, headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{}' });
    const cors = origin.seen.at(-1)!;
    expect(cors.headers['sec-fetch-mode']).toBe('cors');
    expect(cors.headers['sec-fetch-dest']).toBe('empty');
    expect(cors.headers['sec-fetch-site']).toBe('same-origin');
    expect(cors.headers['priority']).toBe('u=1, i');
    expect(cors.headers['origin']).toBe(origin.url);
    expect(cors.headers['accept']).toBe('application/json');
    expect(cors.headers['upgrade-insecure-requests']).toBeUndefined();
    expect(cors.headers['sec-fetch-user']).toBeUndefined();
    // Same Chrome: user agent and client hints are the identity's.
    for (const name of ['user-agent', 'sec-ch-ua', 'sec-ch-ua-platform', 'accept-language']) expect(cors.headers[name]).toBe(id.headers[name]);
    const names = cors.rawHeaderNames.map((n) => n.toLowerCase());
    expect(names.indexOf('origin')).toBe(names.indexOf('accept') + 1);

    await c.request({ mode: 'cors', url: `${origin.url}/echo` });
    const get = origin.seen.at(-1)!;
    expect(get.headers['origin']).toBeUndefined(); // a same-origin GET carries none
    expect(get.headers['accept']).toBe('*/*');

    await c.request({ url: `${origin.url}/echo` });
    const nav = origin.seen.at(-1)!;
    expect(nav.headers['sec-fetch-mode']).toBe('navigate');
    expect(nav.headers['sec-fetch-dest']).toBe('document');
    expect(nav.headers['upgrade-insecure-requests']).toBe('1');
    expect(nav.headers['priority']).toBe('u=0, i');
  });

  it('draws a new identity per client', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) seen.add(JSON.stringify(createHttpClient({ transport: t }).identity));
    expect(seen.size).toBeGreaterThan(1);
  });

  if (t === 'plain') {
    it('sends no browser headers when browserHeaders is false', async () => {
      const res = await client({ browserHeaders: false }).request({ url: `${origin.url}/echo` });
      const { headers } = JSON.parse(res.body) as { headers: Record<string, string> };
      expect(headers['sec-ch-ua']).toBeUndefined();
      expect(headers['user-agent'] ?? '').not.toContain('Chrome/');
    });
  }
});

describe('cookies', () => {
  it('keeps cookies the site sets across requests of one client, not across clients', async () => {
    const a = client();
    await a.request({ url: `${origin.url}/set-cookie` });
    const second = JSON.parse((await a.request({ url: `${origin.url}/echo` })).body) as { headers: Record<string, string> };
    expect(second.headers['cookie']).toBe('sid=server-1; pref=dark');
    const other = JSON.parse((await client().request({ url: `${origin.url}/echo` })).body) as { headers: Record<string, string> };
    expect(other.headers['cookie']).toBeUndefined();
  });

  it('seeds operator cookie lines into the jar, and the site may overwrite them', async () => {
    const c = client({ cookies: 'Cookie: sid=operator; cf_clearance=abc.def=\nextra=1; bad; =x' });
    const first = JSON.parse((await c.request({ url: `${origin.url}/echo` })).body) as { headers: Record<string, string> };
    expect(first.headers['cookie']).toBe('sid=operator; cf_clearance=abc.def=; extra=1');
    await c.request({ url: `${origin.url}/set-cookie` });
    const later = JSON.parse((await c.request({ url: `${origin.url}/echo` })).body) as { headers: Record<string, string> };
    expect(later.headers['cookie']).toContain('sid=server-1');
    expect(later.headers['cookie']).not.toContain('sid=operator');
    expect(later.headers['cookie']).toContain('cf_clearance=abc.def=');
  });
});

describe('redirects and statuses', () => {
  it('follows redirects and reports the final url', async () => {
    const res = await client().request({ url: `${origin.url}/redirect/3` });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${origin.url}/echo?arrived=1`);
  });

  it('never carries the caller\'s credentials through a redirect to another origin', async () => {
    for (const status of [302, 307]) {
      await client().request({ url: `${origin.url}/away?status=${status}`, headers: { authorization: 'Bearer T0KEN', cookie: 'own=1', 'x-csrf-token': 'c5rf', 'x-other': 'kept' } });
      const last = origin.seen.at(-1)!;
      expect(last.url).toBe('/echo');
      expect(last.headers.host).toBe(`localhost:${origin.port}`);
      expect([last.headers['authorization'], last.headers['cookie'], last.headers['x-csrf-token']]).toEqual([undefined, undefined, undefined]);
      expect(last.headers['x-other']).toBe('kept');
    }
  });

  it('answers the last redirect itself past 5 redirects', async () => {
    const res = await client().request({ url: `${origin.url}/loop` });
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/loop');
  });

  it.each([403, 404, 429, 500, 503])('returns status %i instead of throwing', async (status) => {
    const res = await client().request({ url: `${origin.url}/status/${status}` });
    expect(res.status).toBe(status);
    expect(res.body).toBe(`<html>status ${status}</html>`);
    expect(res.headers['retry-after']).toBe('7');
  });

  it('decompresses gzip and decodes the declared charset', async () => {
    const c = client();
    expect((await c.request({ url: `${origin.url}/gzip` })).body).toBe('zipped café');
    expect((await c.request({ url: `${origin.url}/latin1` })).body).toBe('café');
  });
});

describe('transport faults', () => {
  it('maps a timeout to UpstreamTimeoutError (per-request timeoutMs wins), without retrying', async () => {
    const before = origin.seen.filter((s) => s.url === '/hang').length;
    const err = await client({ timeoutMs: 5000 }).request({ url: `${origin.url}/hang`, timeoutMs: 150 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamTimeoutError);
    expect((err as Error).message).toBe(`127.0.0.1:${origin.port} gave no complete answer within 150 ms`);
    expect(origin.seen.filter((s) => s.url === '/hang').length - before).toBe(1);
  });

  it('times out a body that stops half way', async () => {
    await expect(client({ timeoutMs: 150 }).request({ url: `${origin.url}/headers-then-hang` })).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it('maps a refused connection to TransientUpstreamError after retrying', async () => {
    const port = await deadPort();
    const started = Date.now();
    const err = await client({ retries: 2, retryBackoffMs: 20 }).request({ url: `http://127.0.0.1:${port}/` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientUpstreamError);
    expect((err as Error).message).toMatch(/ECONNREFUSED/);
    expect((err as Error).message).not.toMatch(/\n\s+at /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40); // two backoffs happened
  });

  it('maps a reset connection (socket hang up) to TransientUpstreamError, retrying once', async () => {
    const before = origin.seen.filter((s) => s.url === '/reset').length;
    const err = await client({ retryBackoffMs: 1 }).request({ url: `${origin.url}/reset` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientUpstreamError);
    expect((err as Error).message).toMatch(t === 'plain' ? /ECONNRESET|socket hang up/ : /ECONNRESET/);
    expect(origin.seen.filter((s) => s.url === '/reset').length - before).toBe(2);
  });

  it('refuses a body over maxBodyBytes, counted while streaming and from content-length', async () => {
    const c = client({ maxBodyBytes: 100_000 });
    expect((await c.request({ url: `${origin.url}/big?n=100000` })).body).toHaveLength(100_000);
    const err = await c.request({ url: `${origin.url}/big?n=100001` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientUpstreamError);
    expect((err as Error).message).toMatch(/over the 100000-byte cap/);
    await expect(c.request({ url: `${origin.url}/declared-big` })).rejects.toThrow(/body of 104857600 bytes/);
  });

  it('rethrows the abort reason when the signal aborts mid-request', async () => {
    const ac = new AbortController();
    const pending = client().request({ url: `${origin.url}/hang` }, ac.signal);
    setTimeout(() => ac.abort(), 50);
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBe(ac.signal.reason);
    expect((err as Error).name).toBe('AbortError');
  });

  it('rethrows the abort reason at once when the signal aborts while the body streams', async () => {
    const ac = new AbortController();
    const started = Date.now();
    const pending = client({ timeoutMs: 5000 }).request({ url: `${origin.url}/headers-then-hang` }, ac.signal);
    setTimeout(() => ac.abort(), 100);
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBe(ac.signal.reason);
    expect(Date.now() - started).toBeLessThan(2000); // not the 5 s timeout
  });

  it('does not send at all with an already aborted signal', async () => {
    const before = origin.seen.length;
    const reason = new Error('stop');
    await expect(client().request({ url: `${origin.url}/echo` }, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(origin.seen.length).toBe(before);
  });

  it('refuses nonsense options at creation', () => {
    expect(() => createHttpClient({ transport: 'h3' as Transport })).toThrow(RangeError);
    expect(() => createHttpClient({ transport: t, timeoutMs: 0 })).toThrow(RangeError);
    expect(() => createHttpClient({ retries: -1 })).toThrow(RangeError);
    expect(() => createHttpClient({ proxyUrl: 'socks5://127.0.0.1:1080' })).toThrow(RangeError);
  });
});
});

test('browser: closing a client (a retired session) while a request is in flight lets it finish, then leaves no connection open', async () => {
  const own = await startOrigin(); // its own server: other tests' kept-alive connections do not count
  try {
    const c = createHttpClient({ transport: 'browser' });
    const pending = c.request({ url: `${own.url}/slow-redirect` });
    setTimeout(() => c.close(), 50);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${own.url}/echo?after=slow`);
    const until = Date.now() + 3000;
    while ((await own.openConnections!()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(await own.openConnections!()).toBe(0);
  } finally {
    await own.close();
  }
});
