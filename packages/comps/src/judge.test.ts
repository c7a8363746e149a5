/**
 * The row judgement on hand-written pages: every kind, every reason code, the kinds of query
 * (model number, size, capacity, generation, brand only, category only, a car), titles in
 * other casing, punctuation and emoji, and pages where every row is an accessory. Each page is
 * a few rows with prices, as a reseller would read them; docs/comps.md has the rules.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { COMP_VERSION, judgePage } from './judge.ts';
import { parseQuery } from './query.ts';
import { judgeRowOf } from './rows.ts';
import type { JudgeRow } from './types.ts';
import { tokens } from './text.ts';

const row = (title: string | null, price: number | null = 100, extra: Partial<JudgeRow> = {}): JudgeRow => ({ title, condition: null, category: null, price, ...extra });

/** Judges `titles` as one page; `fill` ordinary items of the query (at `fillPrice`) give the page its median. */
function judge(query: string, rows: JudgeRow[], fill: string[] = [], fillPrice = 100): Array<[string, string[]]> {
  const page = [...rows, ...fill.map((t) => row(t, fillPrice))];
  return judgePage(query, 'mkt_a', page).slice(0, rows.length).map((j) => [j.comp_kind, j.comp_reasons]);
}

const kindOf = (query: string, title: string, price = 100, fill: string[] = [], extra: Partial<JudgeRow> = {}): string => judge(query, [row(title, price, extra)], fill)[0]![0];
const reasonsOf = (query: string, title: string, price = 100, fill: string[] = [], extra: Partial<JudgeRow> = {}): string[] => judge(query, [row(title, price, extra)], fill)[0]![1];

const IPHONE_13_PRO = Array.from({ length: 8 }, (_, i) => `Apple iPhone 13 Pro 128GB Graphite Unlocked #${i}`);
const HEADPHONES = Array.from({ length: 8 }, (_, i) => `Sony WH-1000XM4 Wireless Noise Cancelling Headphones Black ${i}`);

describe('COMP_VERSION', () => {
  test('is a semver', () => {
    expect(COMP_VERSION).toMatch(/^\d+\.\d+\.\d+$/u);
  });
});

describe('every kind', () => {
  test('item: one unit in any working condition, colour and capacity variants included', () => {
    for (const t of ['Apple iPhone 13 Pro 256GB Sierra Blue Unlocked', 'iPhone 13 Pro 1TB Gold - Open Box', 'Refurbished Apple iPhone 13 Pro 128GB Graphite', 'iPhone 13 Pro - Used - Good Condition']) {
      expect([t, kindOf('iphone 13 pro', t, 600, IPHONE_13_PRO, { condition: 'Pre-Owned' })]).toEqual([t, 'item']);
    }
    expect(reasonsOf('iphone 13 pro', 'Apple iPhone 13 Pro 256GB Sierra Blue Unlocked', 600, IPHONE_13_PRO)).toEqual([]);
  });
  test('accessory: a case, a charger, a box only, a screen protector for the product', () => {
    expect(kindOf('iphone 13 pro', 'Silicone Case for iPhone 13 Pro MagSafe Blue', 12, IPHONE_13_PRO)).toBe('accessory');
    expect(kindOf('iphone 13 pro', 'iPhone 13 Pro Empty Box Only', 15, IPHONE_13_PRO)).toBe('accessory');
    expect(kindOf('iphone 13 pro', 'Tempered Glass Screen Protector iPhone 13 Pro (3 Pack)', 8, IPHONE_13_PRO)).toBe('accessory');
    expect(kindOf('iphone 13 pro', '20W USB-C Charger compatible with iPhone 13 Pro', 9, IPHONE_13_PRO)).toBe('accessory');
  });
  test('lot: several units, or the product with other items of value', () => {
    expect(kindOf('iphone 13 pro', 'Lot of 3 Apple iPhone 13 Pro 128GB Unlocked', 1500, IPHONE_13_PRO)).toBe('lot');
    expect(kindOf('iphone 13 pro', 'Apple iPhone 13 Pro bundle with Apple Watch Series 7', 900, IPHONE_13_PRO)).toBe('lot');
    expect(kindOf('ps5', 'PS5 Console Disc Edition + 2 controllers + 3 games', 600, ['Sony PS5 Console Disc Edition', 'PlayStation 5 Console', 'PS5 Disc Console White', 'Sony PlayStation 5 Slim', 'PS5 console used'])).toBe('lot');
  });
  test('parts: the product itself broken, for parts, locked or missing a main component', () => {
    expect(kindOf('iphone 13 pro', 'Apple iPhone 13 Pro 128GB - FOR PARTS - cracked screen', 200, IPHONE_13_PRO)).toBe('parts');
    expect(kindOf('iphone 13 pro', 'iPhone 13 Pro 256GB iCloud Locked', 150, IPHONE_13_PRO)).toBe('parts');
    expect(kindOf('iphone 13 pro', 'Apple iPhone 13 Pro no power', 150, IPHONE_13_PRO)).toBe('parts');
  });
  test('other: another model or generation, another brand, a replica, unrelated', () => {
    expect(kindOf('iphone 16 pro max', 'Apple iPhone 15 Pro Max 256GB')).toBe('other');
    expect(kindOf('iphone 16 pro max', 'Apple iPhone 16 Pro 256GB')).toBe('other');
    expect(kindOf('sony wh-1000xm4 headphones', 'Bose QuietComfort 45 Headphones')).toBe('other');
    expect(kindOf('rolex submariner', 'Rolex Submariner replica watch')).toBe('other');
    expect(kindOf('pokemon', 'Patio Table and Chairs')).toBe('other');
  });
});

