/**
 * @module sim/server
 * One HTTP server hosting the simulators of every marketplace, each under `/<token>`, plus a
 * control route to switch faults: `PUT /__sim/faults/<token>` with a FaultSettings JSON body,
 * `GET /__sim/faults` to read them. Used by `npm start`, sandbox keys, tests and benchmarks.
 * The market's drift (sim/drift.ts: new listings and lower prices, so a watch's later runs
 * differ): `PUT /__sim/drift` with `{"step": n}` (fixed) or `{"period_ms": n}` (one step more
 * every period from now; 0 stops it), `GET /__sim/drift` for the step now.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAULTS, type FaultSettings, type Simulator, type SimRequest, type SimResponse } from './kit.ts';

export interface SimulatorServer {
  /** Root URL; a marketplace's base URL is `${url}/${token}`. */
  url: string;
  port: number;
  setFaults(token: string, faults: Partial<FaultSettings>): void;
  /** The market's drift: a fixed step, or one step more every `periodMs` from now (sim/drift.ts). */
  setDrift(drift: DriftSettings): void;
  /** The drift step requests are served at now. */
  driftStep(): number;
  requests(token: string): number;
  close(): Promise<void>;
}

const NONE: FaultSettings = { fault: 'none', latencyMs: 0 };

/** `step`: a fixed drift step; `periodMs`: one step more every period, counted from when it is set (0 = none). */
export type DriftSettings = { step: number } | { periodMs: number };
const MAX_BODY = 1 << 20;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, r: SimResponse): void {
  res.writeHead(r.status, { 'content-type': 'text/html; charset=utf-8', ...r.headers });
  res.end(r.body);
}

export async function startSimulators(simulators: Record<string, Simulator>, opts: { port?: number; host?: string; drift?: DriftSettings } = {}): Promise<SimulatorServer> {
  const faults = new Map<string, FaultSettings>();
  let drift: { step: number; periodMs: number; since: number } = { step: 0, periodMs: 0, since: Date.now() };
  const setDrift = (d: DriftSettings): void => {
    drift = 'step' in d ? { step: Math.max(0, Math.floor(d.step)), periodMs: 0, since: Date.now() } : { step: 0, periodMs: Math.max(0, d.periodMs), since: Date.now() };
  };
  const driftStep = (): number => (drift.periodMs > 0 ? Math.floor((Date.now() - drift.since) / drift.periodMs) : drift.step);
  if (opts.drift) setDrift(opts.drift);
  const counts = new Map<string, number>();
  const hung = new Set<ServerResponse>();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    const parts = url.pathname.split('/');
    if (parts[1] === '__sim') {
      if (req.method === 'GET' && parts[2] === 'faults') return send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(faults)) });
      if (req.method === 'PUT' && parts[2] === 'faults' && parts[3] && simulators[parts[3]]) {
        const body = JSON.parse((await readBody(req)) || '{}') as Partial<FaultSettings>;
        if (body.fault !== undefined && !(FAULTS as readonly string[]).includes(body.fault)) return send(res, { status: 400, body: 'unknown fault' });
        setFaults(parts[3], body);
        return send(res, { status: 204, body: '' });
      }
      if (parts[2] === 'drift') {
        if (req.method === 'GET') return send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step: driftStep(), period_ms: drift.periodMs }) });
        if (req.method === 'PUT') {
          const body = JSON.parse((await readBody(req)) || '{}') as { step?: unknown; period_ms?: unknown };
          const n = body.step ?? body.period_ms;
          if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return send(res, { status: 400, body: 'step or period_ms must be a whole number' });
          setDrift(body.step !== undefined ? { step: n } : { periodMs: n });
          return send(res, { status: 204, body: '' });
        }
      }
      if (parts[2] === 'health') return send(res, { status: 200, body: 'ok' });
      return send(res, { status: 404, body: 'not found' });
    }
    const token = parts[1] ?? '';
    const sim = simulators[token];
    if (!sim) return send(res, { status: 404, body: 'no such simulator' });
    counts.set(token, (counts.get(token) ?? 0) + 1);
    const simReq: SimRequest = {
      method: req.method ?? 'GET',
      path: '/' + parts.slice(2).join('/'),
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
      driftStep: driftStep(),
    };
    const f = faults.get(token) ?? NONE;
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    let fault = f.fault;
    if (fault !== 'none' && f.times !== undefined) {
      if (f.times <= 0) fault = 'none';
      else faults.set(token, { ...f, times: f.times - 1 });
    }
    switch (fault) {
      case 'hang':
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      case 'http_429':
        return send(res, { status: 429, headers: { 'retry-after': '1' }, body: 'Too Many Requests' });
      case 'http_5xx':
        return send(res, { status: 503, body: 'Service Unavailable' });
      case 'bot_wall':
      case 'login_wall':
      case 'layout_changed':
        return send(res, sim.renderFault(fault, simReq));
      case 'truncated': {
        const full = await sim.handle(simReq);
        return send(res, { ...full, body: full.body.slice(0, Math.floor(full.body.length / 2)) });
      }
      default:
        return send(res, await sim.handle(simReq));
    }
  }

  function setFaults(token: string, f: Partial<FaultSettings>): void {
    const prev = faults.get(token) ?? NONE;
    faults.set(token, { fault: f.fault ?? prev.fault, latencyMs: f.latencyMs ?? prev.latencyMs, ...(f.times !== undefined ? { times: f.times } : {}) });
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: `simulator error: ${String(err)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setFaults,
    setDrift,
    driftStep,
    requests: (token) => counts.get(token) ?? 0,
    close: () => new Promise<void>((resolve) => {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
