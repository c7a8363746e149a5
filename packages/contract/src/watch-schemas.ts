/**
 * @module watch-schemas
 * Watches in the OpenAPI description (docs/watches.md): the six routes, their bodies and
 * answers, and the `watch.matched` webhook, describing what apps/api/src/routes/watches.ts
 * answers and packages/webhooks/src/watch-event.ts sends.
 */
import { COMP_KINDS } from './comps.ts';
import { ROUTES } from './routes.ts';
import type { JsonSchema } from './schema.ts';
import { RULE_LIST_MAX, RULE_NAMES, RULE_VALUE_MAX_LENGTH } from './watch-rules.ts';

/** The error responses of a list of codes (openapi.ts `responses`). */
type Responses = (codes: readonly string[]) => Record<string, unknown>;

const COMMON = ['invalid_api_key', 'account_suspended', 'origin_not_allowed', 'rate_limited', 'storage_unavailable', 'uri_too_long', 'method_not_allowed'];
const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });
const money: JsonSchema = { type: ['object', 'null'], required: ['amount', 'currency'], properties: { amount: { type: 'number' }, currency: { type: 'string' } } };

const WATCH_EXAMPLE = {
  id: 'wat_4kVb8qLm4NcT0rYz6HwPjA', name: 'leica m6 under $1,500', mode: 'live', status: 'active',
  search: { endpoint: 'mkt_a/listings', q: 'leica m6', condition: ['used'], sort: 'newest' },
  schedule: { every_seconds: 3600 },
  rules: { min_price: null, max_price: 1500, conditions: null, include_words: ['m6'], exclude_words: ['parts', 'repair'], kinds: ['item'] },
  webhook_endpoint_id: 'we_9aQmZ2xW1vB7nK3pLr5tYc', notify_on_first_run: false,
  created_at: '2026-11-24T04:00:00.000Z', updated_at: '2026-11-24T04:00:00.000Z', next_run_at: '2026-11-24T06:00:00.000Z',
  last_run: null,
};

const RUN_EXAMPLE = {
  scheduled_at: '2026-11-24T05:00:00.000Z', status: 'complete', started_at: '2026-11-24T05:00:00.021Z', finished_at: '2026-11-24T05:00:03.410Z',
  request_id: 'req_GtYYBs1geKLY2MGhsFrcbU', credits: 1, cached: false, rows: 60, baseline: false, superseded: false, match_count: 1,
  matches: [{ id: '135928300001', reason: 'price_drop', title: 'Leica M6 0.72 black chrome body', link: 'https://www.ebay.com/itm/135928300001', displayed_price: { amount: 1390, currency: 'USD' }, previous_price: { amount: 1590, currency: 'USD' } }],
  event_id: 'evt_watch_7mRq2h8VxPz1cT4yKbN0aQ', event_delivery: 'queued', error: null,
};

const EVENT_EXAMPLE = {
  id: 'evt_watch_7mRq2h8VxPz1cT4yKbN0aQ', type: 'watch.matched', created_at: '2026-11-24T05:00:03.409Z', sandbox: false,
  data: {
    watch: { id: 'wat_4kVb8qLm4NcT0rYz6HwPjA', name: 'leica m6 under $1,500', search: { endpoint: 'mkt_a/listings', q: 'leica m6', condition: ['used'], sort: 'newest' } },
    run: { scheduled_at: '2026-11-24T05:00:00.000Z', request_id: 'req_GtYYBs1geKLY2MGhsFrcbU', rows: 60 },
    matches: [{ reason: 'price_drop', previous_price: { amount: 1590, currency: 'USD' }, row: { id: '135928300001', title: 'Leica M6 0.72 black chrome body', link: 'https://www.ebay.com/itm/135928300001', displayed_price: { amount: 1390, currency: 'USD' } } }],
  },
};