describe('each reason code', () => {
  test('model_mismatch and variant_mismatch, query_term_missing', () => {
    expect(reasonsOf('iphone 16 pro max', 'Apple iPhone 15 Pro Max 256GB')).toContain('model_mismatch:15');
    expect(reasonsOf('iphone 16 pro max', 'Apple iPhone 16 Pro 256GB')).toContain('query_term_missing:max');
    expect(reasonsOf('iphone 14 pro', 'Apple iPhone 14 Pro Max 256GB')).toContain('variant_mismatch:max');
    expect(reasonsOf('ps5', 'Sony PS4 Pro 1TB console')).toContain('model_mismatch:ps4');
  });
  test('brand_mismatch, category_mismatch', () => {
    expect(reasonsOf('sony wh-1000xm4 headphones', 'Bose QuietComfort 45 Headphones')).toEqual(expect.arrayContaining(['brand_mismatch:bose']));
    expect(reasonsOf('lenovo laptop', 'Lenovo Tab M10 Plus tablet 64GB')).toContain('category_mismatch:tablet');
  });
  test('replica_word, merch_word', () => {
    expect(reasonsOf('rolex submariner', 'Rolex Submariner replica watch')).toContain('replica_word:replica');
    expect(reasonsOf('2006 volkswagen new beetle', 'Hot Wheels Volkswagen New Beetle Cup')).toContain('merch_word:hot wheels');
    expect(reasonsOf('2006 volkswagen new beetle', 'Maisto 1:24 Scale 2006 Volkswagen New Beetle Convertible')).toContain('merch_word:1:24 scale');
  });
  test('accessory_word, accessory_phrase, accessory_for, no_product', () => {
    expect(reasonsOf('iphone 13 pro', 'Silicone Case for iPhone 13 Pro MagSafe Blue', 12, IPHONE_13_PRO)).toEqual(['accessory_word:case', 'accessory_for:for']);
    expect(reasonsOf('iphone 13 pro', 'iPhone 13 Pro Empty Box Only', 15, IPHONE_13_PRO)).toContain('accessory_phrase:empty box');
    expect(reasonsOf('iphone 13 pro', '20W USB-C Charger compatible with iPhone 13 Pro', 9, IPHONE_13_PRO)).toContain('accessory_phrase:compatible with');
    expect(reasonsOf('iphone 13 pro', 'For iPhone 13 Pro Magnetic Wallet', 9, IPHONE_13_PRO)).toEqual(['accessory_for:for']);
    expect(reasonsOf('iphone 13 pro', 'Apple iPhone 13 Pro original box and stickers, no phone', 9, IPHONE_13_PRO)).toContain('no_product:no phone');
  });
  test('fitment:for and fitment_years on a car searched on sold pages', () => {
    expect(reasonsOf('2006 volkswagen new beetle', '98-10 Volkswagen VW New Beetle Driver Door Panel (For: 2006 Volkswagen Beetle)', 90)).toEqual(
      expect.arrayContaining(['fitment:for', 'fitment_years:98-10']),
    );
    expect(reasonsOf('2006 volkswagen new beetle', '06 07 08 09 10 VW New Beetle Radiator Support', 90)).toContain('fitment_years:run');
  });
  test('parts_phrase, condition, missing_component, weak_parts_phrase', () => {
    expect(reasonsOf('iphone 13 pro', 'Apple iPhone 13 Pro for parts', 200, IPHONE_13_PRO)).toEqual(['parts_phrase:for parts']);
    expect(reasonsOf('sony wh-1000xm4', 'Sony WH-1000XM4 Headphones Black', 40, HEADPHONES, { condition: 'For parts or not working' })).toEqual(['condition:for parts or not working']);
    expect(reasonsOf('lenovo thinkpad t480', 'Lenovo ThinkPad T480 i5 8GB NO SSD', 90)).toEqual(['missing_component:ssd']);
    expect(judge('iphone 13 pro', [row('Apple iPhone 13 Pro 128GB read description', 90)], IPHONE_13_PRO, 600)[0]).toEqual(['parts', ['weak_parts_phrase:read description', 'price_far_below_items']]);
    expect(judge('iphone 13 pro', [row('Apple iPhone 13 Pro 128GB read description', 560)], IPHONE_13_PRO, 600)[0]).toEqual(['item', ['weak_parts_phrase:read description']]);
  });
  test('lot_phrase', () => {
    expect(reasonsOf('iphone 13 pro', 'Lot of 3 Apple iPhone 13 Pro 128GB Unlocked', 1500, IPHONE_13_PRO)).toEqual(['lot_phrase:lot of 3']);
    expect(reasonsOf('iphone 13 pro', 'Apple iPhone 13 Pro 128GB x2', 1200, IPHONE_13_PRO)).toEqual(['lot_phrase:x2']);
    expect(reasonsOf('pokemon', 'Pokemon cards set of 4 holo', 10)).toEqual(['lot_phrase:set of 4']);
    expect(reasonsOf('pokemon', '50 Pokemon cards holo rares', 10)).toEqual(['lot_phrase:50 cards']);
  });
  test('price_far_below_items, price_below_items and mentions: a weak accessory word is decided by the price', () => {
    const page = judge('sony wh-1000xm4', [row('Sony WH-1000XM4 headband cover', 14), row('Sony WH-1000XM4 cable', 36), row('Sony WH-1000XM4 Headphones with carry case', 110), row('Sony WH-1000XM4 cushions', 100)], HEADPHONES, 110);
    expect(page).toEqual([
      ['accessory', ['accessory_word:headband', 'price_far_below_items']],
      ['accessory', ['accessory_word:cable', 'price_below_items']],
      ['item', []],
      // A definite accessory word decides whatever the price.
      ['accessory', ['accessory_word:cushions']],
    ]);
    expect(judge('sony wh-1000xm4', [row('Sony WH-1000XM4 Headphones Black case', 100)], HEADPHONES, 110)[0]).toEqual(['item', ['mentions:case']]);
  });
  test('price_far_below_items on an item is a caveat, not a verdict: a cheap unit stays an item', () => {
    expect(judge('sony wh-1000xm4', [row('Sony WH-1000XM4 Headphones Black', 20)], HEADPHONES, 110)[0]).toEqual(['item', ['price_far_below_items']]);
  });
  test('bundle_with: the query\'s kind of product joined to another kind, or listed with two more', () => {
    expect(reasonsOf('pink floyd cd', 'Pink Floyd Animals Deluxe LP / CD / Blu-ray / DVD', 80)).toContain('bundle_with:lp');
    expect(reasonsOf('pink floyd cd', 'Pink Floyd Animals Box Set LP CD BR DVD', 80)).toContain('bundle_with:lp');
    expect(reasonsOf('mechanical keyboard', 'Mechanical Gaming Keyboard and Mouse Combo RGB', 40)).toEqual(['bundle_with:mouse']);
    expect(kindOf('pink floyd cd', 'Pink Floyd Animals CD 2018 remix', 20)).toBe('item');
    expect(kindOf('phone', 'BlackBerry Classic 16GB+2GB Qwerty Keyboard Mobile Phone', 100)).toBe('item');
  });
  test('parts_query, unread_script, accessory_for:list, replica_word on an unofficial piece', () => {
    expect(reasonsOf('iphone 13 parts', 'Apple iPhone 13 charging port flex', 15)).toContain('parts_query');
    expect(reasonsOf('nintendo switch', 'Nintendo Switch キャリングケース', 15)).toEqual(['unread_script']);
    expect(reasonsOf('warhammer', 'Burning Brazier - DnD, Age of Sigmar, Warhammer 40K', 4)).toEqual(['accessory_for:list']);
    expect(kindOf('warhammer', 'ADEPTA SORORITAS SQUAD - Sisters of battle Warhammer 40k - SINGLES', 4)).toBe('item');
    expect(reasonsOf('hot toys star wars', 'Custom Hot Toys Star Wars 1/6 Droideka', 200)).toContain('replica_word:custom');
  });
  test('no_title: a row without a title is an item with that caveat', () => {
    expect(judge('champion reverse weave', [row(null, 30), row('', 30)])).toEqual([['item', ['no_title']], ['item', ['no_title']]]);
  });
});

