/**
 * @module mkt_e/simulator
 * The local classifieds marketplace's feed over HTTP: `POST /api/graphql` with operation
 * `GetModularFeed`, answering `data.modularFeed` in the shape the parser reads.
 *
 * Listings are placed at real places: each ZIP with a Census area near the search point holds a
 * few listings for a keyword set (how many is drawn from the keywords and the ZIP, so the same
 * ZIP holds the same listings whatever point a search starts from), with the ZIP's GeoNames
 * place as "City, ST". Like the real feed it: honours `radius`/`DISTANCE` (mapped to the radii
 * the kind of search offers), prices, conditions, sort, `cid` and the vehicle filters, ignoring
 * keys it does not know and echoing what it applied in `filters[]`; files keywords that name
 * cars and trucks under 5.1 (it knows model names the adapter's reading does not); serves the
 * listings within the radius first and, when they run out, widens to the next radius offered,
 * echoing that radius; repeats a few listings of the previous page and the paid listings on
 * every page; mixes ads into the tiles, all in `looseTiles` as the real answers have them.
 */
import { createHash } from 'node:crypto';
import { carPlan, drawItem, readKeywords, type Grade, type SimVehicle } from '../sim/catalog.ts';
import { drifted } from '../sim/drift.ts';
import { seededRandom, type SimRequest, type SimResponse, type Simulator } from '../sim/kit.ts';
import { CARS_AND_TRUCKS, categoryLabel } from './categories.ts';
import { CONDITION_WIRE, DEFAULT_RADIUS, SORT_WIRE, VEHICLE_WIRE, mapRadius, offeredRadii } from './params.ts';
import { CALL_FOR_PRICE_FLAG } from './parse.ts';
import { FEED_PATH, OPERATION, PAGE_LIMIT } from './request.ts';
import { MAKE_CODES, keywordsNameCars } from './vehicle.ts';
import { milesBetween, postalZips, zctaPoints } from './zip.ts';

/** Model names the marketplace files under cars and trucks, with their make (the adapter's reading knows only makes). */
export const SIM_MODELS: Readonly<Record<string, string>> = {
  civic: 'honda', accord: 'honda', camry: 'toyota', corolla: 'toyota', prius: 'toyota', tacoma: 'toyota', tundra: 'toyota',
  rav4: 'toyota', highlander: 'toyota', f150: 'ford', mustang: 'ford', silverado: 'chevrolet', wrangler: 'jeep',
  cherokee: 'jeep', altima: 'nissan', sentra: 'nissan', outback: 'subaru', jetta: 'volkswagen', elantra: 'hyundai', sonata: 'hyundai',
};
const SIM_MODEL_NAMES: ReadonlySet<string> = new Set(Object.keys(SIM_MODELS));

/** Listings generated per search at most (nearest first): enough for the deepest paging. */
const UNIVERSE_CAP = 600;
const REPEATS_PER_PAGE = 6;
const SELLER_ADS_PER_PAGE = 2;

interface VehicleFacts {
  make: string;
  /** The marketplace's option values: c/s/t/v, a/m, a/f/r. */
  style: string;
  transmission: string;
  drivetrain: string;
  year: number;
  miles: number;
}

interface SimListing {
  id: string;
  title: string;
  /** Null when the seller asks buyers to call. */
  price: number | null;
  firm: boolean;
  condition: string;
  conditionText: string | null;
  place: string;
  distance: number;
  promoted: boolean;
  flags: string[];
  posted: number;
  score: number;
  vehicle: VehicleFacts | null;
}

/** Condition option labels: ordinary searches, and cars and trucks (the civic capture's filter echo). */
const CONDITION_LABELS: Record<string, [string, string]> = {
  NEW: ['New', 'New'], OPEN_BOX: ['Open box', 'Very good'], REFURBISHED: ['Refurbished', 'Excellent'],
  USED: ['Used', 'Good'], BROKEN: ['For parts', 'Fair'], OTHER: ['Other', 'For parts'],
};
/** The SORT filter's options as a real answer lists them. */
const SORT_LABELS: Record<string, string> = {
  best_match: 'Best match', '-posted': 'Recent first', distance: 'Closest first', price: 'Price: Low to high',
  '-price': 'Price: High to low', '-vehicle_year': 'Model: Newest', vehicle_miles: 'Mileage: Lowest',
};
const VEHICLE_SORT_WIRE = new Set([SORT_WIRE.newest_model, SORT_WIRE.lowest_mileage]);
/** Vehicle filter options (values and labels) of the civic capture's filter echo. */
const STYLES = ['c', 's', 't', 'v'] as const;
const STYLE_LABELS: Record<string, string> = { c: 'Car', s: 'SUV', t: 'Truck', v: 'Van' };
const TRANSMISSIONS: Array<[string, string]> = [['a', 'Automatic'], ['m', 'Manual']];
const DRIVETRAINS: Array<[string, string]> = [['a', 'AWD/4WD'], ['f', 'FWD'], ['r', 'RWD']];
const MILEAGES = [0, 25000, 50000, 75000, 100000, 125000, 150000, 175000, 200000];
const CODE_MAKES = new Map(Object.entries(MAKE_CODES).map(([make, code]) => [code, make]));

