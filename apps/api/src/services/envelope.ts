/**
 * @module envelope
 * The job envelope of interface 2.2, written as JSON text. The result is spliced in as the
 * JSON the worker stored, never parsed and re-serialized on the hot path, nor copied: a
 * complete envelope is its parts, written one after the other (routes/send.ts).
 */
import { JOB_ERRORS, type JobErrorCode } from '@listings/contract';
import type { JobRecord } from '@listings/store';

/** JSON text, whole or in parts (text or UTF-8 bytes) that make it when written one after the other. */
export type JsonText = string | readonly (string | Buffer)[];

/** An answer as the routes write it (routes/send.ts sendReply): its status, JSON text and headers. */
export interface Reply {
  status: number;
  body: JsonText;
  headers: Record<string, string>;
}

export function pollPath(jobId: string): string {
  return `/v1/jobs/${jobId}`;
}

export function completeEnvelope(jobId: string, cached: boolean, resultJson: string | Buffer): readonly (string | Buffer)[] {
  return [`{"request_id":${JSON.stringify(jobId)},"status":"complete","credits":1,"cached":${cached},"result":`, resultJson, '}'];
}

export function pendingEnvelope(jobId: string): string {
  return JSON.stringify({ request_id: jobId, status: 'pending', credits: 0, cached: false, poll_url: pollPath(jobId) });
}

export function failedEnvelope(jobId: string, code: string): string {
  const message = JOB_ERRORS[code as JobErrorCode] ?? 'The search failed.';
  return JSON.stringify({ request_id: jobId, status: 'failed', credits: 0, cached: false, error: { code, message } });
}

/** The envelope of a stored job; `resultJson` is needed when it is complete. */
export function envelopeOf(job: JobRecord, resultJson: string | Buffer | null): JsonText {
  if (job.status === 'complete') return completeEnvelope(job.id, job.cached, resultJson ?? 'null');
  if (job.status === 'failed') return failedEnvelope(job.id, job.error ?? 'upstream_error');
  return pendingEnvelope(job.id);
}
