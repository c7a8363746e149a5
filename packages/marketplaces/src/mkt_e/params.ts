/**
 * @module mkt_e/params
 * Our parameters (interface 4.5) → the marketplace's feed search parameters, the radius rules,
 * the place a search centres on, and the checks the parameter table cannot express.
 *
 * Wire names: `q`, `lat`, `lon`, `radius` (echoed as `DISTANCE`), `price_min`/`price_max`
 * (echoed `PRICE_MIN`/`PRICE_MAX`), `condition` (echoed `CONDITION`), `sort`, `cid` and
 * `page_cursor` were seen working in public clients. The vehicle filters, their option values
 * and the vehicle sorts are those of the filter echo of a real cars-and-trucks answer
 * (gql-modular-feed-civic.json): `VEH_MAKE` (two-letter make codes), `VEH_MILEAGE`,
 * `VEH_STYLE` (c/s/t/v), `VEH_TRANSMISSION` (a/m), `VEH_DRIVETRAIN` (a/f/r), sorts
 * `-vehicle_year` and `vehicle_miles`. A filter the marketplace does not echo as applied still
 * fails the job (`filter_not_supported`): a renamed filter shows as a failed job, never as
 * unfiltered rows.
 */
import type { Search } from '@listings/contract';
import type { ParamProblem } from '../contract.ts';
import { CARS_AND_TRUCKS, VEHICLES, categoryLabel } from './categories.ts';
import { MAKE_CODES, VEHICLE_MAKES, keywordsNameCars } from './vehicle.ts';
import { lookupZip, round4 } from './zip.ts';

/** Radii offered to ordinary searches (50 is the maximum) and to vehicle searches (5000 = nationwide). */
export const RADIUS_ORDINARY: readonly number[] = [5, 10, 20, 30, 50];
export const RADIUS_VEHICLE: readonly number[] = [25, 80, 100, 200, 5000];
export const DEFAULT_RADIUS = { ordinary: 30, vehicle: 80 } as const;

/** Radii offered to the kind of search. */
export function offeredRadii(vehicle: boolean): readonly number[] {
  return vehicle ? RADIUS_VEHICLE : RADIUS_ORDINARY;
}

/**
 * A radius as applied to the kind of search (interface 4.5): an offered value stays; any other
 * becomes the widest offered value below it, or else the smallest offered (30 on a car search
 * becomes 25; 5 becomes 25; 100 on an ordinary search becomes 50).
 */
export function mapRadius(miles: number, vehicle: boolean): number {
  const offered = offeredRadii(vehicle);
  if (offered.includes(miles)) return miles;
  const below = offered.filter((r) => r < miles);
  return below.length > 0 ? Math.max(...below) : Math.min(...offered);
}

/** The radius asked for, applied to the kind of search (the default when none was sent). */
export function appliedRadius(search: Search, vehicle: boolean): number {
  const sent = search.params.radius;
  if (typeof sent !== 'number') return vehicle ? DEFAULT_RADIUS.vehicle : DEFAULT_RADIUS.ordinary;
  return mapRadius(sent, vehicle);
}

/**
 * Whether the marketplace is expected to treat the search as cars and trucks: category 5.1;
 * with another category (other than Vehicles) never; otherwise when the keywords name cars.
 */
export function predictsVehicle(search: Pick<Search, 'q' | 'params'>): boolean {
  const category = search.params.category;
  if (category === CARS_AND_TRUCKS) return true;
  if (typeof category === 'string' && category !== VEHICLES) return false;
  return keywordsNameCars(search.q);
}

export const VEHICLE_ONLY_PARAMS = ['vehicle_make', 'vehicle_max_mileage', 'vehicle_style', 'vehicle_transmission', 'vehicle_drivetrain'] as const;
export const VEHICLE_SORTS: readonly string[] = ['newest_model', 'lowest_mileage'];

export interface Center {
  /** The ZIP sent, or null when `lat`/`lon` were. */
  zip: string | null;
  latitude: number;
  longitude: number;
}

/** Where the search centres: the ZIP's Census point, or `lat`/`lon` (already rounded to 4 decimals). */
export function resolveCenter(search: Search): Center | ParamProblem {
  const { zip, lat, lon } = search.params;
  const hasZip = zip !== undefined;
  const hasLat = lat !== undefined;
  const hasLon = lon !== undefined;
  if (hasZip && (hasLat || hasLon)) return { param: 'zip', message: 'Send zip, or lat and lon, not both.' };
  if (!hasZip && !hasLat && !hasLon) return { param: 'zip', message: 'mkt_e searches around a place: send zip, or both lat and lon.' };
  if (!hasZip) {
    if (!hasLon) return { param: 'lon', message: 'lon is needed with lat.' };
    if (!hasLat) return { param: 'lat', message: 'lat is needed with lon.' };
    return { zip: null, latitude: round4(Number(lat)), longitude: round4(Number(lon)) };
  }
  const z = String(zip);
  const found = lookupZip(z);
  if (found.kind === 'unknown') return { param: 'zip', message: `zip ${z} is not a US ZIP code.` };
  if (found.kind === 'no_census_area') {
    return {
      param: 'zip',
      message: `zip ${z} (${found.place}) is a real ZIP code without a Census area (PO-box-only, single-organization or military), so it has no centre point to search around; send the ZIP of the neighbourhood, or lat and lon.`,
    };
  }
  return found.point;
}