function hex(s: string): string {
  return createHash('sha1').update(s).digest('hex');
}

function uuidFrom(s: string): string {
  const h = hex(s);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

function titleCase(q: string): string {
  return q.split(' ').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
}

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}

/** What a request asks for, read the lenient way the real feed reads it. */
interface FeedAsk {
  q: string;
  lat: number;
  lon: number;
  category: string | null;
  forcedCategory: boolean;
  vehicle: boolean;
  radius: number;
  priceMin: number | null;
  priceMax: number | null;
  conditions: string[] | null;
  sort: string;
  makes: string[] | null;
  milesMax: number | null;
  styles: string[] | null;
  transmissions: string[] | null;
  drivetrains: string[] | null;
  limit: number;
  cursor: string | null;
  session: string;
}

function wireList(v: string | undefined, known: (x: string) => boolean): string[] | null {
  if (v === undefined) return null;
  const xs = v.split(',').map((x) => x.trim()).filter(known);
  return xs.length > 0 ? [...new Set(xs)] : null;
}

function wholeNumber(v: string | undefined): number | null {
  return v !== undefined && /^[0-9]{1,9}$/u.test(v) ? Number(v) : null;
}

function readAsk(params: Map<string, string>): FeedAsk | string {
  const q = (params.get('q') ?? '').trim();
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  if (!q) return 'q is required';
  if (!params.has('lat') || !params.has('lon') || !Number.isFinite(lat) || !Number.isFinite(lon)) return 'lat and lon are required';
  const cid = params.get('cid');
  const category = cid !== undefined && categoryLabel(cid) !== undefined ? cid
    : keywordsNameCars(q, SIM_MODEL_NAMES) || readKeywords(q).what === 'car' ? CARS_AND_TRUCKS : null;
  const vehicle = category === CARS_AND_TRUCKS;
  const rawRadius = wholeNumber(params.get('radius') ?? params.get('distance'));
  const sortSent = params.get('sort') ?? 'best_match';
  const sortKnown = Object.hasOwn(SORT_LABELS, sortSent) && (vehicle || !VEHICLE_SORT_WIRE.has(sortSent));
  const up = (v: string | undefined): string | undefined => v?.toUpperCase();
  return {
    q, lat, lon, category, vehicle,
    forcedCategory: category !== null && cid === category,
    radius: rawRadius !== null ? mapRadius(rawRadius, vehicle) : vehicle ? DEFAULT_RADIUS.vehicle : DEFAULT_RADIUS.ordinary,
    priceMin: wholeNumber(params.get('price_min')),
    priceMax: wholeNumber(params.get('price_max')),
    conditions: wireList(up(params.get('condition')), (c) => Object.hasOwn(CONDITION_LABELS, c)),
    sort: sortKnown ? sortSent : 'best_match',
    // Vehicle filters exist only on vehicle searches; elsewhere the keys are unknown and ignored.
    makes: vehicle ? wireList(params.get(VEHICLE_WIRE.vehicle_make.key.toLowerCase()), (m) => CODE_MAKES.has(m)) : null,
    milesMax: vehicle ? wholeNumber(params.get(VEHICLE_WIRE.vehicle_max_mileage.key.toLowerCase())) : null,
    styles: vehicle ? wireList(params.get(VEHICLE_WIRE.vehicle_style.key.toLowerCase()), (s) => (STYLES as readonly string[]).includes(s)) : null,
    transmissions: vehicle ? wireList(params.get(VEHICLE_WIRE.vehicle_transmission.key.toLowerCase()), (t) => t === 'a' || t === 'm') : null,
    drivetrains: vehicle ? wireList(params.get(VEHICLE_WIRE.vehicle_drivetrain.key.toLowerCase()), (d) => ['a', 'f', 'r'].includes(d)) : null,
    limit: Math.min(PAGE_LIMIT, Math.max(1, wholeNumber(params.get('limit')) ?? PAGE_LIMIT)),
    cursor: params.get('page_cursor') ?? params.get('pagecursor') ?? null,
    session: params.get('searchsessionid') ?? '',
  };
}

