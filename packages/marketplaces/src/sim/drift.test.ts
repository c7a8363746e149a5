import { drifted, DROPS_PER_STEP, idLike, NEW_PER_STEP } from './drift.ts';
import { seededRandom } from './kit.ts';

interface Item { id: string; cents: number; title: string }
const items: Item[] = Array.from({ length: 60 }, (_, i) => ({ id: `${1 + (i % 9)}${String(i).padStart(11, '0')}`, cents: 1000 + i * 100, title: `item ${i}` }));
const fields = { id: 'id', price: 'cents' } as const;

test('step 0 is the list as it is', () => {
  expect(drifted(items, 0, 'seed', fields)).toEqual(items);
});

test('each step adds new listings on top, ids of the same shape, and lowers prices near the top; deterministic', () => {
  const one = drifted(items, 1, 'seed', fields);
  const two = drifted(items, 2, 'seed', fields);
  expect(drifted(items, 2, 'seed', fields)).toEqual(two);
  expect(drifted(items, 2, 'other', fields)).not.toEqual(two);
  const known = new Set(items.map((x) => x.id));
  expect(one.slice(0, NEW_PER_STEP).every((x) => !known.has(x.id))).toBe(true);
  expect(two.filter((x) => !known.has(x.id))).toHaveLength(2 * NEW_PER_STEP);
  for (const x of two.filter((y) => !known.has(y.id))) expect(x.id).toMatch(/^[1-9]\d{11}$/u);
  // Step 2 builds on step 1: what step 1 added is still there.
  expect(one.slice(0, NEW_PER_STEP).every((x) => two.some((y) => y.id === x.id))).toBe(true);
  const cheaper = two.filter((x) => known.has(x.id) && x.cents < items.find((y) => y.id === x.id)!.cents);
  expect(cheaper.length).toBeGreaterThan(0);
  expect(cheaper.length).toBeLessThanOrEqual(2 * DROPS_PER_STEP);
});

test('idLike keeps length and kinds of characters', () => {
  const r = seededRandom('x');
  expect(idLike('a1f9e0c3', r)).toMatch(/^[a-f][0-9][a-f][0-9][a-f][0-9][a-f][0-9]$/u);
  expect(idLike('m12345678901', r)).toMatch(/^m\d{11}$/u);
  expect(idLike('7f3a-UUID', r)).toMatch(/^\d[a-f]\d[a-f]-UUI[A-F]$/u);
});

test('numeric ids make numeric ids', () => {
  const nums = [{ id: 300000123, cents: 500 }, { id: 300000456, cents: 700 }];
  const out = drifted(nums, 1, 'n', { id: 'id', price: 'cents' });
  expect(out.every((x) => typeof x.id === 'number' && String(x.id).length === 9)).toBe(true);
});

test('with renew, a new listing is drawn afresh (title and ask), the search\'s filters kept; without a listing they keep, a copy', () => {
  const renew = (r: () => number): Partial<Item> => ({ title: `new item ${Math.floor(r() * 1e6)}`, cents: 500 + Math.floor(r() * 5000) });
  const out = drifted(items, 2, 'seed', { ...fields, renew });
  const known = new Set(items.map((x) => x.id));
  const fresh = out.filter((x) => !known.has(x.id));
  expect(fresh).toHaveLength(2 * NEW_PER_STEP);
  for (const x of fresh) expect(x.title).toMatch(/^new item \d+$/u);
  expect(new Set(fresh.map((x) => x.title)).size).toBe(fresh.length);
  // A filter the draws must pass: only asks under $20 are kept.
  const cheap = drifted(items, 1, 'seed', { ...fields, renew, keep: (x) => x.cents < 2000 }).filter((x) => !known.has(x.id));
  for (const x of cheap) expect(x.cents).toBeLessThan(2000);
  // No draw passes: the new listing is a copy under a new id, as without renew.
  const refused = drifted(items, 1, 'seed', { ...fields, renew, keep: (x) => x.title.startsWith('item') }).filter((x) => !known.has(x.id));
  for (const x of refused) expect(x.title).toMatch(/^item \d+$/u);
  expect(drifted(items, 2, 'seed', { ...fields, renew })).toEqual(out);
});
