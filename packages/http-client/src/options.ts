/**
 * @module options
 * The settings of one HTTP client, each with its default. A marketplace worker builds one
 * client (or one session pool) per marketplace from its configuration and passes it down.
 */

/** How requests go out: see `transport`. */
export type Transport = 'browser' | 'plain';
export const TRANSPORTS: readonly Transport[] = ['browser', 'plain'];

export interface HttpClientOptions {
  /**
   * `browser`: wreq-js (Rust: BoringSSL and a browser-emulating HTTP/2) impersonating desktop
   * Chrome on the wire: the TLS ClientHello of the identity's Chrome version (JA4
   * `t13d1516h2_8daaf6152771_d8a2da3f94cd`), and where the server offers h2 Chrome's SETTINGS,
   * connection window, stream priority and pseudo-header order. `plain`: got over Node's own TLS and
   * HTTP/1.1, for an operator whose unblocking proxy terminates TLS itself, and for the
   * simulators. Both keep every other guarantee of this client.
   * @defaultValue 'plain'
   */
  transport?: Transport;
  /**
   * Accept any server certificate. For tests and benchmarks against a local listener with a
   * self-signed certificate; never set it for real sites.
   * @defaultValue false
   */
  ignoreTlsErrors?: boolean;
  /**
   * Whole-request time limit in milliseconds, from sending the request to the last byte of
   * the body (redirects included). A request may override it with `timeoutMs`.
   * @defaultValue 15000
   */
  timeoutMs?: number;
  /**
   * How many more times a request is sent after a network fault (connection refused or
   * reset, socket hang up, DNS failure, body cut short). Timeouts, HTTP statuses, aborts
   * and oversized bodies are never retried here: the worker retries timeouts itself, so
   * retrying them here too would multiply a job's worst-case time.
   * @defaultValue 1
   */
  retries?: number;
  /**
   * Wait before the first retry in milliseconds; it doubles on each further retry, with up to
   * 50% random jitter added.
   * @defaultValue 250
   */
  retryBackoffMs?: number;
  /**
   * Send a desktop Chrome header set, one identity drawn per client (see
   * `browser-headers.ts`). Headers given on a request override these one by one,
   * case-insensitively.
   * @defaultValue true
   */
  browserHeaders?: boolean;
  /**
   * Operator-supplied cookies, as copied from a browser's `Cookie` request header: one or more
   * lines of `name=value; name2=value2` (a leading `Cookie:` is allowed). They are put in the
   * client's cookie jar for each site the client first requests (the registrable domain of
   * the request URL, so `www.` and other subdomains share them), after which the jar keeps
   * whatever the site sets.
   * @defaultValue undefined (no cookies)
   */
  cookies?: string;
  /**
   * An HTTP proxy that accepts `CONNECT` (`http://user:pass@host:port`; `https://` for TLS to
   * the proxy itself). Every request, plain HTTP or HTTPS, is tunnelled through it.
   * @defaultValue undefined (direct connections)
   */
  proxyUrl?: string;
  /**
   * Largest response body accepted, in bytes after decompression. A larger body ends the
   * request with a TransientUpstreamError, so a runaway page cannot exhaust the worker's memory.
   * @defaultValue 8 MiB (8388608)
   */
  maxBodyBytes?: number;
  /**
   * Redirects followed before the last redirect response itself is returned (status 3xx,
   * `location` header), for the adapter to classify.
   * @defaultValue 5
   */
  maxRedirects?: number;
}

export const DEFAULTS = {
  transport: 'plain' as Transport,
  ignoreTlsErrors: false,
  timeoutMs: 15_000,
  retries: 1,
  retryBackoffMs: 250,
  browserHeaders: true,
  maxBodyBytes: 8 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export type ResolvedOptions = Required<Omit<HttpClientOptions, 'cookies' | 'proxyUrl'>> &
  Pick<HttpClientOptions, 'cookies' | 'proxyUrl'>;

function nonNegativeInt(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

/** Fills in defaults and refuses nonsense early, at start-up rather than on the first request. */
export function resolveOptions(options: HttpClientOptions = {}): ResolvedOptions {
  const o = { ...DEFAULTS, ...stripUndefined(options) };
  if (!TRANSPORTS.includes(o.transport)) throw new RangeError(`transport must be browser or plain, got ${String(o.transport)}`);
  nonNegativeInt('timeoutMs', o.timeoutMs);
  if (o.timeoutMs === 0) throw new RangeError('timeoutMs must be positive');
  nonNegativeInt('retries', o.retries);
  nonNegativeInt('retryBackoffMs', o.retryBackoffMs);
  nonNegativeInt('maxBodyBytes', o.maxBodyBytes);
  nonNegativeInt('maxRedirects', o.maxRedirects);
  if (o.proxyUrl !== undefined) {
    let u: URL;
    try {
      u = new URL(o.proxyUrl);
    } catch {
      // URL's own error carries the input, credentials and all: never echoed.
      throw new RangeError('proxyUrl is not a valid URL');
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new RangeError(`proxyUrl must be http: or https:, got ${u.protocol}`);
  }
  return o;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
