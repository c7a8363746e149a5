/**
 * @module console
 * The comps console at `/console`: static files shipped with the api (apps/api/console), the
 * charting library from node_modules, and `/console/routes.json`, the search routes and their
 * condition values taken from the contract's parameter tables (so the page never keeps its own
 * copy). Public like the docs: the page holds no data; every call it makes carries the key
 * the user pasted, kept in the tab's session storage only.
 *
 * `/console/distances?lat=&lon=&place=City, ST&place=…` serves the Local view's distance list:
 * mkt_e rows name the seller's area (`city`, `state`), never a point, so the distance shown is
 * an estimate, from the search's centre to the centre of that place (the mean of the points of
 * its USPS ZIPs in the GeoNames list the mkt_e adapter already ships). At most 100 places a
 * call; an unknown place is null. Holds no account data, so it is public like the page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Express, Response } from 'express';
import { ApiError, PARAM_TABLES, queryPairs, ROUTES } from '@listings/contract';
import { milesBetween, postalZips } from '@listings/marketplaces';
import { allowMethods, rawQuery } from './query.ts';

interface Asset { type: string; body: Buffer }

const here = fileURLToPath(new URL('../../console/', import.meta.url));
const require = createRequire(import.meta.url);

/** No inline script or style, nothing from another origin: the page is self-contained. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * What each condition value means, in words, for the page to show beside the code (mkt_b's
 * `uf` is "Fair", mkt_d's `used_excellent` "Used, excellent"): the meanings the row schemas
 * and parameter docs of the contract give them.
 */
export const CONDITION_LABELS: Readonly<Record<string, string>> = {
  new: 'New', open_box: 'Open box', refurbished: 'Refurbished', used: 'Used', for_parts: 'For parts', other: 'Other',
  like_new: 'Like new', good: 'Good', fair: 'Fair', poor: 'Poor',
  nwt: 'New with tags', uln: 'Used, like new', ug: 'Used, good', uf: 'Used, fair',
  brand_new: 'Brand new', used_like_new: 'Used, like new', used_excellent: 'Used, excellent', used_good: 'Used, good', used_fair: 'Used, fair',
};

function routesJson(): string {
  return JSON.stringify(ROUTES.map((r) => {
    const params = PARAM_TABLES[r.id] ?? [];
    const condition = params.find((p) => p.name === 'condition');
    const values = condition && (condition.type === 'enum' || condition.type === 'enum_list') ? condition.values : [];
    const labels = Object.fromEntries(values.map((v) => [v, CONDITION_LABELS[v] ?? v]));
    return { id: r.id, token: r.token, kind: r.kind, cursor_paging: r.cursorPaging, condition: { values, labels, multiple: condition?.type === 'enum_list' } };
  }));
}