describe('kinds of query', () => {
  test('a model number: another number after the same line is another model', () => {
    expect(kindOf('iphone 13 pro', 'Apple iPhone 12 Pro 128GB')).toBe('other');
    expect(kindOf('rtx 3080', 'EVGA GeForce RTX 3080 FTW3 10GB')).toBe('item');
    expect(kindOf('rtx 3080', 'MSI GeForce RTX 3070 8GB')).toBe('other');
    expect(kindOf('rtx 3080', 'NVIDIA RTX 3080 Ti Founders Edition')).toBe('other');
    expect(kindOf('ps5', 'Sony PlayStation 5 Disc Console')).toBe('item');
  });
  test('a size: another size of the same model is the item', () => {
    expect(kindOf('air jordan 1 size 10', 'Nike Air Jordan 1 Retro High OG Chicago Size 10.5')).toBe('item');
    expect(kindOf('air jordan 1 size 10', 'Air Jordan 1 Mid size 9')).toBe('item');
    expect(kindOf('air jordan 1 size 10', 'Nike Air Jordan 4 Retro size 10')).toBe('other');
  });
  test('a capacity: another capacity is a variant, and the capacity is not a model number', () => {
    expect(kindOf('iphone 13 256gb', 'Apple iPhone 13 128GB Midnight')).toBe('item');
    expect(kindOf('iphone 13 256gb', 'Apple iPhone 13 256 GB Blue')).toBe('item');
    expect(kindOf('iphone 13 256gb', 'Apple iPhone 256GB 12 mini')).toBe('other');
  });
  test('a generation: "2nd generation" is the number 2, written any way', () => {
    const q = 'airpods pro 2nd generation';
    expect(kindOf(q, 'Apple AirPods Pro (2nd Generation) with MagSafe Case')).toBe('item');
    expect(kindOf(q, 'Apple AirPods Pro 2 USB-C')).toBe('item');
    expect(kindOf(q, 'Air Pods Pro 2nd Gen White')).toBe('item');
    expect(kindOf(q, 'Apple AirPods Pro 3')).toBe('other');
    expect(kindOf(q, 'Apple AirPods Max Silver')).toBe('other');
  });
  test('a brand only: any product of the brand, another brand is other', () => {
    expect(kindOf('nike', 'Nike Dunk Low Panda size 9')).toBe('item');
    expect(kindOf('nike', 'Adidas Samba OG White')).toBe('other');
    expect(reasonsOf('nike', 'Adidas Samba OG White')).toEqual(['brand_mismatch:adidas']);
    expect(kindOf('champion', 'Champion Reverse Weave Hoodie L')).toBe('item');
    expect(kindOf('versace', 'Eau Fraiche 3.4oz', 60, [], { brand: 'Versace' })).toBe('item');
    expect(reasonsOf('versace', 'Large Nylon Tote Bag', 60, [], { brand: 'Tommy Hilfiger' })).toEqual(['brand_mismatch:tommy hilfiger']);
  });
  test('a category only: any product of the category (its words or its product lines), another category is other', () => {
    expect(kindOf('phone', 'Samsung Galaxy S21 5G 128GB Unlocked')).toBe('item');
    expect(kindOf('phone', 'Nokia 2660 Flip Phone 4G')).toBe('item');
    expect(kindOf('laptop', 'Apple MacBook Air 13 M1 8GB 256GB')).toBe('item');
    expect(kindOf('laptop', 'Dell OptiPlex 3010 Desktop')).toBe('other');
    expect(kindOf('laptop', 'Patio Table & Chairs')).toBe('other');
    expect(kindOf('laptop', 'MacBook charger 60W', 15, ['Dell Latitude 5490 laptop', 'HP laptop 15', 'Lenovo ThinkPad T480', 'Apple MacBook Pro 2015', 'Acer Aspire 5 laptop'], { price: 15 })).toBe('accessory');
    expect(kindOf('cars', '2015 Honda Accord')).toBe('item');
    expect(kindOf('cars', 'Snap on Diagnostic Scanner')).toBe('other');
  });
  test('a category with a distinctive word: the category noun may be missing, the distinctive word not', () => {
    expect(kindOf('spiderman comic', 'Amazing Spider-Man #300 CGC 9.8')).toBe('item');
    expect(kindOf('spiderman comic', 'Venom Epic Collection TPB')).toBe('other');
  });
  test('a car: its parts are accessories, another model is other, a toy of it is other', () => {
    const q = '2006 volkswagen new beetle';
    expect(kindOf(q, '2006 Volkswagen Beetle-New 2.5 PZEV', 4500)).toBe('item');
    expect(kindOf(q, '2008 VW New Beetle Convertible 2.5', 5200)).toBe('item');
    expect(kindOf(q, '2004-2010 VW New Beetle Dash Center A/C Vent Radio Bezel', 109)).toBe('accessory');
    expect(kindOf(q, 'VW New Beetle Top Engine Cover 1.6 Petrol', 20)).toBe('accessory');
    expect(kindOf(q, '2006 Volkswagen Jetta 2.5', 4000)).toBe('other');
    expect(kindOf(q, 'Jada 1:24 Volkswagen Beetle Die Cast', 35)).toBe('other');
    expect(kindOf('honda civic', '2012 Toyota Camry', 5000)).toBe('other');
    expect(kindOf('honda civic', '2018 Honda Accord', 5000)).toBe('other');
    expect(kindOf('honda civic', '1998 Honda Civic', 1, [], { vehicleMiles: 210000 })).toBe('item');
  });
  test('a query asking for parts of a named product: every row of that product is one of its parts, an accessory', () => {
    expect(judge('bmw e28 parts', [row('BMW E28 Thermostat Housing Cover URO PARTS', 40)])[0]).toEqual(['accessory', expect.arrayContaining(['parts_query'])]);
    expect(kindOf('iphone 13 parts', 'Apple iPhone 13 charging port flex', 15)).toBe('accessory');
    expect(kindOf('bmw e28 parts', 'BMW E30 Thermostat Housing Cover', 40)).toBe('other');
  });
  test('a query naming an accessory, a kind of accessories, a lot or broken units: those are its items', () => {
    expect(kindOf('kitchen accessories', 'Stainless steel kitchen utensil holder', 15)).toBe('item');
    expect(kindOf('pokemon card lot', 'Lot of 50 Pokemon cards holo', 20)).toBe('item');
    expect(kindOf('iphone 13 case', 'iPhone 13 Case Clear MagSafe', 12)).toBe('item');
    expect(kindOf('iphone 13 case', 'iPhone 13 Screen Protector 3 pack', 12)).toBe('other');
    expect(kindOf('iphone 13 for parts', 'Apple iPhone 13 for parts cracked', 150)).toBe('item');
  });
});

