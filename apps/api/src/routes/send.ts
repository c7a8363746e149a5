/**
 * @module send
 * What the routes write, from what the use cases answered: a prepared reply (status, JSON
 * text, headers; JSON given in parts, an envelope around a stored result, is written part by
 * part in one system call: a 35 KB result is not copied into one string and then into a Buffer
 * first, as `res.send` would), a CSV download streamed, and the signal a held call stops on
 * when its client leaves.
 */
import { pipeline } from 'node:stream';
import type { Response } from 'express';
import type { JsonText, Reply } from '../services/envelope.ts';
import type { CsvDownload } from '../services/job-csv.ts';

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

/** Streams a CSV download as an attachment. Headers are gone once it flows: a failure mid-stream can only cut it short. */
export function sendCsv(res: Response, download: CsvDownload): void {
  res.status(200).type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
  pipeline(download.stream, res, (err) => {
    if (err && !res.destroyed) res.destroy(err);
  });
}

/** Runs `body` with a signal that aborts when the response closes first (its client left). */
export async function untilClosed<T>(res: Response, body: (gone: AbortSignal) => Promise<T>): Promise<T> {
  const gone = new AbortController();
  const onClose = (): void => gone.abort();
  res.once('close', onClose);
  try {
    return await body(gone.signal);
  } finally {
    res.off('close', onClose);
  }
}
