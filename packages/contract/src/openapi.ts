/**
 * @module openapi
 * The OpenAPI 3.1 description, derived from the route and parameter tables and the error
 * catalog (served at `/v1/openapi.json`).
 */
import { API_ERRORS, JOB_ERRORS } from './errors.ts';
import { PARAM_TABLES, type ParamSpec } from './params.ts';
import { ROUTES } from './routes.ts';
import { paramSchema } from './schema.ts';

const errorRef = { $ref: '#/components/schemas/Error' };

function parameter(spec: ParamSpec): Record<string, unknown> {
  const schema = spec.type === 'enum_list' || spec.type === 'id_list'
    ? { type: 'string', description: 'Comma-separated list.', ...(spec.type === 'enum_list' ? { examples: [spec.values.slice(0, 2).join(',')] } : {}) }
    : paramSchema(spec);
  return { name: spec.name, in: 'query', required: spec.type === 'string' && spec.required === true, description: spec.doc, schema };
}

function responses(codes: Record<string, string>): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const [code, meaning] of Object.entries(API_ERRORS)) {
    if (!(code in codes)) continue;
    byStatus.set(meaning.status, [...(byStatus.get(meaning.status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of byStatus) {
    out[String(status)] = { description: list.map((c) => `\`${c}\`: ${codes[c]}`).join('; '), content: { 'application/json': { schema: errorRef } } };
  }
  return out;
}

const COMMON = ['invalid_api_key', 'account_suspended', 'origin_not_allowed', 'rate_limited', 'storage_unavailable', 'uri_too_long', 'method_not_allowed'];
const SEARCH = [...COMMON, 'unsupported_or_invalid_query', 'duplicate_parameter', 'sort_not_implemented', 'invalid_idempotency_key', 'idempotency_conflict', 'quota_exceeded', 'too_many_pending', 'upstream_daily_limit', 'queue_full', 'collection_unavailable'];
const pick = (list: string[]): Record<string, string> => Object.fromEntries(list.map((c) => [c, API_ERRORS[c as keyof typeof API_ERRORS].message]));

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const route of ROUTES) {
    paths[`/v1/${route.id}`] = {
      get: {
        operationId: `${route.token}_${route.kind}`,
        summary: `${route.kind === 'sold' ? 'Sold' : 'Active'} listings on ${route.token}${route.cursorPaging ? ' (cursor paging)' : ''}`,
        description: `One source page per call. result.schema_version is ${route.schemaVersion}.`,
        parameters: [
          ...(PARAM_TABLES[route.id] ?? []).map(parameter),
          { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[!-~]{1,128}$' }, description: 'Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours).' },
        ],
        responses: {
          200: { description: 'Complete job (cache hit, or an idempotent replay of a complete job).', headers: { 'X-Request-Id': { schema: { type: 'string' } } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          202: { description: 'Pending job; poll `poll_url`.', headers: { Location: { schema: { type: 'string' } }, 'Retry-After': { schema: { type: 'integer', const: 2 } } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          ...responses(pick(SEARCH)),
          503: { description: 'A replay of a failed search (body: the failed job), or one of: queue_full, upstream_daily_limit, collection_unavailable, storage_unavailable.', content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Job' }, errorRef] } } } },
        },
      },
    };
  }
  paths['/v1/jobs/{request_id}'] = {
    get: {
      operationId: 'get_job',
      summary: 'Poll one job',
      parameters: [
        { name: 'request_id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'wait', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 20 }, description: 'Hold the call up to this many seconds; answers as soon as the job settles.' },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv'] }, description: "CSV of the job's rows (409 result_not_ready while pending)." },
      ],
      responses: {
        200: { description: 'The job envelope (any status, failed included), or CSV with format=csv.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } }, 'text/csv': { schema: { type: 'string' } } } },
        ...responses(pick([...COMMON, 'request_not_found', 'invalid_wait', 'unsupported_or_invalid_query', 'duplicate_parameter', 'result_not_ready'])),
      },
    },
  };
  const batchErrors = responses(pick([...COMMON, 'unsupported_or_invalid_query', 'duplicate_parameter', 'sort_not_implemented', 'invalid_idempotency_key', 'idempotency_conflict', 'batch_too_large']));
  paths['/v1/batches'] = {
    post: {
      operationId: 'create_batch',
      summary: 'Create a batch of searches',
      description: 'Body up to 256 KB. Each search is validated exactly as its GET route; any invalid search refuses the whole batch with 422 and `error.index` (its position after `pages` expansion). Items beyond the pending cap or the allowance come back `rejected`.',
      parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[!-~]{1,128}$' }, description: 'Same key and same body answer the same batch; a resend runs only items that were never submitted.' }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object', required: ['searches'], additionalProperties: false,
              properties: {
                defaults: { type: 'object', description: 'Inputs applied to every search; any search may override each.' },
                searches: { type: 'array', minItems: 1, items: { type: 'object', required: ['endpoint'], properties: { endpoint: { type: 'string', enum: ROUTES.map((r) => r.id) }, pages: { type: 'integer', minimum: 1, maximum: 10, description: 'mkt_a only: one search per page 1..n.' } } } },
              },
            },
          },
        },
      },
      responses: {
        200: { description: 'Every search was answered from the cache.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' } } } },
        202: { description: 'Searches are running; poll the batch (`Location`).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' } } } },
        ...batchErrors,
      },
    },
  };
  paths['/v1/batches/{batch_id}'] = {
    get: {
      operationId: 'get_batch',
      summary: 'Poll a batch, or download its CSV',
      parameters: [
        { name: 'batch_id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'wait', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 20 }, description: 'Hold the call until every search settled, up to this many seconds.' },
        { name: 'include', in: 'query', required: false, schema: { type: 'string', enum: ['results'] }, description: "Add each complete item's full result." },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv'] }, description: 'One line per listing of every complete search (409 result_not_ready while any is pending).' },
      ],
      responses: {
        200: { description: 'The batch, or its CSV.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' } }, 'text/csv': { schema: { type: 'string' } } } },
        ...responses(pick([...COMMON, 'request_not_found', 'invalid_wait', 'unsupported_or_invalid_query', 'duplicate_parameter', 'result_not_ready'])),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Marketplace Listings Search', version: '1.0.0', description: 'Searches US marketplace listings by keyword and returns one source page per call as JSON. Every result has completeness provider_page_only.' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object', required: ['error'],
          properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string', enum: Object.keys(API_ERRORS) }, message: { type: 'string' }, param: { type: 'string' }, index: { type: 'integer' } } } },
        },
        Job: {
          type: 'object', required: ['request_id', 'status', 'credits', 'cached'],
          properties: {
            request_id: { type: 'string' },
            status: { type: 'string', enum: ['pending', 'complete', 'failed'] },
            credits: { type: 'integer', enum: [0, 1] },
            cached: { type: 'boolean' },
            poll_url: { type: 'string', description: 'Only while pending: /v1/jobs/<request_id>.' },
            error: { type: 'object', properties: { code: { type: 'string', enum: Object.keys(JOB_ERRORS) }, message: { type: 'string' } } },
            result: { $ref: '#/components/schemas/Result' },
          },
        },
        Batch: {
          type: 'object', required: ['batch_id', 'status', 'created_at', 'counts', 'credits', 'items'],
          properties: {
            batch_id: { type: 'string' },
            status: { type: 'string', enum: ['pending', 'complete'] },
            created_at: { type: 'string', format: 'date-time' },
            counts: { type: 'object', properties: { pending: { type: 'integer' }, complete: { type: 'integer' }, failed: { type: 'integer' }, rejected: { type: 'integer' } } },
            credits: { type: 'integer' },
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  index: { type: 'integer' }, endpoint: { type: 'string' }, q: { type: 'string' }, request_id: { type: ['string', 'null'] },
                  status: { type: 'string', enum: ['pending', 'complete', 'failed', 'rejected'] }, cached: { type: 'boolean' }, credits: { type: 'integer' },
                  rows: { type: 'integer' }, summary: { type: 'object' }, error: { type: 'object', properties: { code: { type: 'string' } } },
                  result: { $ref: '#/components/schemas/Result' },
                },
              },
            },
          },
        },
        Result: {
          type: 'object',
          required: ['provider', 'country', 'query', 'page', 'page_size', 'count', 'reported_total', 'next_page', 'next_cursor', 'collected_at', 'schema_version', 'completeness', 'field_notes', 'data'],
          properties: {
            provider: { type: 'string' }, country: { const: 'us' }, query: { type: 'string' }, page: { type: 'integer' },
            page_size: { type: 'integer' }, count: { type: 'integer' }, reported_total: { type: ['integer', 'null'] },
            next_page: { type: ['integer', 'null'] }, next_cursor: { type: ['string', 'null'] }, collected_at: { type: 'string', format: 'date-time' },
            schema_version: { type: 'integer', enum: [1, 2] }, completeness: { const: 'provider_page_only' }, field_notes: { type: 'string' },
            data: { type: 'array', items: { type: 'object' } },
          },
        },
      },
    },
  };
}
