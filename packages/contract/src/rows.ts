/**
 * @module rows
 * The row and result shapes of every search route (interface 2.3-2.5, decisions.md, and
 * docs/marketplaces/mkt_b.md for the mkt_b listings row the interface leaves unshown) as JSON
 * Schema (draft 2020-12, the dialect of OpenAPI 3.1). The OpenAPI description embeds them; the
 * schema tests validate every settled result against them (`resultValidator`).
 *
 * Rows are closed (`additionalProperties: false`): a field the contract does not name fails,
 * as does a missing one. Reserved fields are typed `null`. Every row ends with the judgement
 * of comps (`comp_kind`, `comp_reasons`) and every result with `comp_version` and `comps`
 * (comps.ts): an extension after the fields the interface names, which keep their order.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { COMPS_RESULT_SCHEMAS, COMPS_SCHEMA, JUDGEMENT_SCHEMAS, PRICE_FIGURES_SCHEMA } from './comps.ts';
import { ROUTES, type RouteId } from './routes.ts';
import type { JsonSchema } from './schema.ts';

const nullable = (schema: JsonSchema, description: string): JsonSchema => ({ anyOf: [schema, { type: 'null' }], description });
const text = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const alwaysNull = (description: string): JsonSchema => ({ type: 'null', description });

/** `{ amount, currency }`; currency is always USD. */
export const MONEY_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'A displayed amount in US dollars.',
  required: ['amount', 'currency'],
  additionalProperties: false,
  properties: {
    amount: { type: 'number', minimum: 0, description: 'Dollars, with cents as decimals.' },
    currency: { type: 'string', const: 'USD', description: 'Always `USD`.' },
  },
  examples: [{ amount: 129.99, currency: 'USD' }],
};

const money = (description: string): JsonSchema => ({ anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }], description });
const moneyAlways = (description: string): JsonSchema => ({ $ref: '#/components/schemas/Money', description });

const id: JsonSchema = { type: 'string', minLength: 1, description: "The marketplace's listing ID." };
const link: JsonSchema = { type: 'string', format: 'uri', description: 'The listing on the marketplace.' };
const image = nullable({ type: 'string', format: 'uri' }, 'Image URL on the marketplace image host, or null.');
const reserved = {
  price: alwaysNull('Reserved; always null (no verified transaction price).'),
  shipping: alwaysNull('Reserved; always null.'),
  sold_at: alwaysNull('Reserved; always null.'),
  took_offer: alwaysNull('Reserved; always null.'),
};

function row(title: string, description: string, fields: Record<string, JsonSchema>): JsonSchema {
  const properties = { ...fields, ...JUDGEMENT_SCHEMAS };
  return { title, description, type: 'object', required: Object.keys(properties), additionalProperties: false, properties };
}

const MKT_A_SOLD = row('mkt_a sold row', 'A sold listing on mkt_a (interface 2.4).', {
  id, title: text('Listing title.'), link,
  displayed_price: money('The price shown; null for a price range of a multi-variation listing (the range stays in `displayed_price_text`) or when unreadable.'),
  displayed_price_text: text('The price as shown.'),
  displayed_shipping: money('Read only from exact shipping text; free delivery is amount 0; estimates and unspecified shipping are null.'),
  shipping_text: text('The shipping text as shown.'),
  sold_date: nullable({ type: 'string', format: 'date' }, 'YYYY-MM-DD: the most recent date matching `sold_date_text` (which has no year).'),
  sold_date_text: text('The sold date as shown, without a year.'),
  condition: text("The marketplace's own condition text."),
  seller_text: text('Username, feedback count and positive percentage as one string.'),
  brand: alwaysNull('Always null on mkt_a.'), size: alwaysNull('Always null on mkt_a.'), image,
  ...reserved,
});

const MKT_B_SOLD = row('mkt_b sold row', 'A sold (sold-out inventory) listing on mkt_b (interface 2.4).', {
  id, title: text('Listing title.'), link,
  displayed_price: money('The listing ask, not a transaction amount.'),
  displayed_price_text: text('The price as shown.'),
  displayed_shipping: money('Not shown by the marketplace in search; null.'),
  shipping_text: text('Not shown by the marketplace in search; null.'),
  sold_date: nullable({ type: 'string', format: 'date' }, 'The date part of `sold_date_text`.'),
  sold_date_text: text('Timestamp (with UTC offset) of the inventory change to sold out.'),
  condition: nullable({ type: 'string', enum: ['nwt', 'uln', 'ug', 'uf'] }, '`nwt` new with tags, `uln` like new, `ug` good, `uf` fair.'),
  seller_text: text('The seller username.'),
  brand: text('Brand, when shown.'), size: text('Size, when shown.'), image,
  ...reserved,
});