/** The marketplace's condition for each condition of the sandbox catalogue (OTHER now and then, as sellers pick it). */
const GRADE_CONDITIONS: Readonly<Record<Grade, readonly string[]>> = {
  new: ['NEW'], open_box: ['OPEN_BOX'], refurbished: ['REFURBISHED'], like_new: ['USED', 'USED', 'USED', 'OTHER'],
  good: ['USED', 'USED', 'USED', 'USED', 'USED', 'OTHER'], fair: ['USED'], parts: ['BROKEN', 'BROKEN', 'OTHER'],
};
const BODY_STYLE: Readonly<Record<SimVehicle['body'], string>> = { c: 'c', s: 's', t: 't', v: 'v' };

function makeListing(seed: string, zip: string, i: number, place: string, distance: number, ask: FeedAsk): SimListing {
  const key = `${seed}|${zip}|${i}`;
  const r = seededRandom(key);
  // The product the keywords name, in its listings' words and at its ask (sim/catalog.ts); a
  // search filed under cars and trucks lists cars whatever its keywords, and keywords naming a
  // car list cars (priced as cars) whatever category is asked.
  const plan = ask.vehicle ? carPlan(ask.q) : readKeywords(ask.q);
  const item = drawItem(seededRandom(`${key}|item`), plan, 'mkt_e');
  const condition = pick(r, GRADE_CONDITIONS[item.grade]);
  let price: number | null = item.price;
  let vehicle: VehicleFacts | null = null;
  const flags = r() < 0.9 ? ['LOCAL_PICKUP'] : [];
  if (ask.vehicle && item.vehicle) {
    vehicle = {
      make: item.vehicle.make, year: item.vehicle.year, miles: item.vehicle.miles, style: BODY_STYLE[item.vehicle.body],
      transmission: r() < 0.85 ? 'a' : 'm', drivetrain: item.vehicle.body === 't' || item.vehicle.body === 's' ? pick(r, ['a', 'a', 'r'] as const) : pick(r, ['f', 'f', 'a'] as const),
    };
    if (r() < 0.07) {
      price = null;
      flags.push(CALL_FOR_PRICE_FLAG);
    }
  } else if (r() < 0.2) flags.push('SHIPPING_ENABLED');
  return {
    id: uuidFrom(key), title: item.title, price, condition, place, distance, flags, vehicle,
    firm: r() < 0.2,
    conditionText: r() < 0.1 ? CONDITION_LABELS[condition]![ask.vehicle ? 1 : 0] : null,
    promoted: r() < 0.04,
    posted: r(),
    score: r(),
  };
}

/** Every listing near the point for the keywords and category, nearest first, up to UNIVERSE_CAP. */
function universe(ask: FeedAsk, maxMiles: number): SimListing[] {
  const seed = `${ask.q.toLowerCase()}|${ask.category ?? ''}`;
  const rq = seededRandom(seed);
  // Some keywords are common, some rare: the mean number of listings a ZIP holds.
  const density = ask.vehicle ? 0.05 + rq() * 0.25 : 0.05 + rq() * 0.55;
  const near: Array<{ zip: string; d: number }> = [];
  for (const [zip, p] of Object.entries(zctaPoints())) {
    const d = milesBetween(ask.lat, ask.lon, p.latitude, p.longitude);
    if (d <= maxMiles) near.push({ zip, d });
  }
  near.sort((a, b) => a.d - b.d || a.zip.localeCompare(b.zip));
  const out: SimListing[] = [];
  for (const { zip, d } of near) {
    const rz = seededRandom(`${seed}|${zip}`);
    let n = 0;
    while (n < 4 && rz() < density) n++;
    if (n === 0) continue;
    const place = postalZips().find(zip);
    // A ZCTA the postal list lacks is a place without a name to show: no listings there.
    if (!place.isValid) continue;
    for (let i = 0; i < n; i++) out.push(makeListing(seed, zip, i, `${place.city}, ${place.stateCode}`, d, ask));
    if (out.length >= UNIVERSE_CAP) break;
  }
  return out;
}

