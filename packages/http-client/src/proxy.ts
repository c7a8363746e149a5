/**
 * @module proxy
 * Tunnelling through an HTTP proxy with `CONNECT`, built on Node's own agents. got has no
 * proxy support of its own; rather than add a dependency for some 60 lines, the two agents
 * below open every connection as a `CONNECT host:port` tunnel through the proxy and then speak
 * HTTP (or TLS, then HTTP) inside it. Plain-HTTP targets are tunnelled too, not sent as
 * absolute-URI requests: one code path, and the proxy never sees request lines or cookies.
 * A proxy that allows `CONNECT` only to port 443 therefore cannot reach plain-HTTP sites
 * (the live marketplaces are all HTTPS).
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

/** Idle keep-alive sockets are closed after this long (Node's agents close idle sockets on timeout). */
export const IDLE_SOCKET_MS = 15_000;

type Callback = (err: Error | null, stream: Duplex) => void;

/** A failure of the proxy itself (it refused the tunnel, or answered something else). */
export class ProxyConnectError extends Error {
  readonly code = 'EPROXYCONNECT';
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Opens a raw tunnel to host:port through the proxy and hands the socket to `done`. */
export function openTunnel(proxy: URL, host: string, port: number, timeoutMs: number, done: (err: Error | null, socket?: Socket) => void): void {
  const target = hostPort(host, port);
  const headers: Record<string, string> = { host: target };
  if (proxy.username !== '') {
    const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['proxy-authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  const send = proxy.protocol === 'https:' ? https.request : http.request;
  const req = send({
    host: proxy.hostname.replace(/^\[|\]$/g, ''),
    port: proxy.port === '' ? (proxy.protocol === 'https:' ? 443 : 80) : Number(proxy.port),
    method: 'CONNECT',
    path: target,
    headers,
    agent: false,
  });
  let settled = false;
  const finish = (err: Error | null, socket?: Socket): void => {
    if (settled) return;
    settled = true;
    req.setTimeout(0);
    done(err, socket);
  };
  req.setTimeout(timeoutMs, () => {
    req.destroy();
    const err = new ProxyConnectError(`proxy did not open a tunnel to ${target} within ${timeoutMs} ms`);
    finish(Object.assign(err, { code: 'ETIMEDOUT' }));
  });
  req.once('connect', (res, socket) => {
    if (res.statusCode !== 200) {
      socket.destroy();
      finish(new ProxyConnectError(`proxy answered ${res.statusCode ?? '?'} to CONNECT ${target}`));
      return;
    }
    finish(null, socket);
  });
  req.once('error', (err) => finish(err));
  req.end();
}

/** Agent for `http:` targets: the tunnel socket carries plain HTTP. */
class HttpTunnelAgent extends http.Agent {
  readonly #proxy: URL;
  readonly #timeoutMs: number;

  constructor(proxy: URL, timeoutMs: number) {
    super({ keepAlive: true, timeout: IDLE_SOCKET_MS });
    this.#proxy = proxy;
    this.#timeoutMs = timeoutMs;
  }

  override createConnection(options: http.ClientRequestArgs, callback?: Callback): undefined {
    const cb = callback as Callback;
    openTunnel(this.#proxy, String(options.host ?? options.hostname ?? 'localhost'), Number(options.port ?? 80), this.#timeoutMs, (err, socket) => {
      if (err || !socket) cb(err ?? new ProxyConnectError('no tunnel socket'), undefined as unknown as Duplex);
      else cb(null, socket);
    });
    return undefined;
  }
}

/** Agent for `https:` targets: TLS with the target (SNI, certificate check) inside the tunnel. */
class HttpsTunnelAgent extends https.Agent {
  readonly #proxy: URL;
  readonly #timeoutMs: number;

  constructor(proxy: URL, timeoutMs: number) {
    super({ keepAlive: true, timeout: IDLE_SOCKET_MS });
    this.#proxy = proxy;
    this.#timeoutMs = timeoutMs;
  }

  override createConnection(options: tls.ConnectionOptions & http.ClientRequestArgs, callback?: Callback): undefined {
    const cb = callback as Callback;
    const host = String(options.host ?? options.hostname ?? 'localhost');
    openTunnel(this.#proxy, host, Number(options.port ?? 443), this.#timeoutMs, (err, socket) => {
      if (err || !socket) {
        cb(err ?? new ProxyConnectError('no tunnel socket'), undefined as unknown as Duplex);
        return;
      }
      // The caller's TLS options (servername, ca, rejectUnauthorized, ALPN) apply to the target.
      // Node's agent has already worked out `servername` ('' for IP addresses, where SNI is not allowed).
      const { host: _h, port: _p, path: _path, agent: _a, servername, ...tlsOptions } = options;
      const sni = servername ?? (isIP(host) ? '' : host);
      const secure = tls.connect({ ...tlsOptions, socket, ...(sni ? { servername: sni } : {}) });
      cb(null, secure);
    });
    return undefined;
  }
}

export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/** Per-client agents: tunnelled through `proxyUrl` when given, else direct. Keep-alive either way. */
export function createAgents(proxyUrl: string | undefined, timeoutMs: number): Agents {
  if (proxyUrl === undefined) {
    return {
      http: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
      https: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    };
  }
  const proxy = new URL(proxyUrl);
  return { http: new HttpTunnelAgent(proxy, timeoutMs), https: new HttpsTunnelAgent(proxy, timeoutMs) };
}