export function watchSchemas(): Record<string, JsonSchema> {
  const list = (words: boolean): JsonSchema => ({
    type: ['array', 'null'], minItems: 1, maxItems: RULE_LIST_MAX, items: { type: 'string', minLength: 1, maxLength: RULE_VALUE_MAX_LENGTH },
    description: words ? 'Words or phrases matched in the title as whole words, without case.' : 'Values compared with the row\'s `condition`, without case.',
  });
  const rules: JsonSchema = {
    type: 'object', additionalProperties: false, description: 'Which rows a run reports: every rule set must pass (null or absent: no such rule).',
    properties: {
      min_price: { type: ['number', 'null'], minimum: 0, maximum: 1_000_000, description: 'Dollars: `displayed_price.amount` at least this (a row without a displayed price fails).' },
      max_price: { type: ['number', 'null'], minimum: 0, maximum: 1_000_000, description: 'Dollars: `displayed_price.amount` at most this.' },
      conditions: list(false),
      include_words: { ...list(true), description: 'Every one must appear in the title (whole words, without case).' },
      exclude_words: { ...list(true), description: 'None may appear in the title.' },
      kinds: {
        type: ['array', 'null'], minItems: 1, maxItems: COMP_KINDS.length, uniqueItems: true, items: { type: 'string', enum: [...COMP_KINDS] },
        description: "The row's `comp_kind` must be one of these: `[\"item\"]` reports the product searched, not its cases, lots or units for parts (a row without a judgement fails).",
      },
    },
  };
  const search: JsonSchema = {
    type: 'object', required: ['endpoint', 'q'], additionalProperties: true,
    description: 'The search, as a batch item takes it: `endpoint` plus the inputs its GET route takes (validated the same way), without `pages` or `cursor`.',
    properties: { endpoint: { type: 'string', enum: ROUTES.map((r) => r.id) }, q: { type: 'string', minLength: 1, maxLength: 200 } },
  };
  const schedule: JsonSchema = {
    type: 'object', required: ['every_seconds'], additionalProperties: false,
    properties: { every_seconds: { type: 'integer', minimum: 1, maximum: 86_400, description: '900 (every 15 minutes) to 86400 (every 24 hours); sandbox keys from WATCH_SANDBOX_MIN_SECONDS (900 unless the operator lowers it). Default 3600.' } },
  };
  const match: JsonSchema = {
    type: 'object', required: ['id', 'reason', 'title', 'link', 'displayed_price', 'previous_price'], additionalProperties: false,
    properties: {
      id: { type: 'string' }, reason: { type: 'string', enum: ['new', 'price_drop'] }, title: { type: ['string', 'null'] }, link: { type: ['string', 'null'] },
      displayed_price: money, previous_price: { ...money, description: 'The displayed price the watch saw before (price drops).' },
    },
  };
  const run: JsonSchema = {
    type: 'object', additionalProperties: false,
    required: ['scheduled_at', 'status', 'started_at', 'finished_at', 'request_id', 'credits', 'cached', 'rows', 'baseline', 'superseded', 'match_count', 'matches', 'event_id', 'event_delivery', 'error'],
    properties: {
      scheduled_at: { type: 'string', format: 'date-time', description: 'The period of the run: at most one run per period.' },
      status: { type: 'string', enum: ['running', 'complete', 'failed', 'skipped'], description: '`skipped`: the allowance or the pending cap refused the search (nothing charged).' },
      started_at: { type: 'string', format: 'date-time' },
      finished_at: { type: ['string', 'null'], format: 'date-time' },
      request_id: { type: ['string', 'null'], description: "The run's search job: an ordinary job of the account (GET /v1/jobs/{request_id})." },
      credits: { type: 'integer', enum: [0, 1], description: '1 when its search completed (cache hits included), else 0.' },
      cached: { type: 'boolean' },
      rows: { type: ['integer', 'null'], minimum: 0 },
      baseline: { type: 'boolean', description: 'The first run: it recorded the rows and reported none (unless notify_on_first_run).' },
      superseded: { type: 'boolean', description: "A later run's rows were compared first; this run compared nothing." },
      match_count: { type: 'integer', minimum: 0 },
      matches: { type: 'array', items: ref('WatchMatchSummary') },
      event_id: { type: ['string', 'null'], description: 'The watch.matched event sent for this run.' },
      event_delivery: { type: ['string', 'null'], enum: ['queued', 'no_endpoint', 'endpoint_missing', 'endpoint_disabled', 'not_subscribed', null] },
      error: { type: ['object', 'null'], required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } }, description: 'Skipped: the API error code (quota_exceeded, too_many_pending, account_suspended); failed: the job error code, or the refusal (queue_full, upstream_daily_limit, collection_unavailable).' },
    },
  };
  const watch: JsonSchema = {
    type: 'object', additionalProperties: false,
    required: ['id', 'name', 'mode', 'status', 'search', 'schedule', 'rules', 'webhook_endpoint_id', 'notify_on_first_run', 'created_at', 'updated_at', 'next_run_at', 'last_run'],
    properties: {
      id: { type: 'string', pattern: '^wat_[0-9A-Za-z]{22}$' },
      name: { type: ['string', 'null'] },
      mode: { type: 'string', enum: ['live', 'sandbox'] },
      status: { type: 'string', enum: ['active', 'paused'] },
      search: { type: 'object', additionalProperties: true, description: '`endpoint`, `q` and every parameter of the route as validated (defaults applied).' },
      schedule,
      rules: { ...rules, required: [...RULE_NAMES] },
      webhook_endpoint_id: { type: ['string', 'null'] },
      notify_on_first_run: { type: 'boolean' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      next_run_at: { type: ['string', 'null'], format: 'date-time' },
      last_run: { oneOf: [ref('WatchRun'), { type: 'null' }] },
    },
  };
  const event: JsonSchema = {
    type: 'object', required: ['id', 'type', 'created_at', 'sandbox', 'data'], additionalProperties: false,
    description: "A watch's run found rows new since its last run, or whose displayed price fell, that pass its rules.",
    properties: {
      id: { type: 'string', pattern: '^evt_watch_', description: 'Stable across deliveries and retries of this event.' },
      type: { type: 'string', const: 'watch.matched' },
      created_at: { type: 'string', format: 'date-time' },
      sandbox: { type: 'boolean' },
      data: {
        type: 'object', required: ['watch', 'run', 'matches'], additionalProperties: false,
        properties: {
          watch: { type: 'object', required: ['id', 'name', 'search'], additionalProperties: false, properties: { id: { type: 'string' }, name: { type: ['string', 'null'] }, search: { type: 'object' } } },
          run: { type: 'object', required: ['scheduled_at', 'request_id', 'rows'], additionalProperties: false, properties: { scheduled_at: { type: 'string', format: 'date-time' }, request_id: { type: 'string' }, rows: { type: 'integer', minimum: 0 } } },
          matches: {
            type: 'array', minItems: 1,
            items: {
              type: 'object', required: ['reason', 'previous_price', 'row'], additionalProperties: false,
              properties: {
                reason: { type: 'string', enum: ['new', 'price_drop'] },
                previous_price: money,
                row: { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, description: "The row as the run's result has it (the route's row schema)." },
              },
            },
          },
        },
      },
    },
  };
  return {
    WatchRules: rules,
    WatchSearch: search,
    WatchSchedule: schedule,
    WatchMatchSummary: match,
    WatchRun: run,
    Watch: watch,
    WatchCreate: {
      type: 'object', required: ['search'], additionalProperties: false,
      properties: {
        search: ref('WatchSearch'), schedule: ref('WatchSchedule'), rules: { oneOf: [ref('WatchRules'), { type: 'null' }] },
        webhook_endpoint_id: { type: ['string', 'null'], description: 'An endpoint of the account and mode that receives watch.matched; without one, runs record their matches only.' },
        notify_on_first_run: { type: 'boolean', description: 'Report every row that passes the rules on the first run (default: the first run records a baseline and reports nothing).' },
        name: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
      },
    },
    WatchUpdate: {
      type: 'object', additionalProperties: false, description: 'Any of these; the search cannot change.',
      properties: {
        status: { type: 'string', enum: ['active', 'paused'], description: 'paused stops the runs; active resumes them (a run at once, then every interval).' },
        schedule: ref('WatchSchedule'), rules: { oneOf: [ref('WatchRules'), { type: 'null' }] },
        webhook_endpoint_id: { type: ['string', 'null'] }, notify_on_first_run: { type: 'boolean' }, name: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
      },
    },
    WatchList: { type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: ref('Watch') } } },
    WatchRunList: { type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: ref('WatchRun'), description: 'The last 50 runs, newest first.' } } },
    WatchMatchedEvent: event,
  };
}

