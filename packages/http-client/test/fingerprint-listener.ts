/**
 * @module test/fingerprint-listener
 * A local HTTPS server on 127.0.0.1 that records what a bot manager reads from a client
 * before any header: the raw TLS ClientHello (and its JA4), the protocol ALPN chose, and on
 * HTTP/2 the client's first frames (SETTINGS in the order sent, the connection WINDOW_UPDATE,
 * the HEADERS priority) and the header order of each request, pseudo-headers included.
 *
 * Three hops, all on 127.0.0.1, so each layer is seen as raw bytes:
 *   front (TCP: reads the ClientHello, then relays) → TLS terminator (the test certificate
 *   for `localhost`, ALPN h2 or http/1.1; reads the HTTP/2 preface and first frames, then
 *   relays the decrypted stream) → an h2c or HTTP/1.1 server calling `handler`.
 * Test-only; the certificate is the self-signed one in `fixtures/`.
 */
import http from 'node:http';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { TLS } from './servers.ts';
import { clientHelloPayload, ja4, parseClientHello, type ClientHello } from './ja4.ts';

export interface H2Record {
  /** SETTINGS of the client's first SETTINGS frame: [identifier, value] in the order sent. */
  settings: Array<[number, number]>;
  /** Increment of the first WINDOW_UPDATE on stream 0, or null. */
  windowUpdate: number | null;
  /** Priority of the first HEADERS frame (when its PRIORITY flag is set). */
  priority: { exclusive: boolean; dependsOn: number; weight: number } | null;
}

export interface ConnectionRecord {
  id: number;
  hello: ClientHello;
  ja4: string;
  /** ALPN protocol the terminator chose, or null when the client offered none. */
  alpn: string | null;
  h2: H2Record | null;
}

export interface RequestRecord {
  /** The connection that carried it (its `id`), or null when unknown. */
  connection: number | null;
  httpVersion: string;
  method: string;
  path: string;
  /** Header names in the order received, lower-case, pseudo-headers included on HTTP/2. */
  order: string[];
  headers: http.IncomingHttpHeaders;
}

export type Handler = (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse) => void;

export interface FingerprintListener {
  /** `https://localhost:<port>`: a host name, so clients send SNI as they would to a site. */
  url: string;
  port: number;
  connections: ConnectionRecord[];
  requests: RequestRecord[];
  close(): Promise<void>;
}

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/** Parses the client's first HTTP/2 frames; null until a HEADERS frame has arrived. */
function readH2Start(buf: Buffer): H2Record | null {
  if (buf.length < PREFACE.length) return null;
  if (!buf.subarray(0, PREFACE.length).equals(PREFACE)) throw new Error('no HTTP/2 preface');
  const rec: H2Record = { settings: [], windowUpdate: null, priority: null };
  let settingsSeen = false;
  for (let off = PREFACE.length; off + 9 <= buf.length;) {
    const len = buf.readUIntBE(off, 3);
    const type = buf[off + 3] as number;
    const flags = buf[off + 4] as number;
    const stream = buf.readUInt32BE(off + 5) & 0x7fffffff;
    if (off + 9 + len > buf.length) return null;
    const p = buf.subarray(off + 9, off + 9 + len);
    if (type === 0x4 && (flags & 0x1) === 0 && !settingsSeen) {
      settingsSeen = true;
      for (let i = 0; i + 6 <= p.length; i += 6) rec.settings.push([p.readUInt16BE(i), p.readUInt32BE(i + 2)]);
    } else if (type === 0x8 && stream === 0 && rec.windowUpdate === null) {
      rec.windowUpdate = p.readUInt32BE(0) & 0x7fffffff;
    } else if (type === 0x1) {
      if (flags & 0x20) {
        const padded = flags & 0x8 ? 1 : 0;
        const dep = p.readUInt32BE(padded);
        rec.priority = { exclusive: (dep & 0x80000000) !== 0, dependsOn: dep & 0x7fffffff, weight: (p[padded + 4] as number) + 1 };
      }
      return rec;
    }
    off += 9 + len;
  }
  return null;
}