const MKT_C_SOLD = row('mkt_c sold row', 'A sold listing on mkt_c (interface 2.4); sales in progress and trading items are left out.', {
  id, title: text('Listing title.'), link,
  displayed_price: moneyAlways('The price shown; always an object.'),
  displayed_price_text: text('The price as shown.'),
  displayed_shipping: alwaysNull('Always null on mkt_c.'),
  shipping_text: alwaysNull('Always null on mkt_c.'),
  sold_date: nullable({ type: 'string', format: 'date' }, 'The date part of `sold_date_text`; null when no sold time is reported.'),
  sold_date_text: nullable({ type: 'string', format: 'date-time' }, 'UTC timestamp of the sale as the marketplace reports it.'),
  condition: nullable({ type: 'string', enum: ['New', 'Like New', 'Good', 'Fair', 'Poor'] }, 'Condition label.'),
  seller_text: text('The seller ID as a string.'),
  brand: alwaysNull('Always null on mkt_c (see `brand_id`).'), size: alwaysNull('Always null on mkt_c.'), image,
  ...reserved,
  status: { type: 'string', const: 'sold', description: 'Always `sold`.' },
  seller_id: text('Seller ID.'),
  condition_id: nullable({ type: 'integer', enum: [1, 2, 3, 4, 5] }, '1 new, 2 like new, 3 good, 4 fair, 5 poor.'),
  category_id: nullable({ type: 'integer' }, 'Numeric category ID.'),
  brand_id: nullable({ type: 'integer' }, 'Numeric brand ID (the brand name is not returned).'),
});

const MKT_A_LISTINGS = row('mkt_a listings row', 'An active listing on mkt_a (interface 2.5).', {
  id, title: text('Listing title.'), link,
  promoted: { type: 'boolean', description: 'Sponsored placement.' },
  format: { type: 'string', enum: ['auction', 'fixed_price'], description: '`auction` when bids or an end time are shown.' },
  displayed_price: money('Asking price or current bid; null when unreadable or a range.'),
  displayed_price_text: text('The price as shown.'),
  displayed_shipping: money('As on sold rows: exact shipping text only.'),
  shipping_text: text('The shipping text as shown.'),
  condition: text("The marketplace's own condition text."),
  brand: alwaysNull('Always null on mkt_a.'), size: alwaysNull('Always null on mkt_a.'),
  listed_at: alwaysNull('Always null on mkt_a.'),
  bid_count: nullable({ type: 'integer', minimum: 0 }, 'Bids, on auctions.'),
  ends_at: nullable({ type: 'string', format: 'date-time' }, 'Auction end, ISO 8601 UTC.'),
  best_offer: { type: 'boolean', description: 'The seller accepts offers.' },
  seller_text: text('Username, feedback count and positive percentage.'),
  location_text: text('Item location as shown.'),
  image,
});

const MKT_B_LISTINGS = row('mkt_b listings row', 'An active listing on mkt_b (defined in docs/marketplaces/mkt_b.md; the interface does not show it).', {
  id, title: text('Listing title.'), link,
  promoted: alwaysNull('Null: search results do not say.'),
  format: { type: 'string', const: 'fixed_price', description: 'Always `fixed_price` (no auctions).' },
  displayed_price: money('The asking price.'),
  displayed_price_text: text('The price as shown.'),
  displayed_shipping: alwaysNull('Always null.'), shipping_text: alwaysNull('Always null.'),
  condition: nullable({ type: 'string', enum: ['nwt', 'uln', 'ug', 'uf'] }, 'Condition code.'),
  brand: text('Brand, when shown.'), size: text('Size, when shown.'),
  listed_at: nullable({ type: 'string', format: 'date-time' }, 'First published, UTC ISO 8601.'),
  bid_count: alwaysNull('Always null.'), ends_at: alwaysNull('Always null.'), best_offer: alwaysNull('Always null.'),
  seller_text: text('The seller username.'),
  location_text: alwaysNull('Always null.'),
  image,
});

const MKT_D_LISTINGS = row('mkt_d listings row', 'An active USD listing on mkt_d (interface 2.5); other currencies and inactive listings are dropped.', {
  id, title: nullable({ type: 'string', maxLength: 2000 }, 'The listing description, up to 2,000 characters.'), link,
  displayed_price: moneyAlways('The headline USD price; may include buyer fee, shipping or tax (`price_includes`); not the checkout total.'),
  displayed_price_text: text('The price as text.'),
  price_includes: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['buyer_fee', 'shipping_price', 'tax'] }, description: 'What the headline price includes; empty means none.' },
  displayed_shipping: alwaysNull('Always null.'), shipping_text: alwaysNull('Always null.'),
  condition: nullable({ type: 'string', enum: ['brand_new', 'used_like_new', 'used_excellent', 'used_good', 'used_fair'] }, 'Condition code.'),
  seller_text: alwaysNull('Always null.'),
  brand: text('Brand.'), size: text('Available sizes.'), image,
  status: { type: 'string', const: 'active', description: 'Always `active`.' },
  promoted: { type: ['boolean', 'null'], description: 'Boosted.' },
  format: { type: 'string', const: 'fixed_price', description: 'Always `fixed_price`.' },
  listed_at: alwaysNull('Always null.'), bid_count: alwaysNull('Always null.'), ends_at: alwaysNull('Always null.'), best_offer: alwaysNull('Always null.'),
  location_text: text('Location as shown.'),
});

