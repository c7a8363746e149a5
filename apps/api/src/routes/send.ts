/**
 * @module send
 * Writes a prepared reply (status, JSON text, headers).
 */
import type { Response } from 'express';
import type { Reply } from '../services/submit-search.ts';

export function sendReply(res: Response, reply: Reply): void {
  for (const [k, v] of Object.entries(reply.headers)) res.setHeader(k, v);
  res.status(reply.status).type('application/json').send(reply.body);
}