function listen(server: net.Server, port = 0): Promise<number> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Relays `sock` to 127.0.0.1:`port`, first writing what was already read; the hop's local port is passed to `onOpen`. */
function relay(sock: net.Socket, first: Buffer, port: number, onOpen: (localPort: number) => void, sockets: Set<net.Socket>): void {
  const back = net.connect(port, '127.0.0.1', () => onOpen(back.localPort as number));
  // A relay hop must not hold small writes back (Nagle's algorithm against delayed ACKs costs
  // ~40 ms a round on loopback: h2's small frames met it on every request, which a real
  // server does not do: they set TCP_NODELAY).
  back.setNoDelay(true);
  sock.setNoDelay(true);
  sockets.add(back);
  back.on('close', () => sockets.delete(back));
  back.write(first);
  sock.pipe(back);
  back.pipe(sock);
  sock.on('error', () => back.destroy());
  back.on('error', () => sock.destroy());
  sock.on('close', () => back.destroy());
  back.on('close', () => sock.destroy());
}

export async function startFingerprintListener(handler: Handler): Promise<FingerprintListener> {
  const connections: ConnectionRecord[] = [];
  const requests: RequestRecord[] = [];
  const sockets = new Set<net.Socket>();
  /** Connection record by the local port of the hop that carries it onward. */
  const byHopPort = new Map<number, ConnectionRecord>();
  const track = (s: net.Socket): void => {
    s.setNoDelay(true);
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };

  const record = (req: http.IncomingMessage | http2.Http2ServerRequest, port: number | undefined): void => {
    const order = req.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    requests.push({
      connection: byHopPort.get(port ?? -1)?.id ?? null,
      httpVersion: req.httpVersion,
      method: req.method ?? '',
      path: req.url ?? '',
      order,
      headers: req.headers as http.IncomingHttpHeaders,
    });
  };
  const h1 = http.createServer((req, res) => {
    record(req, req.socket.remotePort);
    handler(req, res);
  });
  h1.on('connection', track);
  const h2 = http2.createServer((req, res) => {
    record(req, req.stream.session?.socket.remotePort);
    handler(req, res);
  });
  h2.on('connection', track);
  const [h1Port, h2Port] = await Promise.all([listen(h1), listen(h2)]);

  const terminator = tls.createServer({ ...TLS, ALPNProtocols: ['h2', 'http/1.1'] }, (clear) => {
    track(clear);
    const rec = byHopPort.get(clear.remotePort ?? -1);
    const alpn = clear.alpnProtocol || null;
    if (rec) rec.alpn = alpn;
    if (alpn !== 'h2') return relay(clear, Buffer.alloc(0), h1Port, (p) => rec && byHopPort.set(p, rec), sockets);
    let buf = Buffer.alloc(0);
    const onData = (d: Buffer): void => {
      buf = Buffer.concat([buf, d]);
      let h2rec: H2Record | null;
      try {
        h2rec = readH2Start(buf);
      } catch {
        clear.destroy();
        return;
      }
      if (!h2rec) return;
      clear.off('data', onData);
      if (rec) rec.h2 = h2rec;
      relay(clear, buf, h2Port, (p) => rec && byHopPort.set(p, rec), sockets);
    };
    clear.on('data', onData);
  });
  terminator.on('tlsClientError', () => undefined);
  const tlsPort = await listen(terminator);

  let nextId = 1;
  const front = net.createServer((sock) => {
    track(sock);
    let buf = Buffer.alloc(0);
    const onData = (d: Buffer): void => {
      buf = Buffer.concat([buf, d]);
      let msg: Buffer | null;
      try {
        msg = clientHelloPayload(buf);
      } catch {
        sock.destroy();
        return;
      }
      if (!msg) return;
      sock.off('data', onData);
      const hello = parseClientHello(msg);
      const rec: ConnectionRecord = { id: nextId++, hello, ja4: ja4(hello).full, alpn: null, h2: null };
      connections.push(rec);
      relay(sock, buf, tlsPort, (p) => byHopPort.set(p, rec), sockets);
    };
    sock.on('data', onData);
    sock.on('error', () => undefined);
  });
  const port = await listen(front);

  return {
    url: `https://localhost:${port}`,
    port,
    connections,
    requests,
    async close() {
      for (const s of sockets) s.destroy();
      const closing = (s: net.Server): Promise<void> => new Promise((resolve) => s.close(() => resolve()));
      await Promise.all([closing(front), closing(terminator), closing(h1), closing(h2)]);
    },
  };
}
