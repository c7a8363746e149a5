/**
 * @module request-id
 * `X-Request-Id` on every response: a unique ID per response, also used as the log's request id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = randomUUID();
  res.setHeader('X-Request-Id', id);
  (req as IncomingMessage & { id?: string }).id = id;
  return id;
}