const MKT_E_LISTINGS = row('mkt_e listings row', 'A local active listing on mkt_e (interface 2.5).', {
  id,
  title: { type: 'string', maxLength: 2000, description: 'Title, up to 2,000 characters.' },
  link,
  displayed_price: money('USD ask; null when the seller asks buyers to call.'),
  displayed_price_text: text('The price as text.'),
  call_for_price: { type: 'boolean', description: 'The seller asks buyers to call for the price.' },
  firm_price: { type: ['boolean', 'null'], description: 'The seller marked the price firm.' },
  condition: text('Condition; usually null in search.'),
  location_text: text('The area the seller chose, not an address.'),
  city: text('From `City, ST` text.'),
  state: nullable({ type: 'string', pattern: '^[A-Z]{2}$' }, 'Two-letter state.'),
  image: nullable({ type: 'string', format: 'uri' }, 'Thumbnail URL.'),
  vehicle_miles: nullable({ type: 'integer', minimum: 0 }, 'Odometer miles of a vehicle.'),
  promoted: { type: 'boolean', description: 'Paid placement.' },
  flags: { type: 'array', items: { type: 'string' }, description: 'Raw source flags (local pickup, call for price, …).' },
});

/** mkt_e result extras (interface 2.5). */
export const MKT_E_EXTRAS: Record<string, JsonSchema> = {
  location: {
    type: 'object', description: 'Where the search was centred and how far it reached.',
    required: ['zip', 'latitude', 'longitude', 'radius_miles', 'requested_radius_miles', 'widened_radius_miles'], additionalProperties: false,
    properties: {
      zip: nullable({ type: 'string', pattern: '^[0-9]{5}$' }, 'The ZIP sent, or null when `lat`/`lon` were sent.'),
      latitude: { type: 'number', minimum: -90, maximum: 90, description: 'Centre, decimal degrees.' },
      longitude: { type: 'number', minimum: -180, maximum: 180, description: 'Centre, decimal degrees.' },
      radius_miles: { type: 'integer', minimum: 1, description: 'The radius applied.' },
      requested_radius_miles: nullable({ type: 'integer' }, 'The `radius` sent, or null.'),
      widened_radius_miles: nullable({ type: 'integer' }, 'The wider radius the marketplace used for this page when nearby results ran out, else null.'),
    },
  },
  category_id: text('The category the marketplace applied, including one inferred from keywords (`5.1` cars and trucks).'),
  vehicle_search: { type: 'boolean', description: 'The search was treated as cars and trucks.' },
};

interface RouteShape { row: JsonSchema; name: string }

/** The schema component name stem of each route (`MktASold`, …). */
export function routeSchemaName(route: RouteId): string {
  const [token, kind] = route.split('/') as [string, string];
  return `Mkt${token.slice(4).toUpperCase()}${kind === 'sold' ? 'Sold' : 'Listings'}`;
}

export const ROW_SCHEMAS: Readonly<Partial<Record<RouteId, JsonSchema>>> = {
  'mkt_a/sold': MKT_A_SOLD,
  'mkt_a/listings': MKT_A_LISTINGS,
  'mkt_b/sold': MKT_B_SOLD,
  'mkt_b/listings': MKT_B_LISTINGS,
  'mkt_c/sold': MKT_C_SOLD,
  'mkt_d/listings': MKT_D_LISTINGS,
  'mkt_e/listings': MKT_E_LISTINGS,
};

function shape(route: RouteId): RouteShape {
  const schema = ROW_SCHEMAS[route];
  if (!schema) throw new Error(`no row schema for ${route}`);
  return { row: schema, name: routeSchemaName(route) };
}

