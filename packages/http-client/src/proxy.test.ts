import https from 'node:https';
import { TransientUpstreamError, UpstreamTimeoutError } from '@listings/contract';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deadPort, startOrigin, startProxy, TLS, type Proxy, type Started } from '../test/servers.ts';
import { createHttpClient, type HttpClientHandle } from './client.ts';
import { createAgents } from './proxy.ts';

let origin: Started;
let secureOrigin: Started;
let proxy: Proxy;
let authProxy: Proxy;
const clients: HttpClientHandle[] = [];
function client(...args: Parameters<typeof createHttpClient>): HttpClientHandle {
  const c = createHttpClient(...args);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  [origin, secureOrigin, proxy, authProxy] = await Promise.all([startOrigin(), startOrigin(true), startProxy(), startProxy('scraper:p@ss:word')]);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([origin.close(), secureOrigin.close(), proxy.close(), authProxy.close()]);
});

describe('CONNECT proxy', () => {
  it('tunnels plain-HTTP requests through the proxy, with cookies and redirects working inside', async () => {
    const before = proxy.tunnels.length;
    const c = client({ proxyUrl: proxy.url, cookies: 'seed=1' });
    await c.request({ url: `${origin.url}/set-cookie` });
    const res = await c.request({ url: `${origin.url}/redirect/2` });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${origin.url}/echo?arrived=1`);
    expect((JSON.parse(res.body) as { headers: Record<string, string> }).headers['cookie']).toBe('seed=1; sid=server-1; pref=dark');
    const opened = proxy.tunnels.slice(before);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(opened.every((t) => t.target === `127.0.0.1:${origin.port}` && t.auth === undefined)).toBe(true);
    // Keep-alive: the redirect chain reused the tunnel rather than opening one per request.
    expect(opened.length).toBeLessThan(4);
  });

  it('sends URL-encoded proxy credentials as Basic Proxy-Authorization', async () => {
    const before = authProxy.tunnels.length;
    const url = new URL(authProxy.url);
    url.username = 'scraper';
    url.password = encodeURIComponent('p@ss:word');
    const res = await client({ proxyUrl: url.toString() }).request({ url: `${origin.url}/echo` });
    expect(res.status).toBe(200);
    expect(authProxy.tunnels[before]?.auth).toBe(`Basic ${Buffer.from('scraper:p@ss:word').toString('base64')}`);
  });

  it('maps a proxy refusing the tunnel (407) to TransientUpstreamError', async () => {
    const err = await client({ proxyUrl: authProxy.url, retries: 0 }).request({ url: `${origin.url}/echo` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientUpstreamError);
    expect((err as Error).message).toMatch(/proxy answered 407 to CONNECT 127\.0\.0\.1:\d+/);
  });

  it('maps an unreachable proxy to TransientUpstreamError', async () => {
    const port = await deadPort();
    const err = await client({ proxyUrl: `http://127.0.0.1:${port}`, retryBackoffMs: 1 }).request({ url: `${origin.url}/echo` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientUpstreamError);
    expect((err as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('times out through the proxy like a direct request', async () => {
    await expect(client({ proxyUrl: proxy.url, timeoutMs: 150 }).request({ url: `${origin.url}/hang` })).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it('speaks TLS with the target inside the tunnel and checks its certificate', async () => {
    const before = proxy.tunnels.length;
    // The client trusts the system CAs only, so the test certificate must be refused...
    const err = await client({ proxyUrl: proxy.url, retries: 0 }).request({ url: `https://localhost:${secureOrigin.port}/echo` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransientUpstreamError);
    expect((err as Error).message).toMatch(/self[- ]signed/i);
    expect(proxy.tunnels[before]?.target).toBe(`localhost:${secureOrigin.port}`);
    // ...and, trusting it, the same HTTPS agent completes the exchange end to end.
    const agents = createAgents(proxy.url, 2000);
    const body = await new Promise<string>((resolve, reject) => {
      https.get({ host: 'localhost', port: secureOrigin.port, path: '/echo', agent: agents.https, ca: TLS.cert }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      }).on('error', reject);
    });
    agents.https.destroy();
    expect(JSON.parse(body)).toMatchObject({ method: 'GET' });
    expect(proxy.tunnels.at(-1)?.target).toBe(`localhost:${secureOrigin.port}`);
    expect(secureOrigin.seen.at(-1)?.url).toBe('/echo');
  });
});
