/**
 * @module vehicle-makes
 * The manufacturer identifiers `vehicle_make` accepts (mkt_e, interface 4.5 rule 1): the 61
 * makes of the `VEH_MAKE` filter of a cars-and-trucks search (gql-modular-feed-civic.json),
 * each identifier the label in lowercase with words joined by underscores ("Land Rover" →
 * `land_rover`). The values are the interface's, so the OpenAPI description and the SDK's
 * types list them from here; the mkt_e adapter maps each to the marketplace's option value
 * (packages/marketplaces/src/mkt_e/vehicle.ts, checked by the type-checker to cover them all).
 */
export const VEHICLE_MAKE_IDS = [
  'abarth', 'acura', 'alfa_romeo', 'am_general', 'aston_martin', 'audi', 'bentley', 'bmw', 'bugatti',
  'buick', 'cadillac', 'chevrolet', 'chrysler', 'daewoo', 'daihatsu', 'datsun', 'dodge', 'eagle',
  'ferrari', 'fiat', 'fisker', 'ford', 'genesis', 'gmc', 'honda', 'hummer', 'hyundai', 'infiniti',
  'isuzu', 'jaguar', 'jeep', 'kia', 'lamborghini', 'land_rover', 'lexus', 'lincoln', 'lotus',
  'maserati', 'mazda', 'mclaren', 'mercedes_benz', 'mercury', 'mini', 'mitsubishi', 'nissan',
  'oldsmobile', 'plymouth', 'pontiac', 'porsche', 'ram', 'rolls_royce', 'saab', 'saturn', 'scion',
  'smart', 'subaru', 'suzuki', 'tesla', 'toyota', 'volkswagen', 'volvo',
] as const;

export type VehicleMake = (typeof VEHICLE_MAKE_IDS)[number];

export const VEHICLE_MAKES: ReadonlySet<string> = new Set(VEHICLE_MAKE_IDS);