describe('titles as sellers write them', () => {
  test('a "+" against a model is its Plus tier; a "+" standing apart joins what comes with it', () => {
    expect(kindOf('iphone 13', 'Apple iPhone 13 + Case')).toBe('item');
    expect(kindOf('iphone 8 plus', 'Apple iPhone 8+ 64GB')).toBe('item');
    expect(kindOf('iphone 13', 'Apple iPhone 13 Pro + case')).toBe('other');
  });
  test('other casing', () => {
    expect(kindOf('iphone 13 pro', 'APPLE IPHONE 13 PRO 128GB GRAPHITE')).toBe('item');
    expect(kindOf('iphone 13 pro', 'apple iphone 13 pro max 128gb')).toBe('other');
    expect(kindOf('iphone 13 pro', 'iPhone 13 PRO - FOR PARTS', 100, IPHONE_13_PRO)).toBe('parts');
  });
  test('punctuation, spacing and hyphens: "PS5" = "PlayStation 5", "14Pro", "pro max" = "ProMax", "WH1000XM4", "Spider-Man"', () => {
    expect(kindOf('ps5', 'PlayStation-5 Console')).toBe('item');
    expect(kindOf('iphone 14 pro', 'Apple iPhone14Pro, 128GB!!')).toBe('item');
    expect(kindOf('iphone 14 pro max', 'Apple iPhone 14 ProMax 256GB')).toBe('item');
    expect(kindOf('sony wh-1000xm4', 'Sony WH1000XM4/B Headphones')).toBe('item');
    expect(kindOf('sony wh-1000xm4', 'Sony WH-1000XM5 Headphones')).toBe('other');
    expect(kindOf('spiderman comic', '"SPIDER-MAN" #1 (1990) — Marvel Comics…')).toBe('item');
    expect(kindOf('champion reverse weave', 'Vintage Champion Reverseweave Hoodie')).toBe('item');
  });
  test('emoji and accents', () => {
    expect(kindOf('pokemon', '🔥 Pokémon Charizard ex 🔥 Holo ✨')).toBe('item');
    expect(kindOf('iphone 13 pro', '📱 iPhone 13 Pro 256GB 💯 Unlocked 🔓')).toBe('item');
    expect(kindOf('iphone 13 pro', '⚠️ iPhone 13 Pro iCloud locked ⚠️', 100, IPHONE_13_PRO)).toBe('parts');
  });
  test('"case", "box", "charger" inside an item title do not make it an accessory', () => {
    expect(kindOf('iphone 13', 'Apple iPhone 13 128GB with case and charger', 400, ['Apple iPhone 13 128GB', 'iPhone 13 Blue', 'iPhone 13 Midnight 256GB', 'Apple iPhone 13 Pink', 'iPhone 13 Starlight'], { price: 400 })).toBe('item');
    expect(kindOf('ps5', 'PS5 console with box and controller', 450)).toBe('item');
    expect(kindOf('iphone 13', 'Apple iPhone 13 - No Box - Unlocked', 400)).toBe('item');
    expect(kindOf('iphone 13', 'iPhone 13 128GB Battery 89% Unlocked', 380)).toBe('item');
  });
  test('"no cracks" is not cracked; "damaged but works" is an item with a caveat', () => {
    expect(kindOf('iphone 14 pro', 'Apple iPhone 14 Pro! Like new! No cracks!')).toBe('item');
    expect(reasonsOf('iphone 14 pro', 'iPhone 14 Pro back damaged but works 100%')).toEqual(['weak_parts_phrase:damaged']);
  });
  test('a title in another script than the query: the query is not met', () => {
    expect(kindOf('charizard', '리자몽 ex SAR 한국판')).toBe('other');
  });
  test('a long description (mkt_d): signals read in its first part, the query anywhere', () => {
    const desc = `Champion reverse weave crewneck, size L, great shape. ${'Measurements pit to pit 23 in. '.repeat(10)} Bought with the matching case for my phone, not included. #champion #vintage`;
    expect(judgePage('champion reverse weave', 'mkt_d', [row(desc, 40)])[0]).toEqual({ comp_kind: 'item', comp_reasons: [] });
  });
});

