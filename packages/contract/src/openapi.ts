/**
 * @module openapi
 * The OpenAPI 3.1 description, derived from the route and parameter tables and the error
 * catalog (served at `/v1/openapi.json`).
 */
import { API_ERROR_ADVICE, JOB_ERROR_ADVICE } from './error-advice.ts';
import { API_ERRORS, DEFAULT_RETRY_AFTER, JOB_ERRORS, type ApiErrorCode } from './errors.ts';
import { RESULT_EXAMPLES } from './examples.ts';
import { PARAM_TABLES, type ParamSpec } from './params.ts';
import { RATE_LIMIT } from './plans.ts';
import { resultComponents, routeSchemaName } from './rows.ts';
import { ROUTES, type RouteInfo } from './routes.ts';
import { paramSchema } from './schema.ts';
import { historyPaths, historySchemas } from './history-schemas.ts';
import { watchPaths, watchSchemas, watchWebhook } from './watch-schemas.ts';
import { webhookParts } from './webhook-schemas.ts';

export interface OpenApiOptions {
  /** The identifiers `vehicle_make` accepts (the mkt_e adapter's set), listed as its enum. */
  vehicleMakes?: readonly string[];
}

const errorRef = { $ref: '#/components/schemas/Error' };

const RADIUS_DEFAULT = ' Default: 30, or 80 on a vehicle search.';

/**
 * A query parameter. Lists are arrays sent comma-separated (`style: form`, `explode: false`:
 * `condition=new,used`), their allowed values as the items' enum.
 */
function parameter(spec: ParamSpec, opts: OpenApiOptions): Record<string, unknown> {
  const base = { name: spec.name, in: 'query', required: spec.type === 'string' && spec.required === true };
  if (spec.type === 'enum_list' || spec.type === 'id_list') {
    const items = spec.type === 'enum_list'
      ? { type: 'string', enum: [...spec.values] }
      : opts.vehicleMakes ? { type: 'string', enum: [...opts.vehicleMakes].sort() } : { type: 'string', pattern: spec.pattern, maxLength: 40 };
    const example = spec.type === 'enum_list' ? spec.values.slice(0, 2) : ['honda', 'toyota'];
    return { ...base, description: `${spec.doc} Send comma-separated, each value once.`, style: 'form', explode: false, schema: { type: 'array', minItems: 1, uniqueItems: true, items }, example };
  }
  const doc = spec.name === 'radius' ? `${spec.doc}${RADIUS_DEFAULT}` : spec.doc;
  return { ...base, description: doc, schema: paramSchema(spec) };
}

function responses(codes: readonly string[]): Record<string, unknown> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) {
    if (!codes.includes(code)) continue;
    const status = API_ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of byStatus) {
    const retry = status === 429 || status === 503;
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${API_ERRORS[c].message} ${API_ERROR_ADVICE[c]}`).join('\n\n'),
      ...(retry ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } } } } : {}),
      content: { 'application/json': { schema: errorRef, example: { error: { code: list[0], message: API_ERRORS[list[0]!].message } } } },
    };
  }
  return out;
}

const COMMON: ApiErrorCode[] = ['invalid_api_key', 'account_suspended', 'origin_not_allowed', 'rate_limited', 'storage_unavailable', 'uri_too_long', 'method_not_allowed'];
const SEARCH: ApiErrorCode[] = [...COMMON, 'unsupported_or_invalid_query', 'duplicate_parameter', 'sort_not_implemented', 'invalid_idempotency_key', 'idempotency_conflict', 'quota_exceeded', 'too_many_pending', 'upstream_daily_limit', 'queue_full', 'collection_unavailable'];
const POLL: ApiErrorCode[] = [...COMMON, 'request_not_found', 'invalid_wait', 'unsupported_or_invalid_query', 'duplicate_parameter', 'result_not_ready'];

const idempotencyHeader = (description: string): Record<string, unknown> => ({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[!-~]{1,128}$' }, description });

/** Request samples shown by the docs page (`x-codeSamples`): curl and the TypeScript SDK. */
function searchSamples(route: RouteInfo): Array<{ lang: string; label: string; source: string }> {
  const ex = exampleQuery(route);
  const qs = Object.entries(ex).map(([k, v]) => `${k}=${encodeURIComponent(String(v)).replace(/%20/gu, '+')}`).join('&');
  const tsParams = Object.entries(ex).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ');
  return [
    {
      lang: 'Shell', label: 'curl',
      source: `curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/${route.id}?${qs}"\n# 202: poll the job until it settles\ncurl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/jobs/<request_id>?wait=20"`,
    },
    {
      lang: 'TypeScript', label: 'TypeScript (@listings/sdk)',
      source: `import { Listings } from '@listings/sdk';\n\nconst listings = new Listings({ apiKey: process.env.LISTINGS_API_KEY!, baseUrl: process.env.LISTINGS_API_URL });\n// Submits, long-polls with wait=20 and returns the typed result (or throws a typed error).\nconst result = await listings.search('${route.id}', { ${tsParams} });\nfor (const row of result.data) console.log(row.id, row.displayed_price?.amount);${route.cursorPaging || route.token === 'mkt_a' ? `\n\n// Every page, following next_page/next_cursor, ids already seen dropped:\nfor await (const page of listings.pages('${route.id}', { ${tsParams} })) console.log(page.page, page.count);` : ''}`,
    },
  ];
}