/** The watch routes as OpenAPI paths. */
export function watchPaths(responses: Responses): Record<string, unknown> {
  const idParam = { name: 'watch_id', in: 'path', required: true, schema: { type: 'string' } };
  const ok = (description: string, schema: string, example?: unknown): Record<string, unknown> => ({
    description, content: { 'application/json': { schema: ref(schema), ...(example === undefined ? {} : { example }) } },
  });
  const read = responses([...COMMON, 'not_found', 'unsupported_or_invalid_query', 'duplicate_parameter']);
  const samples = (curl: string, ts: string): Array<{ lang: string; label: string; source: string }> => [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'TypeScript (@listings/sdk)', source: ts },
  ];
  return {
    '/v1/watches': {
      get: {
        operationId: 'list_watches', tags: ['Watches'], summary: "List the account's watches",
        description: 'The watches of the key\'s account and mode (live and sandbox apart), oldest first, each with its last run.',
        'x-codeSamples': samples('curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/watches"', 'const { data } = await listings.watches.list();'),
        responses: { 200: ok('The watches.', 'WatchList', { data: [WATCH_EXAMPLE] }), ...responses([...COMMON, 'unsupported_or_invalid_query', 'duplicate_parameter']) },
      },
      post: {
        operationId: 'create_watch', tags: ['Watches'], summary: 'Create a watch',
        description: 'A saved search that runs on a schedule: each run is an ordinary search job of the account (the shared cache included; 1 credit when it completes, nothing when it fails; skipped, and free, when the allowance or the pending cap would refuse it). A run that finds rows new since the last run, or whose displayed price fell, and that pass the rules, sends `watch.matched` to the webhook endpoint. The first run (at once) records a baseline and reports nothing unless `notify_on_first_run`. Plans limit watches per mode.',
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[!-~]{1,128}$' }, description: 'The same key and body answer the same watch (kept 24 hours); another body: 409.' }],
        'x-codeSamples': samples(
          'curl -s -X POST -H "Authorization: Bearer $LISTINGS_API_KEY" -H "Content-Type: application/json" \\\n  -d \'{"search":{"endpoint":"mkt_a/listings","q":"leica m6","sort":"newest"},"schedule":{"every_seconds":3600},"rules":{"max_price":1500,"exclude_words":["parts"],"kinds":["item"]},"webhook_endpoint_id":"we_9aQmZ2xW1vB7nK3pLr5tYc"}\' \\\n  "$LISTINGS_API_URL/v1/watches"',
          "const watch = await listings.watches.create({\n  search: { endpoint: 'mkt_a/listings', q: 'leica m6', sort: 'newest' },\n  schedule: { every_seconds: 3600 },\n  rules: { max_price: 1500, exclude_words: ['parts'], kinds: ['item'] },\n  webhook_endpoint_id: 'we_9aQmZ2xW1vB7nK3pLr5tYc',\n});",
        ),
        requestBody: { required: true, content: { 'application/json': { schema: ref('WatchCreate'), example: { search: { endpoint: 'mkt_a/listings', q: 'leica m6', sort: 'newest' }, schedule: { every_seconds: 3600 }, rules: { max_price: 1500, exclude_words: ['parts'], kinds: ['item'] }, webhook_endpoint_id: 'we_9aQmZ2xW1vB7nK3pLr5tYc' } } } },
        responses: {
          201: { ...ok('The watch (also for a replay of the same Idempotency-Key and body, with `Idempotent-Replayed: true`).', 'Watch', WATCH_EXAMPLE), headers: { Location: { schema: { type: 'string' } } } },
          ...responses([...COMMON, 'unsupported_or_invalid_query', 'duplicate_parameter', 'sort_not_implemented', 'invalid_idempotency_key', 'idempotency_conflict']),
        },
      },
    },
    '/v1/watches/{watch_id}': {
      get: {
        operationId: 'get_watch', tags: ['Watches'], summary: 'One watch', parameters: [idParam],
        'x-codeSamples': samples('curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/watches/wat_4kVb8qLm4NcT0rYz6HwPjA"', "const watch = await listings.watches.get('wat_4kVb8qLm4NcT0rYz6HwPjA');"),
        responses: { 200: ok('The watch.', 'Watch', WATCH_EXAMPLE), ...read },
      },
      patch: {
        operationId: 'update_watch', tags: ['Watches'], summary: 'Change, pause or resume a watch', parameters: [idParam],
        description: 'Changes the schedule, the rules, the endpoint, the name; `status` pauses (`paused`) or resumes (`active`). A new interval, and a resume, run the watch at once and then every interval.',
        'x-codeSamples': samples('curl -s -X PATCH -H "Authorization: Bearer $LISTINGS_API_KEY" -H "Content-Type: application/json" -d \'{"status":"paused"}\' "$LISTINGS_API_URL/v1/watches/wat_4kVb8qLm4NcT0rYz6HwPjA"', "await listings.watches.pause('wat_4kVb8qLm4NcT0rYz6HwPjA');\nawait listings.watches.update('wat_4kVb8qLm4NcT0rYz6HwPjA', { rules: { max_price: 1200 } });"),
        requestBody: { required: true, content: { 'application/json': { schema: ref('WatchUpdate'), example: { status: 'paused' } } } },
        responses: { 200: ok('The watch after the change.', 'Watch'), ...read },
      },
      delete: {
        operationId: 'delete_watch', tags: ['Watches'], summary: 'Delete a watch', parameters: [idParam],
        description: 'It runs no more; its runs and the rows it had seen go with it. A run already under way completes its search (charged as any search) and sends nothing.',
        'x-codeSamples': samples('curl -s -X DELETE -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/watches/wat_4kVb8qLm4NcT0rYz6HwPjA"', "await listings.watches.delete('wat_4kVb8qLm4NcT0rYz6HwPjA');"),
        responses: { 204: { description: 'Deleted.' }, ...read },
      },
    },
    '/v1/watches/{watch_id}/runs': {
      get: {
        operationId: 'list_watch_runs', tags: ['Watches'], summary: "A watch's runs", parameters: [idParam],
        description: 'The last 50 runs, newest first: each with its search job (`request_id`), credits, what it found and its event.',
        'x-codeSamples': samples('curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/watches/wat_4kVb8qLm4NcT0rYz6HwPjA/runs"', "const { data: runs } = await listings.watches.runs('wat_4kVb8qLm4NcT0rYz6HwPjA');"),
        responses: { 200: ok('The runs.', 'WatchRunList', { data: [RUN_EXAMPLE] }), ...read },
      },
    },
  };
}

