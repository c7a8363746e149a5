/**
 * @module route-fields
 * The row fields of every search route in the documented order (interface 2.4 and 2.5), with
 * the shape each takes in CSV. This table is the CSV column model: a column exists because a
 * field is listed here, not because a row happened to carry it, so a job's or batch's header
 * does not depend on which rows came back.
 */
import type { RouteId } from '@listings/contract';

/**
 * - `money`: a price object `{ amount, currency }` → two columns `<field>_amount`, `<field>_currency`.
 * - `list`: an array → one column, elements joined with `|`.
 * - `value`: a string, number, boolean or null → one column.
 */
export type FieldShape = 'money' | 'list' | 'value';

export interface FieldSpec {
  name: string;
  shape: FieldShape;
}

const v = (name: string): FieldSpec => ({ name, shape: 'value' });
const money = (name: string): FieldSpec => ({ name, shape: 'money' });
const list = (name: string): FieldSpec => ({ name, shape: 'list' });

/**
 * Interface 2.4, common to the sold routes. The reserved fields `price` and `shipping` are
 * always null and their type is not given, so they stay single columns rather than being
 * guessed to be price objects.
 */
const SOLD_COMMON: readonly FieldSpec[] = [
  v('id'), v('title'), v('link'), money('displayed_price'), v('displayed_price_text'), money('displayed_shipping'),
  v('shipping_text'), v('sold_date'), v('sold_date_text'), v('condition'), v('seller_text'), v('brand'), v('size'),
  v('image'), v('price'), v('shipping'), v('sold_at'), v('took_offer'),
];

/** Interface 2.5, `mkt_a` listings row. */
const MKT_A_LISTINGS: readonly FieldSpec[] = [
  v('id'), v('title'), v('link'), v('promoted'), v('format'), money('displayed_price'), v('displayed_price_text'),
  money('displayed_shipping'), v('shipping_text'), v('condition'), v('brand'), v('size'), v('listed_at'),
  v('bid_count'), v('ends_at'), v('best_offer'), v('seller_text'), v('location_text'), v('image'),
];

/**
 * `mkt_b` listings: the interface does not show this row. Until the mkt_b adapter lands, it
 * is the `mkt_a` listings set without the fields that only describe mkt_a (sponsored
 * placement, auction format, bids, end time, best offer, item location); `brand` and `size`
 * stay because mkt_b has them. The mkt_b adapter may adjust this list (and docs/csv.md).
 */
const MKT_B_LISTINGS: readonly FieldSpec[] = [
  v('id'), v('title'), v('link'), money('displayed_price'), v('displayed_price_text'), money('displayed_shipping'),
  v('shipping_text'), v('condition'), v('brand'), v('size'), v('listed_at'), v('seller_text'), v('image'),
];

/** Interface 2.5, `mkt_d` listings row. */
const MKT_D_LISTINGS: readonly FieldSpec[] = [
  v('id'), v('title'), v('link'), money('displayed_price'), v('displayed_price_text'), list('price_includes'),
  money('displayed_shipping'), v('shipping_text'), v('condition'), v('seller_text'), v('brand'), v('size'), v('image'),
  v('status'), v('promoted'), v('format'), v('listed_at'), v('bid_count'), v('ends_at'), v('best_offer'), v('location_text'),
];

/** Interface 2.5, `mkt_e` listings row. */
const MKT_E_LISTINGS: readonly FieldSpec[] = [
  v('id'), v('title'), v('link'), money('displayed_price'), v('displayed_price_text'), v('call_for_price'), v('firm_price'),
  v('condition'), v('location_text'), v('city'), v('state'), v('image'), v('vehicle_miles'), v('promoted'), list('flags'),
];

/** Every route's fields, in the fixed route order that also orders a mixed batch's union. */
export const ROUTE_FIELDS: ReadonlyArray<readonly [RouteId, readonly FieldSpec[]]> = [
  ['mkt_a/sold', SOLD_COMMON],
  ['mkt_a/listings', MKT_A_LISTINGS],
  ['mkt_b/sold', SOLD_COMMON],
  ['mkt_b/listings', MKT_B_LISTINGS],
  ['mkt_c/sold', [...SOLD_COMMON, v('status'), v('seller_id'), v('condition_id'), v('category_id'), v('brand_id')]],
  ['mkt_d/listings', MKT_D_LISTINGS],
  ['mkt_e/listings', MKT_E_LISTINGS],
];

/**
 * The judgement of comps (issue 27), the last two columns of every job and batch CSV whatever
 * its routes: after the union of the routes' fields, so a mixed batch's CSV ends with them too.
 * `comp_reasons` is a list: its codes joined with `|`.
 */
export const JUDGEMENT_FIELDS: readonly FieldSpec[] = [v('comp_kind'), list('comp_reasons')];
