/**
 * @module browser-headers
 * The header identity a session presents: one desktop Chrome navigation header set (user
 * agent, client hints, accept values, in Chrome's order), drawn once per session from
 * `header-generator` (Apify's generator, a Bayesian network trained on real browser traffic
 * and updated with each release) and kept for the session's whole life. Marketplaces behind
 * bot managers treat a bare client (no `sec-ch-ua`, no `Sec-Fetch-*`, a library User-Agent) as
 * a bot on sight, so every request starts from this set and the adapter overrides what differs
 * (an XHR to a JSON API sends its own `Accept`, `Sec-Fetch-Mode: cors`, ...).
 *
 * Consistent with the impersonated browser: the `browser` transport presents impit's
 * `chrome151` TLS ClientHello and HTTP/2 settings, which Chrome has sent unchanged since
 * Chrome 136 (JA4 `t13d1516h2_8daaf6152771_f246ce76b0ba` for every impit profile from 136 to
 * 151), so the generator is held to desktop Chrome from 136 on, Windows or macOS, en-US. The
 * user agent, `sec-ch-ua` brands and `sec-ch-ua-platform` of one draw always agree.
 */
import { HeaderGenerator } from 'header-generator';

/** The impit browser profile the `browser` transport impersonates (TLS and HTTP/2). */
export const IMPERSONATED_BROWSER = 'chrome151' as const;
/** Oldest Chrome major whose ClientHello and HTTP/2 frames equal the impersonated profile's. */
export const CHROME_MIN_MAJOR = 136;

/** Encodings got can decode on this Node (zstd only where Node's zlib has it). */
export const PLAIN_ACCEPT_ENCODING = ['gzip', 'deflate', 'br', ...(process.versions.zstd ? ['zstd'] : [])].join(', ');

/** One session's browser identity: drawn once, never changed. */
export interface BrowserIdentity {
  /** The navigation header set, lower-case names, in the order Chrome sends them. */
  readonly headers: Readonly<Record<string, string>>;
  readonly userAgent: string;
  /** Chrome major version the user agent and client hints claim. */
  readonly chromeMajor: number;
  /** `Windows` or `macOS`, as `sec-ch-ua-platform` says it. */
  readonly platform: string;
}

let generator: HeaderGenerator | null = null;

function gen(): HeaderGenerator {
  generator ??= new HeaderGenerator({
    browsers: [{ name: 'chrome', minVersion: CHROME_MIN_MAJOR }],
    devices: ['desktop'],
    operatingSystems: ['windows', 'macos'],
    locales: ['en-US'],
    httpVersion: '2',
  });
  return generator;
}

/**
 * Draws a new identity. The generator's set is used as drawn, with two corrections for the
 * first request of a session (a URL typed into the address bar): `sec-fetch-site: none`
 * (the generator also draws `same-site`, a navigation from another page of the site), and
 * Chrome's `priority: u=0, i` appended when the draw lacks it (every Chrome from 124 sends it;
 * the impersonation library would otherwise add it out of place).
 */
export function newIdentity(): BrowserIdentity {
  let last = '';
  // A draw that does not hold together (never seen, but the data set is external) is drawn again.
  for (let tries = 0; tries < 40; tries++) {
    const drawn = gen().getHeaders();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(drawn)) headers[name.toLowerCase()] = value;
    if (headers['sec-fetch-site'] !== undefined) headers['sec-fetch-site'] = 'none';
    headers['priority'] ??= 'u=0, i';
    const userAgent = headers['user-agent'] ?? '';
    const chromeMajor = Number(/Chrome\/(\d+)\./.exec(userAgent)?.[1] ?? NaN);
    const platform = (headers['sec-ch-ua-platform'] ?? '').replace(/"/g, '');
    last = userAgent;
    // Google Chrome's own brand: the generator also draws plain Chromium, which the TLS profile is not.
    if (Number.isInteger(chromeMajor) && chromeMajor >= CHROME_MIN_MAJOR && headers['sec-ch-ua']?.includes(`"Google Chrome";v="${chromeMajor}"`)) {
      return Object.freeze({ headers: Object.freeze(headers), userAgent, chromeMajor, platform });
    }
  }
  throw new Error(`header-generator drew no desktop Chrome ${CHROME_MIN_MAJOR}+ identity (last: ${last})`);
}

/**
 * Merges request headers over a base set case-insensitively: a request header replaces the
 * base header of the same name (keeping its position), new ones are appended.
 */
export function mergeHeaders(base: Readonly<Record<string, string>>, over: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = { ...base };
  for (const [name, value] of Object.entries(over ?? {})) {
    out[name.toLowerCase()] = value;
  }
  return out;
}
