/**
 * @module params
 * The parameter table of every search route (interface 2.1, 4.1-4.5) as data. Validation
 * (validate.ts), the ajv schemas and the OpenAPI description (openapi.ts) are derived from it.
 */
import { ROUTES, type RouteId, type Token } from './routes.ts';

export type ParamSpec =
  | { name: string; type: 'string'; minLength: number; maxLength: number; pattern?: string; doc: string; required?: boolean }
  | { name: string; type: 'integer'; minimum: number; maximum: number; default?: number; doc: string }
  | { name: string; type: 'number'; minimum: number; maximum: number; decimals: number; doc: string }
  | { name: string; type: 'enum'; values: readonly string[]; default?: string; doc: string }
  | { name: string; type: 'int_enum'; values: readonly number[]; doc: string }
  /** Comma-separated list of unique values from a fixed set. */
  | { name: string; type: 'enum_list'; values: readonly string[]; doc: string }
  /** Comma-separated list of unique identifiers matching `pattern` (set checked by the adapter). */
  | { name: string; type: 'id_list'; pattern: string; doc: string }
  /** Opaque signed pagination cursor (cursor.ts). */
  | { name: 'cursor'; type: 'cursor'; doc: string };

export type ParamValue = string | number | string[];

const q: ParamSpec = { name: 'q', type: 'string', minLength: 1, maxLength: 200, required: true, doc: 'Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`.' };
const page: ParamSpec = { name: 'page', type: 'integer', minimum: 1, maximum: 100, default: 1, doc: 'Source page, 1-100.' };
const minPrice: ParamSpec = { name: 'min_price', type: 'integer', minimum: 0, maximum: 1_000_000, doc: 'Lowest price, whole US dollars; must not exceed `max_price`.' };
const maxPrice: ParamSpec = { name: 'max_price', type: 'integer', minimum: 0, maximum: 1_000_000, doc: 'Highest price, whole US dollars.' };
const country: ParamSpec = { name: 'country', type: 'enum', values: ['us'], default: 'us', doc: 'Only `us` is supported.' };
const cursor: ParamSpec = { name: 'cursor', type: 'cursor', doc: "Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged." };
const marketplace = (token: Token): ParamSpec => ({ name: 'marketplace', type: 'enum', values: [token], default: token, doc: `If sent, must be \`${token}\`.` });

const common = (token: Token): ParamSpec[] => [q, page, minPrice, maxPrice, marketplace(token), country];

const mktACondition: ParamSpec = {
  name: 'condition', type: 'enum_list', values: ['new', 'open_box', 'refurbished', 'used', 'for_parts'],
  doc: 'Comma-separated unique list: `new` Brand New, `open_box` Open Box or New (Other), `refurbished` every refurbished grade, `used` Pre-Owned, `for_parts` Parts Only. Applied by the marketplace.',
};
const mktBCondition: ParamSpec = { name: 'condition', type: 'enum', values: ['nwt', 'uln', 'ug', 'uf'], doc: 'One of `nwt`, `uln`, `ug`, `uf`; only one at a time.' };