/** The `watch.matched` webhook of the description's `webhooks` section. */
export function watchWebhook(): Record<string, unknown> {
  const headers = [
    { name: 'Listings-Event-Id', schema: { type: 'string' }, description: 'The event ID; the same on every delivery and retry: drop repeats by it.' },
    { name: 'Listings-Event-Type', schema: { type: 'string', const: 'watch.matched' }, description: 'The event type.' },
    { name: 'Listings-Delivery-Id', schema: { type: 'string', pattern: '^evt_watch_[0-9A-Za-z]+\\.we_[0-9A-Za-z]{22}$' }, description: '`<event id>.<endpoint id>`: the same on every attempt, retry and redelivery after a crash of this event to this endpoint.' },
    { name: 'Listings-Delivery-Attempt', schema: { type: 'integer', minimum: 1 }, description: '1 on the first delivery, 2 on the next, …: every attempt begun counts, one cut short by a crash of the sender too.' },
    { name: 'Listings-Signature', schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' }, description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; verify over the raw body in constant time and refuse an old `t`.' },
  ].map((h) => ({ ...h, in: 'header', required: true }));
  return {
    'watch.matched': {
      post: {
        summary: 'A watch matched',
        description: "POSTed to the watch's endpoint when a run finds rows new since the last run, or cheaper, that pass its rules; nothing when nothing changed. Signed, retried and delivered at least once like every event; no order is promised. See docs/watches.md.",
        parameters: headers,
        requestBody: { required: true, content: { 'application/json': { schema: ref('WatchMatchedEvent'), example: EVENT_EXAMPLE } } },
        responses: { '2XX': { description: 'Received; any 2xx stops the retries.' }, default: { description: 'Any other answer (or none) is retried with backoff.' } },
      },
    },
  };
}
