/**
 * @module browser
 * The `browser` transport: requests go out through wreq-js (Node bindings of wreq, a Rust
 * HTTP client built on BoringSSL and a fork of hyper's HTTP/2 made for browser emulation), so
 * the TLS ClientHello and the HTTP/2 frames a bot manager reads before any header are desktop
 * Chrome's: the ClientHello of the Chrome version the session's identity claims (wreq's
 * `chrome_<major>` profile: GREASE, permuted extensions, ECH GREASE, the new ALPS codepoint),
 * and Chrome's HTTP/2 opening, set here field by field (`CHROME_HTTP2`) because wreq's presets
 * send the HEADERS priority of a subresource rather than of a navigation.
 *
 * Everything else this package guarantees is done here, on wreq's fetch, the same way as the
 * `plain` transport: the session's identity headers in Chrome's order (wreq's own profile
 * headers are switched off), a tough-cookie jar seeded with operator cookies, redirects
 * followed here (at most `maxRedirects`, the last redirect answered past that), one
 * whole-request deadline, retries of network faults, the body cap counted while streaming,
 * charset decoding, and the caller's abort signal. One wreq transport (its connection pool,
 * its proxy) per session, closed with it.
 */
import { Buffer } from 'node:buffer';
import { setTimeout as sleep } from 'node:timers/promises';
import { TransientUpstreamError, UpstreamTimeoutError, type UpstreamRequest, type UpstreamResponse } from '@listings/contract';
import { CookieJar } from 'tough-cookie';
import { createTransport, fetch as wreqFetch, type CustomHttp2Options, type Response as WreqResponse, type Transport as WreqTransport } from 'wreq-js';
import { headersForMode, impersonatedProfile, mergeHeaders, type BrowserIdentity } from './browser-headers.ts';
import { CookieSeeder } from './cookies.ts';
import { abortReason, isTimeout, toCollectionError } from './errors.ts';
import type { ResolvedOptions } from './options.ts';
import { IDLE_SOCKET_MS } from './proxy.ts';

/** Thrown inside an attempt when the body passes the cap; never retried. */
class BodyTooLargeError extends TransientUpstreamError {}
/** The whole-request deadline passed (abort reason of the internal timer). */
class DeadlineError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Request headers that carry the caller's credentials for one origin. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-csrf-token']);

/**
 * Desktop Chrome's HTTP/2 opening (every version the identities claim, 136 on): SETTINGS
 * HEADER_TABLE_SIZE 65536, ENABLE_PUSH 0, INITIAL_WINDOW_SIZE 6291456, MAX_HEADER_LIST_SIZE
 * 262144 in that order; a connection WINDOW_UPDATE to a 15 MiB window (increment 15663105);
 * pseudo-headers `:method :authority :scheme :path`; and on each HEADERS frame the priority
 * of a navigation, which is what the identity's `priority: u=0, i` says the request is:
 * exclusive on stream 0 with weight 256 (Chromium maps its HIGHEST request priority to 256;
 * wreq's presets send 220, Chromium's MEDIUM, which is a fetch's: `CHROME_FETCH_HTTP2`). wreq
 * replaces its preset's HTTP/2 options whole when any is given, so all of them are set here.
 */
export const CHROME_HTTP2: CustomHttp2Options = {
  headerTableSize: 65536,
  enablePush: false,
  initialWindowSize: 6291456,
  maxHeaderListSize: 262144,
  initialConnectionWindowSize: 15728640, // 65535 (the default window) + 15663105
  settingsOrder: ['HeaderTableSize', 'EnablePush', 'MaxConcurrentStreams', 'InitialWindowSize', 'MaxFrameSize', 'MaxHeaderListSize', 'EnableConnectProtocol', 'NoRfc7540Priorities'],
  headersPseudoOrder: ['Method', 'Authority', 'Scheme', 'Path'],
  headersStreamDependency: { dependencyId: 0, weight: 255, exclusive: true }, // weight on the wire is one less
};

/** The same opening with the HEADERS priority of a page script's fetch() (`u=1`: weight 220). */
export const CHROME_FETCH_HTTP2: CustomHttp2Options = { ...CHROME_HTTP2, headersStreamDependency: { dependencyId: 0, weight: 219, exclusive: true } };

