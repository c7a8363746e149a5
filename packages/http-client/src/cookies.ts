/**
 * @module cookies
 * Operator-supplied cookies. Operators copy the `Cookie` header of a browser session that
 * passed a site's bot check; these lines are put into a client's jar the first time the client
 * talks to that site, and from then on the jar (and the site's own `Set-Cookie`) rules.
 */
import { Cookie, getPublicSuffix, type CookieJar } from 'tough-cookie';

/** `name=value` pairs read from one or more `Cookie` header lines; malformed pieces are skipped. */
export function parseCookieLines(lines: string): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = [];
  for (const raw of lines.split(/\r?\n/)) {
    const line = raw.replace(/^\s*cookie\s*:/i, '');
    for (const piece of line.split(';')) {
      const eq = piece.indexOf('=');
      if (eq <= 0) continue;
      const name = piece.slice(0, eq).trim();
      const value = piece.slice(eq + 1).trim();
      if (name !== '' && !/[\s=,;]/.test(name)) out.push({ name, value });
    }
  }
  return out;
}

/**
 * The site a URL belongs to, for seeding: its registrable domain (`www.example.com` →
 * `example.com`), or the bare host for IP addresses and names without a public suffix
 * (`127.0.0.1`, `localhost`), where a domain cookie is not allowed.
 */
export function siteOf(url: URL): { key: string; domain: string | null } {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // `localhost` is a special-use name that tough-cookie refuses as a cookie domain.
  if (host === 'localhost' || host.endsWith('.localhost')) return { key: host, domain: null };
  const registrable = getPublicSuffix(host);
  return registrable ? { key: registrable, domain: registrable } : { key: host, domain: null };
}

/**
 * Seeds a jar with the operator's cookies for each site once. Cookies are `Path=/`, without an
 * expiry (session cookies), and `Secure` is left off so they also reach plain-HTTP test sites.
 */
export class CookieSeeder {
  readonly #pairs: Array<{ name: string; value: string }>;
  readonly #seeded = new Set<string>();

  constructor(lines: string | undefined) {
    this.#pairs = lines ? parseCookieLines(lines) : [];
  }

  async seed(jar: CookieJar, url: URL): Promise<void> {
    if (this.#pairs.length === 0) return;
    const site = siteOf(url);
    if (this.#seeded.has(site.key)) return;
    this.#seeded.add(site.key);
    const origin = `${url.protocol}//${url.host}/`;
    for (const { name, value } of this.#pairs) {
      const cookie = new Cookie({ key: name, value, path: '/', ...(site.domain ? { domain: site.domain } : {}) });
      await jar.setCookie(cookie, origin, { ignoreError: true });
    }
  }
}
