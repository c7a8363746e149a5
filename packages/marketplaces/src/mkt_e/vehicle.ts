/**
 * @module mkt_e/vehicle
 * Vehicle searches (interface 4.5 rule 1): the manufacturer identifiers `vehicle_make` accepts,
 * and the adapter's reading of whether keywords name cars and trucks.
 *
 * The marketplace decides whether a search is treated as cars and trucks; its answer
 * (`categoryInfo.categoryId`) is what `result.vehicle_search` reports. The keyword reading here
 * only predicts that answer before the search is sent, to validate vehicle-only parameters and
 * pick the radius rules; a client whose keywords are not recognized sends `category=5.1`.
 */

import { VEHICLE_MAKES as CONTRACT_MAKES, type VehicleMake } from '@listings/contract';

/**
 * The marketplace's option values of the `VEH_MAKE` filter for the manufacturer identifiers
 * `vehicle_make` accepts (the contract's VEHICLE_MAKE_IDS, every one of them: the type-checker
 * holds this table to that list), from a cars-and-trucks search (gql-modular-feed-civic.json):
 * "Land Rover" (`land_rover`) is value `ld`.
 */
export const MAKE_CODES: Readonly<Record<string, string>> = {
  abarth: 'ab', acura: 'ac', alfa_romeo: 'ad', am_general: 'aj', aston_martin: 'an', audi: 'ap', bentley: 'bb', bmw: 'bf', bugatti: 'bi',
  buick: 'bj', cadillac: 'c', chevrolet: 'cc', chrysler: 'cd', daewoo: 'd', daihatsu: 'dc', datsun: 'de', dodge: 'dh', eagle: 'e',
  ferrari: 'fb', fiat: 'fc', fisker: 'fd', ford: 'fe', genesis: 'ga', gmc: 'ge', honda: 'hb', hummer: 'he', hyundai: 'hf', infiniti: 'i',
  isuzu: 'ic', jaguar: 'j', jeep: 'jb', kia: 'k', lamborghini: 'lb', land_rover: 'ld', lexus: 'lf', lincoln: 'lg', lotus: 'lh',
  maserati: 'mb', mazda: 'me', mclaren: 'mf', mercedes_benz: 'mh', mercury: 'mi', mini: 'mk', mitsubishi: 'ml', nissan: 'n',
  oldsmobile: 'o', plymouth: 'pe', pontiac: 'pf', porsche: 'pg', ram: 'r', rolls_royce: 're', saab: 's', saturn: 'sb', scion: 'sc',
  smart: 'sh', subaru: 'sl', suzuki: 'sn', tesla: 'tc', toyota: 'td', volkswagen: 'vb', volvo: 'vc',
} satisfies Record<VehicleMake, string>;

/** The identifiers `vehicle_make` accepts: the contract's. */
export const VEHICLE_MAKES: ReadonlySet<string> = CONTRACT_MAKES;

/** Everyday names of makes, as people type them. */
const MAKE_ALIASES: Readonly<Record<string, string>> = {
  chevy: 'chevrolet', vw: 'volkswagen', mercedes: 'mercedes_benz', benz: 'mercedes_benz', landrover: 'land_rover',
  alfa: 'alfa_romeo', rolls: 'rolls_royce', beemer: 'bmw',
};

/** Body words that name a car or truck. */
const BODY_WORDS = new Set(['car', 'cars', 'truck', 'trucks', 'pickup', 'sedan', 'suv', 'coupe', 'minivan', 'hatchback', 'convertible', 'wagon', '4x4']);

/**
 * Words that turn a vehicle word into something else (a car seat, truck tires, a toy car,
 * parts): the marketplace files those under their own categories.
 */
const NOT_A_VEHICLE = new Set([
  'seat', 'seats', 'toy', 'toys', 'diecast', 'lego', 'rc', 'remote', 'kids', 'baby', 'part', 'parts',
  'tire', 'tires', 'rim', 'rims', 'wheel', 'wheels', 'cover', 'covers', 'mat', 'mats', 'charger', 'stereo', 'radio',
  'speaker', 'speakers', 'subwoofer', 'battery', 'bumper', 'headlight', 'headlights', 'mirror', 'rack', 'bed', 'hitch',
  'keychain', 'wash', 'vacuum', 'jack', 'ramp', 'camera', 'mount', 'holder', 'wax', 'polish', 'cleaner', 'generator',
  'mower', 'lawn', 'shirt', 'hat', 'jacket', 'poster', 'sign', 'key', 'keys', 'fob', 'book', 'engine',
  'motor', 'motorcycle', 'dirt', 'bike', 'atv', 'boat', 'trailer', 'camper', 'rv', 'golf', 'cart', 'scooter',
]);

/** Lowercase words of the keywords (letters, digits; hyphens and dots split words). */
export function keywordTokens(q: string): string[] {
  return q.toLowerCase().split(/[^a-z0-9]+/u).filter((w) => w.length > 0);
}

/** The make a word (or two adjacent words) names, if any. */
export function makeOf(tokens: readonly string[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const one = tokens[i]!;
    const two = i + 1 < tokens.length ? `${one}_${tokens[i + 1]}` : '';
    if (two && VEHICLE_MAKES.has(two)) return two;
    if (VEHICLE_MAKES.has(one)) return one;
    if (MAKE_ALIASES[one]) return MAKE_ALIASES[one];
  }
  return null;
}

/**
 * Whether keywords name cars and trucks: a make or a body word, and no word that makes it an
 * accessory, a part, a toy or another kind of vehicle.
 */
export function keywordsNameCars(q: string, extraModels: ReadonlySet<string> = new Set()): boolean {
  const tokens = keywordTokens(q);
  if (tokens.some((t) => NOT_A_VEHICLE.has(t))) return false;
  return makeOf(tokens) !== null || tokens.some((t) => BODY_WORDS.has(t) || extraModels.has(t));
}
