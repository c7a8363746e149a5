/**
 * What a bot manager sees of live collection before it reads a header (issue 12): every
 * marketplace's live collection, through its production adapter and the session pool the
 * worker uses, pointed at a local TLS listener that records the ClientHello. The `browser`
 * transport must present desktop Chrome's JA4 (`t13d1516h2_8daaf6152771`: TLS 1.3, SNI, 15
 * cipher suites, 16 extensions, ALPN h2, Chrome's cipher set) and complete the collection
 * over HTTP/2; the `plain` transport (got over Node's TLS) must not present it, which is what
 * makes this test able to fail.
 */
import { TOKENS, type Token } from '@listings/contract';
import { createSessionPool, IMPERSONATED_BROWSER, type SessionPool } from '@listings/http-client';
import { MARKETPLACES, type CollectedPage } from '@listings/marketplaces';
import { startFingerprintListener, type FingerprintListener } from '../../packages/http-client/test/fingerprint-listener.ts';
import { SEARCHES, siteHandler } from './site.ts';

/** Desktop Chrome's JA4 a_b (TLS 1.3, SNI, 15 suites, 16 extensions, h2; hash of Chrome's suites). */
const CHROME_JA4_PREFIX = 't13d1516h2_8daaf6152771';
/** The full JA4 of impit 0.14's chrome151 profile (Chrome 136+ extension set and signature algorithms). */
const IMPIT_CHROME151_JA4 = 't13d1516h2_8daaf6152771_f246ce76b0ba';

let listener: FingerprintListener;
const pools: SessionPool[] = [];

beforeAll(async () => {
  listener = await startFingerprintListener(siteHandler());
});
afterAll(async () => {
  for (const p of pools) p.close();
  await listener.close();
});

async function collect(token: Token, transport: 'browser' | 'plain'): Promise<{ page: CollectedPage | null; error: Error | null; from: number }> {
  const pool = createSessionPool({ sessions: [{}], transport, ignoreTlsErrors: true, timeoutMs: 5000, retries: 0 });
  pools.push(pool);
  const from = listener.connections.length;
  try {
    const page = await MARKETPLACES[token].collect(SEARCHES[token], {
      http: pool.next(), baseUrl: `${listener.url}/${token}`, now: new Date(), continuation: null, signal: new AbortController().signal,
    });
    return { page, error: null, from };
  } catch (err) {
    return { page: null, error: err as Error, from };
  }
}

describe.each(TOKENS)('%s live collection', (token) => {
  test('browser transport: Chrome\'s JA4 on every connection, h2 negotiated, the collection completes', async () => {
    const { page, error, from } = await collect(token, 'browser');
    expect(error).toBeNull();
    expect(page!.result.count).toBeGreaterThan(0);
    const conns = listener.connections.slice(from);
    expect(conns.length).toBeGreaterThan(0);
    for (const c of conns) {
      expect(c.ja4.slice(0, CHROME_JA4_PREFIX.length)).toBe(CHROME_JA4_PREFIX);
      expect(c.ja4).toBe(IMPIT_CHROME151_JA4);
      expect(c.hello.sni).toBe('localhost');
      expect(c.hello.alpn).toEqual(['h2', 'http/1.1']);
      expect(c.alpn).toBe('h2');
    }
    const reqs = listener.requests.filter((r) => conns.some((c) => c.id === r.connection));
    expect(reqs.length).toBeGreaterThan(0);
    for (const r of reqs) expect(r.httpVersion).toBe('2.0');
  });

  test('plain transport: Node\'s own ClientHello, which is not Chrome\'s', async () => {
    const { from } = await collect(token, 'plain');
    const conns = listener.connections.slice(from);
    expect(conns.length).toBeGreaterThan(0);
    for (const c of conns) {
      expect(c.ja4.slice(0, CHROME_JA4_PREFIX.length)).not.toBe(CHROME_JA4_PREFIX);
      expect(c.hello.alpn).toEqual([]); // no ALPN: HTTP/1.1 only
      expect(c.ja4).toMatch(/^t13d\d{4}00_/); // Node 24 here: t13d521100_b262b3658495_… (52 suites)
    }
  });
});

test('the profile impersonated is the one whose JA4 is asserted', () => {
  expect(IMPERSONATED_BROWSER).toBe('chrome151');
});
