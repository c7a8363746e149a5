/**
 * `/console/distances`, the Local view's distance list: estimated miles from a search's centre
 * to the centre of a seller's city, and every refusal of its input (422 naming the parameter,
 * 405 for other methods, never a 500).
 */
import { milesBetween, postalZips } from '@listings/marketplaces';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true });
});
afterAll(async () => {
  await stack.close();
});

async function distances(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${stack.url}/console/distances?${query}`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

test('miles from the point to the mean point of the city\'s ZIPs, null for an unknown place', async () => {
  // 92630 is Lake Forest, CA; Irvine is next door, Sacramento some 400 miles north.
  const from = { lat: 33.6460, lon: -117.6860 };
  const irvine = postalZips().findByRadius(from.lat, from.lon, 40).filter((z) => z.placeName === 'Irvine' && z.stateCode === 'CA');
  expect(irvine.length).toBeGreaterThan(1);
  const centre = { lat: irvine.reduce((s, z) => s + z.latitude, 0) / irvine.length, lon: irvine.reduce((s, z) => s + z.longitude, 0) / irvine.length };
  const expected = Math.round(milesBetween(from.lat, from.lon, centre.lat, centre.lon) * 10) / 10;
  const r = await distances(`lat=${from.lat}&lon=${from.lon}&place=Irvine,+CA&place=sacramento,+CA&place=Nowhereville,+ZZ`);
  expect(r.status).toBe(200);
  const d = r.body.distances as Record<string, number | null>;
  expect(d['Irvine, CA']).toBe(expected);
  expect(d['sacramento, CA']).toBeGreaterThan(350);
  expect(d['sacramento, CA']).toBeLessThan(450);
  expect(d['Nowhereville, ZZ']).toBeNull();
});

test.each([
  ['lon=-117&place=Irvine,+CA', 'lat', 'lat is required.'],
  ['lat=91&lon=-117&place=Irvine,+CA', 'lat', 'lat must be a number from -90 to 90.'],
  ['lat=abc&lon=-117&place=Irvine,+CA', 'lat', 'lat must be a number from -90 to 90.'],
  ['lat=33&lon=-181&place=Irvine,+CA', 'lon', 'lon must be a number from -180 to 180.'],
  ['lat=33&lon=1e2&place=Irvine,+CA', 'lon', 'lon must be a number from -180 to 180.'],
  ['lat=33&lon=-117', 'place', 'place is required (one or more).'],
  ['lat=33&lon=-117&place=Irvine', 'place', undefined],
  ['lat=33&lon=-117&place=Irvine,+ca', 'place', undefined],
  ['lat=33&lon=-117&place=A,B,+CA', 'place', undefined],
  ['lat=33&lon=-117&place=Irvine,+CA&zip=92630', 'zip', undefined],
  ['lat=33&lat=34&lon=-117&place=Irvine,+CA', 'lat', 'lat was sent more than once.'],
  [`lat=33&lon=-117&${Array.from({ length: 101 }, () => 'place=Irvine,+CA').join('&')}`, 'place', 'At most 100 places a call.'],
  ['lat=33&lon=-117&place=%FF', 'place', undefined],
])('%s → 422 naming %s', async (query, param, message) => {
  const r = await distances(query);
  expect(r.status).toBe(422);
  expect(r.body.error).toMatchObject({ param, ...(message ? { message } : {}) });
});

test('only GET', async () => {
  const r = await fetch(`${stack.url}/console/distances?lat=1&lon=1&place=Irvine,+CA`, { method: 'POST' });
  expect(r.status).toBe(405);
  expect(r.headers.get('allow')).toBe('GET');
});
