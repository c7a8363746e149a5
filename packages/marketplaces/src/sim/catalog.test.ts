/**
 * The sandbox catalogue on its own (sim/catalog.ts): keywords are read as the product, car,
 * category or brand they name; asks move with condition as real ones do (lower for worse
 * conditions and parts, higher for new and sealed, lots above single items); every keyword is
 * in every title; the tables hold together (every brand a category names exists, every entry
 * says where its figures come from).
 */
import { drawItem, itemRandom, readKeywords, words, type Grade, type SimMarket } from './catalog.ts';
import { KINDS } from './kinds.ts';
import { BRANDS, CARS, CATEGORIES, PRODUCTS } from './products.ts';

const MARKETS: SimMarket[] = ['mkt_a', 'mkt_b', 'mkt_c', 'mkt_d', 'mkt_e'];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function draw(q: string, market: SimMarket = 'mkt_a', n = 400, grade?: Grade): ReturnType<typeof drawItem>[] {
  const plan = readKeywords(q);
  return Array.from({ length: n }, (_, i) => drawItem(itemRandom(market, q, i), plan, market, grade ? { grade } : {}));
}

test('keywords are read as what they name', () => {
  expect(readKeywords('iphone 13')).toMatchObject({ what: 'product', label: 'Apple iPhone 13' });
  expect(readKeywords('iPhone 13 Pro Max 256GB')).toMatchObject({ what: 'product', label: 'Apple iPhone 13 Pro Max' });
  expect(readKeywords('ps5 controller')).toMatchObject({ what: 'product', label: 'Sony DualSense Wireless Controller' });
  expect(readKeywords('iphone 13 case')).toMatchObject({ what: 'generic' });
  expect(readKeywords('lenovo thinkpad laptop')).toMatchObject({ what: 'product', label: 'Lenovo ThinkPad' });
  expect(readKeywords('honda civic')).toMatchObject({ what: 'car', label: 'honda Civic' });
  expect(readKeywords('jeep wrangler')).toMatchObject({ what: 'car' });
  expect(readKeywords('wrangler jeans')).toMatchObject({ what: 'category', label: 'Wrangler jeans' });
  expect(readKeywords('carhartt jacket')).toMatchObject({ what: 'category', label: 'Carhartt jacket', brands: ['Carhartt'] });
  expect(readKeywords('desk lamp')).toMatchObject({ what: 'category', label: 'lamp' });
  expect(readKeywords('brass telescope')).toMatchObject({ what: 'generic', brands: [] });
  expect(readKeywords('iphone 13 for parts').grades).toEqual(['parts']);
  expect(readKeywords('pokemon booster box sealed').grades).toEqual(['new', 'open_box']);
});

test.each(MARKETS)('%s: asks fall with condition, parts lowest; new and sealed highest', (market) => {
  for (const q of ['iphone 13', 'kitchenaid stand mixer', 'dewalt drill']) {
    const at = (g: Grade): number => median(draw(q, market, 200, g).map((i) => i.price));
    expect(at('new')).toBeGreaterThan(at('good'));
    expect(at('good')).toBeGreaterThan(at('fair'));
    expect(at('fair')).toBeGreaterThan(at('parts'));
    expect(at('parts')).toBeLessThan(at('good') * 0.6);
  }
  const sealed = median(draw('pokemon booster box', market, 200, 'new').map((i) => i.price));
  expect(sealed).toBeGreaterThan(median(draw('pokemon booster box', market, 200, 'good').map((i) => i.price)));
  // Lots ask more than one item; the title says how many.
  const lots = draw('lululemon align lot', market, 200);
  expect(lots.every((i) => /\bLot of [2-5]\b/u.test(i.title))).toBe(true);
  expect(median(lots.map((i) => i.price))).toBeGreaterThan(median(draw('lululemon align', market, 200).map((i) => i.price)) * 1.8);
});

test.each(MARKETS)('%s: every keyword is in every title (but another model\'s off mkt_a); the condition said agrees with the one drawn', (market) => {
  for (const q of ['vintage camera lens', 'navy champion reverse weave', 'iphone 14 pro 256gb', 'toyota tacoma 2015 trd', 'gap jeans', 'spiderman comic']) {
    for (const item of draw(q, market, 80)) {
      // Off eBay a search matches loosely: another model's listing says its own name (the Poshmark page's 12 Pro on "iPhone 14 Pro 256GB").
      if (market !== 'mkt_a' && item.comp === 'other') continue;
      const have = new Set(words(item.title));
      const joined = new Set(words(item.title).flatMap((w, i, a) => (i + 1 < a.length ? [w + a[i + 1]] : [])));
      // An accessory is for the model, not for a capacity ("Case for iPhone 14 Pro" on "iphone 14 pro 256gb").
      const asked = item.comp === 'accessory' ? words(q).filter((w) => !/^\d+(gb|tb)$/u.test(w)) : words(q);
      expect([item.title, asked.filter((w) => !have.has(w) && !joined.has(w))]).toEqual([item.title, []]);
      if (/\bfor parts\b/iu.test(item.title)) expect(item.grade).toBe('parts');
      if (/\b(brand new|new sealed|factory sealed|nwt|new with tags)\b/iu.test(item.title)) expect(['new', 'open_box']).toContain(item.grade);
    }
  }
});

test('the same keywords draw the same listing; other keywords others', () => {
  const a = draw('nike dunk low', 'mkt_b', 20).map((i) => [i.title, i.price]);
  expect(draw('Nike Dunk Low', 'mkt_b', 20).map((i) => [i.title, i.price])).toEqual(a);
  expect(draw('nike dunk', 'mkt_b', 20).map((i) => [i.title, i.price])).not.toEqual(a);
});

test('the tables hold together: known kinds, brands, sources, bands around the asks drawn', () => {
  const brandNames = new Set(BRANDS.map((b) => b.name));
  const categories = new Set(CATEGORIES.map((c) => c.id));
  for (const p of PRODUCTS) {
    expect([p.names[0], KINDS[p.kind] !== undefined]).toEqual([p.names[0], true]);
    expect([p.names[0], p.src]).toEqual([p.names[0], expect.stringMatching(/^(real|est): \S/u)]);
    expect(p.band[0]).toBeLessThan(p.ref);
    expect(p.band[1]).toBeGreaterThan(p.ref);
    if (p.brand !== null) expect([p.names[0], brandNames.has(p.brand)]).toEqual([p.names[0], true]);
    if (p.cat !== undefined) expect([p.names[0], categories.has(p.cat)]).toEqual([p.names[0], true]);
  }
  for (const c of CATEGORIES) {
    expect([c.id, KINDS[c.kind] !== undefined]).toEqual([c.id, true]);
    expect([c.id, c.src]).toEqual([c.id, expect.stringMatching(/^(real|est): \S/u)]);
  }
  for (const b of BRANDS) for (const cat of b.cats) expect([b.name, categories.has(cat)]).toEqual([b.name, true]);
  for (const m of CARS) expect([m.model, m.src]).toEqual([m.model, expect.stringMatching(/^(real|est): \S/u)]);
});
