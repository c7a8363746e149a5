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
 * Consistent with the impersonated browser: the `browser` transport presents the TLS
 * ClientHello of wreq's profile for the very Chrome version the identity claims
 * (`impersonatedProfile`), on the identity's platform. Chrome's ClientHello has had one shape
 * since Chrome 136 (the new ALPS codepoint; JA4 `t13d1516h2_8daaf6152771_d8a2da3f94cd` for
 * every wreq profile from 136 to the newest, measured by `test/transport/fingerprint.test.ts`),
 * so the generator is held to desktop Chrome from 136 on, Windows or macOS, en-US. The user
 * agent, `sec-ch-ua` brands and `sec-ch-ua-platform` of one draw always agree.
 */
import { HeaderGenerator } from 'header-generator';
import { getProfiles, type BrowserProfile, type EmulationOS } from 'wreq-js';

/** Oldest Chrome major whose ClientHello and HTTP/2 frames equal those of the newest profile. */
export const CHROME_MIN_MAJOR = 136;

/** wreq's desktop Chrome profiles (`chrome_<major>`), oldest first. */
const CHROME_PROFILES: ReadonlyArray<{ major: number; profile: BrowserProfile }> = getProfiles()
  .map((profile) => ({ major: Number(/^chrome_(\d+)$/.exec(profile)?.[1] ?? NaN), profile }))
  .filter((p) => Number.isInteger(p.major))
  .sort((a, b) => a.major - b.major);

/** The newest Chrome profile of the installed wreq-js: what a session without an identity presents. */
export const NEWEST_CHROME_PROFILE: BrowserProfile = (() => {
  const newest = CHROME_PROFILES.at(-1);
  if (!newest || newest.major < CHROME_MIN_MAJOR) throw new Error(`wreq-js has no Chrome ${CHROME_MIN_MAJOR}+ profile`);
  return newest.profile;
})();

/**
 * The wreq profile and platform a session impersonates on the wire: the profile of the Chrome
 * major its identity claims (or the newest one at or below it; the newest when there is no
 * identity), and the identity's platform.
 */
export function impersonatedProfile(identity: BrowserIdentity | null): { browser: BrowserProfile; os: EmulationOS } {
  const os: EmulationOS = identity?.platform === 'Windows' ? 'windows' : 'macos';
  if (!identity) return { browser: NEWEST_CHROME_PROFILE, os };
  const fits = CHROME_PROFILES.filter((p) => p.major <= identity.chromeMajor).at(-1);
  return { browser: fits && fits.major >= CHROME_MIN_MAJOR ? fits.profile : NEWEST_CHROME_PROFILE, os };
}

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
 * The identity's header set for a request of the given kind. `navigate` is the set as drawn.
 * `cors` is what the same Chrome sends when a script of the site's page calls the site's API
 * with fetch(): the navigation-only headers dropped (`upgrade-insecure-requests`,
 * `sec-fetch-user`), an `accept` of any type, `sec-fetch-site: same-origin`, `sec-fetch-mode: cors`,
 * `sec-fetch-dest: empty`, the priority of a fetch (`u=1, i`), and on a POST the page's
 * `origin` after `accept`. Client hints, user agent and languages stay the identity's, in its
 * order.
 */
export function headersForMode(identity: Readonly<Record<string, string>>, mode: 'navigate' | 'cors' | undefined, url: URL, method: string): Record<string, string> {
  if (mode !== 'cors') return { ...identity };
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(identity)) {
    if (name === 'upgrade-insecure-requests' || name === 'sec-fetch-user') continue;
    out[name] = value;
    if (name === 'accept') {
      out[name] = '*/*';
      if (method === 'POST') out['origin'] = url.origin;
    }
  }
  if (identity['sec-fetch-site'] !== undefined) out['sec-fetch-site'] = 'same-origin';
  if (identity['sec-fetch-mode'] !== undefined) out['sec-fetch-mode'] = 'cors';
  if (identity['sec-fetch-dest'] !== undefined) out['sec-fetch-dest'] = 'empty';
  if (identity['priority'] !== undefined) out['priority'] = 'u=1, i';
  return out;
}

/**
 * Merges request headers over a base set case-insensitively: a request header replaces the
 * base header of the same name (keeping its position); new ones go where Chrome writes a
 * request's own headers (`referer`, `content-type`, ...): before the closing run
 * `accept-encoding, accept-language, cookie, priority`, or at the end when the base has none.
 */
export function mergeHeaders(base: Readonly<Record<string, string>>, over: Record<string, string> | undefined): Record<string, string> {
  const added: Array<[string, string]> = [];
  const replaced: Record<string, string> = {};
  for (const [name, value] of Object.entries(over ?? {})) {
    const key = name.toLowerCase();
    if (key in base) replaced[key] = value;
    else added.push([key, value]);
  }
  if (added.length === 0) return { ...base, ...replaced };
  const out: Record<string, string> = {};
  let placed = false;
  for (const [name, value] of Object.entries(base)) {
    if (!placed && name === 'accept-encoding') {
      for (const [k, v] of added) out[k] = v;
      placed = true;
    }
    out[name] = replaced[name] ?? value;
  }
  if (!placed) for (const [k, v] of added) out[k] = v;
  return out;
}