function assets(): Map<string, Asset> {
  const own = (file: string, type: string): Asset => ({ type, body: readFileSync(`${here}${file}`) });
  const map = new Map<string, Asset>([
    ['/console', own('index.html', 'text/html; charset=utf-8')],
    ['/console/console.js', own('console.js', 'text/javascript; charset=utf-8')],
    ['/console/stats.js', own('stats.js', 'text/javascript; charset=utf-8')],
    ['/console/console.css', own('console.css', 'text/css; charset=utf-8')],
    ['/console/favicon.svg', own('favicon.svg', 'image/svg+xml')],
    ['/console/routes.json', { type: 'application/json', body: Buffer.from(routesJson()) }],
    ['/console/vendor/uplot.esm.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(require.resolve('uplot/dist/uPlot.esm.js')) }],
    // The price figures of @listings/common, the file the batch summaries use and the SDK ships a copy of (one median).
    ['/console/vendor/listings-stats.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(require.resolve('@listings/common/stats')) }],
    ['/console/vendor/uplot.min.css', { type: 'text/css; charset=utf-8', body: readFileSync(require.resolve('uplot/dist/uPlot.min.css')) }],
  ]);
  return map;
}

function send(res: Response, asset: Asset): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-cache');
  res.type(asset.type).send(asset.body);
}

export const MAX_PLACES = 100;
const PLACE = /^([^,]{1,80}), ([A-Z]{2})$/u;

let placeIndex: Map<string, { latitude: number; longitude: number }> | undefined;

/** "city|ST" (city lower-cased) → the mean point of the place's ZIPs, built on first use. */
function places(): Map<string, { latitude: number; longitude: number }> {
  if (!placeIndex) {
    const sums = new Map<string, { lat: number; lon: number; n: number }>();
    // Every ZIP: no two points on Earth are 13,000 miles apart.
    for (const z of postalZips().findByRadius(0, 0, 13_000)) {
      if (!Number.isFinite(z.latitude) || !Number.isFinite(z.longitude)) continue;
      const k = `${z.placeName.toLowerCase()}|${z.stateCode}`;
      const s = sums.get(k) ?? { lat: 0, lon: 0, n: 0 };
      s.lat += z.latitude;
      s.lon += z.longitude;
      s.n++;
      sums.set(k, s);
    }
    placeIndex = new Map([...sums].map(([k, s]) => [k, { latitude: s.lat / s.n, longitude: s.lon / s.n }]));
  }
  return placeIndex;
}

function invalid(param: string, message: string): ApiError {
  return new ApiError('unsupported_or_invalid_query', { param, message });
}

function coordinate(raw: string | undefined, name: 'lat' | 'lon', limit: number): number {
  if (raw === undefined) throw invalid(name, `${name} is required.`);
  const v = /^-?\d{1,3}(\.\d{1,8})?$/u.test(raw) ? Number(raw) : NaN;
  if (!(Math.abs(v) <= limit)) throw invalid(name, `${name} must be a number from -${limit} to ${limit}.`);
  return v;
}

/** Estimated miles from the point to each named place (rounded to a tenth), null when the place is unknown. */
export function placeDistances(url: string): Record<string, number | null> {
  let lat: string | undefined;
  let lon: string | undefined;
  const named: string[] = [];
  for (const [name, value] of queryPairs(rawQuery(url))) {
    if (name === 'lat' || name === 'lon') {
      if ((name === 'lat' ? lat : lon) !== undefined) throw new ApiError('duplicate_parameter', { param: name, message: `${name} was sent more than once.` });
      if (name === 'lat') lat = value;
      else lon = value;
    } else if (name === 'place') {
      if (!PLACE.test(value)) throw invalid('place', 'place must be "City, ST" (a city name, a comma and a space, a two-letter state).');
      named.push(value);
    } else {
      throw invalid(name, `Unknown parameter ${JSON.stringify(name.slice(0, 64))}.`);
    }
  }
  const from = { latitude: coordinate(lat, 'lat', 90), longitude: coordinate(lon, 'lon', 180) };
  if (named.length === 0) throw invalid('place', 'place is required (one or more).');
  if (named.length > MAX_PLACES) throw invalid('place', `At most ${MAX_PLACES} places a call.`);
  const out: Record<string, number | null> = {};
  for (const p of named) {
    const [, city, state] = PLACE.exec(p)!;
    const at = places().get(`${city!.toLowerCase()}|${state!}`);
    out[p] = at ? Math.round(milesBetween(from.latitude, from.longitude, at.latitude, at.longitude) * 10) / 10 : null;
  }
  return out;
}

export function registerConsoleRoutes(app: Express): void {
  const files = assets();
  app.all('/console/distances', allowMethods('GET'), (req, res) => {
    const body = JSON.stringify({ distances: placeDistances(req.url) });
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/json').send(body);
  });
  for (const [path, asset] of files) {
    app.all(path, allowMethods('GET'), (_req, res) => send(res, asset));
  }
  app.all('/console/', allowMethods('GET'), (_req, res) => {
    res.redirect(301, '/console');
  });
}
