/**
 * @module browser
 * The `browser` transport: requests go out through impit (Apify's browser-impersonating
 * client: Rust, rustls with a Chrome-shaped ClientHello, hyper with Chrome's HTTP/2 SETTINGS,
 * WINDOW_UPDATE, priority and pseudo-header order), so the TLS and HTTP/2 fingerprints a bot
 * manager reads before any header are those of desktop Chrome. Everything else this package
 * guarantees is done here, on top of impit's fetch, the same way as the `plain` transport:
 * the session's identity headers in Chrome's order, a tough-cookie jar seeded with operator
 * cookies, redirects followed here (at most `maxRedirects`, the last redirect answered past
 * that), one whole-request deadline, retries of network faults, the body cap counted while
 * streaming, charset decoding, and the caller's abort signal.
 */
import { Buffer } from 'node:buffer';
import { setTimeout as sleep } from 'node:timers/promises';
import { TransientUpstreamError, UpstreamTimeoutError } from '@listings/contract';
import type { UpstreamRequest, UpstreamResponse } from '@listings/marketplaces';
import { Impit, type ImpitResponse } from 'impit';
import { CookieJar } from 'tough-cookie';
import { IMPERSONATED_BROWSER, mergeHeaders, type BrowserIdentity } from './browser-headers.ts';
import { CookieSeeder } from './cookies.ts';
import { abortReason, isTimeout, toCollectionError } from './errors.ts';
import type { ResolvedOptions } from './options.ts';

/** Thrown inside an attempt when the body passes the cap; never retried. */
class BodyTooLargeError extends TransientUpstreamError {}
/** The whole-request deadline passed (abort reason of the internal timer). */
class DeadlineError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

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

function headersOf(res: ImpitResponse): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of res.headers.entries()) {
    if (name === 'set-cookie') continue;
    out[name] = value;
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

export interface BrowserTransport {
  readonly cookieJar: CookieJar;
  request(req: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse>;
  /** Drops the impit instance; its pooled connections close with it. */
  close(): void;
}

export function createBrowserTransport(o: ResolvedOptions, identity: BrowserIdentity | null): BrowserTransport {
  const jar = new CookieJar();
  const seeder = new CookieSeeder(o.cookies);
  let impit: Impit | null = null;
  const client = (): Impit => {
    // Redirects are followed here (below), so the cap and the last-redirect answer match `plain`.
    impit ??= new Impit({
      browser: IMPERSONATED_BROWSER,
      cookieJar: jar,
      followRedirects: false,
      timeout: o.timeoutMs,
      ...(o.proxyUrl ? { proxyUrl: o.proxyUrl } : {}),
      ...(o.ignoreTlsErrors ? { ignoreTlsErrors: true } : {}),
    });
    return impit;
  };
  // The identity's full set is sent on every request, in its order: impit places request
  // headers first and its own profile headers after them, so sending them all keeps Chrome's
  // order, and the identity (not impit's fixed profile) is what the site sees.
  const baseHeaders = identity ? identity.headers : {};

  async function readBody(res: ImpitResponse, url: URL): Promise<Buffer> {
    const declared = Number(res.headers.get('content-length'));
    if (!res.headers.get('content-encoding') && Number.isFinite(declared) && declared > o.maxBodyBytes) {
      res.abort();
      throw new BodyTooLargeError(`${url.host} answered a body of ${declared} bytes, over the ${o.maxBodyBytes}-byte cap`);
    }
    if (Number.isFinite(declared) && !res.headers.get('content-encoding')) {
      // A declared length within the cap: one read of the whole body (much cheaper than
      // streaming it chunk by chunk across the native boundary).
      const whole = Buffer.from(await res.bytes());
      if (whole.length > o.maxBodyBytes) throw new BodyTooLargeError(`${url.host} answered a body over the ${o.maxBodyBytes}-byte cap`);
      return whole;
    }
    const reader = res.body.getReader();
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > o.maxBodyBytes) throw new BodyTooLargeError(`${url.host} answered a body over the ${o.maxBodyBytes}-byte cap`);
        chunks.push(Buffer.from(value));
      }
    } catch (err) {
      await reader.cancel().catch(() => undefined);
      throw err;
    }
    return Buffer.concat(chunks);
  }

  async function attempt(req: UpstreamRequest, first: URL, timeoutMs: number, signal: AbortSignal): Promise<UpstreamResponse> {
    const started = Date.now();
    let url = first;
    let method = req.method ?? 'GET';
    let body = req.body;
    let headers = mergeHeaders(baseHeaders, req.headers);
    for (let hops = 0; ; hops++) {
      await seeder.seed(jar, url);
      const left = Math.max(1, timeoutMs - (Date.now() - started));
      const res = await client().fetch(url.toString(), {
        method,
        headers,
        ...(body !== undefined && method !== 'GET' ? { body } : {}),
        timeout: left,
        redirect: 'manual',
        signal,
      });
      const location = res.headers.get('location');
      if (REDIRECTS.has(res.status) && location) {
        if (hops >= o.maxRedirects) {
          // Past the limit the last redirect is the answer, for the adapter to classify.
          res.abort();
          return { status: res.status, url: url.toString(), headers: headersOf(res), body: '' };
        }
        await res.arrayBuffer().catch(() => undefined);
        url = new URL(location, url);
        // As browsers do: 303 turns anything but HEAD into GET, 301/302 turn POST into GET.
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type' && k !== 'content-length'));
        }
        continue;
      }
      const bytes = await readBody(res, url);
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
    request,
    close() {
      impit = null;
    },
  };
}
