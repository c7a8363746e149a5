/**
 * @module events
 * The events a webhook endpoint receives. Each has an ID that stays the same on every delivery
 * and retry of it (receivers drop repeats by it), its type, when it was created, the mode of
 * the keys it concerns (`sandbox: true` for sandbox keys' jobs; those go only to sandbox
 * endpoints) and the settled resource: the job envelope of interface 2.2 without its rows
 * (`result` keeps every other field, `count` included), or the batch with its counts; a
 * watch's rows that are new or cheaper (watch-event.ts).
 */
import type { WatchMatchedData } from './watch-event.ts';

export const EVENT_TYPES = ['job.settled', 'batch.settled', 'watch.matched'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface JobSummary {
  request_id: string;
  status: 'complete' | 'failed';
  credits: number;
  cached: boolean;
  error?: { code: string; message: string };
  result?: Record<string, unknown>;
}

export interface BatchSummary {
  batch_id: string;
  status: 'complete';
  created_at: string;
  counts: { pending: number; complete: number; failed: number; rejected: number };
  credits: number;
}

export interface WebhookEvent {
  id: string;
  type: EventType;
  created_at: string;
  sandbox: boolean;
  data: { job: JobSummary } | { batch: BatchSummary } | WatchMatchedData;
}

export function isEventType(v: unknown): v is EventType {
  return typeof v === 'string' && (EVENT_TYPES as readonly string[]).includes(v);
}

/** The job's event; its ID is derived from the job's, since a job settles once. */
export function jobSettledEvent(job: JobSummary, sandbox: boolean, createdAt: Date): WebhookEvent {
  return { id: `evt_job_${job.request_id.replace(/^req_/u, '')}`, type: 'job.settled', created_at: createdAt.toISOString(), sandbox, data: { job } };
}

export function batchSettledEvent(batch: BatchSummary, sandbox: boolean, createdAt: Date): WebhookEvent {
  return { id: `evt_batch_${batch.batch_id.replace(/^bat_/u, '')}`, type: 'batch.settled', created_at: createdAt.toISOString(), sandbox, data: { batch } };
}

/** A stored result as the event carries it: every field but the rows. */
export function resultWithoutRows(resultJson: string): Record<string, unknown> {
  const { data: _rows, ...rest } = JSON.parse(resultJson) as Record<string, unknown>;
  return rest;
}

/** A run's `watch.matched` event; `eventId` (`evt_watch_…`) was chosen when the run was claimed. */
export function watchMatchedEvent(eventId: string, data: WatchMatchedData, sandbox: boolean, createdAt: Date): WebhookEvent {
  return { id: eventId, type: 'watch.matched', created_at: createdAt.toISOString(), sandbox, data };
}
