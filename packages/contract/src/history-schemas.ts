/**
 * @module history-schemas
 * The sold history route in the OpenAPI description (docs/history.md):
 * `GET /v1/history/{marketplace}/sold` for each marketplace with a sold route, its parameters,
 * its answer and its errors, describing what apps/api/src/routes/history.ts answers. The
 * `condition` values of each marketplace are its sold route's own (params.ts).
 */
import { PARAM_TABLES } from './params.ts';
import { ROUTES } from './routes.ts';
import type { JsonSchema } from './schema.ts';

type Responses = (codes: readonly string[]) => Record<string, unknown>;

/** The marketplaces with a sold route: their archive is readable. */
export const HISTORY_TOKENS: readonly string[] = ROUTES.filter((r) => r.kind === 'sold').map((r) => r.token);

/** Each marketplace's `condition` codes: those of its sold route. */
export const HISTORY_CONDITION_CODES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(HISTORY_TOKENS.map((t) => {
  const spec = PARAM_TABLES[`${t}/sold`]!.find((s) => s.name === 'condition');
  return [t, spec && (spec.type === 'enum' || spec.type === 'enum_list') ? [...spec.values] : []];
}));

const COMMON = ['invalid_api_key', 'account_suspended', 'origin_not_allowed', 'rate_limited', 'storage_unavailable', 'uri_too_long', 'method_not_allowed'];
const money: JsonSchema = { type: ['object', 'null'], required: ['amount', 'currency'], properties: { amount: { type: 'number' }, currency: { type: 'string' } } };
const str: JsonSchema = { type: ['string', 'null'] };
const int: JsonSchema = { type: ['integer', 'null'] };

const EXAMPLE = {
  marketplace: 'mkt_a', query: 'iphone 13', from: '2025-11-27', to: '2026-11-27', page: 1, page_size: 200, count: 1, next_page: null, credits: 1,
  comp_version: '1.0.0',
  months: [{ month: '2026-10', count: 41, median: { amount: 329.99, currency: 'USD' } }, { month: '2026-11', count: 38, median: { amount: 314.5, currency: 'USD' } }],
  months_rows: 96, months_complete: true,
  field_notes: 'Sold rows this service read from the marketplace\'s sold pages and kept (its archive), not a complete sales history: …',
  data: [{
    id: '256789012345', title: 'Apple iPhone 13 128GB Midnight Unlocked', link: 'https://www.ebay.com/itm/256789012345', image: null,
    displayed_price: { amount: 319.99, currency: 'USD' }, displayed_price_text: '$319.99', displayed_shipping: { amount: 0, currency: 'USD' }, shipping_text: 'Free delivery',
    sold_date: '2026-11-21', sold_date_text: 'Nov 21, 2026', archived_on: '2026-11-21', condition: 'Pre-Owned', condition_id: null, category_id: null, brand_id: null, brand: null, size: null,
    first_seen_at: '2026-11-22T09:14:03.000Z', last_seen_at: '2026-11-23T17:40:51.000Z', comp_kind: 'item', comp_reasons: [],
  }],
};

export function historySchemas(): Record<string, JsonSchema> {
  return {
    HistoryRow: {
      type: 'object', additionalProperties: false,
      required: ['id', 'title', 'link', 'image', 'displayed_price', 'displayed_price_text', 'displayed_shipping', 'shipping_text', 'sold_date', 'sold_date_text', 'archived_on', 'condition', 'condition_id', 'category_id', 'brand_id', 'brand', 'size', 'first_seen_at', 'last_seen_at', 'comp_kind', 'comp_reasons'],
      properties: {
        id: { type: 'string', description: 'The marketplace\'s listing id: one row per marketplace and id.' },
        title: str, link: str, image: str,
        displayed_price: money, displayed_price_text: str, displayed_shipping: money, shipping_text: str,
        sold_date: { type: ['string', 'null'], format: 'date' }, sold_date_text: str,
        archived_on: { type: 'string', format: 'date', description: 'The day the row is filed under: `sold_date`, or the day it was first seen when the marketplace gave no sold date.' },
        condition: str, condition_id: int, category_id: int, brand_id: int, brand: str, size: str,
        first_seen_at: { type: 'string', format: 'date-time', description: 'When a search of this service first read the row.' },
        last_seen_at: { type: 'string', format: 'date-time', description: 'When a search last read it.' },
        comp_kind: { type: 'string', enum: ['item', 'accessory', 'lot', 'parts', 'other'], description: 'The row judged against this call\'s `q` (not the search that archived it).' },
        comp_reasons: { type: 'array', items: { type: 'string' } },
      },
    },
    HistoryMonth: {
      type: 'object', additionalProperties: false, required: ['month', 'count', 'median'],
      properties: {
        month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
        count: { type: 'integer', minimum: 0, description: 'Rows of the month judged `item`.' },
        median: { ...money, description: 'Median displayed USD price of those rows; null when none has one.' },
      },
    },
    History: {
      type: 'object', additionalProperties: false,
      required: ['marketplace', 'query', 'from', 'to', 'page', 'page_size', 'count', 'next_page', 'credits', 'comp_version', 'months', 'months_rows', 'months_complete', 'field_notes', 'data'],
      properties: {
        marketplace: { type: 'string', enum: [...HISTORY_TOKENS] },
        query: { type: 'string', description: '`q` trimmed, runs of white space folded.' },
        from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' },
        page: { type: 'integer', minimum: 1, maximum: 100 },
        page_size: { type: 'integer', const: 200 },
        count: { type: 'integer', minimum: 0, maximum: 200 },
        next_page: { type: ['integer', 'null'] },
        credits: { type: 'integer', enum: [0, 1], description: '1 when `data` has rows, 0 when it has none.' },
        comp_version: { type: 'string' },
        months: { type: 'array', items: { $ref: '#/components/schemas/HistoryMonth' }, description: 'Oldest month first, over the newest matches (up to 2,000: `months_rows`).' },
        months_rows: { type: 'integer', minimum: 0, description: 'Matches the months block was worked out from (the newest, up to 2,000).' },
        months_complete: { type: 'boolean', description: 'False when more rows matched than the months block read: its oldest month may be partial, and older ones missing.' },
        field_notes: { type: 'string' },
        data: { type: 'array', items: { $ref: '#/components/schemas/HistoryRow' } },
      },
    },
  };
}

