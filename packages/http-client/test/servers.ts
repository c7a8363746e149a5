/**
 * @module test/servers
 * Local servers for the http-client tests, all on port 0 of 127.0.0.1 (never the internet):
 * an origin with one path per behaviour under test, and a tiny CONNECT proxy that records
 * what it was asked.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const TLS = {
  key: readFileSync(new URL('./fixtures/localhost.key', import.meta.url)),
  cert: readFileSync(new URL('./fixtures/localhost.crt', import.meta.url)),
};

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawHeaderNames: string[];
  body: string;
}

export interface Started {
  url: string;
  port: number;
  seen: Seen[];
  close(): Promise<void>;
  /** Client connections open on the server now (origin only). */
  openConnections?(): Promise<number>;
}

function handler(seen: Seen[]): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, rawHeaderNames: req.rawHeaders.filter((_, i) => i % 2 === 0), body });
      const p = u.pathname;
      if (p === '/echo') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
      } else if (p === '/set-cookie') {
        res.writeHead(200, { 'set-cookie': ['sid=server-1; Path=/', 'pref=dark; Path=/; HttpOnly'] });
        res.end('ok');
      } else if (p.startsWith('/redirect/')) {
        const n = Number(p.slice('/redirect/'.length));
        res.writeHead(302, { location: n > 1 ? `/redirect/${n - 1}` : '/echo?arrived=1' });
        res.end();
      } else if (p === '/loop') {
        res.writeHead(302, { location: '/loop' });
        res.end();
      } else if (p.startsWith('/status/')) {
        res.writeHead(Number(p.slice('/status/'.length)), { 'content-type': 'text/html', 'retry-after': '7' });
        res.end(`<html>status ${p.slice('/status/'.length)}</html>`);
      } else if (p === '/hang') {
        // Never answers: the client's timeout must end it.
      } else if (p === '/headers-then-hang') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
      } else if (p === '/big') {
        const n = Number(u.searchParams.get('n'));
        res.writeHead(200, { 'content-type': 'text/plain' }); // chunked: no declared length
        const piece = Buffer.alloc(64 * 1024, 'x');
        let left = n;
        const pump = (): void => {
          while (left > 0) {
            const c = piece.subarray(0, Math.min(left, piece.length));
            left -= c.length;
            if (!res.write(c)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      } else if (p === '/declared-big') {
        res.writeHead(200, { 'content-length': String(100 * 1024 * 1024) });
        res.write('x'); // then stalls: the cap must answer from the header alone
      } else if (p === '/gzip') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.from('zipped café')));
      } else if (p === '/latin1') {
        res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
        res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
      } else if (p === '/reset') {
        req.socket.destroy();
      } else if (p === '/away') {
        // A redirect to another origin: the same server under the name `localhost`.
        res.writeHead(Number(u.searchParams.get('status') ?? 307), { location: `${secureOf(req) ? 'https' : 'http'}://localhost:${req.socket.localPort}/echo` });
        res.end();
      } else if (p === '/slow-redirect') {
        setTimeout(() => {
          res.writeHead(302, { location: '/echo?after=slow' });
          res.end();
        }, 200);
      } else {
        res.writeHead(404);
        res.end('not found');
      }
    });
  };
}

function secureOf(req: http.IncomingMessage): boolean {
  return 'encrypted' in req.socket && req.socket.encrypted === true;
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: http.Server | https.Server): () => Promise<void> {
  return () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The origin server (plain HTTP, or HTTPS with the test certificate). */
export async function startOrigin(secure = false): Promise<Started> {
  const seen: Seen[] = [];
  const server = secure ? https.createServer(TLS, handler(seen)) : http.createServer(handler(seen));
  const port = await listen(server);
  const openConnections = (): Promise<number> => new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  return { url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`, port, seen, close: closer(server), openConnections };
}

export interface Proxy extends Started {
  /** `CONNECT` targets and the `Proxy-Authorization` each carried. */
  tunnels: Array<{ target: string; auth: string | undefined }>;
}

/**
 * A CONNECT proxy: answers 407 without the expected credentials (when `auth` is set),
 * 403 for targets on port 1, else pipes a tunnel to the target.
 */
export async function startProxy(auth?: string): Promise<Proxy> {
  const tunnels: Proxy['tunnels'] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    const target = req.url ?? '';
    const got = req.headers['proxy-authorization'];
    tunnels.push({ target, auth: got });
    if (auth !== undefined && got !== `Basic ${Buffer.from(auth).toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const i = target.lastIndexOf(':');
    const host = target.slice(0, i).replace(/^\[|\]$/g, '');
    const port = Number(target.slice(i + 1));
    if (port === 1) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listen(server);
  const close = closer(server);
  return {
    url: `http://127.0.0.1:${port}`, port, seen: [], tunnels,
    close: async () => {
      for (const s of sockets) s.destroy();
      await close();
    },
  };
}

/** A port on which nothing listens (bound, then released). */
export async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
