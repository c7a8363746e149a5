import { ApiError, findRoute, validateSearch, type Search } from '@listings/contract';
import { DEFAULT_RADIUS, appliedRadius, checkSearch, mapRadius, predictsVehicle, resolveCenter } from './params.ts';
import { keywordsNameCars } from './vehicle.ts';
import { lookupZip } from './zip.ts';

const route = findRoute('mkt_e/listings')!;

function search(query: string): Search {
  return validateSearch(route, [...new URLSearchParams(query)], { cursorSecret: 'test-secret' });
}

/** The core's two steps: the parameter table (validateSearch), then the adapter's check(). */
function problem(query: string): { param: string; message: string } | null {
  return checkSearch(search(query));
}

function tableRefuses(query: string, param: string): void {
  let err: unknown;
  try {
    search(query);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ code: 'unsupported_or_invalid_query', param });
}

describe('mkt_e location: zip or lat+lon', () => {
  test('a ZIP with a Census area centres on its ZCTA internal point', () => {
    expect(problem('q=bike&zip=10001')).toBeNull();
    // Census Gazetteer INTPTLAT/INTPTLONG of ZCTA 10001: 40.75065, -73.997293.
    expect(resolveCenter(search('q=bike&zip=10001'))).toEqual({ zip: '10001', latitude: 40.7507, longitude: -73.9973 });
  });

  test('a PO-box-only ZIP is refused with its own message', () => {
    expect(lookupZip('10008')).toEqual({ kind: 'no_census_area', place: 'New York, NY' });
    const p = problem('q=bike&zip=10008');
    expect(p?.param).toBe('zip');
    expect(p?.message).toMatch(/10008 \(New York, NY\) is a real ZIP code without a Census area \(PO-box-only/u);
  });

  test.each(['90009', '20013', '12345', '00501'])('other ZIPs without a Census area (%s) are refused the same way', (zip) => {
    expect(problem(`q=bike&zip=${zip}`)?.message).toMatch(/without a Census area/u);
  });

  test('an unknown ZIP is refused', () => {
    expect(lookupZip('99999').kind).toBe('unknown');
    expect(problem('q=bike&zip=99999')).toEqual({ param: 'zip', message: 'zip 99999 is not a US ZIP code.' });
    expect(problem('q=bike&zip=00000')?.message).toMatch(/not a US ZIP/u);
  });

  test('a ZIP that is not five digits never reaches the adapter', () => {
    tableRefuses('q=bike&zip=1234', 'zip');
    tableRefuses('q=bike&zip=123456', 'zip');
    tableRefuses('q=bike&zip=1234a', 'zip');
  });

  test('lat and lon together, rounded to 4 decimals', () => {
    expect(problem('q=bike&lat=47.252877&lon=-122.444290')).toBeNull();
    expect(resolveCenter(search('q=bike&lat=47.252877&lon=-122.444290'))).toEqual({ zip: null, latitude: 47.2529, longitude: -122.4443 });
  });

  test('exactly one of the two forms', () => {
    expect(problem('q=bike')).toEqual({ param: 'zip', message: 'mkt_e searches around a place: send zip, or both lat and lon.' });
    expect(problem('q=bike&zip=10001&lat=40.7&lon=-74')?.param).toBe('zip');
    expect(problem('q=bike&zip=10001&lat=40.7')?.message).toBe('Send zip, or lat and lon, not both.');
    expect(problem('q=bike&lat=40.7')).toEqual({ param: 'lon', message: 'lon is needed with lat.' });
    expect(problem('q=bike&lon=-74')).toEqual({ param: 'lat', message: 'lat is needed with lon.' });
  });

  test('lat 17-72 and lon -180 to -64 are the table\'s ranges', () => {
    expect(problem('q=bike&lat=17&lon=-180')).toBeNull();
    expect(problem('q=bike&lat=72&lon=-64')).toBeNull();
    tableRefuses('q=bike&lat=16.9999&lon=-100', 'lat');
    tableRefuses('q=bike&lat=72.01&lon=-100', 'lat');
    tableRefuses('q=bike&lat=40&lon=-63.9', 'lon');
    tableRefuses('q=bike&lat=40&lon=-180.5', 'lon');
    tableRefuses('q=bike&lat=north&lon=-100', 'lat');
  });
});

describe('mkt_e radius rules (interface 4.5)', () => {
  test('only the ten documented values are accepted', () => {
    tableRefuses('q=bike&zip=10001&radius=15', 'radius');
    tableRefuses('q=bike&zip=10001&radius=0', 'radius');
    tableRefuses('q=bike&zip=10001&radius=40.5', 'radius');
    for (const r of [5, 10, 20, 25, 30, 50, 80, 100, 200, 5000]) expect(problem(`q=bike&zip=10001&radius=${r}`)).toBeNull();
  });

  test.each([
    [5, 5], [10, 10], [20, 20], [30, 30], [50, 50], [25, 20], [80, 50], [100, 50], [200, 50], [5000, 50],
  ])('ordinary search: %i miles → %i', (asked, applied) => {
    expect(mapRadius(asked, false)).toBe(applied);
  });

  test.each([
    [25, 25], [80, 80], [100, 100], [200, 200], [5000, 5000], [30, 25], [50, 25], [5, 25], [10, 25], [20, 25],
  ])('vehicle search: %i miles → %i', (asked, applied) => {
    expect(mapRadius(asked, true)).toBe(applied);
  });

  test('defaults: 30, or 80 for vehicle searches', () => {
    expect(DEFAULT_RADIUS).toEqual({ ordinary: 30, vehicle: 80 });
    expect(appliedRadius(search('q=bike&zip=10001'), false)).toBe(30);
    expect(appliedRadius(search('q=toyota camry&zip=10001'), true)).toBe(80);
    expect(appliedRadius(search('q=toyota camry&zip=10001&radius=30'), true)).toBe(25);
  });
});

describe('mkt_e vehicle searches', () => {
  test('category 5.1, or keywords naming cars and trucks', () => {
    expect(predictsVehicle(search('q=blue&zip=10001&category=5.1'))).toBe(true);
    expect(predictsVehicle(search('q=honda civic&zip=10001'))).toBe(true);
    expect(predictsVehicle(search('q=honda civic&zip=10001&category=5'))).toBe(true);
    expect(predictsVehicle(search('q=honda civic&zip=10001&category=1.2'))).toBe(false);
    expect(predictsVehicle(search('q=sofa&zip=10001'))).toBe(false);
  });

  test.each([
    ['honda civic', true], ['2012 Ford F-150', true], ['chevy silverado', true], ['land rover defender', true], ['tesla model 3', true],
    ['pickup truck', true], ['used sedan', true], ['mercedes benz c300', true],
    ['car seat', false], ['toy truck', false], ['truck tires', false], ['honda generator', false], ['ford mustang poster', false],
    ['sofa', false], ['iphone 13', false], ['2015 civic', false],
  ])('keywords %j name cars and trucks: %s', (q, yes) => {
    expect(keywordsNameCars(q)).toBe(yes);
  });

  test.each([
    ['vehicle_make=toyota', 'vehicle_make'],
    ['vehicle_max_mileage=50000', 'vehicle_max_mileage'],
    ['vehicle_style=suv,truck', 'vehicle_style'],
    ['vehicle_transmission=manual', 'vehicle_transmission'],
    ['vehicle_drivetrain=awd', 'vehicle_drivetrain'],
    ['sort=newest_model', 'sort'],
    ['sort=lowest_mileage', 'sort'],
  ])('%s is refused on an ordinary search', (extra, param) => {
    const p = problem(`q=sofa&zip=10001&${extra}`);
    expect(p?.param).toBe(param);
    expect(p?.message).toMatch(/applies only to vehicle searches: send category=5\.1/u);
    expect(problem(`q=toyota&zip=10001&category=1.2&${extra}`)?.param).toBe(param);
  });

  test('vehicle-only parameters and sorts are accepted on vehicle searches', () => {
    const all = 'vehicle_make=toyota,land_rover&vehicle_max_mileage=100000&vehicle_style=suv&vehicle_transmission=automatic&vehicle_drivetrain=awd,fwd';
    expect(problem(`q=blue&zip=10001&category=5.1&${all}&sort=newest_model`)).toBeNull();
    expect(problem(`q=toyota rav4&zip=10001&${all}&sort=lowest_mileage`)).toBeNull();
  });

  test('vehicle_make values come from the fixed set of manufacturer identifiers', () => {
    expect(problem('q=car&zip=10001&vehicle_make=yugo')).toEqual({ param: 'vehicle_make', message: expect.stringMatching(/"yugo" is not a manufacturer identifier/u) as unknown as string });
    tableRefuses('q=car&zip=10001&vehicle_make=Land Rover', 'vehicle_make');
    tableRefuses('q=car&zip=10001&vehicle_make=ford,ford', 'vehicle_make');
  });

  test('vehicle values outside their sets never reach the adapter', () => {
    tableRefuses('q=car&zip=10001&vehicle_max_mileage=30000', 'vehicle_max_mileage');
    tableRefuses('q=car&zip=10001&vehicle_style=coupe', 'vehicle_style');
    tableRefuses('q=car&zip=10001&vehicle_transmission=cvt', 'vehicle_transmission');
    tableRefuses('q=car&zip=10001&vehicle_drivetrain=4wd', 'vehicle_drivetrain');
  });

  test('condition codes are the same on vehicle searches', () => {
    expect(problem('q=car&zip=10001&condition=refurbished,for_parts,other')).toBeNull();
  });
});

describe('mkt_e category', () => {
  test('a category of the taxonomy is accepted, another is refused', () => {
    expect(problem('q=lamp&zip=10001&category=2')).toBeNull();
    expect(problem('q=lamp&zip=10001&category=2.10')).toBeNull();
    expect(problem('q=lamp&zip=10001&category=2.11')?.param).toBe('category');
    expect(problem('q=lamp&zip=10001&category=15')?.param).toBe('category');
    tableRefuses('q=lamp&zip=10001&category=1.1.2', 'category');
    tableRefuses('q=lamp&zip=10001&category=cars', 'category');
  });
});