export function isProblem(x: Center | ParamProblem): x is ParamProblem {
  return 'param' in x;
}

/** Checks of interface 4.5 that the parameter table cannot express. */
export function checkSearch(search: Search): ParamProblem | null {
  const center = resolveCenter(search);
  if (isProblem(center)) return center;
  const category = search.params.category;
  if (typeof category === 'string' && categoryLabel(category) === undefined) {
    return { param: 'category', message: `category ${category} is not a category of mkt_e (IDs such as 5, 5.1, 1.2).` };
  }
  if (!predictsVehicle(search)) {
    const why = 'applies only to vehicle searches: send category=5.1, or keywords that name cars and trucks.';
    for (const p of VEHICLE_ONLY_PARAMS) if (search.params[p] !== undefined) return { param: p, message: `${p} ${why}` };
    const sort = search.params.sort;
    if (typeof sort === 'string' && VEHICLE_SORTS.includes(sort)) return { param: 'sort', message: `sort=${sort} ${why}` };
  }
  const makes = search.params.vehicle_make;
  if (Array.isArray(makes)) {
    const unknown = makes.find((m) => !VEHICLE_MAKES.has(m));
    if (unknown !== undefined) return { param: 'vehicle_make', message: `vehicle_make ${JSON.stringify(unknown)} is not a manufacturer identifier of mkt_e (lowercase, words joined by underscores, e.g. land_rover).` };
  }
  return null;
}

/** Our sort → the marketplace's (the SORT filter's option values of a real answer). */
export const SORT_WIRE: Readonly<Record<string, string>> = {
  best_match: 'best_match', newest: '-posted', nearest: 'distance', price_asc: 'price', price_desc: '-price',
  newest_model: '-vehicle_year', lowest_mileage: 'vehicle_miles',
};

/** Our condition codes → the marketplace's (the same codes carry other labels on vehicle searches). */
export const CONDITION_WIRE: Readonly<Record<string, string>> = {
  new: 'NEW', open_box: 'OPEN_BOX', refurbished: 'REFURBISHED', used: 'USED', for_parts: 'BROKEN', other: 'OTHER',
};

/**
 * Vehicle filters: parameter → the filter's target name (wire key and echo) and our values →
 * its option values, as the filter echo of a real cars-and-trucks answer lists them.
 */
export const VEHICLE_WIRE = {
  vehicle_make: { key: 'VEH_MAKE', kind: 'selection', values: MAKE_CODES },
  vehicle_max_mileage: { key: 'VEH_MILEAGE', kind: 'selection', values: null },
  vehicle_style: { key: 'VEH_STYLE', kind: 'selection', values: { car: 'c', suv: 's', truck: 't', van: 'v' } },
  vehicle_transmission: { key: 'VEH_TRANSMISSION', kind: 'selection', values: { automatic: 'a', manual: 'm' } },
  vehicle_drivetrain: { key: 'VEH_DRIVETRAIN', kind: 'selection', values: { awd: 'a', fwd: 'f', rwd: 'r' } },
} as const satisfies Record<string, { key: string; kind: 'selection'; values: Readonly<Record<string, string>> | null }>;

/** A filter as sent, and how the marketplace shows it applied. */
export interface WireFilter {
  /** Our parameter, named in a `filter_not_supported` failure. */
  param: string;
  key: string;
  value: string;
  echo:
    | { kind: 'selection'; target: string; values: string[] }
    | { kind: 'bound'; target: string; value: string }
    | { kind: 'category'; id: string };
}

function list(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [String(v)];
}

/** Every filter of the search, in wire form (location, radius, paging excluded). */
export function wireFilters(search: Search): WireFilter[] {
  const p = search.params;
  const out: WireFilter[] = [];
  if (typeof p.category === 'string') out.push({ param: 'category', key: 'cid', value: p.category, echo: { kind: 'category', id: p.category } });
  if (typeof p.min_price === 'number') out.push({ param: 'min_price', key: 'price_min', value: String(p.min_price), echo: { kind: 'bound', target: 'PRICE_MIN', value: String(p.min_price) } });
  if (typeof p.max_price === 'number') out.push({ param: 'max_price', key: 'price_max', value: String(p.max_price), echo: { kind: 'bound', target: 'PRICE_MAX', value: String(p.max_price) } });
  if (p.condition !== undefined) {
    const values = list(p.condition).map((c) => CONDITION_WIRE[c] ?? c.toUpperCase());
    out.push({ param: 'condition', key: 'condition', value: values.join(','), echo: { kind: 'selection', target: 'CONDITION', values } });
  }
  if (typeof p.sort === 'string' && p.sort !== 'best_match') {
    const v = SORT_WIRE[p.sort] ?? p.sort;
    out.push({ param: 'sort', key: 'sort', value: v, echo: { kind: 'selection', target: 'SORT', values: [v] } });
  }
  for (const [param, wire] of Object.entries(VEHICLE_WIRE)) {
    if (p[param] === undefined) continue;
    const codes: Readonly<Record<string, string>> | null = wire.values;
    const values = list(p[param]).map((v) => (codes ? (codes[v] ?? v) : v));
    out.push({ param, key: wire.key, value: values.join(','), echo: { kind: 'selection', target: wire.key, values } });
  }
  return out;
}