function exampleQuery(route: RouteInfo): Record<string, string | number> {
  switch (route.token) {
    case 'mkt_a': return { q: 'iphone 13', condition: 'used' };
    case 'mkt_b': return { q: 'nike dunk', condition: 'nwt' };
    case 'mkt_c': return { q: 'iphone 13', sort: 'recently_sold', count: 100 };
    case 'mkt_d': return { q: 'levis 501', count: 24 };
    case 'mkt_e': return { q: 'honda civic', zip: '94103' };
  }
}

const jobSchemaName = (route: RouteInfo): string => `${routeSchemaName(route.id)}Job`;

function jobSchema(result: Record<string, unknown>, description: string): Record<string, unknown> {
  return {
    type: 'object', description, required: ['request_id', 'status', 'credits', 'cached'], additionalProperties: false,
    properties: {
      request_id: { type: 'string', pattern: '^req_[A-Za-z0-9]+$', description: 'Poll at /v1/jobs/{request_id}.' },
      status: { type: 'string', enum: ['pending', 'complete', 'failed'], description: 'Check it even on HTTP 200.' },
      credits: { type: 'integer', enum: [0, 1], description: '1 when complete, 0 while pending or when failed.' },
      cached: { type: 'boolean', description: 'True when the result came from the 15-minute cache.' },
      poll_url: { type: 'string', description: 'Only while pending: /v1/jobs/<request_id> (join it to the host root).' },
      error: { $ref: '#/components/schemas/JobError' },
      result,
    },
  };
}