describe('pages where every row is an accessory', () => {
  const cases = ['iPhone 13 Case Clear', 'iPhone 13 Silicone Case with MagSafe - Blue', 'iPhone 13 Leather Case Brown', 'iPhone 13 Case Shockproof Black', 'iPhone 13 Wallet Case', 'iPhone 13 Case Pink Glitter'];
  test('every row stays an accessory, whatever the prices (the price rule never makes an item)', () => {
    for (const prices of [[9, 10, 11, 12, 13, 14], [5, 40, 41, 42, 43, 44], [1, 1, 1, 1, 1, 100]]) {
      const kinds = judgePage('iphone 13', 'mkt_a', cases.map((t, i) => row(t, prices[i]!))).map((j) => j.comp_kind);
      expect(kinds).toEqual(cases.map(() => 'accessory'));
    }
  });
  test('a car page of parts only: every part an accessory', () => {
    const parts = ['2003-2010 VW New Beetle Window Motor', '98-10 VW New Beetle Door Panel', 'VW New Beetle Engine Cover', 'New Beetle Headlight Assembly Left', 'VW Beetle 2006 OEM Radio'];
    const kinds = judgePage('2006 volkswagen new beetle', 'mkt_a', parts.map((t, i) => row(t, 50 + i))).map((j) => j.comp_kind);
    expect(kinds).toEqual(parts.map(() => 'accessory'));
  });
});

