/**
 * @module transport/site
 * What the fingerprint listener answers in the transport tests: every marketplace's simulator
 * under `/<token>` (so a live collection through an adapter runs to its end, as on the real
 * site), `/set-cookie?name=…&value=…` that sets a cookie, and `/echo` answering the request's
 * headers as JSON.
 */
import type http from 'node:http';
import type http2 from 'node:http2';
import { findRoute, validateSearch, type Search, type Token } from '@listings/contract';
import { MARKETPLACES, type SimRequest, type Simulator } from '@listings/marketplaces';
import type { Handler } from '../../packages/http-client/test/fingerprint-listener.ts';

/** A page-1 search per marketplace, as the api would validate it. */
export const SEARCHES: Record<Token, Search> = {
  mkt_a: search('mkt_a/sold', [['q', 'iphone 13']]),
  mkt_b: search('mkt_b/sold', [['q', 'nike dunk']]),
  mkt_c: search('mkt_c/sold', [['q', 'vintage camera']]),
  mkt_d: search('mkt_d/listings', [['q', 'levis 501']]),
  mkt_e: search('mkt_e/listings', [['q', 'honda civic'], ['zip', '10001']]),
};

function search(route: string, pairs: Array<[string, string]>): Search {
  return validateSearch(findRoute(route)!, pairs, { cursorSecret: 'x'.repeat(32) });
}

type Req = http.IncomingMessage | http2.Http2ServerRequest;
type Res = http.ServerResponse | http2.Http2ServerResponse;

function readBody(req: Req): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function siteHandler(): Handler {
  const sims = new Map<string, Simulator>(Object.entries(MARKETPLACES).map(([t, m]) => [t, m.createSimulator()]));
  const answer = async (req: Req, res: Res): Promise<void> => {
    const url = new URL(req.url ?? '/', 'https://localhost');
    const body = await readBody(req);
    if (url.pathname === '/set-cookie') {
      (res as http.ServerResponse).writeHead(200, { 'set-cookie': `${url.searchParams.get('name') ?? 'c'}=${url.searchParams.get('value') ?? '1'}; Path=/; Secure; HttpOnly` });
      res.end('ok');
      return;
    }
    if (url.pathname === '/echo') {
      (res as http.ServerResponse).writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ headers: req.headers }));
      return;
    }
    const parts = url.pathname.split('/');
    const sim = sims.get(parts[1] ?? '');
    if (!sim) {
      (res as http.ServerResponse).writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const simReq: SimRequest = { method: req.method ?? 'GET', path: '/' + parts.slice(2).join('/'), query: url.searchParams, headers: req.headers as http.IncomingHttpHeaders, body };
    const r = await sim.handle(simReq);
    (res as http.ServerResponse).writeHead(r.status, { 'content-type': 'text/html; charset=utf-8', ...r.headers });
    res.end(r.body);
  };
  return (req, res) => {
    answer(req, res).catch((err: unknown) => {
      if (!res.headersSent) (res as http.ServerResponse).writeHead(500);
      res.end(String(err));
    });
  };
}
