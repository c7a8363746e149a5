/**
 * What a bot manager sees of live collection before it reads a header: every
 * marketplace's live collection, through its production adapter and the session pool the
 * worker uses, pointed at a local TLS listener that records the ClientHello. The `browser`
 * transport must present desktop Chrome's JA4 (`t13d1516h2_8daaf6152771`: TLS 1.3, SNI, 15
 * cipher suites, 16 extensions, ALPN h2, Chrome's cipher set) and complete the collection
 * over HTTP/2; the `plain` transport (got over Node's TLS) must not present it, which is what
 * makes this test able to fail.
 */
import { TOKENS, type Token } from '@listings/contract';
import { CHROME_HTTP2, CHROME_MIN_MAJOR, createSessionPool, impersonatedProfile, NEWEST_CHROME_PROFILE, newIdentity, type SessionPool } from '@listings/http-client';
import { MARKETPLACES, type CollectedPage } from '@listings/marketplaces';
import { startFingerprintListener, type FingerprintListener } from '../../packages/http-client/test/fingerprint-listener.ts';
import { ja4 } from '../../packages/http-client/test/ja4.ts';
import { createTransport, fetch as wreqFetch, getProfiles, type BrowserProfile } from 'wreq-js';
import { SEARCHES, siteHandler } from './site.ts';

/** Desktop Chrome's JA4 a_b (TLS 1.3, SNI, 15 suites, 16 extensions, h2; hash of Chrome's suites). */
const CHROME_JA4_PREFIX = 't13d1516h2_8daaf6152771';
/**
 * Desktop Chrome 136+'s whole JA4, worked out here from what Chrome sends (not from what the
 * transport sent): its 15 suites (GREASE aside), and its 16 extensions: server_name,
 * extended_master_secret, renegotiation_info, supported_groups, ec_point_formats,
 * session_ticket, ALPN, status_request, signature_algorithms, signed_certificate_timestamp,
 * key_share, psk_key_exchange_modes, supported_versions, compress_certificate, ALPS on its new
 * codepoint 0x44cd (Chrome 133 on) and encrypted_client_hello (GREASE ECH); and its eight
 * signature algorithms in order. Chrome shuffles the extension order per connection, which
 * JA4 sorts away.
 */
const CHROME_JA4 = ja4({
  legacyVersion: 0x0303,
  ciphers: [0x1301, 0x1302, 0x1303, 0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc013, 0xc014, 0x009c, 0x009d, 0x002f, 0x0035],
  extensions: [0x0000, 0x0017, 0xff01, 0x000a, 0x000b, 0x0023, 0x0010, 0x0005, 0x000d, 0x0012, 0x0033, 0x002d, 0x002b, 0x001b, 0x44cd, 0xfe0d],
  sni: 'localhost',
  alpn: ['h2', 'http/1.1'],
  supportedVersions: [0x0304, 0x0303],
  signatureAlgorithms: [0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601],
}).full;

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
      expect(c.ja4).toBe(CHROME_JA4);
      expect(c.hello.sni).toBe('localhost');
      expect(c.hello.alpn).toEqual(['h2', 'http/1.1']);
      expect(c.alpn).toBe('h2');
    }
    const reqs = listener.requests.filter((r) => conns.some((c) => c.id === r.connection));
    expect(reqs.length).toBeGreaterThan(0);
    // HEADERS priority: a navigation's (256) on a session that began with a page, a fetch's
    // (220) on one that began with an API call (wreq sets it per session's transport).
    for (const c of conns) {
      const firstApi = String(reqs.find((r) => r.connection === c.id)?.headers['accept']).startsWith('application/json');
      expect(c.h2!.priority).toEqual({ exclusive: true, dependsOn: 0, weight: firstApi ? 220 : 256 });
    }
    for (const r of reqs) expect(r.httpVersion).toBe('2.0');
    // API calls go as the site's own script would make them (fetch()), pages as navigations.
    for (const r of reqs) {
      const api = String(r.headers['accept']).startsWith('application/json');
      expect([r.path, r.headers['sec-fetch-mode'], r.headers['sec-fetch-dest']]).toEqual([r.path, api ? 'cors' : 'navigate', api ? 'empty' : 'document']);
      expect(r.headers['priority']).toBe(api ? 'u=1, i' : 'u=0, i');
      // A page's script calls its own site's API, so the page is the referer.
      if (api) expect(String(r.headers['referer'])).toMatch(new RegExp(`^${listener.url}/${token}/`));
    }
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

test('Chrome\'s whole JA4, as worked out from its extensions, is the one known for desktop Chrome 136+', () => {
  expect(CHROME_JA4).toBe('t13d1516h2_8daaf6152771_d8a2da3f94cd');
});

test('each session impersonates on the wire the Chrome version and platform its identity claims', () => {
  for (let i = 0; i < 50; i++) {
    const identity = newIdentity();
    const { browser, os } = impersonatedProfile(identity);
    const major = Number(browser.replace('chrome_', ''));
    expect(major).toBeGreaterThanOrEqual(CHROME_MIN_MAJOR);
    // The identity's own version when the installed wreq-js has it, else the newest below it.
    expect(major).toBeLessThanOrEqual(identity.chromeMajor);
    expect(os).toBe(identity.platform === 'Windows' ? 'windows' : 'macos');
  }
  expect(impersonatedProfile(null).browser).toBe(NEWEST_CHROME_PROFILE);
});

test('every Chrome profile a session can be given presents the same Chrome ClientHello and HTTP/2 opening', async () => {
  const profiles = getProfiles().filter((p): p is BrowserProfile => /^chrome_\d+$/.test(p) && Number(p.slice(7)) >= CHROME_MIN_MAJOR);
  expect(profiles.length).toBeGreaterThanOrEqual(10); // 136 to 149 in wreq-js 3.1
  for (const browser of profiles) {
    for (const os of ['windows', 'macos'] as const) {
      const transport = await createTransport({ browser, os, emulation: { http2Options: CHROME_HTTP2 }, insecure: true });
      try {
        const from = listener.connections.length;
        await (await wreqFetch(`${listener.url}/echo`, { transport, disableDefaultHeaders: true, headers: [['accept', '*/*']] })).text();
        const c = listener.connections[from]!;
        expect([browser, os, c.ja4, c.alpn]).toEqual([browser, os, CHROME_JA4, 'h2']);
        expect(c.h2!.settings).toEqual([[1, 65536], [2, 0], [4, 6291456], [6, 262144]]);
        expect(c.h2!.windowUpdate).toBe(15663105);
        expect(c.h2!.priority).toEqual({ exclusive: true, dependsOn: 0, weight: 256 });
      } finally {
        await transport.close();
      }
    }
  }
});