export function historyPaths(responses: Responses): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const token of HISTORY_TOKENS) {
    const codes = HISTORY_CONDITION_CODES[token]!;
    paths[`/v1/history/${token}/sold`] = {
      get: {
        operationId: `${token}_history_sold`, tags: ['History'], summary: `Sold history of ${token} from the archive`,
        description: 'The sold rows this service has read from the marketplace\'s sold pages and kept, past the marketplace\'s own window: every word of `q` in the title (case folded, no stemming), newest first, 200 a page, each judged against `q`, and the `months` block (per month, the count and median displayed price of the rows judged `item`). Live keys read the live archive, sandbox keys the sandbox archive (the simulators\' synthetic rows). Answered at once (no job). Charged as a search: 1 request when `data` has rows, none when it has none.',
        parameters: [
          { name: 'q', in: 'query', required: true, description: 'Keywords, 1-200 characters; every word must be in the title.', schema: { type: 'string', minLength: 1, maxLength: 200 } },
          { name: 'from', in: 'query', required: false, description: 'First sold day (YYYY-MM-DD), no earlier than the archive keeps (HISTORY_RETENTION_DAYS, default 730 days). Default: that earliest day.', schema: { type: 'string', format: 'date' } },
          { name: 'to', in: 'query', required: false, description: 'Last sold day (YYYY-MM-DD), not before `from`. Default: today (UTC).', schema: { type: 'string', format: 'date' } },
          { name: 'condition', in: 'query', required: false, description: `This marketplace's sold-route condition codes, comma-separated, each once: ${codes.join(', ')}.`, style: 'form', explode: false, schema: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: [...codes] } } },
          { name: 'min_price', in: 'query', required: false, description: 'Whole USD, 0-1000000, on the displayed price; not above `max_price`.', schema: { type: 'integer', minimum: 0, maximum: 1000000 } },
          { name: 'max_price', in: 'query', required: false, description: 'Whole USD, 0-1000000, on the displayed price.', schema: { type: 'integer', minimum: 0, maximum: 1000000 } },
          { name: 'page', in: 'query', required: false, description: '1-100, 200 rows a page.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 1 } },
        ],
        'x-codeSamples': [
          { lang: 'Shell', label: 'curl', source: `curl -s -H "Authorization: Bearer $LISTINGS_API_KEY" "$LISTINGS_API_URL/v1/history/${token}/sold?q=iphone+13&from=2026-01-01"` },
          { lang: 'TypeScript', label: 'TypeScript (@listings/sdk)', source: `const history = await listings.history.sold('${token}', { q: 'iphone 13', from: '2026-01-01' });\nfor (const m of history.months) console.log(m.month, m.count, m.median?.amount);` },
        ],
        responses: {
          200: { description: 'The archive\'s rows (none: 200 with `count` 0 and nothing charged).', content: { 'application/json': { schema: { $ref: '#/components/schemas/History' }, ...(token === 'mkt_a' ? { example: EXAMPLE } : {}) } } },
          ...responses([...COMMON, 'not_found', 'unsupported_or_invalid_query', 'duplicate_parameter', 'quota_exceeded', 'service_unconfigured']),
        },
      },
    };
  }
  return paths;
}