describe('the judgement as a function', () => {
  test('deterministic: the same page twice gives the same judgements', () => {
    const page = [...IPHONE_13_PRO, 'Case for iPhone 13 Pro', 'iPhone 12 Pro'].map((t, i) => row(t, 100 + i));
    expect(judgePage('iphone 13 pro', 'mkt_a', page)).toEqual(judgePage('iphone 13 pro', 'mkt_a', page));
  });
  test('one judgement per row, in order; an empty page gives none', () => {
    expect(judgePage('x', 'mkt_a', [])).toEqual([]);
    expect(judgePage('iphone', 'mkt_a', [row('iPhone 8'), row('Case for iPhone 8')]).map((j) => j.comp_kind)).toEqual(['item', 'accessory']);
  });
  test('an empty or odd query does not throw', () => {
    for (const q of ['', '   ', '!!!', '256gb', 'size 10', '2006', 'the and for']) {
      expect(judgePage(q, 'mkt_a', [row('Apple iPhone 13'), row(null)])).toHaveLength(2);
    }
  });
  test('judgeRowOf reads a contract row of any route: title, condition, category, USD price, brand, vehicle miles', () => {
    expect(judgeRowOf({ title: 'x', condition: 'Pre-Owned', category_id: 123, displayed_price: { amount: 10, currency: 'USD' }, brand: 'Nike', vehicle_miles: 5 }))
      .toEqual({ title: 'x', condition: 'Pre-Owned', category: '123', price: 10, brand: 'Nike', vehicleMiles: 5 });
    expect(judgeRowOf({ title: null })).toMatchObject({ title: null, price: null, brand: null, vehicleMiles: null });
  });
  test('parseQuery reads the kinds of term', () => {
    const q = parseQuery('Apple iPhone 14 Pro 256GB navy size 10');
    expect(q.terms.map((t) => [t.kind, t.label])).toEqual([['brand', 'apple'], ['line', 'iphone'], ['model', '14'], ['tier', 'pro']]);
    expect(parseQuery('phone').categoryOnly).toBe(true);
    expect(parseQuery('2006 volkswagen new beetle').vehicle).toBe(true);
    expect(parseQuery('bmw e28 parts')).toMatchObject({ partsOf: true, asksAccessory: false, vehicle: true });
    expect(parseQuery('kitchen accessories')).toMatchObject({ partsOf: false, asksAccessory: true });
    expect(parseQuery('built peanut butter puff cups').terms[0]).toMatchObject({ kind: 'line', label: 'built' });
  });
});

