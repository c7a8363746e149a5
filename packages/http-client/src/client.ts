/**
 * @module client
 * `createHttpClient`: what adapters fetch with (the HttpClient port of `@listings/contract`).
 * One client is one browser-like identity: one header set drawn for its life, its own cookie
 * jar, its own keep-alive connections, optionally its own proxy. It answers every HTTP status
 * as a response (the adapter classifies statuses and block pages) and throws CollectionErrors
 * only for transport faults; see `errors.ts`. Two transports carry it: `browser` (wreq-js,
 * Chrome's TLS and HTTP/2 on the wire, `browser.ts`) and `plain` (got over Node's TLS, here).
 */
import { Buffer } from 'node:buffer';
import { setTimeout as sleep } from 'node:timers/promises';
import { TransientUpstreamError, type HttpClient, type UpstreamRequest, type UpstreamResponse } from '@listings/contract';
import got, { MaxRedirectsError, type Response } from 'got';
import { CookieJar } from 'tough-cookie';
import { headersForMode, mergeHeaders, newIdentity, PLAIN_ACCEPT_ENCODING, type BrowserIdentity } from './browser-headers.ts';
import { createBrowserTransport, CREDENTIAL_HEADERS, decodeBody } from './browser.ts';
import { CookieSeeder } from './cookies.ts';
import { abortReason, isTimeout, toCollectionError } from './errors.ts';
import { resolveOptions, type HttpClientOptions, type Transport } from './options.ts';
import { createAgents } from './proxy.ts';

/** An HttpClient that also exposes its jar (for inspection) and can close its connections. */
export interface HttpClientHandle extends HttpClient {
  readonly cookieJar: CookieJar;
  /** The header identity this client presents for its life (null with `browserHeaders: false`). */
  readonly identity: BrowserIdentity | null;
  readonly transport: Transport;
  /**
   * Closes the client's pooled connections. On `plain` requests in flight on them fail; on
   * `browser` they finish (redirects and retries included) and the last one out closes them.
   */
  close(): void;
  /** Closes only idle keep-alive connections; requests in flight finish. */
  closeIdle(): void;
}

/** Thrown inside an attempt when the body passes the cap; never retried. */
class BodyTooLargeError extends TransientUpstreamError {}

function toResponse(res: Response | MaxRedirectsError['response'], body: string): UpstreamResponse {
  return { status: res.statusCode, url: res.url, headers: { ...res.headers }, body };
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClientHandle {
  const o = resolveOptions(options);
  const identity = o.browserHeaders ? newIdentity() : null;
  if (o.transport === 'browser') {
    const t = createBrowserTransport(o, identity);
    return { cookieJar: t.cookieJar, identity, transport: 'browser', request: t.request, close: t.close, closeIdle: t.close };
  }
  const jar = new CookieJar();
  const seeder = new CookieSeeder(o.cookies);
  const agents = createAgents(o.proxyUrl, o.timeoutMs);
  // The identity's set, with the encodings this Node can decode.
  const baseHeaders = identity ? mergeHeaders(identity.headers, { 'accept-encoding': PLAIN_ACCEPT_ENCODING }) : {};
  const instance = got.extend({
    agent: { http: agents.http, https: agents.https },
    cookieJar: jar,
    throwHttpErrors: false,
    retry: { limit: 0 }, // retries are ours: network faults only, see below
    followRedirect: true,
    hooks: {
      beforeRedirect: [
        (next, res) => {
          // got drops Authorization and Cookie when the host changes; the session's other
          // credential headers go the same way (browser.ts keeps the same rule).
          if (next.url instanceof URL && new URL(res.url).origin !== next.url.origin) {
            for (const name of CREDENTIAL_HEADERS) delete next.headers[name];
          }
        },
      ],
    },
    maxRedirects: o.maxRedirects,
    decompress: true,
    http2: false,
    https: { rejectUnauthorized: !o.ignoreTlsErrors },
  });

  async function attempt(req: UpstreamRequest, url: URL, timeoutMs: number, signal: AbortSignal | undefined): Promise<UpstreamResponse> {
    await seeder.seed(jar, url);
    const stream = instance.stream(url, {
      method: req.method ?? 'GET',
      headers: mergeHeaders(headersForMode(baseHeaders, req.mode, url, req.method ?? 'GET'), req.headers),
      ...(req.body !== undefined ? { body: req.body } : {}),
      timeout: { request: timeoutMs },
      ...(signal ? { signal } : {}),
    });
    try {
      const res = await new Promise<Response>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      });
      const declared = Number(res.headers['content-length']);
      if (!res.headers['content-encoding'] && Number.isFinite(declared) && declared > o.maxBodyBytes) {
        throw new BodyTooLargeError(`${url.host} answered a body of ${declared} bytes, over the ${o.maxBodyBytes}-byte cap`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > o.maxBodyBytes) throw new BodyTooLargeError(`${url.host} answered a body over the ${o.maxBodyBytes}-byte cap`);
        chunks.push(chunk);
      }
      return toResponse(res, decodeBody(Buffer.concat(chunks), res.headers['content-type']));
    } catch (err) {
      // Past the redirect limit the last redirect is the answer, for the adapter to classify.
      if (err instanceof MaxRedirectsError) return toResponse(err.response, '');
      throw err;
    } finally {
      stream.destroy();
    }
  }

  async function request(req: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse> {
    const url = new URL(req.url);
    const timeoutMs = req.timeoutMs ?? o.timeoutMs;
    for (let n = 0; ; n++) {
      if (signal?.aborted) throw abortReason(signal);
      try {
        return await attempt(req, url, timeoutMs, signal);
      } catch (err) {
        if (signal?.aborted) throw abortReason(signal);
        if (err instanceof BodyTooLargeError) throw new TransientUpstreamError(err.message);
        const mapped = toCollectionError(err, url, timeoutMs);
        if (isTimeout(err) || n >= o.retries) throw mapped;
        await sleep(o.retryBackoffMs * 2 ** n * (1 + Math.random() / 2), undefined, signal ? { signal } : {}).catch(() => {
          throw abortReason(signal as AbortSignal);
        });
      }
    }
  }

  return {
    cookieJar: jar,
    identity,
    transport: 'plain',
    request,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
    closeIdle() {
      for (const agent of [agents.http, agents.https]) {
        for (const sockets of Object.values(agent.freeSockets)) for (const s of sockets ?? []) s.destroy();
      }
    },
  };
}