export function openApiDocument(opts: OpenApiOptions = {}): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const route of ROUTES) {
    const example = RESULT_EXAMPLES[route.id];
    const ref = { $ref: `#/components/schemas/${jobSchemaName(route)}` };
    paths[`/v1/${route.id}`] = {
      get: {
        operationId: `${route.token}_${route.kind}`,
        tags: ['Searches'],
        summary: `${route.kind === 'sold' ? 'Sold' : 'Active'} listings on ${route.token}${route.cursorPaging ? ' (cursor paging)' : ''}`,
        description: `One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at \`/v1/jobs/{request_id}?wait=20\`. result.schema_version is ${route.schemaVersion}.${route.cursorPaging ? ' Pages after 1 need the previous page\'s `next_cursor` with `page` = `next_page` and every other parameter unchanged.' : ' Page with `page` = `next_page`.'}`,
        parameters: [
          ...(PARAM_TABLES[route.id] ?? []).map((p) => parameter(p, opts)),
          idempotencyHeader('Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours).'),
        ],
        'x-codeSamples': searchSamples(route),
        responses: {
          200: {
            description: 'Complete job (cache hit, or an idempotent replay of a complete job).',
            headers: { 'X-Request-Id': { schema: { type: 'string' } } },
            content: { 'application/json': { schema: ref, example: { request_id: 'req_pukAFLW9eOZLyc1exyfLEm', status: 'complete', credits: 1, cached: true, result: example } } },
          },
          202: {
            description: 'Pending job; poll `poll_url` with `wait=20`.',
            headers: { Location: { schema: { type: 'string' } }, 'Retry-After': { schema: { type: 'integer', const: 2 } } },
            content: { 'application/json': { schema: ref, example: { request_id: 'req_GtYYBs1geKLY2MGhsFrcbU', status: 'pending', credits: 0, cached: false, poll_url: '/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU' } } },
          },
          ...responses(SEARCH),
          503: {
            description: ['A replay (same Idempotency-Key) of a failed search: the body is the failed job.', ...(['queue_full', 'upstream_daily_limit', 'collection_unavailable', 'storage_unavailable'] as const).map((c) => `\`${c}\`: ${API_ERRORS[c].message} ${API_ERROR_ADVICE[c]}`)].join('\n\n'),
            headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } } },
            content: { 'application/json': { schema: { oneOf: [ref, errorRef] } } },
          },
        },
      },
    };
  }
  const anyResult = { oneOf: ROUTES.map((r) => ({ $ref: `#/components/schemas/${routeSchemaName(r.id)}Result` })), description: 'Only when complete: one source page of the route searched.' };
  paths['/v1/jobs/{request_id}'] = {
    get: {
      operationId: 'get_job',
      tags: ['Jobs'],
      summary: 'Poll one job',
      description: 'Answers the job envelope in any status (a failed job included, with HTTP 200). With `wait` the call is held until the job settles or the time is up.',
      parameters: [
        { name: 'request_id', in: 'path', required: true, schema: { type: 'string' }, description: 'The ID from a search or a batch item.' },
        { name: 'wait', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 20, default: 0 }, description: 'Hold the call up to this many seconds; answers as soon as the job settles. 20 is recommended.' },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv'] }, description: "CSV of the job's rows (409 result_not_ready while pending)." },
      ],
      'x-codeSamples': [
        { lang: 'Shell', label: 'curl', source: 'curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU?wait=20"' },
        { lang: 'TypeScript', label: 'TypeScript (@listings/sdk)', source: "const job = await listings.job('req_GtYYBs1geKLY2MGhsFrcbU', { wait: 20 });\nif (job.status === 'complete') console.log(job.result.count);" },
      ],
      responses: {
        200: {
          description: 'The job envelope (any status, failed included), or CSV with format=csv.',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Job' }, example: { request_id: 'req_GtYYBs1geKLY2MGhsFrcbU', status: 'failed', credits: 0, cached: false, error: { code: 'filter_not_supported', message: JOB_ERRORS.filter_not_supported } } },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        ...responses(POLL),
      },
    },
  };
  const batchErrors = responses([...COMMON, 'unsupported_or_invalid_query', 'duplicate_parameter', 'sort_not_implemented', 'invalid_idempotency_key', 'idempotency_conflict', 'batch_too_large']);
  const batchExample = {
    batch_id: 'bat_2xVb8qLm4NcT0rYz6HwPjA', status: 'pending', created_at: '2026-11-24T04:02:31.880+00:00', counts: { pending: 2, complete: 1, failed: 0, rejected: 0 }, credits: 1,
    items: [
      {
        index: 0, endpoint: 'mkt_a/sold', q: 'iphone 13', request_id: 'req_pukAFLW9eOZLyc1exyfLEm', status: 'complete', cached: true, credits: 1, rows: 40,
        summary: { priced_count: 38, currency: 'USD', median: 289.99, low: 180, high: 420, earliest_sold_date: '2026-10-02', latest_sold_date: '2026-11-18', best_offer_accepted_count: 4 },
        comps: {
          basis: 'item', currency: 'USD',
          price: { count: 27, median: 299.99, p25: 265, p75: 329.5, low: 199, high: 420, median_ci90: { low: 279, high: 315, level: 0.9, coverage: 0.9478 } },
          price_with_shipping: { count: 20, median: 305.49, p25: 272.5, p75: 334, low: 205.99, high: 420, median_ci90: { low: 284.99, high: 321, level: 0.9, coverage: 0.9586 } },
          kinds: { item: 28, accessory: 7, lot: 1, parts: 2, other: 2 },
        },
      },
      { index: 1, endpoint: 'mkt_a/sold', q: 'iphone 13', request_id: 'req_GtYYBs1geKLY2MGhsFrcbU', status: 'pending', cached: false, credits: 0 },
      { index: 2, endpoint: 'mkt_c/sold', q: 'iphone 13', request_id: 'req_9aQmZ2xW1vB7nK3pLr5tYc', status: 'pending', cached: false, credits: 0 },
    ],
  };
  paths['/v1/batches'] = {
    post: {
      operationId: 'create_batch',
      tags: ['Batches'],
      summary: 'Create a batch of searches',
      description: 'Body up to 256 KB. Each search is validated exactly as its GET route; any invalid search refuses the whole batch with 422 and `error.index` (its position after `pages` expansion). Items beyond the pending cap or the allowance come back `rejected`. A batch creation is one call of the rate limit.',
      parameters: [idempotencyHeader('Same key and same body answer the same batch; a resend runs only items that were never submitted.')],
      'x-codeSamples': [
        { lang: 'Shell', label: 'curl', source: 'curl -s -X POST -H "Authorization: Bearer $LISTINGS_API_KEY" -H "Content-Type: application/json" \\\n  -d \'{"defaults":{"q":"iphone 13"},"searches":[{"endpoint":"mkt_a/sold","pages":2},{"endpoint":"mkt_c/sold"}]}\' \\\n  "$LISTINGS_API_URL/v1/batches"' },
        { lang: 'TypeScript', label: 'TypeScript (@listings/sdk)', source: "const batch = await listings.createBatch({ defaults: { q: 'iphone 13' }, searches: [{ endpoint: 'mkt_a/sold', pages: 2 }, { endpoint: 'mkt_c/sold' }] });\nconst done = await listings.waitBatch(batch.batch_id);\nfor await (const chunk of listings.batchCsv(done.batch_id)) process.stdout.write(chunk);" },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/BatchRequest' },
            example: { defaults: { q: 'iphone 13' }, searches: [{ endpoint: 'mkt_a/sold', condition: 'used', pages: 2 }, { endpoint: 'mkt_c/sold' }] },
          },
        },
      },
      responses: {
        200: { description: 'Every search was answered from the cache.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' } } } },
        202: { description: 'Searches are running; poll the batch (`Location`).', headers: { Location: { schema: { type: 'string' } } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' }, example: batchExample } } },
        ...batchErrors,
      },
    },
  };
  paths['/v1/batches/{batch_id}'] = {
    get: {
      operationId: 'get_batch',
      tags: ['Batches'],
      summary: 'Poll a batch, or download its CSV',
      parameters: [
        { name: 'batch_id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'wait', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 20, default: 0 }, description: 'Hold the call until every search settled, up to this many seconds.' },
        { name: 'include', in: 'query', required: false, schema: { type: 'string', enum: ['results'] }, description: "Add each complete item's full result." },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv'] }, description: 'One line per listing of every complete search, `search_index` and `q` first (409 result_not_ready while any is pending).' },
      ],
      'x-codeSamples': [
        { lang: 'Shell', label: 'curl', source: 'curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/batches/bat_2xVb8qLm4NcT0rYz6HwPjA?wait=20"\ncurl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/batches/bat_2xVb8qLm4NcT0rYz6HwPjA?format=csv" > batch.csv' },
        { lang: 'TypeScript', label: 'TypeScript (@listings/sdk)', source: "const batch = await listings.waitBatch('bat_2xVb8qLm4NcT0rYz6HwPjA', { include: 'results' });\nconsole.log(batch.counts, batch.credits);" },
      ],
      responses: {
        200: { description: 'The batch, or its CSV.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' }, example: batchExample }, 'text/csv': { schema: { type: 'string' } } } },
        ...responses(POLL),
      },
    },
  };
  Object.assign(paths, watchPaths(responses));
  Object.assign(paths, historyPaths(responses));
  const routeJobs = Object.fromEntries(ROUTES.map((r) => [jobSchemaName(r), jobSchema({ $ref: `#/components/schemas/${routeSchemaName(r.id)}Result` }, `The job envelope of a ${r.id} search (interface 2.2).`)]));
  const hooks = webhookParts();
  return {
    openapi: '3.1.0',
    info: { title: 'Marketplace Listings Search', version: '1.0.0', description: overview() },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [
      { name: 'Searches', description: 'One source page per call; 200 complete (cache hit) or 202 pending.' },
      { name: 'Jobs', description: 'Poll a search job with `wait=20`.' },
      { name: 'Batches', description: 'Many searches in one call, with price summaries and CSV.' },
      { name: 'Watches', description: 'Saved searches that run on a schedule and send `watch.matched` with the rows that are new or cheaper.' },
      { name: 'History', description: 'Sold rows kept from every completed sold search, searchable past the marketplace\'s window, with price by month.' },
    ],
    paths,
    webhooks: { ...hooks.webhooks, ...watchWebhook() },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: `lk_live_…` or `lk_sandbox_…`.' } },
      schemas: {
        Error: {
          type: 'object', required: ['error'], additionalProperties: false,
          properties: {
            error: {
              type: 'object', required: ['code', 'message'], additionalProperties: false,
              properties: {
                code: { type: 'string', enum: Object.keys(API_ERRORS), description: 'What clients branch on; stable.' },
                message: { type: 'string', description: 'For people; wording may change.' },
                param: { type: 'string', description: 'The offending parameter, when there is one.' },
                index: { type: 'integer', minimum: 0, description: 'Batch validation only: the position of the search to fix.' },
              },
            },
          },
        },
        JobError: {
          type: 'object', required: ['code', 'message'], additionalProperties: false, description: 'Only when failed.',
          properties: { code: { type: 'string', enum: Object.keys(JOB_ERRORS) }, message: { type: 'string' } },
        },
        Job: jobSchema(anyResult, 'The job envelope (interface 2.2) of any route.'),
        ...routeJobs,
        ...resultComponents(),
        BatchCounts: {
          type: 'object', required: ['pending', 'complete', 'failed', 'rejected'], additionalProperties: false,
          properties: { pending: { type: 'integer', minimum: 0 }, complete: { type: 'integer', minimum: 0 }, failed: { type: 'integer', minimum: 0 }, rejected: { type: 'integer', minimum: 0 } },
        },
        BatchSummary: {
          type: 'object', description: 'Price summary of a complete mkt_a item (displayed prices, not transaction prices).',
          required: ['priced_count', 'currency', 'median', 'low', 'high', 'earliest_sold_date', 'latest_sold_date', 'best_offer_accepted_count'],
          properties: {
            priced_count: { type: 'integer', minimum: 0 }, currency: { type: 'string', const: 'USD' },
            median: { type: ['number', 'null'] }, low: { type: ['number', 'null'] }, high: { type: ['number', 'null'] },
            earliest_sold_date: { type: ['string', 'null'], format: 'date' }, latest_sold_date: { type: ['string', 'null'], format: 'date' },
            best_offer_accepted_count: { type: 'integer', minimum: 0 },
          },
        },
        BatchRequest: {
          type: 'object', required: ['searches'], additionalProperties: false,
          properties: {
            defaults: { type: 'object', description: 'Inputs applied to every search; any search may override each.', additionalProperties: true },
            searches: {
              type: 'array', minItems: 1, description: 'Each search: `endpoint` plus the inputs its GET route takes (lists as comma-separated strings).',
              items: {
                type: 'object', required: ['endpoint'], additionalProperties: true,
                properties: {
                  endpoint: { type: 'string', enum: ROUTES.map((r) => r.id) },
                  q: { type: 'string', minLength: 1, maxLength: 200 },
                  pages: { type: 'integer', minimum: 1, maximum: 10, description: 'mkt_a only: one search per page 1..n.' },
                },
              },
            },
          },
        },
        Batch: {
          type: 'object', required: ['batch_id', 'status', 'created_at', 'counts', 'credits', 'items'],
          properties: {
            batch_id: { type: 'string' },
            status: { type: 'string', enum: ['pending', 'complete'] },
            created_at: { type: 'string', format: 'date-time' },
            counts: { $ref: '#/components/schemas/BatchCounts' },
            credits: { type: 'integer', minimum: 0 },
            items: {
              type: 'array',
              items: {
                type: 'object', required: ['index', 'endpoint', 'q', 'request_id', 'status', 'cached', 'credits'],
                properties: {
                  index: { type: 'integer', minimum: 0 }, endpoint: { type: 'string', enum: ROUTES.map((r) => r.id) }, q: { type: 'string' }, request_id: { type: ['string', 'null'] },
                  status: { type: 'string', enum: ['pending', 'complete', 'failed', 'rejected'] }, cached: { type: 'boolean' }, credits: { type: 'integer', minimum: 0 },
                  rows: { type: 'integer', minimum: 0, description: 'When complete.' },
                  summary: { $ref: '#/components/schemas/BatchSummary' },
                  comps: { $ref: '#/components/schemas/Comps', description: "When complete, on every marketplace: the result's `comps` (figures over the rows judged `item`), beside `summary` (which stays over every row). An extension of the interface." },
                  error: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, message: { type: 'string' } }, description: 'When failed (a job error code) or rejected (an API error code).' },
                  result: anyResult,
                },
              },
            },
          },
        },
        ...hooks.schemas,
        ...watchSchemas(),
        ...historySchemas(),
      },
    },
  };
}