describe('queries and titles beyond the labelled pages', () => {
  test('a console query: its games, controllers and media for it are not the console', () => {
    const consoles = ['Sony PlayStation 5 Console Disc Edition', 'PS5 Slim Digital Console', 'Sony PS5 Disc 825GB White', 'PlayStation 5 console used', 'PS5 Disc Edition with box'];
    expect(reasonsOf('ps5', 'Elden Ring (PS5, 2022)', 30, consoles, { price: 30 })).toEqual(['accessory_for:platform']);
    expect(judge('ps5', [row('Marvel Spider-Man 2 PS5 game', 35)], consoles, 400)[0]![0]).toBe('accessory');
    expect(judge('ps5', [row('PS5 DualSense controller white', 50)], consoles, 400)[0]![0]).toBe('accessory');
    expect(judge('ps5', [row('Sony PS5 Disc console with box and cable', 420)], consoles, 400)[0]![0]).toBe('item');
    expect(judge('ps5', [row('Sony PS5 Disc console with 2 games', 480)], consoles, 400)[0]![0]).toBe('lot');
  });
  test('the model number written with a unit right after its line ("MacBook Pro 14-inch")', () => {
    expect(kindOf('macbook pro 14 m3', 'Apple MacBook Pro 14-inch M3 8GB 512GB Space Gray', 1200)).toBe('item');
    expect(kindOf('macbook pro 14 m3', 'Apple MacBook Pro 16-inch M3 18GB', 1900)).toBe('other');
  });
  test('a camera body and another model of the line', () => {
    expect(kindOf('canon eos r5', 'Canon EOS R5 45MP Mirrorless Body', 2500)).toBe('item');
    expect(kindOf('canon eos r5', 'Canon EOS R6 Mark II Body', 1800)).toBe('other');
    expect(kindOf('canon eos r5', 'LP-E6NH battery for Canon EOS R5', 40)).toBe('accessory');
  });
  test('an accessory word with the query\'s product noun missing is an accessory, whatever the price', () => {
    const drills = ['DEWALT 20V MAX Cordless Drill DCD771', 'DeWalt 20V drill driver kit', 'DEWALT 20V compact drill', 'Dewalt 20v drill tool only', 'DEWALT DCD777 20V drill'];
    expect(judge('dewalt 20v drill', [row('DEWALT 20V MAX Battery 5Ah', 70)], drills, 100)[0]).toEqual(['accessory', ['accessory_word:battery', 'query_term_missing:drill']]);
    expect(judge('nintendo switch oled', [row('Nintendo Switch OLED Joy-Con pair neon', 60)], ['Nintendo Switch OLED Model White', 'Nintendo Switch OLED console', 'Switch OLED Nintendo 64GB', 'Nintendo Switch OLED Zelda Edition', 'Nintendo Switch OLED Neon'], 300)[0]![0]).toBe('accessory');
  });
  test('a single letter names a model: "xbox series x" is not a Series S', () => {
    expect(kindOf('xbox series x', 'Microsoft Xbox Series X 1TB Console', 400)).toBe('item');
    expect(kindOf('xbox series x', 'Microsoft Xbox Series S 512GB Console', 250)).toBe('other');
    expect(kindOf('apple watch series 9', 'Apple Watch Series 9 45mm GPS Midnight', 300)).toBe('item');
    expect(kindOf('apple watch series 9', 'Apple Watch Series 8 45mm GPS', 220)).toBe('other');
  });
  test('a dummy display phone and a proxy card are not the product', () => {
    expect(kindOf('iphone 13', 'Apple iPhone 13 Dummy Display Phone Model', 15)).toBe('other');
    expect(kindOf('charizard', 'Charizard proxy card holo', 3)).toBe('other');
  });
});