function matches(l: SimListing, ask: FeedAsk): boolean {
  if ((ask.priceMin !== null || ask.priceMax !== null) && l.price === null) return false;
  if (ask.priceMin !== null && l.price! < ask.priceMin) return false;
  if (ask.priceMax !== null && l.price! > ask.priceMax) return false;
  if (ask.conditions && !ask.conditions.includes(l.condition)) return false;
  const v = l.vehicle;
  if (v) {
    if (ask.makes && !ask.makes.includes(MAKE_CODES[v.make] ?? v.make)) return false;
    if (ask.milesMax !== null && v.miles > ask.milesMax) return false;
    if (ask.styles && !ask.styles.includes(v.style)) return false;
    if (ask.transmissions && !ask.transmissions.includes(v.transmission)) return false;
    if (ask.drivetrains && !ask.drivetrains.includes(v.drivetrain)) return false;
  }
  return true;
}

function compare(sort: string): (a: SimListing, b: SimListing) => number {
  const priceOr = (l: SimListing, none: number): number => l.price ?? none;
  switch (sort) {
    case '-posted': return (a, b) => b.posted - a.posted;
    case 'distance': return (a, b) => a.distance - b.distance;
    case 'price': return (a, b) => priceOr(a, Infinity) - priceOr(b, Infinity);
    case '-price': return (a, b) => priceOr(b, -1) - priceOr(a, -1);
    case '-vehicle_year': return (a, b) => (b.vehicle?.year ?? 0) - (a.vehicle?.year ?? 0);
    case 'vehicle_miles': return (a, b) => (a.vehicle?.miles ?? Infinity) - (b.vehicle?.miles ?? Infinity);
    default: return (a, b) => b.score - a.score;
  }
}

interface Ordered {
  listings: SimListing[];
  /** The radius ring each listing belongs to (the first offered radius reaching it). */
  ring: Map<string, number>;
}

/** The listings a search pages through: the applied radius first, then each wider ring, each sorted. */
function ordered(ask: FeedAsk, cache: Map<string, SimListing[]>): Ordered {
  const ladder = offeredRadii(ask.vehicle).filter((r) => r >= ask.radius);
  const maxMiles = ladder[ladder.length - 1]!;
  const key = `${ask.q.toLowerCase()}|${ask.category}|${ask.lat}|${ask.lon}|${maxMiles}`;
  let all = cache.get(key);
  if (!all) {
    all = universe(ask, maxMiles);
    cache.set(key, all);
    if (cache.size > 16) cache.delete(cache.keys().next().value!);
  }
  const ring = new Map<string, number>();
  const rings = ladder.map(() => [] as SimListing[]);
  for (const l of all) {
    if (!matches(l, ask)) continue;
    const idx = ladder.findIndex((r) => l.distance <= r);
    rings[idx]!.push(l);
    ring.set(l.id, ladder[idx]!);
  }
  const cmp = compare(ask.sort);
  return { listings: rings.flatMap((r) => r.sort((a, b) => cmp(a, b) || a.id.localeCompare(b.id))), ring };
}

interface SimCursor {
  o: number;
  prev: number;
  p: number;
  k: string;
}

function searchKey(ask: FeedAsk): string {
  const { cursor: _c, session: _s, ...rest } = ask;
  return hex(JSON.stringify(rest)).slice(0, 12);
}

function readCursor(token: string, key: string): SimCursor | null {
  try {
    const c = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as SimCursor;
    return Number.isInteger(c.o) && Number.isInteger(c.prev) && Number.isInteger(c.p) && c.k === key ? c : null;
  } catch {
    return null;
  }
}

function listingTile(l: SimListing, seller: boolean, vehicle: boolean): Record<string, unknown> {
  return {
    __typename: seller ? 'ModularFeedTileSellerAd' : 'ModularFeedTileListing',
    tileId: uuidFrom(`tile|${l.id}|${seller}`),
    tileType: seller ? 'AD_1P' : 'LISTING',
    listing: {
      __typename: 'ModularFeedListing',
      listingId: l.id,
      title: l.title,
      price: l.price === null ? '' : String(l.price),
      // Real feeds carry no condition text or firm-price flag in search (null in every capture).
      conditionText: null,
      flags: l.flags,
      isFirmPrice: null,
      locationName: l.place,
      vehicleMiles: vehicle && l.vehicle ? l.vehicle.miles : null,
      image: { __typename: 'ModularFeedImage', url: `https://images.offerup.com/${hex(l.id).slice(0, 20)}=/250x250/${l.id.slice(0, 4)}/${hex(l.id).slice(20)}.jpg`, width: 250, height: 250 },
    },
  };
}