/** The description's overview: authentication, the call flow, limits and every error with what to do. */
function overview(): string {
  const apiRows = (Object.keys(API_ERRORS) as ApiErrorCode[]).map((c) => {
    const retry = DEFAULT_RETRY_AFTER[c];
    return `| ${API_ERRORS[c].status} | \`${c}\` | ${API_ERRORS[c].message} | ${API_ERROR_ADVICE[c]}${retry ? ` (Retry-After ${retry} s by default)` : c === 'rate_limited' ? ' (Retry-After: until the oldest call leaves the window)' : ''} |`;
  });
  const jobRows = (Object.keys(JOB_ERRORS) as Array<keyof typeof JOB_ERRORS>).map((c) => `| \`${c}\` | ${JOB_ERRORS[c]} | ${JOB_ERROR_ADVICE[c]} |`);
  return [
    'Searches US marketplace listings by keyword and returns **one source page per call** as JSON. Every result has `completeness` = `provider_page_only`. Displayed prices are what the marketplace shows, never verified transaction prices.',
    '',
    '## Authentication',
    'Every call carries `Authorization: Bearer <API_KEY>`. Sandbox keys (`lk_sandbox_…`) search built-in simulators of each marketplace; live keys the real sites.',
    '',
    '## How a search runs',
    '1. `GET /v1/<token>/<kind>?q=…`: a cache hit answers **200** with the complete job (1 credit); a miss answers **202** with a pending job.',
    '2. Poll `GET /v1/jobs/{request_id}?wait=20` until `status` is `complete` or `failed`. Always check `status`, even on 200.',
    '3. Next page: send `page` = `next_page` (and `cursor` = `next_cursor` on cursor routes) with every other parameter unchanged.',
    '',
    `Results are cached 15 minutes. Completed searches cost 1 credit (cache hits included); pending and failed ones cost nothing. Rate limit: ${RATE_LIMIT.limit} calls a minute per account. Send an \`Idempotency-Key\` to retry safely.`,
    '',
    '## Comps: which rows are the item',
    'Every row of every route ends with `comp_kind` (`item`, `accessory`, `lot`, `parts` or `other`: the row judged against the query) and `comp_reasons` (the codes behind it); every result ends with `comp_version` and `comps`, the price figures (median, hinges, low, high, a 90 % interval of the median) over the rows judged `item`, and the count of each kind. A complete batch item carries the same `comps` beside its `summary`, which stays over every row. These four fields extend the interface; every field it names is unchanged.',
    '',
    'The TypeScript SDK (`@listings/sdk`) and the `listings` command line do all of this for you.',
    '',
    '## Errors',
    'Every error is `{"error": {"code", "message", "param"?, "index"?}}` with an `X-Request-Id` header; 429 and 503 carry `Retry-After`.',
    '',
    '| HTTP | Code | Meaning | What to do |',
    '|---|---|---|---|',
    ...apiRows,
    '',
    '### Failed jobs',
    'A failed job (HTTP 200 on the jobs route, `status` = `failed`, 0 credits) carries one of:',
    '',
    '| Code | Meaning | What to do |',
    '|---|---|---|',
    ...jobRows,
  ].join('\n');
}
