/**
 * @module server
 * Listens, and closes with grace: stop accepting, release held `wait` polls, close services.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Node refuses request heads over this size itself (431); 64 KiB keeps long URLs ours to answer (414). */
const MAX_HEADER_BYTES = 64 * 1024;

export async function listen(app: Express, port: number, host = '127.0.0.1'): Promise<Listening> {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, keepAliveTimeout: 65_000, requestTimeout: 60_000 }, app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2000).unref();
    }),
  };
}