function selection(target: string, options: Array<[string, string]>, selected: readonly string[]): Record<string, unknown> {
  return {
    __typename: 'ModularFeedSelectionListFilter', targetName: target,
    options: options.map(([value, label]) => ({ value, label, isSelected: selected.includes(value) })),
  };
}

function range(min: string, max: string, lo: number | null, hi: number | null): Record<string, unknown> {
  return {
    __typename: 'ModularFeedNumericRangeFilter',
    lowerBound: { targetName: min, value: lo === null ? null : String(lo) },
    upperBound: { targetName: max, value: hi === null ? null : String(hi) },
  };
}

function echoFilters(ask: FeedAsk, shownRadius: number): Array<Record<string, unknown>> {
  const radii = offeredRadii(ask.vehicle).map((r): [string, string] => [String(r), r === 5000 ? 'Maximum' : `${r} miles`]);
  const sorts = Object.entries(SORT_LABELS).filter(([v]) => ask.vehicle || !VEHICLE_SORT_WIRE.has(v));
  const out = [
    selection('DISTANCE', radii, [String(shownRadius)]),
    selection('SORT', sorts, [ask.sort]),
    range('PRICE_MIN', 'PRICE_MAX', ask.priceMin, ask.priceMax),
    selection('CONDITION', Object.values(CONDITION_WIRE).map((c) => [c, CONDITION_LABELS[c]![ask.vehicle ? 1 : 0]]), ask.conditions ?? []),
  ];
  if (ask.vehicle) {
    out.push(
      selection(VEHICLE_WIRE.vehicle_make.key, Object.entries(MAKE_CODES).map(([m, code]) => [code, titleCase(m.replaceAll('_', ' '))]), ask.makes ?? []),
      selection(VEHICLE_WIRE.vehicle_max_mileage.key, MILEAGES.map((m) => [String(m), m === 0 ? 'No miles' : `Up to ${m.toLocaleString('en-US')} miles`]), ask.milesMax === null ? [] : [String(ask.milesMax)]),
      selection(VEHICLE_WIRE.vehicle_style.key, STYLES.map((s) => [s, STYLE_LABELS[s]!]), ask.styles ?? []),
      selection(VEHICLE_WIRE.vehicle_transmission.key, TRANSMISSIONS, ask.transmissions ?? []),
      selection(VEHICLE_WIRE.vehicle_drivetrain.key, DRIVETRAINS, ask.drivetrains ?? []),
    );
  }
  return out;
}

function json(status: number, body: unknown): SimResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

function graphqlError(message: string, code: string): SimResponse {
  return json(400, { errors: [{ message, extensions: { code } }], data: null });
}

