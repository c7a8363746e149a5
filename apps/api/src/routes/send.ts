/**
 * @module send
 * Writes a prepared reply (status, JSON text, headers). JSON given in parts (an envelope
 * around a stored result) is written part by part in one system call: a 35 KB result is
 * not copied into one string and then into a Buffer first, as `res.send` would.
 */
import type { Response } from 'express';
import type { JsonText } from '../services/envelope.ts';
import type { Reply } from '../services/submit-search.ts';

export function sendJson(res: Response, status: number, body: JsonText): void {
  const parts = typeof body === 'string' ? [body] : body;
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', length);
  // Writes made in one tick are corked by Node's http and leave in one writev.
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
}

export function sendReply(res: Response, reply: Reply): void {
  for (const [k, v] of Object.entries(reply.headers)) res.setHeader(k, v);
  sendJson(res, reply.status, reply.body);
}
