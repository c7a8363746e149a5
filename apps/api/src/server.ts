/**
 * @module server
 * Listens, and closes with grace: stop accepting, release held `wait` polls, close services.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { ApiError } from '@listings/contract';

export interface Listening {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Node refuses request heads over this size itself (431); 64 KiB keeps long URLs ours to answer (414). */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Requests Node cannot parse never reach the app, and Node's own answer has neither
 * X-Request-Id nor an error body. An unreadable request (bytes outside the URL alphabet, an
 * unknown method, a broken request line) gets the app's shape: 422
 * unsupported_or_invalid_query, as middleware/errors.ts answers the framework's own 400s. A
 * head over MAX_HEADER_BYTES (431) and a request too slow to arrive (408) keep Node's status,
 * which no code of the catalog describes, with an X-Request-Id.
 */
function answerUnreadable(err: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || err.code === 'ECONNRESET' || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') return answerRaw(socket, 431, null);
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return answerRaw(socket, 408, null);
  answerRaw(socket, 422, new ApiError('unsupported_or_invalid_query', { message: 'The request could not be read.' }));
}

/**
 * `CONNECT host:port` (a proxy tunnel request) is parsed by Node but handed to a `connect`
 * listener instead of the app, and with none Node closes the socket without a word. This
 * server is no proxy: such a request answers like any other request line it cannot serve, 422
 * unsupported_or_invalid_query with X-Request-Id and the error body, and the connection closes.
 */
function answerConnect(_req: unknown, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  answerRaw(socket, 422, new ApiError('unsupported_or_invalid_query', { message: 'CONNECT is not supported: this server is not a proxy.' }));
}

/** Writes a whole answer on a socket the app never saw, and closes it. */
function answerRaw(socket: Duplex, status: number, error: ApiError | null): void {
  const body = error ? JSON.stringify(error.body()) : '';
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, `X-Request-Id: ${randomUUID()}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
  if (body) head.push('Content-Type: application/json; charset=utf-8');
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

export async function listen(app: Express, port: number, host = '127.0.0.1'): Promise<Listening> {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, keepAliveTimeout: 65_000, requestTimeout: 60_000 }, app);
  server.on('clientError', answerUnreadable);
  server.on('connect', answerConnect);
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