/** One feed page for a search; `step`: the market's drift step (sim/drift.ts). */
function feedPage(ask: FeedAsk, cache: Map<string, SimListing[]>, step = 0): SimResponse {
  const key = searchKey(ask);
  const cursor = ask.cursor === null ? { o: 0, prev: 0, p: 1, k: key } : readCursor(ask.cursor, key);
  if (!cursor) return graphqlError('Invalid page cursor', 'BAD_USER_INPUT');
  const { listings: usual, ring } = ordered(ask, cache);
  // A new listing is drawn as every listing of the search is, at the place of one further down.
  const renew = (r: () => number, like: SimListing): SimListing => makeListing(`drift|${key}`, like.place, Math.floor(r() * 1e9), like.place, like.distance, ask);
  const listings = drifted(usual, step, `mkt_e|${key}`, { id: 'id', price: 'price', renew, keep: (l) => matches(l, ask) });
  // Paid listings of the area this page starts in (never from farther than the page reaches).
  const startRing = listings[cursor.o] !== undefined ? ring.get(listings[cursor.o]!.id) ?? ask.radius : Math.max(ask.radius, ...ring.values());
  const promotedPool = listings.filter((l) => l.promoted && (ring.get(l.id) ?? ask.radius) <= startRing);
  const sellerAds = promotedPool.length === 0 ? [] : [...new Set(Array.from({ length: SELLER_ADS_PER_PAGE }, (_, i) => promotedPool[(cursor.p * SELLER_ADS_PER_PAGE + i) % promotedPool.length]!))];
  const previous = listings.slice(cursor.prev, cursor.o);
  const repeats = cursor.p > 1 ? previous.filter((_, i) => i % Math.max(1, Math.floor(previous.length / REPEATS_PER_PAGE)) === 0).slice(0, REPEATS_PER_PAGE) : [];
  const room = Math.max(1, ask.limit - sellerAds.length - repeats.length);
  const fresh = listings.slice(cursor.o, cursor.o + room);
  const nextO = cursor.o + fresh.length;
  // The area this page reaches: a page of repeats keeps the area of the page it repeats.
  const widest = Math.max(ask.radius, ...[...repeats, ...fresh, ...sellerAds].map((l) => ring.get(l.id) ?? ask.radius));

  const tiles: Array<Record<string, unknown>> = [...repeats, ...fresh].map((l) => listingTile(l, false, ask.vehicle));
  sellerAds.forEach((l, i) => tiles.splice(Math.min(tiles.length, 3 + i * 17), 0, listingTile(l, true, ask.vehicle)));
  if (tiles.length > 8) tiles.splice(8, 0, { __typename: 'ModularFeedTileGoogleDisplayAd', tileId: uuidFrom(`ad|${key}|${cursor.p}`), tileType: 'AD_3P_GOOGLE_DISPLAY' });
  const feed = {
    __typename: 'ModularFeed',
    analyticsData: { requestId: null, searchPerformedEventUniqueId: uuidFrom(`ev|${key}|${cursor.p}`), searchSessionId: ask.session },
    categoryInfo: { categoryId: ask.category, isForcedCategory: ask.forcedCategory },
    filters: echoFilters(ask, widest),
    // As in every real answer: all tiles in looseTiles, no modules.
    looseTiles: tiles,
    modules: [],
    // Like the real feed, a full page at the very end still carries a cursor: the page after it
    // holds only repeats, and no cursor.
    pageCursor: nextO < listings.length || fresh.length === room ? Buffer.from(JSON.stringify({ o: nextO, prev: cursor.o, p: cursor.p + 1, k: key } satisfies SimCursor)).toString('base64url') : null,
    query: { appliedQuery: null, decisionType: null, originalQuery: ask.q, suggestedQuery: null },
  };
  return json(200, { data: { modularFeed: feed } });
}

function readParams(req: SimRequest): Map<string, string> | SimResponse {
  if (req.method !== 'POST' || req.path !== FEED_PATH) return { status: 404, headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>Page not found | OfferUp</title>' };
  let body: { operationName?: unknown; variables?: { searchParams?: unknown } };
  try {
    body = JSON.parse(req.body) as typeof body;
  } catch {
    return graphqlError('POST body missing, invalid Content-Type, or JSON object has no keys.', 'BAD_REQUEST');
  }
  if (body.operationName !== OPERATION) return graphqlError(`Unknown operation ${String(body.operationName)}`, 'GRAPHQL_VALIDATION_FAILED');
  const list = body.variables?.searchParams;
  if (!Array.isArray(list)) return graphqlError('Variable "$searchParams" is required', 'BAD_USER_INPUT');
  const params = new Map<string, string>();
  for (const p of list as Array<{ key?: unknown; value?: unknown }>) {
    if (typeof p?.key !== 'string' || typeof p.value !== 'string') return graphqlError('SearchParam values must be strings', 'BAD_USER_INPUT');
    params.set(p.key.toLowerCase(), p.value);
  }
  return params;
}

export function createMktESimulator(): Simulator {
  const cache = new Map<string, SimListing[]>();
  return {
    handle(req: SimRequest): SimResponse {
      const params = readParams(req);
      if (!(params instanceof Map)) return params;
      const ask = readAsk(params);
      if (typeof ask === 'string') return graphqlError(ask, 'BAD_USER_INPUT');
      return feedPage(ask, cache, req.driftStep);
    },
    renderFault(fault): SimResponse {
      if (fault === 'bot_wall') {
        return {
          status: 403,
          headers: { 'content-type': 'text/html; charset=UTF-8', server: 'cloudflare', 'cf-ray': '8f1e2d3c4b5a6978-SEA', 'cf-mitigated': 'challenge' },
          body: '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div id="challenge-running">Verifying you are human. This may take a few seconds.</div><noscript>Enable JavaScript and cookies to continue</noscript></body></html>',
        };
      }
      if (fault === 'login_wall') return json(401, { errors: [{ message: 'You must be logged in to perform this action', extensions: { code: 'UNAUTHENTICATED' } }], data: null });
      return json(200, { data: { searchFeed: { items: [{ id: '1', name: 'changed shape' }], nextToken: null } } });
    },
  };
}
