/**
 * @module webhook-schemas
 * The webhook events (`job.settled`, `batch.settled`) as the OpenAPI 3.1 `webhooks` section and
 * their schemas, describing what packages/webhooks/src/events.ts builds and docs/webhooks.md
 * documents: the event envelope, the job envelope without rows, the batch without items, and
 * the delivery headers.
 */
import { JOB_ERRORS } from './errors.ts';
import type { JsonSchema } from './schema.ts';

const HEADERS = [
  { name: 'Listings-Event-Id', schema: { type: 'string' }, description: 'The event ID; the same on every delivery and retry: drop repeats by it.' },
  { name: 'Listings-Event-Type', schema: { type: 'string', enum: ['job.settled', 'batch.settled'] }, description: 'The event type.' },
  { name: 'Listings-Delivery-Id', schema: { type: 'string', pattern: '^evt_[a-z]+_[0-9A-Za-z]+\\.we_[0-9A-Za-z]{22}$' }, description: '`<event id>.<endpoint id>`: the same on every attempt, retry and redelivery after a crash of this event to this endpoint.' },
  { name: 'Listings-Delivery-Attempt', schema: { type: 'integer', minimum: 1 }, description: '1 on the first delivery, 2 on the next, …: every attempt begun counts, one cut short by a crash of the sender too.' },
  {
    name: 'Listings-Signature', schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
    description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; verify over the raw body in constant time and refuse an old `t`.',
  },
].map((h) => ({ ...h, in: 'header', required: true }));

export function webhookParts(): { webhooks: Record<string, unknown>; schemas: Record<string, JsonSchema> } {
  const envelope = (type: string, data: JsonSchema, description: string): JsonSchema => ({
    type: 'object', description, required: ['id', 'type', 'created_at', 'sandbox', 'data'], additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: type === 'job.settled' ? '^evt_job_' : '^evt_batch_', description: 'Stable across deliveries and retries of this event.' },
      type: { type: 'string', const: type },
      created_at: { type: 'string', format: 'date-time' },
      sandbox: { type: 'boolean', description: "True for events of sandbox keys' jobs (delivered only to sandbox endpoints)." },
      data,
    },
  });
  const schemas: Record<string, JsonSchema> = {
    WebhookJob: {
      type: 'object', description: 'The job envelope (interface 2.2) without its rows: `result` has every field but `data`.',
      required: ['request_id', 'status', 'credits', 'cached'], additionalProperties: false,
      properties: {
        request_id: { type: 'string' },
        status: { type: 'string', enum: ['complete', 'failed'] },
        credits: { type: 'integer', enum: [0, 1] },
        cached: { type: 'boolean' },
        error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string', enum: Object.keys(JOB_ERRORS) }, message: { type: 'string' } } },
        result: { type: 'object', description: 'The result object without `data`; read the rows from GET /v1/jobs/{request_id}.', not: { required: ['data'] } },
      },
    },
    WebhookBatch: {
      type: 'object', description: 'The batch resource (interface 2.6) without items.',
      required: ['batch_id', 'status', 'created_at', 'counts', 'credits'], additionalProperties: false,
      properties: {
        batch_id: { type: 'string' },
        status: { type: 'string', const: 'complete' },
        created_at: { type: 'string', format: 'date-time' },
        counts: { $ref: '#/components/schemas/BatchCounts' },
        credits: { type: 'integer', minimum: 0 },
      },
    },
  };
  schemas.JobSettledEvent = envelope('job.settled', {
    type: 'object', required: ['job'], additionalProperties: false, properties: { job: { $ref: '#/components/schemas/WebhookJob' } },
  }, 'A search job that was answered pending (202) completed or failed. Cache hits have no event.');
  schemas.BatchSettledEvent = envelope('batch.settled', {
    type: 'object', required: ['batch'], additionalProperties: false, properties: { batch: { $ref: '#/components/schemas/WebhookBatch' } },
  }, 'A batch that had pending items has none left. A batch answered 200 (all cached) has no event.');

  const op = (summary: string, schemaName: string, example: unknown): Record<string, unknown> => ({
    post: {
      summary,
      description: 'POSTed to each enabled endpoint subscribed to the event, at least once, with retries for 24 hours; no order is promised. Answer 2xx within the timeout; redirects are not followed. See docs/webhooks.md.',
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` }, example } } },
      responses: { '2XX': { description: 'Received; any 2xx stops the retries.' }, default: { description: 'Any other answer (or none) is retried with backoff.' } },
    },
  });
  return {
    schemas,
    webhooks: {
      'job.settled': op('A job settled', 'JobSettledEvent', {
        id: 'evt_job_7mRq2h8VxPz1cT4yKbN0aQ', type: 'job.settled', created_at: '2026-11-24T04:01:12.345Z', sandbox: true,
        data: { job: { request_id: 'req_7mRq2h8VxPz1cT4yKbN0aQ', status: 'complete', credits: 1, cached: false, result: { provider: 'mkt_a', country: 'us', query: 'leica m6', page: 1, page_size: 60, count: 60, reported_total: 242, next_page: 2, next_cursor: null, collected_at: '2026-11-24T04:01:12.101Z', schema_version: 1, completeness: 'provider_page_only', field_notes: '…' } } },
      }),
      'batch.settled': op('A batch settled', 'BatchSettledEvent', {
        id: 'evt_batch_2xVb8qLm4NcT0rYz6HwPjA', type: 'batch.settled', created_at: '2026-11-24T04:02:40.010Z', sandbox: false,
        data: { batch: { batch_id: 'bat_2xVb8qLm4NcT0rYz6HwPjA', status: 'complete', created_at: '2026-11-24T04:02:31.880+00:00', counts: { pending: 0, complete: 9, failed: 1, rejected: 0 }, credits: 9 } },
      }),
    },
  };
}