describe('any input', () => {
  test('any query and any titles (unicode, punctuation, numbers): one judgement per row, a known kind, no throw', () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab xyz19-/+&()#:,.é한🔥'.split(''), 'iphone', 'case', 'for', 'lot of', ' 2 ', 'pro', 'no', 'parts'), maxLength: 40 });
    fc.assert(fc.property(text, fc.array(fc.record({ title: fc.option(text), price: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true })) }), { maxLength: 12 }), (q, rows) => {
      const out = judgePage(q, 'mkt_a', rows.map((r) => ({ title: r.title, condition: null, category: null, price: r.price })));
      expect(out).toHaveLength(rows.length);
      for (const j of out) {
        expect(['item', 'accessory', 'lot', 'parts', 'other']).toContain(j.comp_kind);
        expect(j.comp_reasons.length).toBeLessThanOrEqual(6);
      }
    }), { numRuns: 300 });
  });
});

describe('docs/comps.md', () => {
  const docs = readFileSync(new URL('../../../docs/comps.md', import.meta.url), 'utf8');
  const table = docs.slice(docs.indexOf('## Reason codes'), docs.indexOf('## Versions'));
  const source = readFileSync(new URL('./judge.ts', import.meta.url), 'utf8');
  const rows = [...table.matchAll(/^\| `([a-z_]+)(:[^`]*)?` \|/gmu)];
  const withArgument = rows.filter((m) => m[2] !== undefined).map((m) => m[1]!);
  const bare = rows.filter((m) => m[2] === undefined).map((m) => m[1]!);
  /** The codes with an argument the judgement writes: 'code:… or `code:… literals. */
  const written = [...new Set([...source.matchAll(/['`]([a-z_]+):/gu)].map((m) => m[1]!))];
  test('every reason code the judgement writes is in the table, and every code of the table is written', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(written.filter((c) => !withArgument.includes(c))).toEqual([]);
    expect(withArgument.filter((c) => !written.includes(c))).toEqual([]);
    expect(bare.filter((c) => !source.includes(`'${c}'`))).toEqual([]);
  });
});

test('a word that names an Object.prototype member ("constructor", "__proto__", "toString") is a word like any other', () => {
  // Once read as the prototype's members: judgePage threw on "LEGO Constructor set".
  const rows = ['LEGO Constructor Set 6000 Pieces', 'Hot Wheels __proto__ hasOwnProperty valueOf Lot', 'Vintage toString watch'].map((title) => ({ title, condition: null, category_id: null, displayed_price: { amount: 20, currency: 'USD' } }));
  for (const q of ['lego constructor', '__proto__', 'tostring watch', 'constructor']) {
    const judged = judgePage(q, 'mkt_a', rows.map((r) => judgeRowOf(r)));
    expect(judged).toHaveLength(3);
    for (const j of judged) expect(typeof j.comp_kind).toBe('string');
  }
  expect(tokens('Constructor __proto__ toString')).toEqual(['constructor', 'proto', 'tostring']);
});