const EXTRA: Record<RouteId, ParamSpec[]> = {
  'mkt_a/sold': [mktACondition],
  'mkt_a/listings': [
    mktACondition,
    { name: 'sort', type: 'enum', values: ['best_match', 'newest', 'price_asc', 'ending_soon'], default: 'best_match', doc: 'Marketplace order; promoted listings are included and flagged.' },
  ],
  'mkt_b/sold': [mktBCondition, cursor],
  'mkt_b/listings': [
    mktBCondition, cursor,
    { name: 'sort', type: 'enum', values: ['best_match', 'newest', 'price_asc'], default: 'best_match', doc: '`ending_soon` is unavailable here.' },
  ],
  'mkt_c/sold': [
    { name: 'condition', type: 'enum', values: ['new', 'like_new', 'good', 'fair', 'poor'], doc: 'Rows return the label and `condition_id`.' },
    cursor,
    { name: 'count', type: 'integer', minimum: 1, maximum: 100, default: 100, doc: 'Most rows per page; fewer may come back.' },
    { name: 'sort', type: 'enum', values: ['best_match', 'newest', 'price_asc', 'price_desc', 'most_popular', 'recently_sold'], default: 'recently_sold', doc: '`newest` orders by listing creation; `recently_sold` by sold time.' },
    { name: 'category_id', type: 'integer', minimum: 1, maximum: 2147483647, doc: 'Numeric category ID.' },
    { name: 'brand_id', type: 'integer', minimum: 1, maximum: 2147483647, doc: 'Numeric brand ID.' },
  ],
  'mkt_c/listings': [],
  'mkt_d/sold': [],
  'mkt_d/listings': [
    { name: 'condition', type: 'enum', values: ['brand_new', 'used_like_new', 'used_excellent', 'used_good', 'used_fair'], doc: 'Rows return the same codes.' },
    { name: 'count', type: 'integer', minimum: 1, maximum: 100, default: 24, doc: 'Most rows per page; fewer may come back.' },
    cursor,
  ],
  'mkt_e/sold': [],
  'mkt_e/listings': [
    { name: 'zip', type: 'string', minLength: 5, maxLength: 5, pattern: '^[0-9]{5}$', doc: 'Five-digit US ZIP; send `zip`, or both `lat` and `lon`. The search centres on the Census point of the ZIP.' },
    { name: 'lat', type: 'number', minimum: 17, maximum: 72, decimals: 4, doc: 'Latitude, decimal degrees, rounded to 4 decimals; with `lon`.' },
    { name: 'lon', type: 'number', minimum: -180, maximum: -64, decimals: 4, doc: 'Longitude, decimal degrees, rounded to 4 decimals; with `lat`.' },
    { name: 'radius', type: 'int_enum', values: [5, 10, 20, 25, 30, 50, 80, 100, 200, 5000], doc: 'Miles. Ordinary searches offer 5, 10, 20, 30, 50 (default 30); vehicle searches 25, 80, 100, 200, 5000 (default 80). A value not offered becomes the widest offered value below it, else the smallest offered.' },
    { name: 'category', type: 'string', minLength: 1, maxLength: 8, pattern: '^[1-9][0-9]?(\\.[1-9][0-9]?)?$', doc: 'Category ID such as `5`, `5.1`, `1.2`.' },
    { name: 'condition', type: 'enum_list', values: ['new', 'open_box', 'refurbished', 'used', 'for_parts', 'other'], doc: 'Comma-separated list.' },
    { name: 'sort', type: 'enum', values: ['best_match', 'newest', 'nearest', 'price_asc', 'price_desc', 'newest_model', 'lowest_mileage'], default: 'best_match', doc: '`newest_model` and `lowest_mileage` only on vehicle searches.' },
    { name: 'vehicle_make', type: 'id_list', pattern: '^[a-z][a-z0-9]*(_[a-z0-9]+)*$', doc: 'Comma-separated manufacturer identifiers (lowercase, spaces as underscores). Vehicle searches only.' },
    { name: 'vehicle_max_mileage', type: 'int_enum', values: [0, 25000, 50000, 75000, 100000, 125000, 150000, 175000, 200000], doc: 'Vehicle searches only.' },
    { name: 'vehicle_style', type: 'enum_list', values: ['car', 'suv', 'truck', 'van'], doc: 'Vehicle searches only.' },
    { name: 'vehicle_transmission', type: 'enum', values: ['automatic', 'manual'], doc: 'Vehicle searches only.' },
    { name: 'vehicle_drivetrain', type: 'enum_list', values: ['awd', 'fwd', 'rwd'], doc: 'Vehicle searches only.' },
    cursor,
  ],
};

/** Every parameter a route accepts, in documented order. */
export const PARAM_TABLES: Readonly<Record<string, readonly ParamSpec[]>> = Object.fromEntries(
  ROUTES.map((r) => [r.id, [...common(r.token), ...EXTRA[r.id]]]),
);

export function paramTable(route: RouteId): readonly ParamSpec[] {
  const table = PARAM_TABLES[route];
  if (!table) throw new Error(`no parameter table for ${route}`);
  return table;
}
