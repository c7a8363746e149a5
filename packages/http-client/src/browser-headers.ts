/**
 * @module browser-headers
 * The header set desktop Chrome sends on a top-level navigation (typing a URL), in Chrome's
 * order. Marketplaces behind bot managers treat a bare client (no `sec-ch-ua`, no
 * `Sec-Fetch-*`, a library User-Agent) as a bot on sight, so every request starts from this
 * set and the adapter overrides what differs (an XHR to a JSON API sends its own `Accept`,
 * `Sec-Fetch-Mode: cors`, `Sec-Fetch-Dest: empty`, ...).
 *
 * Unverified: CHROME_MAJOR is estimated from Chrome's four-week stable cadence for the date
 * this was written (Nov 2026); it could not be checked against a live release from here. It
 * is the one constant to bump. The TLS fingerprint of Node is not Chrome's, and no header
 * can change that.
 */

/** Chrome stable major version the headers claim to be. */
export const CHROME_MAJOR = 154;

/** Encodings got can decode on this Node (zstd only where Node's zlib has it). */
const ACCEPT_ENCODING = ['gzip', 'deflate', 'br', ...(process.versions.zstd ? ['zstd'] : [])].join(', ');

/** A fresh copy of the navigation header set, in Chrome's order. */
export function chromeHeaders(): Record<string, string> {
  const v = String(CHROME_MAJOR);
  return {
    'sec-ch-ua': `"Chromium";v="${v}", "Google Chrome";v="${v}", "Not_A Brand";v="99"`,
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Windows"',
    'upgrade-insecure-requests': '1',
    'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
    'sec-fetch-site': 'none',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-user': '?1',
    'sec-fetch-dest': 'document',
    'accept-encoding': ACCEPT_ENCODING,
    'accept-language': 'en-US,en;q=0.9',
    priority: 'u=0, i',
  };
}

/**
 * Merges request headers over a base set case-insensitively: a request header replaces the
 * base header of the same name (keeping its position), new ones are appended.
 */
export function mergeHeaders(base: Record<string, string>, over: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = { ...base };
  for (const [name, value] of Object.entries(over ?? {})) {
    out[name.toLowerCase()] = value;
  }
  return out;
}