export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // An unknown charset label falls back to UTF-8, what every marketplace serves.
    }
  }
  return body.toString('utf8');
}

function headersOf(res: WreqResponse): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of res.headers.entries()) {
    if (name === 'set-cookie') continue;
    const had = out[name];
    out[name] = had === undefined ? value : `${Array.isArray(had) ? had.join(', ') : had}, ${value}`;
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

/**
 * The request's header list in the order sent, with the jar's cookies where Chrome puts
 * `Cookie` (after `Accept-Language`, before `Priority`). A `cookie` the caller gave is kept,
 * after the jar's.
 */
function withCookies(headers: Record<string, string>, jarCookies: string): Array<[string, string]> {
  const list = Object.entries(headers);
  if (jarCookies === '') return list;
  const own = list.findIndex(([name]) => name === 'cookie');
  if (own >= 0) {
    list[own] = ['cookie', `${jarCookies}; ${list[own]![1]}`];
    return list;
  }
  const at = list.findIndex(([name]) => name === 'priority');
  list.splice(at >= 0 ? at : list.length, 0, ['cookie', jarCookies]);
  return list;
}

export interface BrowserTransport {
  readonly cookieJar: CookieJar;
  request(req: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse>;
  /** Closes the session's wreq transport: its pooled connections (and proxy tunnels) with it. */
  close(): void;
}

export function createBrowserTransport(o: ResolvedOptions, identity: BrowserIdentity | null): BrowserTransport {
  const jar = new CookieJar();
  const seeder = new CookieSeeder(o.cookies);
  const { browser, os } = impersonatedProfile(identity);
  // The session's wreq transport, created on its first request. `close()` while requests are
  // in flight only marks it: they finish on it (their redirects and retries included), and the
  // last one out closes it, so a retired session never opens a transport nothing would close.
  let transport: Promise<WreqTransport> | null = null;
  let inFlight = 0;
  let closing = false;
  // wreq sets the HEADERS priority per transport, not per request: it is the one of the
  // session's first request, a navigation's (256) for a marketplace read from its pages, a
  // fetch's (220) for one read only from its API (mkt_d, mkt_e), so that the priority of what
  // a session mostly sends is Chrome's.
  const pool = (mode: UpstreamRequest['mode']): Promise<WreqTransport> => {
    transport ??= createTransport({
      browser,
      os,
      emulation: { http2Options: mode === 'cors' ? CHROME_FETCH_HTTP2 : CHROME_HTTP2 },
      poolIdleTimeout: IDLE_SOCKET_MS,
      ...(o.proxyUrl ? { proxy: o.proxyUrl } : {}),
      ...(o.ignoreTlsErrors ? { insecure: true } : {}),
    }).catch((err: unknown) => {
      transport = null; // the next request tries again
      throw err;
    });
    return transport;
  };
  const shut = (): void => {
    const t = transport;
    transport = null;
    closing = false;
    void t?.then((open) => open.close()).catch(() => undefined);
  };
  // With an identity its whole set is sent, in its order, and wreq adds none of its own;
  // without one (`browserHeaders: false`) wreq's profile headers go out as its profile has them.
  const baseHeaders = identity ? identity.headers : {};
  const ownHeadersOnly = identity !== null;

  async function readBody(res: WreqResponse, url: URL, signal: AbortSignal): Promise<Buffer> {
    const declared = res.contentLength;
    if (declared !== null && declared > o.maxBodyBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`${url.host} answered a body of ${declared} bytes, over the ${o.maxBodyBytes}-byte cap`);
    }
    if (declared !== null) {
      // A declared length within the cap: one read of the whole body (cheaper than streaming
      // it chunk by chunk across the native boundary).
      const whole = Buffer.from(await res.bytes());
      if (whole.length > o.maxBodyBytes) throw new BodyTooLargeError(`${url.host} answered a body over the ${o.maxBodyBytes}-byte cap`);
      return whole;
    }
    if (res.body === null) return Buffer.alloc(0);
    const reader = res.body.getReader();
    // wreq does not end a streamed body when the signal aborts: cancelling the reader does,
    // and a read ended that way is the abort, never a short body.
    const onAbort = (): void => void reader.cancel(signal.reason).catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (signal.aborted) throw signal.reason;
        if (done) break;
        size += value.length;
        if (size > o.maxBodyBytes) throw new BodyTooLargeError(`${url.host} answered a body over the ${o.maxBodyBytes}-byte cap`);
        chunks.push(Buffer.from(value.buffer, value.byteOffset, value.length));
      }
    } catch (err) {
      await reader.cancel().catch(() => undefined);
      throw err;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    return Buffer.concat(chunks, size);
  }

  async function keepCookies(res: WreqResponse, url: URL): Promise<void> {
    for (const line of res.headers.getSetCookie()) await jar.setCookie(line, url.toString(), { ignoreError: true });
  }

  async function attempt(req: UpstreamRequest, first: URL, timeoutMs: number, signal: AbortSignal): Promise<UpstreamResponse> {
    const started = Date.now();
    let url = first;
    let method = req.method ?? 'GET';
    let body = req.body;
    let headers = mergeHeaders(headersForMode(baseHeaders, req.mode, first, method), req.headers);
    for (let hops = 0; ; hops++) {
      await seeder.seed(jar, url);
      const left = Math.max(1, timeoutMs - (Date.now() - started));
      const res = await wreqFetch(url.toString(), {
        transport: await pool(req.mode),
        method,
        headers: withCookies(headers, await jar.getCookieString(url.toString())),
        ...(body !== undefined && method !== 'GET' ? { body } : {}),
        disableDefaultHeaders: ownHeadersOnly,
        cookieMode: 'ephemeral', // the jar above is the session's; wreq keeps none of its own
        timeout: left,
        redirect: 'manual',
        signal,
      });
      await keepCookies(res, url);
      const location = res.headers.get('location');
      if (REDIRECTS.has(res.status) && location) {
        await res.body?.cancel().catch(() => undefined);
        if (hops >= o.maxRedirects) {
          // Past the limit the last redirect is the answer, for the adapter to classify.
          return { status: res.status, url: url.toString(), headers: headersOf(res), body: '' };
        }
        const next = new URL(location, url);
        if (next.origin !== url.origin) {
          // Credentials the caller gave for this origin never follow a redirect to another (as
          // the Fetch standard drops Authorization, and got drops both); the jar's cookies are
          // per domain and follow by themselves.
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.has(k)));
        }
        url = next;
        // As browsers do: 303 turns the request into a GET (adapters send no HEAD), 301/302 turn POST into GET.
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type' && k !== 'content-length'));
        }
        continue;
      }
      const bytes = await readBody(res, url, signal);
      return { status: res.status, url: url.toString(), headers: headersOf(res), body: decodeBody(bytes, res.headers.get('content-type') ?? undefined) };
    }
  }

  async function request(req: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse> {
    const url = new URL(req.url);
    const timeoutMs = req.timeoutMs ?? o.timeoutMs;
    for (let n = 0; ; n++) {
      if (signal?.aborted) throw abortReason(signal);
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(new DeadlineError()), timeoutMs);
      const both = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
      try {
        return await attempt(req, url, timeoutMs, both);
      } catch (err) {
        if (signal?.aborted) throw abortReason(signal);
        if (deadline.signal.aborted || err instanceof DeadlineError) throw new UpstreamTimeoutError(`${url.host} gave no complete answer within ${timeoutMs} ms`);
        if (err instanceof BodyTooLargeError) throw new TransientUpstreamError(err.message);
        const mapped = toCollectionError(err, url, timeoutMs);
        if (isTimeout(err) || n >= o.retries) throw mapped;
        await sleep(o.retryBackoffMs * 2 ** n * (1 + Math.random() / 2), undefined, signal ? { signal } : {}).catch(() => {
          throw abortReason(signal as AbortSignal);
        });
      } finally {
        clearTimeout(timer);
      }
    }
  }

  return {
    cookieJar: jar,
    async request(req, signal) {
      inFlight++;
      try {
        return await request(req, signal);
      } finally {
        if (--inFlight === 0 && closing) shut();
      }
    },
    close() {
      if (inFlight === 0) shut();
      else closing = true;
    },
  };
}
