/**
 * @module support/live-capture
 * The live collection path on real captured pages: a site on 127.0.0.1 that answers as the
 * marketplace would, with a captured body, and a whole stack whose `LIVE_BASE_URLS` points at
 * it. Searches go with a live key, so the production adapter, HTTP client, worker and store
 * all run exactly as they would against the real site; only the network peer is the capture.
 */
import type { Token } from '@listings/contract';
import { startSimulators, type SimRequest, type SimResponse, type Simulator, type SimulatorServer } from '@listings/marketplaces';
import type { Reading } from '@listings/marketplaces/testkit';
import { run, type Envelope } from '../e2e/helpers.ts';
import { expectJudged } from './comps.ts';
import { startStack, type Stack, type StackOptions } from './stack.ts';

/** One answer of the captured site: which requests it serves, and with what. */
export interface CaptureRoute {
  method?: string;
  /** Path below the site root (`/sch/i.html`), or a pattern over it. */
  path: string | RegExp;
  status?: number;
  headers?: Record<string, string>;
  body: string | ((req: SimRequest) => string);
}

export interface CaptureSite extends Simulator {
  /** Every request the site received, in order. */
  seen: SimRequest[];
  /** Replaces the routes (one stack serves several captures in turn). */
  serve(routes: readonly CaptureRoute[]): void;
}

const CONTENT_TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8' };

/** The content type a capture file is served with, from its extension. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/**
 * A site answering with captures. A request no route serves gets a 404 (as the real site
 * would for a path it does not have), so an adapter asking for something unexpected fails
 * visibly rather than reading a wrong body.
 */
export function captureSite(initial: readonly CaptureRoute[] = []): CaptureSite {
  let routes = [...initial];
  const seen: SimRequest[] = [];
  const matches = (r: CaptureRoute, req: SimRequest): boolean =>
    (r.method ?? req.method) === req.method && (typeof r.path === 'string' ? r.path === req.path : r.path.test(req.path));
  return {
    seen,
    serve(next) {
      routes = [...next];
    },
    handle(req): SimResponse {
      seen.push(req);
      const route = routes.find((r) => matches(r, req));
      if (!route) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
      const body = typeof route.body === 'function' ? route.body(req) : route.body;
      return { status: route.status ?? 200, headers: route.headers ?? {}, body };
    },
    renderFault() {
      return { status: 500, body: 'the capture site has no faults' };
    },
  };
}

export interface LiveStack {
  stack: Stack;
  site: CaptureSite;
  server: SimulatorServer;
  /** A fresh live key on its own account. */
  liveKey(): Promise<{ account: string; key: string }>;
  close(): Promise<void>;
}

/**
 * A stack whose live base URL for `token` is the capture site (the sandbox simulators still
 * run for the other marketplaces, as in production the other sites would).
 */
export async function startLiveStack(token: Token, opts: StackOptions = {}): Promise<LiveStack> {
  const site = captureSite();
  const server = await startSimulators({ [token]: site });
  const stack = await startStack({ ...opts, env: { ...opts.env, LIVE_BASE_URLS: `${token}=${server.url}/${token}` } });
  return {
    stack,
    site,
    server,
    liveKey: () => stack.newKey({ kind: 'live' }),
    async close() {
      await stack.close();
      await server.close();
    },
  };
}

/** A live search run to its end: the envelope, and the reading it amounts to for a golden comparison. */
export async function runLive(live: LiveStack, key: string, path: string): Promise<{ env: Envelope; reading: Reading }> {
  const env = await run(live.stack, key, path);
  // Every settled page carries the judgement of comps; the golden comparison is of the contract's fields.
  if (env.status === 'complete') expectJudged(env.result as never);
  if (env.status === 'complete') return { env, reading: { result: env.result as unknown as Extract<Reading, { result: unknown }>['result'] } };
  return { env, reading: { code: env.error?.code ?? `status ${env.status}` } };
}