/** The result object of a route (interface 2.3), its rows referenced as `<Name>Row`. */
export function resultSchema(route: RouteId): JsonSchema {
  const info = ROUTES.find((r) => r.id === route);
  if (!info) throw new Error(`no route ${route}`);
  const { name } = shape(route);
  const properties: Record<string, JsonSchema> = {
    provider: { type: 'string', const: info.token, description: 'Marketplace token of the route.' },
    country: { type: 'string', const: 'us', description: 'Always `us`.' },
    query: { type: 'string', minLength: 1, maxLength: 200, description: 'The `q` sent, extra spaces removed.' },
    page: { type: 'integer', minimum: 1, maximum: 100, description: 'Page asked for.' },
    page_size: { type: 'integer', minimum: 0, description: 'Rows on the source page (may exceed `count`).' },
    count: { type: 'integer', minimum: 0, description: 'Rows in `data`.' },
    reported_total: { type: ['integer', 'null'], minimum: 0, description: 'Total matches the marketplace reports; may be rounded or capped.' },
    next_page: { type: ['integer', 'null'], minimum: 2, maximum: 100, description: 'Send as `page` for the next page; null on the last.' },
    next_cursor: info.cursorPaging
      ? { type: ['string', 'null'], minLength: 1, description: 'Send as `cursor` with `page` = `next_page`; null on the last page.' }
      : { type: 'null', description: 'Always null: this route pages by `page` alone.' },
    collected_at: { type: 'string', format: 'date-time', description: 'When the page was collected (ISO 8601).' },
    schema_version: { type: 'integer', const: info.schemaVersion, description: `Shape version of this result: ${info.schemaVersion}.` },
    completeness: { type: 'string', const: 'provider_page_only', description: 'Always `provider_page_only`: one source page, not a full history.' },
    field_notes: { type: 'string', description: 'How to read the page.' },
    data: { type: 'array', items: { $ref: `#/components/schemas/${name}Row` }, description: 'The rows.' },
    ...(route === 'mkt_e/listings' ? MKT_E_EXTRAS : {}),
    ...COMPS_RESULT_SCHEMAS,
  };
  return {
    title: `${route} result`, description: `One source page of ${route} (interface 2.3).`,
    type: 'object', required: Object.keys(properties), additionalProperties: false, properties,
  };
}

/** The search routes' schema components: `Money`, `PriceFigures`, `Comps`, `<Name>Row` and `<Name>Result` per route. */
export function resultComponents(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { Money: MONEY_SCHEMA, PriceFigures: PRICE_FIGURES_SCHEMA, Comps: COMPS_SCHEMA };
  for (const r of ROUTES) {
    const { row: rowSchema, name } = shape(r.id);
    out[`${name}Row`] = rowSchema;
    out[`${name}Result`] = resultSchema(r.id);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Validation

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/u;
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/iu;

function isUri(s: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/iu.test(s) || /\s/u.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

let validators: Map<RouteId, ValidateFunction> | null = null;

function compiled(): Map<RouteId, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  ajv.addFormat('date', DATE);
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('uri', isUri);
  ajv.addKeyword('components');
  ajv.addSchema({ $id: 'listings:components', components: { schemas: resultComponents() } });
  validators = new Map(ROUTES.map((r) => [r.id, ajv.compile({ $ref: `listings:components#/components/schemas/${routeSchemaName(r.id)}Result` })]));
  return validators;
}

/** One place where a result departs from its schema. */
export interface SchemaMismatch {
  /** The row index when the mismatch is in `data`, else null. */
  row: number | null;
  /** The field (dotted path below the row, or below the result when `row` is null). */
  field: string;
  message: string;
}

function mismatch(e: ErrorObject): SchemaMismatch {
  const parts = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/gu, '/').replace(/~0/gu, '~'));
  if (e.keyword === 'additionalProperties') parts.push(String((e.params as { additionalProperty: string }).additionalProperty));
  if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
  const inRow = parts[0] === 'data' && parts.length >= 2 && /^\d+$/u.test(parts[1]!);
  const field = (inRow ? parts.slice(2) : parts).join('.') || '(whole object)';
  return { row: inRow ? Number(parts[1]) : null, field, message: e.message ?? e.keyword };
}

/**
 * Checks a settled result against its route's schema. Returns every mismatch (row index and
 * field), or an empty list when it conforms.
 */
export function checkResult(route: RouteId, result: unknown): SchemaMismatch[] {
  const v = compiled().get(route);
  if (!v) throw new Error(`no result schema for ${route}`);
  if (v(result)) return [];
  const seen = new Set<string>();
  const out: SchemaMismatch[] = [];
  for (const e of v.errors ?? []) {
    // anyOf branches report each branch; keep one line per place.
    if (e.keyword === 'anyOf') continue;
    const m = mismatch(e);
    const k = `${m.row}:${m.field}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(m);
  }
  return out;
}

/** A readable line per mismatch: `data[3].sold_date: must match format "date"`. */
export function describeMismatches(list: readonly SchemaMismatch[]): string {
  return list.map((m) => `${m.row === null ? 'result' : `data[${m.row}]`}.${m.field}: ${m.message}`).join('\n');
}
