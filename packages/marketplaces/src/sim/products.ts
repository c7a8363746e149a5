/**
 * @module sim/products
 * The sandbox catalogue's tables (read by sim/catalog.ts): named products, categories of
 * products for keywords that name no product, brands, and car models.
 *
 * Every entry says what a used one in good condition asks (`ref`, dollars), the band a page of
 * its listings has its median ask in (`band`), and where that comes from (`src`):
 * - `real: <captures>`: measured on the real listings of the project's captures
 *   (`../shared/fixtures`, `test/data`, read through their golden files in `test/golden/`):
 *   `node packages/marketplaces/src/sim/real-asks.ts` resolves every real title through this catalogue and writes the
 *   asks of each entry to `sim/real-asks.json`; `real-asks.test.ts` checks the band holds the
 *   real median of every entry with eight or more real asks.
 * - `est: …`: no capture shows enough of it. A round estimate of what it asks used in 2025-26
 *   on resale marketplaces, reasoned from its launch price and age as the note says; not a
 *   measurement.
 *
 * Titles are written the way the real titles of the captures write them: the maker, the model
 * and variant (capacity, colour, size, edition), the condition in the sellers' own words
 * ("Brand New", "Pre-Owned", "For Parts", "NWT", "DS", "CIB"), what comes with it ("w/ Box",
 * "with 2 Controllers", "Tool Only") and lots where the product is sold in lots. Synthetic
 * data: never shown as real.
 */
import type { Kind, KindPlaces } from './kinds.ts';

/** Options of one variant: the words a title shows ('' shows nothing) and the ask's factor. */
export type Axis = ReadonlyArray<readonly [string, number]>;

export interface Product {
  /** Phrases that name it: every word of one of them must be among the keywords. */
  keys: readonly string[];
  /** Words that, among the keywords, name another thing (an accessory, a different model). */
  not?: readonly string[];
  /** How titles name it, the usual first. */
  names: readonly string[];
  brand: string | null;
  kind: string;
  /** The category it belongs to (for keywords naming its brand and that category). */
  cat?: string;
  axes?: readonly Axis[];
  ref: number;
  band: readonly [number, number];
  src: string;
  places?: Partial<KindPlaces>;
  sizes?: Kind['sizes'];
  /** What is sold with it, when not its kind's (an empty list: nothing). */
  extras?: Kind['extras'];
  /** How often each condition comes, when not as its kind's (a camera of 1981 is not sold new). */
  grades?: Kind['grades'];
}

export interface Category {
  id: string;
  /** Nouns that name it among keywords (singular and plural, or phrases). */
  keys: readonly string[];
  /** How titles name it. */
  nouns: readonly string[];
  kind: string;
  ref: number;
  band: readonly [number, number];
  /** Brands its listings carry when the keywords name none. */
  brands: readonly string[];
  axes?: readonly Axis[];
  src: string;
  places?: Partial<KindPlaces>;
  sizes?: Kind['sizes'];
  extras?: Kind['extras'];
}

export interface Brand {
  name: string;
  keys: readonly string[];
  /** Its asks against a middling brand of the same category. */
  tier: number;
  /** Categories it makes, the one its name alone means first. */
  cats: readonly string[];
}

export interface CarModel {
  /** mkt_e's make identifier (mkt_e/vehicle.ts MAKE_CODES). */
  make: string;
  model: string;
  keys: readonly string[];
  body: 'c' | 's' | 't' | 'v';
  trims: Axis;
  /** A new one's price, dollars, and the share of its value a year keeps. */
  msrp: number;
  keep: number;
  years: readonly [number, number];
  band: readonly [number, number];
  src: string;
}

const CAPACITY = (base: number): Axis => (base <= 64
  ? [['64GB', 1], ['128GB', 1.1], ['256GB', 1.2]]
  : base <= 128 ? [['128GB', 1], ['256GB', 1.12], ['512GB', 1.25]] : [['256GB', 1], ['512GB', 1.12], ['1TB', 1.25]]);
const CARRIER: Axis = [['Unlocked', 1.04], ['', 1], ['', 1], ['Verizon', 0.97], ['AT&T', 0.97], ['T-Mobile', 0.97]];

function iphone(model: string, ref: number, band: readonly [number, number], colors: string[], src: string, base = 128): Product {
  const words = model.toLowerCase();
  const not = ['pro', 'max', 'mini', 'plus', 'se'].filter((w) => !words.split(' ').includes(w));
  return {
    keys: [`iphone ${words}`], not, names: [`iPhone ${model}`], brand: 'Apple', kind: 'phone',
    // The Pro models of 2021 on come in 1TB too.
    axes: [/pro/u.test(words) && !/^1[12]\b/u.test(words) ? [...CAPACITY(base), ['1TB', 1.4]] : CAPACITY(base), [['', 1], ...colors.map((c): readonly [string, number] => [c, 1])], CARRIER], ref, band, src,
  };
}

/** Conditions of a product no longer made: no new or refurbished ones, more sold for parts. */
const VINTAGE: Kind['grades'] = { like_new: 14, good: 56, fair: 18, parts: 12 };

const SHOE = (colorways: Array<[string, number]>): Axis => colorways;

/** Named products, most specific keywords winning (see catalog.ts `readKeywords`). */
export const PRODUCTS: readonly Product[] = [
  // Phones.
  iphone('11', 145, [100, 230], ['Black', 'White', 'Purple', 'Green', 'Red'], 'est: launched $699 (2019); used $110-200 in 2025-26', 64),
  iphone('12', 190, [140, 300], ['Black', 'Blue', 'White', 'Green', 'Purple'], 'est: launched $799 (2020); used $150-280', 64),
  iphone('12 Pro', 270, [190, 420], ['Graphite', 'Pacific Blue', 'Silver', 'Gold'], 'est: launched $999 (2020); used $220-380'),
  iphone('12 Pro Max', 320, [230, 480], ['Graphite', 'Pacific Blue', 'Silver', 'Gold'], 'est: launched $1,099 (2020); used $260-430'),
  iphone('13', 280, [200, 420], ['Midnight', 'Starlight', 'Blue', 'Pink', 'Green'], 'est: launched $799 (2021); used $220-380'),
  iphone('13 Mini', 240, [170, 350], ['Midnight', 'Starlight', 'Blue', 'Pink'], 'est: launched $699 (2021); used $190-320'),
  iphone('13 Pro', 380, [280, 560], ['Graphite', 'Sierra Blue', 'Silver', 'Gold', 'Alpine Green'], 'est: launched $999 (2021); used $320-500'),
  iphone('13 Pro Max', 440, [320, 650], ['Graphite', 'Sierra Blue', 'Silver', 'Gold', 'Alpine Green'], 'est: launched $1,099 (2021); used $370-580'),
  iphone('14', 340, [250, 500], ['Midnight', 'Starlight', 'Blue', 'Purple', 'Yellow'], 'est: launched $799 (2022); used $280-450'),
  iphone('14 Pro', 470, [350, 700], ['Space Black', 'Deep Purple', 'Silver', 'Gold'], 'real: mkt_b sold-rendered-body (a sold "iPhone 14 Pro 256GB" page)'),
  iphone('14 Pro Max', 520, [380, 750], ['Space Black', 'Deep Purple', 'Silver', 'Gold'], 'real: mkt_b sold-rendered-body (a sold "iPhone 14 Pro 256GB" page)'),
  iphone('15', 470, [350, 680], ['Black', 'Blue', 'Green', 'Yellow', 'Pink'], 'est: launched $799 (2023); used $400-600'),
  iphone('15 Pro', 600, [450, 850], ['Natural Titanium', 'Blue Titanium', 'White Titanium', 'Black Titanium'], 'est: launched $999 (2023); used $520-750'),
  iphone('15 Pro Max', 720, [550, 1000], ['Natural Titanium', 'Blue Titanium', 'White Titanium', 'Black Titanium'], 'est: launched $1,199 (2023); used $620-900', 256),
  iphone('16 Pro', 820, [620, 1100], ['Desert Titanium', 'Natural Titanium', 'White Titanium', 'Black Titanium'], 'est: launched $999 (2024); used $720-950'),
  { keys: ['iphone se'], names: ['iPhone SE 2nd Gen', 'iPhone SE 3rd Gen', 'iPhone SE 2022'], brand: 'Apple', kind: 'phone', axes: [CAPACITY(64), [['', 1], ['Black', 1], ['White', 1], ['(PRODUCT)RED', 1]], CARRIER], ref: 110, band: [75, 190], src: 'est: 2nd/3rd gen, launched $399-429 (2020, 2022); used $80-170' },
  { keys: ['galaxy s23 ultra', 's23 ultra'], names: ['Samsung Galaxy S23 Ultra'], brand: 'Samsung', kind: 'phone', axes: [CAPACITY(256), [['', 1], ['Phantom Black', 1], ['Cream', 1], ['Green', 1], ['Lavender', 1]], CARRIER], ref: 430, band: [320, 650], src: 'est: launched $1,199 (2023); used $380-560' },
  { keys: ['galaxy s24 ultra', 's24 ultra'], names: ['Samsung Galaxy S24 Ultra'], brand: 'Samsung', kind: 'phone', axes: [CAPACITY(256), [['', 1], ['Titanium Black', 1], ['Titanium Gray', 1], ['Titanium Violet', 1]], CARRIER], ref: 640, band: [480, 900], src: 'est: launched $1,299 (2024); used $560-800' },
  { keys: ['pixel 8 pro'], names: ['Google Pixel 8 Pro'], brand: 'Google', kind: 'phone', axes: [CAPACITY(128), [['', 1], ['Obsidian', 1], ['Porcelain', 1], ['Bay', 1]], CARRIER], ref: 360, band: [260, 520], src: 'est: launched $999 (2023); used $300-450' },
  // Tablets and computers.
  { keys: ['ipad air'], names: ['iPad Air 5th Gen', 'iPad Air (5th Generation)', 'Apple iPad Air 5'], brand: 'Apple', kind: 'tablet', axes: [[['64GB', 1], ['256GB', 1.2]], [['Wi-Fi', 1], ['Wi-Fi + Cellular', 1.12]], [['', 1], ['Space Gray', 1], ['Blue', 1], ['Purple', 1], ['Starlight', 1]]], ref: 340, band: [250, 500], src: 'est: launched $599 (2022); used $280-420' },
  { keys: ['ipad pro'], names: ['iPad Pro 11"', 'iPad Pro 12.9"', 'Apple iPad Pro 11-inch'], brand: 'Apple', kind: 'tablet', axes: [[['3rd Gen', 0.8], ['4th Gen', 1], ['M2', 1.2]], [['128GB', 1], ['256GB', 1.1], ['512GB', 1.2]], [['Wi-Fi', 1], ['Cellular', 1.1]]], ref: 480, band: [340, 750], src: 'est: 2018-2022 models, launched $799-1,099; used $380-650' },
  { keys: ['ipad'], not: ['air', 'pro', 'mini'], names: ['iPad 9th Generation', 'iPad 10th Generation', 'Apple iPad 9th Gen'], brand: 'Apple', kind: 'tablet', axes: [[['64GB', 1], ['256GB', 1.2]], [['Wi-Fi', 1], ['Wi-Fi + Cellular', 1.12]], [['', 1], ['Space Gray', 1], ['Silver', 1]]], ref: 190, band: [140, 300], src: 'est: 9th/10th gen, launched $329-449 (2021-22); used $160-280' },
  { keys: ['macbook air m1'], names: ['MacBook Air M1', 'Apple MacBook Air 13" M1'], brand: 'Apple', kind: 'computer', axes: [[['8GB 256GB', 1], ['8GB 512GB', 1.12], ['16GB 512GB', 1.3]], [['', 1], ['Space Gray', 1], ['Silver', 1], ['Gold', 1]]], ref: 470, band: [350, 680], src: 'est: launched $999 (2020); used $400-600' },
  { keys: ['macbook air m2'], names: ['MacBook Air M2', 'Apple MacBook Air 13.6" M2'], brand: 'Apple', kind: 'computer', axes: [[['8GB 256GB', 1], ['8GB 512GB', 1.12], ['16GB 512GB', 1.3]], [['', 1], ['Midnight', 1], ['Starlight', 1], ['Space Gray', 1]]], ref: 640, band: [480, 900], src: 'est: launched $1,199 (2022); used $550-800' },
  { keys: ['macbook pro'], names: ['MacBook Pro 14"', 'MacBook Pro 16"', 'Apple MacBook Pro'], brand: 'Apple', kind: 'computer', axes: [[['M1 Pro', 1], ['M2 Pro', 1.2], ['M1 Max', 1.3]], [['16GB 512GB', 1], ['16GB 1TB', 1.15], ['32GB 1TB', 1.3]]], ref: 950, band: [700, 1400], src: 'est: 2021-23 14/16-inch models, launched $1,999-2,499; used $800-1,300' },
  { keys: ['thinkpad'], names: ['Lenovo ThinkPad'], brand: 'Lenovo', kind: 'computer', axes: [[['T480', 0.9], ['T490', 1], ['X1 Carbon', 1.2], ['T14', 1.25], ['E14', 1.05], ['X270', 0.7]], [['14"', 1], ['', 1]], [['Core i5 8GB RAM 256GB SSD', 1], ['Core i7 16GB RAM 512GB SSD', 1.3], ['i5 16GB 512GB SSD', 1.15]], [['Windows 11 Pro', 1], ['Win 10', 0.95], ['', 1]]], ref: 220, band: [160, 330], src: 'real: mkt_a listings-s-card-laptop ("lenovo laptop")' },
  { keys: ['ideapad'], names: ['Lenovo IdeaPad'], brand: 'Lenovo', kind: 'computer', axes: [[['1 15.6"', 0.8], ['3 15.6" Touch', 0.95], ['5 14" 2-in-1', 1.25], ['Slim 5 16"', 1.3]], [['Intel i3 8GB 256GB SSD', 0.85], ['Ryzen 5 16GB 512GB SSD', 1.05], ['Ryzen 7 16GB 1TB SSD', 1.25]]], ref: 330, band: [240, 480], src: 'real: mkt_a listings-s-card-laptop ("lenovo laptop")' },
  { keys: ['dell xps'], names: ['Dell XPS 13', 'Dell XPS 15'], brand: 'Dell', kind: 'computer', axes: [[['9300', 0.85], ['9310', 0.95], ['9315', 1.05], ['9520', 1.3]], [['i5 8GB 256GB', 0.9], ['i7 16GB 512GB', 1.1]], [['FHD', 1], ['4K Touch', 1.1]]], ref: 420, band: [300, 620], src: 'est: 2020-22 models, launched $999-1,499; used $350-550' },
  { keys: ['steam deck'], names: ['Valve Steam Deck'], brand: 'Valve', kind: 'console', axes: [[['LCD 64GB', 0.8], ['LCD 256GB', 1], ['OLED 512GB', 1.35], ['OLED 1TB', 1.55]]], ref: 330, band: [250, 480], src: 'est: launched $399-649 (2022-23); used $280-450' },
  // Consoles, controllers, games.
  { keys: ['ps5', 'playstation 5'], not: ['pro', 'controller', 'controllers', 'dualsense', 'game', 'games', 'headset', 'portal', 'remote', 'skin', 'faceplate', 'stand', 'vr2', 'vr'], names: ['Sony PlayStation 5', 'PS5', 'PlayStation 5'], brand: 'Sony', kind: 'console', axes: [[['Disc Edition', 1.1], ['Digital Edition', 0.86], ['Slim Disc', 1.14], ['Slim Digital', 0.95]], [['825GB', 1], ['1TB', 1.03], ['', 1]]], ref: 350, band: [270, 500], src: 'est: launched $399-499 (2020-23); used $300-420; the mkt_c "ps5" captures ask $389 and $440 for consoles' },
  { keys: ['ps5 pro', 'playstation 5 pro'], names: ['Sony PlayStation 5 Pro', 'PS5 Pro'], brand: 'Sony', kind: 'console', axes: [[['2TB', 1], ['2TB Console', 1]]], ref: 580, band: [450, 800], src: 'est: launched $699 (2024); used $520-650' },
  { keys: ['ps4', 'playstation 4'], not: ['controller', 'controllers', 'game', 'games', 'headset', 'camera', 'vr'], names: ['Sony PlayStation 4', 'PS4', 'PlayStation 4'], brand: 'Sony', kind: 'console', axes: [[['Slim 500GB', 0.9], ['Slim 1TB', 1], ['Pro 1TB', 1.35], ['500GB', 0.8]]], ref: 150, band: [110, 240], src: 'est: 2013-2016 models; used $120-200' },
  { keys: ['dualsense', 'ps5 controller', 'playstation 5 controller'], names: ['Sony DualSense Wireless Controller', 'PS5 DualSense Controller', 'PlayStation 5 DualSense Controller'], brand: 'Sony', kind: 'accessory', axes: [[['White', 1], ['Midnight Black', 1], ['Cosmic Red', 1.05], ['Volcanic Red', 1.1], ['Galactic Purple', 1.05], ['Edge', 2.4]]], ref: 45, band: [34, 75], src: 'est: $69-79 new; used $35-55 (the mkt_c "ps5 controller" capture asks $140 for a boxed 30th-anniversary one)' },
  { keys: ['switch oled', 'nintendo switch oled'], not: ['case', 'game', 'games', 'dock', 'screen', 'protector', 'controller', 'controllers', 'joy', 'joycon', 'joycons'], names: ['Nintendo Switch OLED Model', 'Nintendo Switch OLED', 'Switch OLED'], brand: 'Nintendo', kind: 'console', axes: [[['White', 1], ['Neon Red/Blue', 1], ['Zelda Edition', 1.2], ['Mario Red Edition', 1.1]], [['64GB', 1], ['', 1]]], ref: 250, band: [190, 360], src: 'est: launched $349 (2021); used $220-300' },
  { keys: ['switch lite', 'nintendo switch lite'], not: ['case', 'game', 'games', 'screen', 'protector'], names: ['Nintendo Switch Lite', 'Switch Lite'], brand: 'Nintendo', kind: 'console', axes: [[['Turquoise', 1], ['Coral', 1], ['Yellow', 1], ['Gray', 1], ['Blue', 1], ['Zacian & Zamazenta Edition', 1.25]]], ref: 120, band: [85, 175], src: 'est: launched $199 (2019); used $100-150' },
  { keys: ['switch 2', 'nintendo switch 2'], not: ['case', 'game', 'games', 'screen', 'protector'], names: ['Nintendo Switch 2'], brand: 'Nintendo', kind: 'console', axes: [[['Console', 1], ['Mario Kart World Bundle', 1.12], ['Pokemon Legends Z-A Bundle', 1.12]]], ref: 430, band: [360, 560], src: 'est: launched $449-499 (2025); used $400-480' },
  { keys: ['nintendo switch', 'switch console'], not: ['oled', 'lite', '2', 'case', 'game', 'games', 'dock', 'screen', 'protector', 'controller', 'controllers', 'joy', 'joycon', 'joycons', 'pro', 'cartridge', 'charger', 'skin'], names: ['Nintendo Switch', 'Nintendo Switch Console'], brand: 'Nintendo', kind: 'console', axes: [[['V2', 1], ['Neon Red/Blue Joy-Con', 1], ['Gray Joy-Con', 1], ['HAC-001(-01)', 1]], [['32GB', 1], ['', 1]]], ref: 190, band: [140, 280], src: 'est: 2019 V2 launched $299; used $160-240' },
  { keys: ['xbox series x'], not: ['controller', 'controllers', 'game', 'games', 'headset'], names: ['Microsoft Xbox Series X', 'Xbox Series X'], brand: 'Microsoft', kind: 'console', axes: [[['1TB', 1], ['1TB Console', 1], ['2TB Galaxy Black', 1.3]]], ref: 330, band: [250, 460], src: 'est: launched $499 (2020); used $280-400' },
  { keys: ['xbox series s'], not: ['controller', 'controllers', 'game', 'games', 'headset'], names: ['Microsoft Xbox Series S', 'Xbox Series S'], brand: 'Microsoft', kind: 'console', axes: [[['512GB', 1], ['1TB Carbon Black', 1.2]]], ref: 190, band: [140, 270], src: 'est: launched $299 (2020); used $160-230' },
  { keys: ['game boy', 'gameboy'], not: ['game', 'games', 'cartridge', 'case'], names: ['Nintendo Game Boy Color', 'Nintendo Game Boy Advance SP', 'Original Nintendo Game Boy DMG-01', 'Nintendo Game Boy Advance'], brand: 'Nintendo', kind: 'console', axes: [[['', 1], ['Tested', 1], ['Working', 1]]], grades: VINTAGE, ref: 80, band: [55, 130], src: 'est: 1989-2003 handhelds; used $60-120' },
  { keys: ['nintendo 64', 'n64'], not: ['game', 'games', 'controller', 'controllers', 'cartridge'], names: ['Nintendo 64 Console', 'Nintendo 64 N64 Console', 'N64 Console'], brand: 'Nintendo', kind: 'console', axes: [[['with Controller', 1], ['with 2 Controllers', 1.15], ['Console Only', 0.8]]], grades: VINTAGE, ref: 110, band: [80, 170], src: 'est: 1996 console; used $90-150' },
  { keys: ['tears of the kingdom', 'zelda totk'], names: ['The Legend of Zelda: Tears of the Kingdom', 'Zelda Tears of the Kingdom'], brand: 'Nintendo', kind: 'game', axes: [[['Nintendo Switch', 1], ['Switch', 1]]], ref: 40, band: [30, 60], src: 'est: launched $69.99 (2023); used $35-45' },
  { keys: ['breath of the wild'], names: ['The Legend of Zelda: Breath of the Wild', 'Zelda Breath of the Wild'], brand: 'Nintendo', kind: 'game', axes: [[['Nintendo Switch', 1], ['Switch', 1]]], ref: 34, band: [25, 50], src: 'est: launched $59.99 (2017); used $28-40' },
  { keys: ['mario kart 8', 'mario kart 8 deluxe'], names: ['Mario Kart 8 Deluxe'], brand: 'Nintendo', kind: 'game', axes: [[['Nintendo Switch', 1], ['Switch', 1]]], ref: 34, band: [26, 50], src: 'est: launched $59.99 (2017); used $30-40' },
  { keys: ['elden ring'], names: ['Elden Ring'], brand: 'Bandai Namco', kind: 'game', axes: [[['PS5', 1.05], ['PS4', 0.95], ['Xbox Series X', 1]], [['', 1], ['Launch Edition', 1.05]]], ref: 22, band: [15, 35], src: 'est: launched $59.99 (2022); used $18-28' },
  { keys: ['pokemon scarlet', 'pokemon violet'], names: ['Pokemon Scarlet', 'Pokemon Violet'], brand: 'Nintendo', kind: 'game', axes: [[['Nintendo Switch', 1], ['Switch', 1]]], ref: 36, band: [26, 52], src: 'est: launched $59.99 (2022); used $32-42' },
  // Audio.
  { keys: ['airpods pro'], not: ['case', 'max'], names: ['Apple AirPods Pro 2nd Generation', 'AirPods Pro 2', 'Apple AirPods Pro (2nd Gen)'], brand: 'Apple', kind: 'audio', axes: [[['MagSafe USB-C', 1.05], ['Lightning', 0.95], ['', 1]]], ref: 120, band: [85, 175], src: 'est: launched $249 (2022); used $100-150' },
  { keys: ['airpods max'], not: ['case'], names: ['Apple AirPods Max', 'AirPods Max'], brand: 'Apple', kind: 'audio', axes: [[['Space Gray', 1], ['Silver', 1], ['Sky Blue', 1], ['Pink', 1], ['Green', 1]], [['', 1], ['USB-C', 1.15]]], ref: 300, band: [230, 430], src: 'est: launched $549 (2020); used $260-360' },
  { keys: ['airpods'], not: ['pro', 'max', 'case', 'left', 'right'], names: ['Apple AirPods 3rd Generation', 'Apple AirPods (2nd Gen)', 'AirPods 4'], brand: 'Apple', kind: 'audio', axes: [[['', 1], ['with Charging Case', 1], ['MagSafe Case', 1.05]]], ref: 75, band: [50, 115], src: 'est: 2nd-4th gen, launched $129-179; used $55-100' },
  { keys: ['wh-1000xm5', 'wh1000xm5', 'xm5'], names: ['Sony WH-1000XM5', 'Sony WH-1000XM5 Wireless Noise Canceling Headphones'], brand: 'Sony', kind: 'audio', axes: [[['Black', 1], ['Silver', 1], ['Midnight Blue', 1]]], ref: 210, band: [160, 300], src: 'est: launched $399 (2022); used $180-250' },
  { keys: ['wh-1000xm4', 'wh1000xm4', 'xm4'], names: ['Sony WH-1000XM4', 'Sony WH-1000XM4 Wireless Headphones'], brand: 'Sony', kind: 'audio', axes: [[['Black', 1], ['Silver', 1], ['Midnight Blue', 1]]], ref: 145, band: [105, 210], src: 'est: launched $349 (2020); used $120-170' },
  { keys: ['bose quietcomfort 45', 'bose qc45', 'qc45'], names: ['Bose QuietComfort 45', 'Bose QC45 Wireless Noise Cancelling Headphones'], brand: 'Bose', kind: 'audio', axes: [[['Black', 1], ['White Smoke', 1]]], ref: 135, band: [100, 200], src: 'est: launched $329 (2021); used $110-160' },
  { keys: ['galaxy buds'], names: ['Samsung Galaxy Buds'], brand: 'Samsung', kind: 'audio', axes: [[['2 Pro', 1], ['3', 1], ['3 Pro', 1.4], ['FE', 0.65]], [['', 1], ['True Wireless Earbuds', 1]]], ref: 85, band: [60, 140], src: 'est: 2022-24 models, launched $99-249; the mkt_a "wireless earbuds" capture asks $74 for Buds 3 refurbished, $226-240 for new Buds4 Pro' },
  { keys: ['jbl flip'], names: ['JBL Flip 6', 'JBL Flip 5'], brand: 'JBL', kind: 'audio', axes: [[['Black', 1], ['Blue', 1], ['Red', 1], ['Teal', 1]], [['Portable Bluetooth Speaker', 1], ['Waterproof Speaker', 1]]], ref: 65, band: [45, 100], src: 'est: launched $129 (2019-21); used $55-80' },
  // Cameras.
  { keys: ['leica m6'], names: ['Leica M6', 'Leica M6 TTL', 'Leica M6 Classic'], brand: 'Leica', kind: 'camera', extras: [['with Strap', 1], ['w/ Box', 1.05]], axes: [[['Black', 1], ['Silver Chrome', 1]], [['35mm Film Rangefinder', 1], ['Rangefinder Body', 1]]], grades: VINTAGE, ref: 3200, band: [2500, 4300], src: 'est: 1984-2002 film rangefinder; used bodies $2,800-3,800' },
  { keys: ['canon ae-1', 'canon ae1', 'ae-1', 'ae1'], names: ['Canon AE-1 Program', 'Canon AE-1', 'Canon AE-1 35mm Film Camera'], brand: 'Canon', kind: 'camera', extras: [['with Strap', 1], ['w/ Case', 1.03]], axes: [[['with 50mm f/1.8 Lens', 1.15], ['Body Only', 0.75], ['with FD 50mm 1.4', 1.3]], [['', 1], ['Black', 1.1]]], grades: VINTAGE, ref: 170, band: [120, 260], src: 'est: 1976-1981 film SLR; used $140-220' },
  { keys: ['fujifilm x100v', 'x100v'], names: ['Fujifilm X100V', 'Fuji X100V'], brand: 'Fujifilm', kind: 'camera', extras: [['with Thumb Grip', 1.02], ['w/ Box', 1.05]], axes: [[['Silver', 1], ['Black', 1.03]]], ref: 1450, band: [1150, 1900], src: 'est: launched $1,399 (2020), sought after; used $1,300-1,700' },
  { keys: ['sony a7 iii', 'sony a7iii', 'a7iii', 'a7 iii'], names: ['Sony Alpha a7 III', 'Sony A7 III', 'Sony a7III Mirrorless Camera'], brand: 'Sony', kind: 'camera', extras: [['with Extra Battery', 1.03], ['w/ Box', 1.05]], axes: [[['Body Only', 1], ['with 28-70mm Lens', 1.15]]], ref: 950, band: [720, 1300], src: 'est: launched $1,999 (2018); used $850-1,100' },
  { keys: ['gopro'], not: ['mount', 'case', 'battery', 'batteries'], names: ['GoPro HERO'], brand: 'GoPro', kind: 'camera', extras: [['with Extra Batteries', 1.08], ['w/ Box', 1.05]], axes: [[['9 Black', 0.75], ['10 Black', 0.9], ['11 Black', 1.05], ['12 Black', 1.25]]], ref: 170, band: [120, 250], src: 'est: 2020-23 models, launched $349-449; used $130-220' },
  { keys: ['polaroid camera', 'polaroid now', 'polaroid'], not: ['film'], names: ['Polaroid Now', 'Polaroid OneStep 2', 'Polaroid Now+'], brand: 'Polaroid', kind: 'camera', extras: [['with Film', 1.15], ['w/ Box', 1.05]], axes: [[['i-Type Instant Camera', 1], ['Instant Film Camera', 1]], [['', 1], ['Black', 1], ['White', 1]]], ref: 60, band: [40, 100], src: 'est: launched $99-149; used $50-80' },
  // Watches.
  { keys: ['rolex submariner', 'submariner'], names: ['Rolex Submariner Date', 'Rolex Submariner'], brand: 'Rolex', kind: 'watch', axes: [[['116610LN', 1], ['126610LN', 1.15], ['114060 No Date', 0.95]], [['40mm', 1], ['41mm', 1.05]]], ref: 10500, band: [8500, 14500], src: 'est: 2010-2023 references; pre-owned $9,500-13,000' },
  { keys: ['seiko 5'], names: ['Seiko 5 Sports', 'Seiko 5 Sports Automatic'], brand: 'Seiko', kind: 'watch', axes: [[['SRPD55', 1], ['SRPD51', 1], ['SRPD63', 1], ['SNK809', 0.55]], [["Men's Watch", 1], ['', 1]]], ref: 180, band: [120, 270], src: 'est: $275-295 new (SRPD); used $150-220' },
  { keys: ['g-shock', 'g shock', 'gshock'], names: ['Casio G-Shock'], brand: 'Casio', kind: 'watch', axes: [[['DW5600', 0.7], ['GA2100', 1], ['GW-M5610', 1.3], ['GA-B2100', 1.3]], [['Black', 1], ['', 1]]], ref: 65, band: [42, 105], src: 'est: $60-150 new; used $45-90' },
  { keys: ['apple watch ultra'], names: ['Apple Watch Ultra', 'Apple Watch Ultra 2'], brand: 'Apple', kind: 'smartwatch', axes: [[['49mm Titanium', 1]], [['Alpine Loop', 1], ['Trail Loop', 1], ['Ocean Band', 1]], [['GPS + Cellular', 1]]], ref: 420, band: [320, 600], src: 'est: launched $799 (2022-23); used $380-500' },
  { keys: ['apple watch'], not: ['ultra', 'band', 'bands', 'charger', 'case'], names: ['Apple Watch'], brand: 'Apple', kind: 'smartwatch', axes: [[['Series 7', 0.8], ['Series 8', 0.92], ['Series 9', 1.08], ['SE 2nd Gen', 0.68]], [['41mm', 1], ['45mm', 1.08]], [['GPS', 1], ['GPS + Cellular', 1.1]]], ref: 180, band: [125, 270], src: 'est: 2021-23 models, launched $249-429; used $140-230' },
  { keys: ['garmin forerunner', 'forerunner'], names: ['Garmin Forerunner'], brand: 'Garmin', kind: 'smartwatch', axes: [[['245', 0.6], ['255', 0.85], ['265', 1.1], ['955', 1.3]], [['GPS Running Watch', 1], ['', 1]]], ref: 170, band: [120, 250], src: 'est: 2019-23 models, launched $299-499; used $130-230' },
  // Trading cards and comics.
  { keys: ['pokemon booster box', 'pokemon booster', 'booster box'], not: ['empty'], names: ['Pokemon TCG Booster Box', 'Pokemon Booster Box'], brand: 'Pokémon', kind: 'sealed', axes: [[['Obsidian Flames', 1], ['Paldea Evolved', 1.1], ['Temporal Forces', 0.95], ['Twilight Masquerade', 1.05], ['Stellar Crown', 0.95], ['Surging Sparks', 1.3], ['Journey Together', 1.2], ['Destined Rivals', 1.35], ['Evolving Skies', 4.2], ['Brilliant Stars', 1.7], ['Fusion Strike', 1.5]], [['36 Packs', 1], ['', 1]]], ref: 170, band: [130, 250], src: 'est: 2023-25 English sets, $161 MSRP; $140-230 sealed; out-of-print sets of 2021-22 more (Evolving Skies about $700)' },
  { keys: ['elite trainer box', 'pokemon etb', 'etb'], names: ['Pokemon Elite Trainer Box', 'Pokemon TCG Elite Trainer Box'], brand: 'Pokémon', kind: 'sealed', axes: [[['Obsidian Flames', 1], ['Paldea Evolved', 1.05], ['Temporal Forces', 0.95], ['Surging Sparks', 1.2], ['Prismatic Evolutions', 1.6], ['Journey Together', 1.1]]], ref: 60, band: [45, 90], src: 'est: $49.99 MSRP, 2023-25 sets; $50-80 sealed' },
  { keys: ['pokemon card lot', 'pokemon cards lot', 'pokemon lot', 'pokemon cards'], not: ['booster', 'etb', 'binder', 'psa', 'graded'], names: ['Pokemon Cards', 'Pokemon TCG Cards', 'Pokemon Card'], brand: 'Pokémon', kind: 'card', cat: 'trading card', axes: [[['Lot of 25', 0.55], ['Lot of 50', 0.85], ['Lot of 100', 1.35], ['Bundle of 30', 0.7]], [['Holos & Rares', 1.2], ['Commons Uncommons', 0.8], ['with Holos', 1.05], ['', 1]]], ref: 28, band: [18, 48], src: 'real: mkt_c search-payload-cards, mkt_a listings-s-card-auctions (lots)' },
  { keys: ['charizard', 'pokemon charizard', 'charizard card'], not: ['plush', 'figure', 'funko', 'lot', 'booster', 'etb'], names: ['Pokemon Charizard', 'Charizard Pokemon Card'], brand: 'Pokémon', kind: 'card', cat: 'trading card', axes: [[['ex 223/197 Obsidian Flames', 1.2], ['ex 199/165 Pokemon 151', 2.6], ['VMAX 074/203 Evolving Skies', 0.7], ['GX SV49 Hidden Fates', 1.6], ['4/102 Base Set Unlimited', 7], ['ex 125/197 Obsidian Flames', 0.35]]], ref: 45, band: [28, 110], src: 'est: single Charizard cards of 2016-24 sets ungraded $15-120, a Base Set one several hundred; graded PSA 10 several times that' },
  { keys: ['yugioh', 'yu-gi-oh', 'yu gi oh'], not: ['booster', 'binder'], names: ['Yu-Gi-Oh! Cards', 'Yugioh Card'], brand: 'Konami', kind: 'card', cat: 'trading card', axes: [[['Lot of 50', 0.8], ['Lot of 100', 1.3], ['Bulk Lot', 1]], [['Holos & Rares', 1.15], ['', 1]]], ref: 22, band: [14, 38], src: 'est: bulk lots $15-35' },
  // Sneakers and boots.
  { keys: ['jordan 1', 'air jordan 1', 'aj1'], not: ['low', 'mid', '11', '4'], names: ['Air Jordan 1 Retro High OG', 'Nike Air Jordan 1 High OG', 'Jordan 1 High'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Chicago Lost and Found', 1.75], ['Bred Patent', 1.15], ['University Blue', 1.25], ['Mocha', 1.4], ['Shadow 2.0', 0.95], ['Dark Marina Blue', 0.85], ['Black White', 0.9]])], ref: 140, band: [100, 220], src: 'est: $180 retail retros (2021-23); used $100-200' },
  { keys: ['jordan 1 low', 'air jordan 1 low'], names: ['Air Jordan 1 Low', 'Nike Air Jordan 1 Low'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Panda', 1], ['Wolf Grey', 1], ['Reverse Black Toe', 1.2], ['Shadow Toe', 1.1], ['Triple White', 0.9]])], ref: 75, band: [55, 115], src: 'est: $115 retail; used $60-100' },
  { keys: ['jordan 4', 'air jordan 4', 'aj4'], names: ['Air Jordan 4 Retro', 'Nike Air Jordan 4', 'Jordan 4 Retro'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Military Black', 1.1], ['Black Cat', 1.5], ['Bred Reimagined', 1.2], ['White Cement', 1.1], ['Thunder', 1.05], ['Red Cement', 0.95]])], ref: 170, band: [125, 260], src: 'est: $210-215 retail; used $140-240' },
  { keys: ['jordan 11', 'air jordan 11'], names: ['Air Jordan 11 Retro', 'Nike Air Jordan 11'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Concord', 1.15], ['Bred', 1.1], ['Cool Grey', 1], ['Cherry', 0.95], ['Gratitude', 1]])], ref: 150, band: [110, 230], src: 'est: $220-230 retail; used $120-200' },
  { keys: ['dunk low', 'nike dunk', 'dunks', 'dunk'], names: ['Nike Dunk Low', 'Nike Dunk Low Retro'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Panda', 0.9], ['Grey Fog', 1], ['UNC', 1.1], ['Coast', 1], ['Michigan', 1.1], ['Championship Red', 1.05]])], ref: 80, band: [58, 125], src: 'est: $110-115 retail; used $60-110' },
  { keys: ['air force 1', 'af1', 'air force one'], names: ['Nike Air Force 1', "Nike Air Force 1 '07", 'Nike Air Force 1 Low'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Triple White', 1], ['Black', 1], ['White Black', 1.05], ['Wheat', 1.15]])], ref: 60, band: [40, 95], src: 'est: $115 retail; used $45-80' },
  { keys: ['air max 90'], names: ['Nike Air Max 90'], brand: 'Nike', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Infrared', 1.15], ['White', 1], ['Black', 1], ['Laser Blue', 1.1]])], ref: 70, band: [50, 110], src: 'est: $130 retail; used $55-95' },
  { keys: ['yeezy 350', 'yeezy boost 350', 'yeezy'], not: ['slide', 'slides', 'foam', '700', '500'], names: ['Adidas Yeezy Boost 350 V2', 'Yeezy Boost 350 V2'], brand: 'Adidas', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Zebra', 1.15], ['Onyx', 1], ['Bone', 1], ['Beluga', 1.1], ['Bred', 1.15], ['Carbon Beluga', 1]])], ref: 150, band: [110, 230], src: 'est: $230 retail; used $120-200' },
  { keys: ['samba', 'adidas samba'], names: ['Adidas Samba OG', 'Adidas Samba'], brand: 'Adidas', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['White Black Gum', 1], ['Black White Gum', 1], ['Cloud White', 1], ['Green', 1.1]])], ref: 65, band: [48, 100], src: 'est: $100 retail; used $50-90' },
  { keys: ['new balance 550', 'nb 550'], names: ['New Balance 550'], brand: 'New Balance', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['White Green', 1], ['White Grey', 1], ['Sea Salt', 1.05], ['White Navy', 1]])], ref: 70, band: [50, 105], src: 'est: $110 retail; used $55-95' },
  { keys: ['new balance 990', 'nb 990'], names: ['New Balance 990'], brand: 'New Balance', kind: 'sneakers', cat: 'sneakers', axes: [[['v3', 0.8], ['v4', 0.9], ['v5', 1], ['v6', 1.2]], SHOE([['Grey', 1], ['Navy', 1], ['Black', 1]]), [['Made in USA', 1], ['', 1]]], ref: 120, band: [85, 180], src: 'est: $185-200 retail; used $90-160' },
  { keys: ['chuck taylor', 'chuck 70', 'converse'], names: ['Converse Chuck Taylor All Star', 'Converse Chuck 70'], brand: 'Converse', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['High Top Black', 1], ['Low Top White', 1], ['High Top Parchment', 1.2], ['Low Black', 1]])], ref: 35, band: [24, 55], src: 'est: $65-90 retail; used $25-50' },
  { keys: ['vans old skool', 'old skool'], names: ['Vans Old Skool'], brand: 'Vans', kind: 'sneakers', cat: 'sneakers', axes: [SHOE([['Black White', 1], ['True White', 1], ['Navy', 1], ['Checkerboard', 1.05]])], ref: 33, band: [23, 52], src: 'est: $70 retail; used $25-45' },
  { keys: ['dr martens 1460', 'doc martens', 'dr martens', 'dr. martens', '1460'], names: ['Dr. Martens 1460', 'Doc Martens 1460 Boots'], brand: 'Dr. Martens', kind: 'boots', cat: 'boots', axes: [[['Black Smooth Leather', 1], ['Cherry Red', 1.05], ['Black Pascal', 1.05], ['Platform', 1.15]], [['8-Eye', 1], ['', 1]]], ref: 80, band: [55, 120], src: 'est: $170 retail; used $60-110' },
  { keys: ['ugg classic', 'ugg boots', 'ugg'], not: ['slippers', 'slipper', 'tasman'], names: ['UGG Classic Mini', 'UGG Classic Short Boots', 'UGG Classic Ultra Mini'], brand: 'UGG', kind: 'boots', cat: 'boots', axes: [[['Chestnut', 1], ['Black', 1], ['Sand', 1], ['Grey', 1]]], ref: 75, band: [52, 115], src: 'est: $150-180 retail; used $60-100' },
  // Clothing by brand.
  { keys: ['champion reverse weave', 'reverse weave'], names: ['Champion Reverse Weave'], brand: 'Champion', kind: 'apparel', cat: 'hoodie', axes: [[['Hoodie', 1], ['Pullover Hoodie', 1], ['Crewneck Sweatshirt', 0.95], ['Sweatshirt', 0.95], ['Quarter Zip', 0.95]], [['', 1], ['', 1], ['Vintage', 1.45], ['Vintage 90s', 1.6], ['Heavyweight', 1.05]], [['Navy', 1], ['Black', 1], ['Grey', 1], ['Maroon', 1], ['Blue', 1]]], ref: 30, band: [20, 48], src: 'real: mkt_a sold-completed-pretty-ended-mixed, mkt_d search-page-v3-flight ("champion reverse weave")' },
  { keys: ['carhartt detroit', 'detroit jacket'], names: ['Carhartt Detroit Jacket'], brand: 'Carhartt', kind: 'apparel', cat: 'jacket', axes: [[['Brown Duck', 1], ['Black', 1], ['Blanket Lined', 1.05]], [['', 1], ['Vintage', 1.35], ['J97', 1.1]]], ref: 120, band: [85, 190], src: 'est: vintage J97 and reissues; used $90-170' },
  { keys: ['carhartt active jacket', 'carhartt active', 'active jacket'], names: ['Carhartt Active Jacket', 'Carhartt Duck Active Jacket'], brand: 'Carhartt', kind: 'apparel', cat: 'jacket', axes: [[['Hooded', 1], ['J130', 1], ['Thermal Lined', 1.05]], [['Brown', 1], ['Black', 1], ['Moss', 1]]], ref: 70, band: [50, 105], src: 'est: $130-160 retail; used $55-95' },
  { keys: ['patagonia better sweater', 'better sweater'], names: ['Patagonia Better Sweater'], brand: 'Patagonia', kind: 'apparel', cat: 'fleece', axes: [[['1/4 Zip Fleece', 1], ['Full Zip Jacket', 1.05], ['Fleece Vest', 0.8]], [['Stonewash', 1], ['Black', 1], ['Navy', 1], ['Oatmeal Heather', 1]]], ref: 60, band: [42, 90], src: 'est: $139-159 retail; used $45-80' },
  { keys: ['nuptse', 'north face nuptse', '1996 nuptse'], names: ['The North Face 1996 Retro Nuptse', 'North Face Nuptse Puffer Jacket'], brand: 'The North Face', kind: 'apparel', cat: 'jacket', axes: [[['700 Fill', 1], ['Down Jacket', 1], ['Puffer', 1]], [['Black', 1], ['TNF Black', 1], ['Summit Navy', 1], ['Yellow', 1.05]]], ref: 150, band: [110, 230], src: 'est: $320 retail; used $120-200' },
  { keys: ['lululemon align', 'align leggings', 'align pant'], names: ['Lululemon Align Pant', 'Lululemon Align High-Rise Leggings'], brand: 'Lululemon', kind: 'apparel', cat: 'leggings', sizes: 'women', axes: [[['25"', 1], ['28"', 1], ['21"', 0.95]], [['Black', 1], ['Navy', 1], ['Java', 1], ['Dark Olive', 1]]], ref: 45, band: [32, 68], src: 'est: $98-118 retail; used $35-60' },
  { keys: ['levis 501', "levi's 501", '501 jeans'], names: ["Levi's 501 Jeans", "Levi's 501 Original Fit"], brand: "Levi's", kind: 'apparel', cat: 'jeans', sizes: 'waist', axes: [[['', 1], ['', 1], ['Vintage', 1.7], ['Made in USA', 1.8]], [['Medium Wash', 1], ['Light Wash', 1], ['Black', 1], ['Dark Wash', 1]]], ref: 32, band: [22, 55], src: 'est: $70-80 retail; used $25-45, vintage more' },
  { keys: ['arcteryx beta', "arc'teryx beta", 'beta ar', 'beta lt'], names: ["Arc'teryx Beta AR Jacket", "Arc'teryx Beta LT Jacket", "Arc'teryx Beta Jacket"], brand: "Arc'teryx", kind: 'apparel', cat: 'jacket', axes: [[['Gore-Tex Pro', 1], ['Gore-Tex', 1], ['Shell', 1]], [['Black', 1], ['Blue', 1], ['Green', 1]]], ref: 290, band: [210, 430], src: 'est: $450-600 retail; used $230-380' },
  { keys: ['supreme box logo', 'box logo', 'bogo'], names: ['Supreme Box Logo Hooded Sweatshirt', 'Supreme Box Logo Hoodie'], brand: 'Supreme', kind: 'apparel', cat: 'hoodie', axes: [[['FW21', 1], ['FW23', 1], ['FW24', 1.05], ['FW22', 1]], [['Black', 1.1], ['Heather Grey', 1], ['Navy', 1], ['Red', 1.1]]], ref: 420, band: [300, 620], src: 'est: $168 retail, resale $330-550' },
  { keys: ['tech fleece', 'nike tech'], names: ['Nike Tech Fleece'], brand: 'Nike', kind: 'apparel', cat: 'hoodie', axes: [[['Full Zip Hoodie', 1], ['Joggers', 0.8], ['Windrunner Hoodie', 1.05]], [['Black', 1], ['Dark Grey Heather', 1], ['Navy', 1]]], ref: 60, band: [42, 95], src: 'est: $110-130 retail; used $45-80' },
  // Handbags.
  { keys: ['neverfull', 'louis vuitton neverfull', 'lv neverfull'], names: ['Louis Vuitton Neverfull MM', 'Louis Vuitton Neverfull', 'LV Neverfull MM'], brand: 'Louis Vuitton', kind: 'bag', cat: 'handbag', axes: [[['Monogram', 1], ['Damier Ebene', 1.02], ['Damier Azur', 1]], [['Tote', 1], ['', 1], ['with Pouch', 1.15]]], ref: 1250, band: [950, 1700], src: 'est: $2,030 retail; pre-owned $1,000-1,500' },
  { keys: ['louis vuitton speedy', 'lv speedy', 'speedy'], names: ['Louis Vuitton Speedy', 'LV Speedy'], brand: 'Louis Vuitton', kind: 'bag', cat: 'handbag', axes: [[['25', 1], ['30', 0.95], ['35', 0.9], ['Bandouliere 25', 1.35]], [['Monogram', 1], ['Damier Ebene', 1.02]]], ref: 780, band: [580, 1150], src: 'est: pre-owned $600-1,000' },
  { keys: ['coach tabby', 'tabby'], names: ['Coach Tabby'], brand: 'Coach', kind: 'bag', cat: 'handbag', axes: [[['26 Shoulder Bag', 1], ['20 Shoulder Bag', 0.85], ['Pillow Shoulder Bag', 1.1], ['26', 1]], [['Black', 1], ['Chalk', 1], ['Brass/Black', 1], ['Pink', 1]]], ref: 210, band: [150, 320], src: 'est: $395-495 retail; used $160-280' },
  { keys: ['le pliage', 'longchamp le pliage'], names: ['Longchamp Le Pliage'], brand: 'Longchamp', kind: 'bag', cat: 'tote', axes: [[['Large Tote', 1], ['Medium Tote', 0.9], ['Shoulder Bag', 0.9]], [['Navy', 1], ['Black', 1], ['Green', 1], ['Pink', 1]]], ref: 70, band: [48, 105], src: 'est: $145-175 retail; used $55-90' },
  { keys: ['gg marmont', 'gucci marmont', 'marmont'], names: ['Gucci GG Marmont', 'Gucci Marmont Matelasse'], brand: 'Gucci', kind: 'bag', cat: 'handbag', axes: [[['Small Shoulder Bag', 1], ['Mini Crossbody', 0.85], ['Belt Bag', 0.75]], [['Black', 1], ['Dusty Pink', 1], ['White', 1]]], ref: 1050, band: [800, 1500], src: 'est: $2,000-2,900 retail; pre-owned $850-1,300' },
  { keys: ['telfar'], names: ['Telfar Shopping Bag'], brand: 'Telfar', kind: 'bag', cat: 'tote', axes: [[['Medium', 1], ['Small', 0.85], ['Large', 1.15]], [['Black', 1], ['Cream', 1], ['Navy', 1], ['Oxblood', 1]]], ref: 150, band: [110, 230], src: 'est: $150-257 retail; used $120-200' },
  // Kitchen and home.
  { keys: ['le creuset dutch oven', 'le creuset'], not: ['skillet', 'pan', 'kettle', 'mug', 'mugs', 'baker'], names: ['Le Creuset Dutch Oven', 'Le Creuset Round Dutch Oven', 'Le Creuset Enameled Cast Iron Dutch Oven'], brand: 'Le Creuset', kind: 'kitchen', cat: 'dutch oven', axes: [[['5.5 Qt', 1], ['7.25 Qt', 1.25], ['4.5 Qt', 0.9], ['3.5 Qt', 0.8]], [['Flame', 1], ['Marseille', 1], ['Cerise', 1], ['Caribbean', 1], ['Sage', 1], ['Oyster', 1]]], ref: 170, band: [125, 260], src: 'est: $420-480 retail (5.5 Qt); used $130-220' },
  { keys: ['kitchenaid mixer', 'kitchenaid stand mixer', 'kitchenaid artisan', 'kitchenaid'], not: ['attachment', 'bowl', 'attachments', 'beater', 'cover'], names: ['KitchenAid Stand Mixer'], brand: 'KitchenAid', kind: 'kitchen', cat: 'stand mixer', axes: [[['Artisan Tilt-Head 5 Qt', 1], ['Classic Tilt-Head 4.5 Qt', 0.75], ['Pro 600 Bowl-Lift 6 Qt', 1.25], ['Pro 5 Plus Bowl-Lift 5 Qt', 1.1]], [['Empire Red', 1], ['Onyx Black', 1], ['White', 1], ['Silver', 1], ['Aqua Sky', 1]]], ref: 200, band: [150, 300], src: 'est: $379-449 retail; used $150-260' },
  { keys: ['instant pot'], names: ['Instant Pot', 'Instant Pot Duo'], brand: 'Instant Pot', kind: 'kitchen', cat: 'pressure cooker', axes: [[['Duo 6 Qt', 1], ['Duo Plus 6 Qt', 1.1], ['Duo 8 Qt', 1.2], ['Ultra 6 Qt', 1.25]], [['7-in-1', 1], ['Pressure Cooker', 1]]], ref: 45, band: [32, 70], src: 'est: $80-130 retail; used $35-60' },
  { keys: ['vitamix'], not: ['container', 'lid', 'tamper'], names: ['Vitamix', 'Vitamix Blender'], brand: 'Vitamix', kind: 'kitchen', cat: 'blender', axes: [[['5200', 0.9], ['E310 Explorian', 0.85], ['A3500 Ascent', 1.4], ['7500', 1.05]], [['64 oz', 1], ['48 oz', 0.95], ['', 1]]], ref: 220, band: [160, 330], src: 'est: $350-650 retail; used $170-300' },
  { keys: ['nespresso vertuo', 'nespresso'], not: ['pods', 'capsules'], names: ['Nespresso Vertuo', 'Nespresso VertuoPlus'], brand: 'Nespresso', kind: 'kitchen', cat: 'coffee maker', axes: [[['Next', 0.9], ['Plus', 1], ['Pop', 0.75], ['Lattissima', 1.5]], [['Coffee and Espresso Machine', 1], ['by Breville', 1], ['by De\'Longhi', 1]]], ref: 70, band: [48, 110], src: 'est: $99-229 retail; used $55-100' },
  { keys: ['dyson v11', 'dyson v10', 'dyson v15', 'dyson vacuum'], names: ['Dyson Cordless Stick Vacuum'], brand: 'Dyson', kind: 'home', cat: 'vacuum', axes: [[['V10 Animal', 0.8], ['V11 Animal', 1], ['V11 Torque Drive', 1.1], ['V15 Detect', 1.5]]], ref: 200, band: [145, 300], src: 'est: $430-750 retail; used $160-280' },
  { keys: ['yeti tumbler', 'yeti rambler'], names: ['YETI Rambler Tumbler'], brand: 'YETI', kind: 'kitchen', cat: 'tumbler', axes: [[['20 oz', 1], ['30 oz', 1.1], ['26 oz Bottle', 1.15]], [['Navy', 1], ['Black', 1], ['Seafoam', 1], ['White', 1]], [['with MagSlider Lid', 1], ['', 1]]], ref: 22, band: [15, 35], src: 'est: $35-40 retail; used $16-28' },
  { keys: ['stanley quencher', 'stanley cup', 'stanley tumbler'], names: ['Stanley Quencher H2.0 FlowState Tumbler', 'Stanley Quencher Tumbler'], brand: 'Stanley', kind: 'kitchen', cat: 'tumbler', axes: [[['40 oz', 1], ['30 oz', 0.85], ['20 oz', 0.75]], [['Rose Quartz', 1], ['Black', 1], ['Cream', 1], ['Lilac', 1.1], ['Citron', 1]]], ref: 30, band: [20, 48], src: 'est: $45 retail; used $22-40' },
  // Tools.
  { keys: ['dewalt drill', 'dewalt 20v drill', 'dewalt hammer drill'], names: ['DeWalt 20V MAX Drill', 'DEWALT 20V MAX Cordless Drill'], brand: 'DeWalt', kind: 'tool', cat: 'drill', axes: [[['DCD771 Drill Driver', 0.85], ['DCD791 Brushless', 1], ['DCD996 Hammer Drill', 1.2], ['DCD800 XR', 1.1]], [['Tool Only', 0.7], ['Kit with 2 Batteries & Charger', 1.4], ['with Battery and Charger', 1.2]]], ref: 90, band: [60, 135], src: 'est: $99-229 retail (tool only to kit); used $60-130' },
  { keys: ['milwaukee impact driver', 'milwaukee impact', 'milwaukee m18 impact'], names: ['Milwaukee M18 Impact Driver', 'Milwaukee M18 FUEL 1/4" Hex Impact Driver'], brand: 'Milwaukee', kind: 'tool', cat: 'impact driver', axes: [[['2853-20', 1], ['2953-20', 1.1], ['3653-20', 1.15], ['2656-20', 0.75]], [['Tool Only', 0.72], ['Kit with 2 Batteries', 1.4], ['with 5.0Ah Battery', 1.2]]], ref: 100, band: [70, 150], src: 'est: $99-299 retail; used $70-140' },
  // Furniture.
  { keys: ['kallax'], names: ['IKEA Kallax Shelf Unit', 'IKEA Kallax Bookcase', 'IKEA Kallax Cube Shelf'], brand: 'IKEA', kind: 'furniture', cat: 'shelf', axes: [[['2x4', 1], ['4x4', 1.5], ['2x2', 0.55], ['1x4', 0.6]], [['White', 1], ['Black-Brown', 1], ['White Stained Oak', 1.05]], [['', 1], ['with Inserts', 1.2], ['with 4 Bins', 1.1]]], ref: 50, band: [35, 80], src: 'est: $40-150 retail by size; used $30-90' },
  { keys: ['aeron', 'herman miller aeron'], names: ['Herman Miller Aeron Chair', 'Herman Miller Aeron Office Chair'], brand: 'Herman Miller', kind: 'furniture', cat: 'office chair', axes: [[['Size B', 1], ['Size C', 1], ['Size A', 0.95]], [['Fully Loaded', 1.2], ['Remastered', 1.3], ['Classic', 0.85], ['', 1]], [['Graphite', 1], ['Carbon', 1], ['Mineral', 1]]], ref: 460, band: [320, 680], src: 'est: $1,400-1,900 new; used $350-650' },
  // Cars go through the car table below; toys and collectibles.
  { keys: ['lego millennium falcon', 'millennium falcon'], not: ['ucs', '75192', '10179'], names: ['LEGO Star Wars Millennium Falcon', 'LEGO Millennium Falcon'], brand: 'LEGO', kind: 'toy', cat: 'lego set', axes: [[['75257', 1], ['75212 Kessel Run', 1.05], ['75375 Midi-Scale', 0.55]], [['with Minifigures', 1.05], ['', 1], ['with Box and Instructions', 1.1]]], ref: 110, band: [75, 175], src: 'est: $160-170 retail (75257); used complete $90-140' },
  { keys: ['lego millennium falcon 75192', 'millennium falcon 75192', 'ucs millennium falcon', 'millennium falcon ucs', 'lego 75192', '75192'], names: ['LEGO Star Wars UCS Millennium Falcon 75192', 'LEGO 75192 Ultimate Collector Series Millennium Falcon'], brand: 'LEGO', kind: 'toy', cat: 'lego set', axes: [[['Complete with Minifigures', 1], ['', 1], ['with Box and Instructions', 1.08]]], ref: 620, band: [480, 900], src: 'est: launched $799.99 (2017), retired 2024; used complete $550-750, sealed $850+' },
  { keys: ['lego technic'], names: ['LEGO Technic'], brand: 'LEGO', kind: 'toy', cat: 'lego set', axes: [[['Land Rover Defender 42110', 1.2], ['Ford Mustang Shelby 42138', 0.6], ['Lamborghini Sian 42115', 2], ['Mercedes Arocs 42043', 1.4], ['Porsche 911 GT3 RS 42056', 1.8]]], ref: 120, band: [80, 190], src: 'est: $50-450 retail by set; used complete $60-250' },
  { keys: ['funko pop', 'funko'], names: ['Funko Pop!', 'Funko POP Vinyl Figure'], brand: 'Funko', kind: 'toy', cat: 'figure', axes: [[['Star Wars Grogu', 1], ['Dragon Ball Z Goku', 1], ['Harry Potter Hedwig', 1], ['Disney Stitch', 1.1], ['Stranger Things Eleven', 1], ['One Piece Luffy', 1.1]], [['Vinyl Figure', 1], ['', 1]]], ref: 14, band: [9, 24], src: 'est: $12-15 retail for common figures; $8-20 used or boxed' },
  { keys: ['squishmallow', 'squishmallows'], names: ['Squishmallow', 'Squishmallows Plush'], brand: 'Squishmallows', kind: 'toy', cat: 'plush', axes: [[['Cam the Cat', 1], ['Wendy the Frog', 1], ['Archie the Axolotl', 1.05], ['Malcolm the Mushroom', 1]], [['8 inch', 0.55], ['12 inch', 0.85], ['16 inch', 1.2], ['24 inch', 1.7]]], ref: 20, band: [13, 32], src: 'est: $10-45 retail by size; $12-30 resale' },
  { keys: ['hot wheels'], not: ['track', 'case'], names: ['Hot Wheels'], brand: 'Hot Wheels', kind: 'toy', cat: 'diecast', axes: [[['Lot of 10', 0.55], ['Lot of 25', 1], ['Lot of 50', 1.75]], [['Diecast Cars', 1], ['Cars Mainline', 1], ['Loose Cars', 0.85]]], ref: 22, band: [14, 36], src: 'est: $1-2 per loose car in lots' },
  { keys: ['american girl doll', 'american girl'], not: ['clothes', 'outfit', 'furniture'], names: ['American Girl Doll', 'American Girl Truly Me Doll'], brand: 'American Girl', kind: 'toy', cat: 'doll', axes: [[['Samantha', 1.2], ['Kit', 1], ['Truly Me', 0.9], ['Julie', 1.05], ['Felicity', 1.15]], [['18"', 1], ['', 1]]], ref: 55, band: [38, 85], src: 'est: $115-135 retail; used $40-75' },
  // Sports, fitness, media, other.
  { keys: ['peloton bike', 'peloton'], not: ['shoes', 'mat', 'weights', 'seat', 'tread'], names: ['Peloton Bike', 'Peloton Indoor Exercise Bike'], brand: 'Peloton', kind: 'sports', cat: 'exercise bike', axes: [[['', 1], ['', 1], ['Bike+', 1.6]], [['with Shoes', 1.05], ['', 1], ['with Mat and Weights', 1.1]]], ref: 520, band: [380, 800], src: 'est: $1,445-2,495 new; used $400-700' },
  { keys: ['bowflex selecttech 552', 'bowflex 552', 'selecttech 552', 'bowflex dumbbells'], names: ['Bowflex SelectTech 552 Adjustable Dumbbells'], brand: 'Bowflex', kind: 'sports', cat: 'dumbbells', axes: [[['Pair', 1], ['Set of 2', 1], ['Single', 0.55]], [['5-52.5 lbs', 1], ['', 1]]], ref: 210, band: [150, 300], src: 'est: $429 retail; used $170-260' },
  { keys: ['kindle paperwhite'], names: ['Amazon Kindle Paperwhite'], brand: 'Amazon', kind: 'tablet', axes: [[['11th Gen', 1.1], ['10th Gen', 0.9], ['Signature Edition', 1.3]], [['8GB', 1], ['16GB', 1.08], ['32GB', 1.15]]], ref: 65, band: [45, 100], src: 'est: $150-190 retail; used $50-90' },
  { keys: ['meta quest 3', 'quest 3', 'oculus quest 3'], not: ['strap', 'case', 'controller', 'controllers'], names: ['Meta Quest 3', 'Meta Quest 3 VR Headset'], brand: 'Meta', kind: 'console', axes: [[['128GB', 1], ['512GB', 1.25]]], ref: 330, band: [250, 450], src: 'est: $499 retail (512GB); used $280-400' },
  { keys: ['meta quest 2', 'oculus quest 2', 'quest 2'], not: ['strap', 'case', 'controller', 'controllers'], names: ['Meta Quest 2', 'Oculus Quest 2 VR Headset'], brand: 'Meta', kind: 'console', axes: [[['128GB', 1], ['256GB', 1.15], ['64GB', 0.9]]], ref: 150, band: [105, 215], src: 'est: $299 retail; used $120-180' },
];

/** Categories: keywords that name a kind of product but no product of the table above. */
export const CATEGORIES: readonly Category[] = [
  // Clothing.
  { id: 'hoodie', keys: ['hoodie', 'hoodies', 'hooded sweatshirt', 'sweatshirt', 'sweatshirts', 'crewneck', 'pullover'], nouns: ['Hoodie', 'Pullover Hoodie', 'Sweatshirt', 'Crewneck Sweatshirt'], kind: 'apparel', ref: 30, band: [20, 48], brands: ['Champion', 'Nike', 'Adidas', 'Carhartt', "Levi's"], axes: [[['', 1], ['', 1], ['Vintage', 1.35], ['Heavyweight', 1.05]], [['Black', 1], ['Grey', 1], ['Navy', 1], ['Green', 1], ['Maroon', 1]]], src: 'real: mkt_a sold-completed-pretty-ended-mixed (hoodies and sweatshirts)' },
  { id: 'jacket', keys: ['jacket', 'jackets', 'coat', 'coats', 'puffer', 'parka', 'windbreaker', 'bomber'], nouns: ['Jacket', 'Coat'], kind: 'apparel', ref: 45, band: [30, 75], brands: ['The North Face', 'Carhartt', 'Columbia', 'Patagonia', "Levi's", 'Zara'], axes: [[['Denim', 0.9], ['Puffer', 1.15], ['Rain', 0.9], ['Fleece Lined', 1], ['', 1]], [['Black', 1], ['Navy', 1], ['Olive', 1], ['Brown', 1], ['Blue', 1]]], src: 'est: used jackets of mid-range brands $30-70', places: { c: [[2, 'Men'], [22, 'Coats & jackets'], [221, 'Jackets']], d: 'coats-jackets' } },
  { id: 'denim jacket', keys: ['denim jacket', 'jean jacket', 'trucker jacket'], nouns: ['Denim Jacket', 'Jean Jacket', 'Trucker Jacket'], kind: 'apparel', ref: 35, band: [24, 58], brands: ["Levi's", 'Wrangler', 'Gap', 'Lee', 'Zara'], axes: [[['Light Wash', 1], ['Medium Wash', 1], ['Dark Wash', 1], ['Black', 1]], [['', 1], ['', 1], ['Vintage', 1.4], ['Sherpa Lined', 1.15]]], src: 'est: used denim jackets $25-55', places: { c: [[2, 'Men'], [22, 'Coats & jackets'], [221, 'Jackets']], d: 'coats-jackets' } },
  { id: 'fleece', keys: ['fleece', 'fleece jacket', 'quarter zip'], nouns: ['Fleece Jacket', 'Fleece Pullover', '1/4 Zip Fleece'], kind: 'apparel', ref: 35, band: [24, 58], brands: ['Patagonia', 'The North Face', 'Columbia', 'L.L.Bean'], axes: [[['Black', 1], ['Navy', 1], ['Grey', 1], ['Green', 1]]], src: 'est: used fleeces $25-55', places: { c: [[2, 'Men'], [22, 'Coats & jackets'], [222, 'Fleece jackets']], d: 'coats-jackets' } },
  { id: 'jeans', keys: ['jeans', 'denim', 'jean'], nouns: ['Jeans', 'Denim Jeans'], kind: 'apparel', sizes: 'waist', ref: 30, band: [20, 50], brands: ["Levi's", 'Wrangler', 'Lee', 'Agolde', 'Madewell'], axes: [[['Straight Leg', 1], ['Slim Fit', 1], ['Relaxed Fit', 1], ['Bootcut', 1], ['High Rise', 1]], [['Medium Wash', 1], ['Light Wash', 1], ['Dark Wash', 1], ['Black', 1]]], src: 'est: used jeans of mid-range brands $20-45', places: { c: [[2, 'Men'], [23, 'Jeans'], [231, 'Straight leg']], d: 'jeans' } },
  { id: 'tee', keys: ['t-shirt', 'tshirt', 'tee', 'tees', 't shirt', 'shirt', 'shirts', 'band tee'], nouns: ['T-Shirt', 'Tee', 'Graphic Tee'], kind: 'apparel', ref: 18, band: [11, 30], brands: ['Nike', 'Hanes', 'Gildan', 'Champion', 'Adidas'], axes: [[['', 1], ['', 1], ['Vintage', 1.6], ['Single Stitch', 1.8]], [['Black', 1], ['White', 1], ['Grey', 1], ['Navy', 1]]], src: 'est: used tees $10-25, vintage more', places: { c: [[2, 'Men'], [21, 'Tops'], [212, 'T-shirts']], d: 'tops' } },
  { id: 'polo', keys: ['polo shirt', 'polo'], nouns: ['Polo Shirt', 'Polo'], kind: 'apparel', ref: 22, band: [14, 36], brands: ['Ralph Lauren', 'Lacoste', 'Nike', 'Tommy Hilfiger'], axes: [[['Custom Fit', 1], ['Classic Fit', 1], ['Slim Fit', 1]], [['Navy', 1], ['White', 1], ['Black', 1], ['Red', 1], ['Green', 1]]], src: 'est: used polos $15-30', places: { c: [[2, 'Men'], [21, 'Tops'], [213, 'Polos']], d: 'tops' } },
  { id: 'sweater', keys: ['sweater', 'sweaters', 'cardigan', 'knit'], nouns: ['Sweater', 'Knit Sweater', 'Cardigan'], kind: 'apparel', ref: 28, band: [18, 45], brands: ['J.Crew', 'Ralph Lauren', 'Madewell', 'Banana Republic', 'Free People'], axes: [[['Wool', 1.1], ['Cotton', 1], ['Cashmere', 1.6], ['Cable Knit', 1.05]], [['Cream', 1], ['Black', 1], ['Navy', 1], ['Grey', 1]]], src: 'est: used sweaters $18-40', places: { c: [[3, 'Women'], [32, 'Sweaters'], [321, 'Pullover']], d: 'sweaters' } },
  { id: 'dress', keys: ['dress', 'dresses', 'maxi', 'sundress'], nouns: ['Dress', 'Midi Dress', 'Maxi Dress'], kind: 'apparel', sizes: 'women', ref: 32, band: [20, 52], brands: ['Free People', 'Reformation', 'Zara', 'Anthropologie', 'Lulus'], axes: [[['Floral', 1], ['Black', 1], ['Satin', 1.05], ['Linen', 1.05]]], src: 'est: used dresses of mid-range brands $20-50', places: { c: [[3, 'Women'], [34, 'Dresses'], [341, 'Midi']], d: 'dresses' } },
  { id: 'skirt', keys: ['skirt', 'skirts'], nouns: ['Skirt', 'Midi Skirt', 'Mini Skirt'], kind: 'apparel', sizes: 'women', ref: 22, band: [14, 36], brands: ['Zara', 'Free People', 'Madewell', 'Reformation'], axes: [[['Pleated', 1], ['Denim', 1], ['Satin', 1.05], ['Plaid', 1]]], src: 'est: used skirts $15-30', places: { c: [[3, 'Women'], [35, 'Skirts'], [351, 'Midi']], d: 'bottoms' } },
  { id: 'leggings', keys: ['leggings', 'yoga pants'], nouns: ['Leggings', 'High-Rise Leggings'], kind: 'apparel', sizes: 'women', ref: 30, band: [20, 48], brands: ['Lululemon', 'Alo Yoga', 'Athleta', 'Gymshark'], axes: [[['Black', 1], ['Navy', 1], ['Olive', 1], ['Grey', 1]]], src: 'est: used leggings $20-45', places: { c: [[3, 'Women'], [36, 'Athletic apparel'], [361, 'Leggings']], d: 'bottoms' } },
  { id: 'pants', keys: ['pants', 'trousers', 'cargo pants', 'chinos', 'joggers', 'carpenter pants'], nouns: ['Pants', 'Cargo Pants', 'Chino Pants'], kind: 'apparel', sizes: 'waist', ref: 28, band: [18, 45], brands: ['Carhartt', 'Dickies', "Levi's", 'J.Crew'], axes: [[['Khaki', 1], ['Black', 1], ['Olive', 1], ['Navy', 1]]], src: 'est: used pants $18-40', places: { c: [[2, 'Men'], [24, 'Pants'], [241, 'Casual pants']], d: 'bottoms' } },
  { id: 'shorts', keys: ['shorts'], nouns: ['Shorts'], kind: 'apparel', ref: 18, band: [11, 30], brands: ['Nike', 'Patagonia', 'Lululemon', 'Carhartt'], axes: [[['Athletic', 1], ['Cargo', 1], ['Denim', 1], ['Baggies', 1.2]]], src: 'est: used shorts $12-25', places: { c: [[2, 'Men'], [25, 'Shorts'], [251, 'Casual shorts']], d: 'bottoms' } },
  { id: 'hat', keys: ['hat', 'hats', 'cap', 'beanie', 'snapback', 'trucker hat'], nouns: ['Hat', 'Cap', 'Beanie', 'Snapback Hat'], kind: 'apparel', sizes: null, ref: 18, band: [11, 30], brands: ['Carhartt', 'New Era', 'Nike', 'The North Face'], axes: [[['Black', 1], ['Navy', 1], ['Brown', 1], ['Grey', 1]]], src: 'est: used hats $10-25', places: { c: [[2, 'Men'], [27, 'Accessories'], [271, 'Hats']], d: 'accessories' } },
  { id: 'scarf', keys: ['scarf', 'scarves'], nouns: ['Scarf'], kind: 'apparel', sizes: null, ref: 20, band: [12, 35], brands: ['Burberry', 'Acne Studios', 'J.Crew', 'Madewell'], axes: [[['Wool', 1], ['Cashmere', 1.5], ['Plaid', 1], ['Knit', 1]]], src: 'est: used scarves $12-30', places: { c: [[3, 'Women'], [37, 'Accessories'], [371, 'Scarves']], d: 'accessories' } },
  // Shoes.
  { id: 'sneakers', keys: ['sneakers', 'sneaker', 'shoes', 'shoe', 'trainers', 'running shoes', 'basketball shoes'], nouns: ['Sneakers', 'Shoes', 'Running Shoes'], kind: 'sneakers', ref: 55, band: [38, 90], brands: ['Nike', 'Adidas', 'New Balance', 'Asics', 'Converse'], axes: [[['White', 1], ['Black', 1], ['Grey', 1], ['Navy', 1], ['Triple White', 1]]], src: 'est: used sneakers of the main brands $35-80; the mkt_c clothing capture asks $17-40 for Nike kids\' sneakers' },
  { id: 'boots', keys: ['boots', 'boot', 'chelsea boots', 'work boots', 'combat boots'], nouns: ['Boots', 'Leather Boots', 'Chelsea Boots'], kind: 'boots', ref: 60, band: [40, 95], brands: ['Dr. Martens', 'Timberland', 'Blundstone', 'Red Wing', 'Frye'], axes: [[['Black', 1], ['Brown', 1], ['Tan', 1], ['Wheat', 1]]], src: 'est: used leather boots $40-90' },
  { id: 'heels', keys: ['heels', 'pumps', 'stilettos'], nouns: ['Heels', 'Pumps'], kind: 'boots', sizes: 'shoe', ref: 35, band: [22, 60], brands: ['Sam Edelman', 'Steve Madden', 'Stuart Weitzman', 'Schutz'], axes: [[['Black', 1], ['Nude', 1], ['Red', 1]], [['Leather', 1], ['Suede', 1]]], src: 'est: used heels $25-55', places: { c: [[3, 'Women'], [30, 'Shoes'], [303, 'Heels']] } },
  { id: 'sandals', keys: ['sandals', 'slides', 'flip flops'], nouns: ['Sandals', 'Slides'], kind: 'boots', sizes: 'shoe', ref: 30, band: [18, 50], brands: ['Birkenstock', 'Teva', 'Nike', 'Chaco'], axes: [[['Black', 1], ['Brown', 1], ['Taupe', 1]]], src: 'est: used sandals $20-50', places: { c: [[3, 'Women'], [30, 'Shoes'], [304, 'Sandals']] } },
  // Bags, jewellery, beauty.
  { id: 'handbag', keys: ['handbag', 'handbags', 'purse', 'purses', 'bag', 'bags', 'shoulder bag', 'satchel'], nouns: ['Handbag', 'Shoulder Bag', 'Purse', 'Satchel'], kind: 'bag', ref: 50, band: [32, 80], brands: ['Coach', 'Michael Kors', 'Kate Spade', 'Tory Burch', 'Fossil'], axes: [[['Leather', 1.05], ['Pebbled Leather', 1.05], ['Saffiano Leather', 1], ['Canvas', 0.9]], [['Black', 1], ['Brown', 1], ['Tan', 1], ['Navy', 1]]], src: 'est: used handbags of mid-range brands $35-75' },
  { id: 'tote', keys: ['tote', 'tote bag', 'totes'], nouns: ['Tote', 'Tote Bag'], kind: 'bag', ref: 45, band: [28, 72], brands: ['Michael Kors', 'Coach', 'Kate Spade', 'Longchamp', 'Madewell'], axes: [[['Leather', 1.05], ['Canvas', 0.9], ['Nylon', 0.9]], [['Black', 1], ['Brown', 1], ['Navy', 1]]], src: 'est: used totes $30-70' },
  { id: 'crossbody', keys: ['crossbody', 'crossbody bag', 'clutch'], nouns: ['Crossbody Bag', 'Crossbody'], kind: 'bag', ref: 40, band: [25, 65], brands: ['Coach', 'Kate Spade', 'Michael Kors', 'Fossil'], axes: [[['Leather', 1.05], ['Quilted', 1]], [['Black', 1], ['Pink', 1], ['Tan', 1]]], src: 'est: used crossbody bags $25-60' },
  { id: 'backpack', keys: ['backpack', 'backpacks', 'rucksack'], nouns: ['Backpack'], kind: 'bag', ref: 35, band: [22, 58], brands: ['The North Face', 'Herschel', 'JanSport', 'Fjallraven', 'Patagonia'], axes: [[['Black', 1], ['Navy', 1], ['Grey', 1], ['Green', 1]]], src: 'est: used backpacks $20-55' },
  { id: 'wallet', keys: ['wallet', 'wallets', 'card holder'], nouns: ['Wallet', 'Bifold Wallet', 'Card Holder'], kind: 'bag', ref: 30, band: [18, 50], brands: ['Coach', 'Fossil', 'Michael Kors', 'Kate Spade'], axes: [[['Leather', 1], ['Black', 1], ['Brown', 1]]], src: 'est: used wallets $18-45' },
  { id: 'jewelry', keys: ['necklace', 'necklaces', 'bracelet', 'bracelets', 'ring', 'rings', 'earrings', 'pendant', 'charm'], nouns: ['Necklace', 'Bracelet', 'Ring', 'Earrings'], kind: 'jewelry', ref: 45, band: [28, 75], brands: ['Pandora', 'Kendra Scott', 'David Yurman', 'Tiffany & Co.'], axes: [[['Sterling Silver', 1], ['Gold Plated', 0.9], ['14K Gold', 2], ['Rose Gold', 1]]], src: 'est: used branded jewellery $30-70 (Tiffany and Yurman more)' },
  { id: 'perfume', keys: ['perfume', 'cologne', 'fragrance', 'eau de parfum', 'edp', 'edt'], nouns: ['Eau de Parfum', 'Perfume', 'Cologne'], kind: 'beauty', ref: 55, band: [38, 85], brands: ['Chanel', 'Dior', 'YSL', 'Tom Ford', 'Marc Jacobs'], axes: [[['1.7 oz', 1], ['3.4 oz', 1.45], ['1 oz', 0.75]], [['Spray', 1], ['', 1]]], src: 'est: designer fragrance resale $40-90' },
  { id: 'watch', keys: ['watch', 'watches', 'wristwatch', 'automatic watch'], nouns: ["Men's Watch", 'Watch', 'Wristwatch'], kind: 'watch', ref: 70, band: [45, 110], brands: ['Seiko', 'Citizen', 'Fossil', 'Casio', 'Timex'], axes: [[['Automatic', 1.3], ['Quartz', 0.85], ['Chronograph', 1.1], ['Solar', 1]], [['Stainless Steel', 1], ['Leather Band', 0.95]]], src: 'est: used watches of everyday brands $40-100' },
  // Electronics.
  { id: 'phone', keys: ['phone', 'phones', 'smartphone', 'cell phone', 'cellphone'], nouns: ['Smartphone', 'Cell Phone'], kind: 'phone', ref: 170, band: [90, 300], brands: ['Apple', 'Samsung', 'Google', 'Motorola'], axes: [[['128GB', 1], ['64GB', 0.85], ['256GB', 1.15]], [['Unlocked', 1.05], ['', 1]]], src: 'real: mkt_a listings-s-card-refurbished ("phone"); the page mixes $18 feature phones and $3,699 foldables, the band is of its middle half' },
  { id: 'laptop', keys: ['laptop', 'laptops', 'notebook', 'notebook computer', 'chromebook'], nouns: ['Laptop', 'Notebook'], kind: 'computer', ref: 220, band: [150, 380], brands: ['Lenovo', 'Dell', 'HP', 'ASUS', 'Acer'], axes: [[['14"', 1], ['15.6"', 1], ['13.3"', 1]], [['Intel Core i5 8GB RAM 256GB SSD', 1], ['Core i7 16GB 512GB SSD', 1.3], ['Ryzen 5 16GB 512GB', 1.15]], [['Windows 11', 1], ['Win 10 Pro', 0.95], ['', 1]]], src: 'real: mkt_a laptop pages of test/data (Dell, HP, Lenovo laptops at $170-200 the median), mkt_e legacy-feed-2021 ("laptop")' },
  { id: 'tablet', keys: ['tablet', 'tablets'], nouns: ['Tablet', 'Android Tablet'], kind: 'tablet', ref: 110, band: [70, 180], brands: ['Samsung', 'Amazon', 'Lenovo', 'Apple'], axes: [[['10.1"', 1], ['11"', 1.1], ['8"', 0.7]], [['64GB', 1], ['128GB', 1.15], ['32GB', 0.8]]], src: 'est: used tablets $70-160' },
  { id: 'headphones', keys: ['headphones', 'headphone', 'headset', 'over ear headphones'], nouns: ['Headphones', 'Wireless Headphones', 'Noise Cancelling Headphones'], kind: 'audio', ref: 70, band: [45, 115], brands: ['Sony', 'Bose', 'Beats', 'JBL', 'Sennheiser'], axes: [[['Black', 1], ['Silver', 1], ['White', 1]], [['Bluetooth', 1], ['Over-Ear', 1], ['', 1]]], src: 'est: used wireless headphones $40-110' },
  { id: 'earbuds', keys: ['earbuds', 'earbud', 'wireless earbuds', 'earphones', 'in ear'], nouns: ['Wireless Earbuds', 'True Wireless Earbuds', 'Bluetooth Earbuds'], kind: 'audio', ref: 32, band: [20, 55], brands: ['JBL', 'Soundcore', 'JLab', 'Beats', 'Samsung'], axes: [[['Noise Cancelling', 1.2], ['Waterproof', 1], ['', 1]], [['Black', 1], ['White', 1]]], src: 'real: mkt_a listings-s-card-earbuds ("wireless earbuds")' },
  { id: 'speaker', keys: ['speaker', 'speakers', 'bluetooth speaker', 'soundbar'], nouns: ['Bluetooth Speaker', 'Portable Speaker', 'Speaker'], kind: 'audio', ref: 55, band: [35, 90], brands: ['JBL', 'Bose', 'Sonos', 'Ultimate Ears', 'Marshall'], axes: [[['Black', 1], ['Blue', 1], ['Grey', 1]], [['Waterproof', 1], ['', 1]]], src: 'est: used portable speakers $35-90' },
  { id: 'keyboard', keys: ['mechanical keyboard', 'keyboard', 'keyboards', 'gaming keyboard'], nouns: ['Mechanical Keyboard', 'Wireless Mechanical Keyboard', 'Gaming Keyboard'], kind: 'computer', ref: 45, band: [30, 70], brands: ['Keychron', 'Logitech', 'Corsair', 'Razer', 'AULA'], axes: [[['75%', 1], ['TKL', 1], ['65%', 1], ['Full Size', 1.05]], [['RGB', 1], ['Hot Swappable', 1.05], ['', 1]], [['Brown Switches', 1], ['Red Switches', 1], ['', 1]]], src: 'real: mkt_a listings-s-card-keyboard ("mechanical keyboard")', places: { c: [[7, 'Electronics'], [86, 'Computers, laptops & parts'], [863, 'Keyboards']] } },
  { id: 'monitor', keys: ['monitor', 'monitors', 'gaming monitor'], nouns: ['Monitor', 'Gaming Monitor', 'LED Monitor'], kind: 'computer', ref: 110, band: [70, 180], brands: ['Dell', 'LG', 'Samsung', 'ASUS', 'Acer'], axes: [[['24"', 0.8], ['27"', 1], ['32"', 1.3]], [['1080p', 0.9], ['1440p 144Hz', 1.2], ['4K', 1.3]]], src: 'est: used monitors $70-180; the mkt_e legacy-feed-2021 capture asks $99-350', places: { c: [[7, 'Electronics'], [86, 'Computers, laptops & parts'], [864, 'Monitors']] } },
  { id: 'graphics card', keys: ['graphics card', 'gpu', 'video card', 'rtx', 'gtx'], nouns: ['Graphics Card', 'GPU'], kind: 'computer', ref: 240, band: [160, 380], brands: ['NVIDIA', 'EVGA', 'MSI', 'ASUS', 'Gigabyte'], axes: [[['RTX 3060 12GB', 1], ['RTX 3070 8GB', 1.2], ['RTX 4060 8GB', 1.15], ['RTX 2070 Super', 0.85]]], src: 'est: used mid-range GPUs $180-350', places: { c: [[7, 'Electronics'], [86, 'Computers, laptops & parts'], [865, 'Components & parts']] } },
  { id: 'tv', keys: ['tv', 'television', 'smart tv'], nouns: ['Smart TV', 'LED TV', '4K TV'], kind: 'computer', ref: 180, band: [110, 290], brands: ['Samsung', 'LG', 'TCL', 'Sony', 'Vizio'], axes: [[['43"', 0.7], ['55"', 1], ['65"', 1.4]], [['4K UHD', 1], ['OLED', 1.8], ['', 1]]], src: 'est: used TVs $100-300 (local pickup)', places: { c: [[7, 'Electronics'], [87, 'TV, audio & surveillance'], [872, 'TVs']], e: '1.4' } },
  { id: 'console', keys: ['console', 'game console', 'video game console'], nouns: ['Video Game Console', 'Console'], kind: 'console', ref: 180, band: [120, 280], brands: ['Sony', 'Nintendo', 'Microsoft'], axes: [[['with Controller', 1], ['Console Only', 0.9]]], src: 'est: used current consoles $150-400' },
  { id: 'controller', keys: ['controller', 'controllers', 'gamepad', 'joystick'], nouns: ['Wireless Controller', 'Controller'], kind: 'accessory', ref: 35, band: [24, 55], brands: ['Sony', 'Microsoft', 'Nintendo', 'PowerA'], axes: [[['Black', 1], ['White', 1], ['Red', 1]]], src: 'est: used controllers $25-50' },
  { id: 'video game', keys: ['video game', 'video games', 'game', 'games'], nouns: ['Video Game', 'Game'], kind: 'game', ref: 22, band: [14, 36], brands: ['Nintendo', 'Sony', 'Microsoft', 'EA'], axes: [[['Nintendo Switch', 1], ['PS5', 1], ['PS4', 0.8], ['Xbox One', 0.75]]], src: 'est: used games $12-35' },
  { id: 'camera', keys: ['camera', 'cameras', 'digital camera', 'film camera', 'dslr', 'mirrorless'], nouns: ['Digital Camera', 'Camera', '35mm Film Camera'], kind: 'camera', ref: 180, band: [120, 290], brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm', 'Olympus'], axes: [[['Body Only', 0.85], ['with Lens', 1.15], ['Kit', 1.1]]], src: 'est: used cameras of the main makers $120-280' },
  { id: 'lens', keys: ['lens', 'lenses', 'camera lens'], nouns: ['Lens', 'Camera Lens', 'Prime Lens', 'Zoom Lens'], kind: 'camera', ref: 110, band: [75, 170], brands: ['Canon', 'Nikon', 'Sony', 'Sigma', 'Tamron'], axes: [[['50mm f/1.8', 0.8], ['35mm f/2', 1], ['28-70mm', 0.9], ['70-200mm f/4', 1.6], ['135mm f/2.8', 0.9]]], src: 'est: used lenses of the main makers $70-180', extras: [['with Caps', 1], ['w/ Box', 1.05]], places: { c: [[7, 'Electronics'], [88, 'Cameras & photography'], [882, 'Lenses & filters']] } },
  { id: 'smartwatch', keys: ['smartwatch', 'smart watch', 'fitness tracker'], nouns: ['Smartwatch', 'Smart Watch'], kind: 'smartwatch', ref: 110, band: [70, 180], brands: ['Apple', 'Samsung', 'Garmin', 'Fitbit'], axes: [[['GPS', 1], ['LTE', 1.1]], [['41mm', 1], ['44mm', 1.05]]], src: 'est: used smartwatches $70-180' },
  { id: 'drone', keys: ['drone', 'drones', 'quadcopter'], nouns: ['Drone', 'Camera Drone'], kind: 'camera', ref: 250, band: [170, 400], brands: ['DJI'], axes: [[['Mini 2', 0.8], ['Mini 3', 1], ['Air 2S', 1.6], ['Mini 4 Pro', 1.6]], [['Fly More Combo', 1.2], ['', 1]]], src: 'est: used DJI drones $200-450', extras: [['with Extra Batteries', 1.1], ['w/ Box', 1.05]], places: { e: '1.9' } },
  // Cards, comics, media.
  { id: 'trading card', keys: ['trading card', 'trading cards', 'card', 'cards', 'tcg', 'holo'], nouns: ['Trading Card', 'Card', 'Holo Card'], kind: 'card', ref: 8, band: [4, 16], brands: ['Pokémon', 'Topps', 'Panini', 'Konami', 'Wizards of the Coast'], axes: [[['Holo', 1.3], ['Rare', 1], ['Rookie Card', 1.4], ['Reverse Holo', 0.8]]], src: 'real: mkt_a listings-s-card-auctions ("pokemon": singles $1-85, median $10)' },
  { id: 'comic', keys: ['comic', 'comics', 'comic book', 'comic books'], nouns: ['Comic Book', 'Comic', 'Comics'], kind: 'comic', ref: 12, band: [7, 22], brands: ['Marvel', 'DC Comics', 'Image Comics'], axes: [[['', 1], ['Variant Cover', 1.1], ['Key Issue', 2], ['Lot of 10', 2.2], ['1st Print', 1.3]]], src: 'real: mkt_a listings-s-card-spiderman ("spiderman comic")' },
  { id: 'vinyl', keys: ['vinyl', 'record', 'records', 'lp', 'vinyl record'], nouns: ['Vinyl LP', 'Vinyl Record', 'LP Record'], kind: 'media', ref: 25, band: [15, 42], brands: [], axes: [[['', 1], ['Limited Edition Colored Vinyl', 1.5], ['2LP', 1.3], ['Original Pressing', 1.4]]], src: 'est: used and new LPs $15-40' },
  { id: 'book', keys: ['book', 'books', 'hardcover', 'paperback', 'novel'], nouns: ['Book', 'Hardcover Book', 'Paperback'], kind: 'media', ref: 10, band: [6, 18], brands: [], axes: [[['Hardcover', 1.3], ['Paperback', 0.8], ['First Edition', 2]]], src: 'est: used books $5-15' },
  // Home, kitchen, tools, furniture.
  { id: 'lamp', keys: ['lamp', 'lamps', 'desk lamp', 'floor lamp', 'table lamp', 'light'], nouns: ['Lamp', 'Desk Lamp', 'Table Lamp'], kind: 'home', ref: 30, band: [20, 50], brands: ['IKEA', 'West Elm', 'Pottery Barn', 'Target'], axes: [[['Brass', 1.1], ['Black Metal', 1], ['Ceramic', 1], ['Mid-Century', 1.15], ['LED', 0.9], ['Adjustable', 1]]], src: 'est: used lamps $15-50' },
  { id: 'dutch oven', keys: ['dutch oven', 'dutch ovens', 'cocotte'], nouns: ['Dutch Oven', 'Enameled Cast Iron Dutch Oven'], kind: 'kitchen', ref: 60, band: [38, 110], brands: ['Le Creuset', 'Staub', 'Lodge', 'Cuisinart'], axes: [[['5.5 Qt', 1], ['7 Qt', 1.15], ['4 Qt', 0.85]], [['Red', 1], ['Blue', 1], ['Black', 1], ['White', 1]]], src: 'est: used Dutch ovens $40-100 (Le Creuset more)' },
  { id: 'skillet', keys: ['skillet', 'cast iron', 'frying pan', 'pan', 'pans', 'cookware'], nouns: ['Cast Iron Skillet', 'Skillet', 'Frying Pan'], kind: 'kitchen', ref: 28, band: [18, 45], brands: ['Lodge', 'All-Clad', 'Calphalon', 'Le Creuset'], axes: [[['10"', 0.9], ['12"', 1.1], ['8"', 0.7]]], src: 'est: used skillets and pans $15-45' },
  { id: 'stand mixer', keys: ['stand mixer', 'mixer'], nouns: ['Stand Mixer'], kind: 'kitchen', ref: 130, band: [90, 210], brands: ['KitchenAid', 'Cuisinart', 'Hamilton Beach'], axes: [[['5 Qt', 1], ['4.5 Qt', 0.9]], [['Red', 1], ['White', 1], ['Black', 1]]], src: 'est: used stand mixers $80-200' },
  { id: 'blender', keys: ['blender', 'blenders'], nouns: ['Blender', 'High-Speed Blender'], kind: 'kitchen', ref: 60, band: [35, 100], brands: ['Vitamix', 'Ninja', 'Blendtec', 'Nutribullet'], axes: [[['64 oz', 1], ['72 oz', 1], ['Personal', 0.6]]], src: 'est: used blenders $30-100' },
  { id: 'coffee maker', keys: ['coffee maker', 'espresso machine', 'coffee machine', 'keurig'], nouns: ['Coffee Maker', 'Espresso Machine'], kind: 'kitchen', ref: 70, band: [40, 120], brands: ["De'Longhi", 'Breville', 'Keurig', 'Nespresso'], axes: [[['Black', 1], ['Stainless Steel', 1.1]]], src: 'est: used coffee makers $35-120' },
  { id: 'air fryer', keys: ['air fryer', 'airfryer'], nouns: ['Air Fryer'], kind: 'kitchen', ref: 45, band: [28, 70], brands: ['Ninja', 'Cosori', 'Instant Vortex', 'Philips'], axes: [[['5 Qt', 0.9], ['6 Qt', 1], ['Dual Basket 8 Qt', 1.4]]], src: 'est: used air fryers $30-70' },
  { id: 'pressure cooker', keys: ['pressure cooker', 'slow cooker', 'crock pot', 'crockpot'], nouns: ['Pressure Cooker', 'Slow Cooker'], kind: 'kitchen', ref: 40, band: [25, 65], brands: ['Instant Pot', 'Crock-Pot', 'Ninja'], axes: [[['6 Qt', 1], ['8 Qt', 1.15]]], src: 'est: used cookers $25-60' },
  { id: 'knife set', keys: ['knife set', 'knives', 'chef knife', 'knife'], nouns: ['Knife Set', "Chef's Knife", 'Knife Block Set'], kind: 'kitchen', ref: 60, band: [35, 100], brands: ['Wusthof', 'Henckels', 'Cutco', 'Shun'], axes: [[['8"', 1], ['15 Piece', 1.5], ['7 Piece', 1.1]]], src: 'est: used knives and sets $35-100' },
  { id: 'kitchen', keys: ['kitchen', 'kitchenware', 'kitchen accessories', 'utensils'], nouns: ['Kitchen Utensil Set', 'Kitchen Tools', 'Measuring Cups'], kind: 'kitchen', ref: 18, band: [11, 30], brands: ['OXO', 'KitchenAid', 'Cuisinart', 'Pyrex'], axes: [[['Stainless Steel', 1], ['Silicone', 0.9], ['Bamboo', 0.9]]], src: 'real: mkt_a listings-s-card-kitchen ("kitchen accessories")' },
  { id: 'tumbler', keys: ['tumbler', 'tumblers', 'water bottle', 'travel mug'], nouns: ['Tumbler', 'Insulated Tumbler'], kind: 'kitchen', ref: 18, band: [11, 30], brands: ['YETI', 'Stanley', 'Hydro Flask', 'Owala'], axes: [[['20 oz', 0.9], ['30 oz', 1], ['40 oz', 1.1]]], src: 'est: used insulated tumblers $12-30' },
  { id: 'vacuum', keys: ['vacuum', 'vacuum cleaner', 'robot vacuum', 'stick vacuum'], nouns: ['Vacuum Cleaner', 'Cordless Vacuum', 'Robot Vacuum'], kind: 'home', ref: 90, band: [55, 150], brands: ['Dyson', 'Shark', 'iRobot Roomba', 'Bissell'], axes: [[['Cordless', 1], ['Upright', 0.9], ['Robot', 1.1]]], src: 'est: used vacuums $50-150' },
  { id: 'drill', keys: ['drill', 'drills', 'cordless drill', 'hammer drill', 'drill driver'], nouns: ['Cordless Drill', 'Drill Driver', 'Hammer Drill'], kind: 'tool', ref: 65, band: [40, 105], brands: ['DeWalt', 'Milwaukee', 'Makita', 'Ryobi', 'Bosch'], axes: [[['Tool Only', 0.7], ['with Battery and Charger', 1.25], ['Kit', 1.3]], [['18V', 1], ['20V MAX', 1], ['12V', 0.75]]], src: 'est: used cordless drills $35-110' },
  { id: 'impact driver', keys: ['impact driver', 'impact wrench', 'impact'], nouns: ['Impact Driver', 'Impact Wrench'], kind: 'tool', ref: 75, band: [45, 120], brands: ['Milwaukee', 'DeWalt', 'Makita', 'Ryobi'], axes: [[['Tool Only', 0.7], ['with Battery', 1.2], ['Kit', 1.35]]], src: 'est: used impact drivers $45-120' },
  { id: 'saw', keys: ['saw', 'circular saw', 'miter saw', 'table saw', 'chainsaw', 'reciprocating saw'], nouns: ['Circular Saw', 'Miter Saw', 'Reciprocating Saw'], kind: 'tool', ref: 90, band: [55, 150], brands: ['DeWalt', 'Makita', 'Milwaukee', 'Ryobi', 'Skil'], axes: [[['Tool Only', 0.8], ['Corded', 0.9], ['Cordless', 1.1]]], src: 'est: used saws $50-160' },
  { id: 'tool set', keys: ['tool set', 'tools', 'tool box', 'toolbox', 'socket set', 'wrench set', 'wrench', 'wrenches'], nouns: ['Tool Set', 'Mechanics Tool Set', 'Socket Set'], kind: 'tool', ref: 60, band: [35, 100], brands: ['Craftsman', 'Husky', 'Snap-on', 'DeWalt', 'Stanley'], axes: [[['105 Piece', 1], ['230 Piece', 1.5], ['57 Piece', 0.7]], [['SAE and Metric', 1], ['', 1]]], src: 'est: used tool sets $35-110' },
  { id: 'generator', keys: ['generator', 'generators', 'inverter generator'], nouns: ['Generator', 'Portable Inverter Generator'], kind: 'tool', ref: 420, band: [280, 650], brands: ['Honda', 'Champion', 'Predator', 'Generac', 'Westinghouse'], axes: [[['2200W', 0.8], ['3500W', 1], ['4500W', 1.25], ['9500W', 1.8]]], src: 'est: used portable generators $250-700', places: { e: '2.7' } },
  { id: 'lawn mower', keys: ['lawn mower', 'mower', 'mowers', 'riding mower'], nouns: ['Lawn Mower', 'Push Mower', 'Self-Propelled Mower'], kind: 'tool', ref: 180, band: [110, 300], brands: ['Honda', 'Toro', 'Craftsman', 'EGO', 'Husqvarna'], axes: [[['21"', 1], ['Self-Propelled', 1.2], ['Cordless 56V', 1.3]]], src: 'est: used push mowers $100-300', places: { e: '2.7' } },
  { id: 'chair', keys: ['chair', 'chairs', 'armchair', 'accent chair', 'dining chairs', 'recliner'], nouns: ['Chair', 'Accent Chair', 'Armchair'], kind: 'furniture', ref: 70, band: [45, 120], brands: ['IKEA', 'West Elm', 'Article', 'Pottery Barn'], axes: [[['Mid-Century', 1.15], ['Velvet', 1], ['Leather', 1.3], ['Wood', 1], ['Upholstered', 1]]], src: 'est: used chairs $40-120' },
  { id: 'office chair', keys: ['office chair', 'desk chair', 'gaming chair', 'ergonomic chair'], nouns: ['Office Chair', 'Ergonomic Office Chair', 'Desk Chair'], kind: 'furniture', ref: 90, band: [55, 160], brands: ['Herman Miller', 'Steelcase', 'IKEA', 'Secretlab', 'HON'], axes: [[['Mesh', 1], ['Leather', 1.1], ['Adjustable Arms', 1]]], src: 'est: used office chairs $50-150 (Herman Miller and Steelcase more)' },
  { id: 'table', keys: ['table', 'tables', 'dining table', 'coffee table', 'side table', 'end table'], nouns: ['Coffee Table', 'Dining Table', 'Side Table'], kind: 'furniture', ref: 90, band: [55, 160], brands: ['IKEA', 'West Elm', 'Pottery Barn', 'Crate & Barrel', 'Wayfair'], axes: [[['Solid Wood', 1.2], ['Walnut', 1.3], ['Glass Top', 0.9], ['Round', 1], ['Mid-Century', 1.15]]], src: 'est: used tables $50-180' },
  { id: 'desk', keys: ['desk', 'desks', 'standing desk', 'writing desk'], nouns: ['Desk', 'Writing Desk', 'Standing Desk'], kind: 'furniture', ref: 90, band: [55, 160], brands: ['IKEA', 'Uplift', 'West Elm', 'Wayfair', 'Fully Jarvis'], axes: [[['48"', 1], ['60"', 1.15], ['Electric Adjustable', 1.6], ['Solid Wood', 1.2]]], src: 'est: used desks $50-180' },
  { id: 'sofa', keys: ['sofa', 'sofas', 'couch', 'couches', 'sectional', 'loveseat', 'futon', 'futons'], nouns: ['Sofa', 'Couch', 'Sectional Sofa', 'Loveseat', 'Futon'], kind: 'furniture', ref: 300, band: [180, 520], brands: ['IKEA', 'Pottery Barn', 'West Elm', 'Ashley', 'Article'], axes: [[['Grey', 1], ['Beige', 1], ['Navy Velvet', 1.1], ['Leather', 1.4]], [['3 Seater', 1], ['L-Shaped', 1.4], ['', 1]]], src: 'est: used sofas $150-600 (local pickup)' },
  { id: 'dresser', keys: ['dresser', 'dressers', 'chest of drawers', 'nightstand', 'nightstands'], nouns: ['Dresser', '6 Drawer Dresser', 'Nightstand'], kind: 'furniture', ref: 150, band: [90, 260], brands: ['IKEA', 'West Elm', 'Pottery Barn', 'Ashley'], axes: [[['Solid Wood', 1.3], ['White', 1], ['Walnut', 1.2], ['Mid-Century', 1.25]]], src: 'est: used dressers $80-300' },
  { id: 'shelf', keys: ['shelf', 'shelves', 'bookshelf', 'bookcase', 'shelving'], nouns: ['Bookshelf', 'Bookcase', 'Shelf Unit'], kind: 'furniture', ref: 50, band: [30, 85], brands: ['IKEA', 'Wayfair', 'Target', 'Pottery Barn'], axes: [[['5 Shelf', 1], ['White', 1], ['Wood', 1.1], ['Black', 1]]], src: 'est: used shelves $25-90' },
  { id: 'mirror', keys: ['mirror', 'mirrors', 'floor mirror', 'wall mirror'], nouns: ['Mirror', 'Wall Mirror', 'Floor Mirror'], kind: 'furniture', ref: 50, band: [30, 85], brands: ['IKEA', 'West Elm', 'Target', 'Pottery Barn'], axes: [[['Gold Frame', 1.1], ['Arched', 1.1], ['Round', 1], ['Full Length', 1]]], src: 'est: used mirrors $25-90' },
  { id: 'rug', keys: ['rug', 'rugs', 'area rug'], nouns: ['Area Rug', 'Rug'], kind: 'furniture', ref: 70, band: [40, 120], brands: ['Ruggable', 'Loloi', 'IKEA', 'Safavieh'], axes: [[['5x7', 0.8], ['8x10', 1.2], ['6x9', 1]], [['Wool', 1.2], ['Vintage', 1.3], ['', 1]]], src: 'est: used rugs $40-130' },
  { id: 'bed', keys: ['bed', 'bed frame', 'mattress', 'headboard'], nouns: ['Bed Frame', 'Platform Bed'], kind: 'furniture', ref: 120, band: [70, 200], brands: ['IKEA', 'Zinus', 'West Elm', 'Wayfair'], axes: [[['Queen', 1], ['Full', 0.85], ['King', 1.2]]], src: 'est: used bed frames $60-200' },
  // Toys, sports.
  { id: 'lego set', keys: ['lego', 'lego set', 'legos', 'lego sets'], nouns: ['LEGO Set', 'LEGO'], kind: 'toy', ref: 40, band: [25, 70], brands: ['LEGO'], axes: [[['Star Wars', 1.2], ['City', 0.8], ['Technic', 1.3], ['Harry Potter', 1.1], ['Friends', 0.7], ['Creator 3-in-1', 0.8]], [['Complete', 1], ['with Minifigures', 1.05], ['', 1]]], src: 'est: used LEGO sets $20-80; the mkt_a "LEGO nan" capture (ebay.de, EUR) is not in dollars' },
  { id: 'figure', keys: ['action figure', 'action figures', 'figure', 'figures', 'figurine'], nouns: ['Action Figure', 'Figure'], kind: 'toy', ref: 18, band: [10, 32], brands: ['Hasbro', 'Mattel', 'McFarlane Toys', 'Funko', 'Bandai'], axes: [[['6"', 1], ['Loose', 0.7], ['Sealed', 1.4]]], src: 'est: used action figures $10-30' },
  { id: 'plush', keys: ['plush', 'plushie', 'stuffed animal', 'teddy bear'], nouns: ['Plush', 'Stuffed Animal'], kind: 'toy', ref: 15, band: [9, 26], brands: ['Squishmallows', 'Jellycat', 'Build-A-Bear', 'Ty'], axes: [[['12"', 1], ['8"', 0.7], ['16"', 1.3]]], src: 'est: used plush $8-25' },
  { id: 'doll', keys: ['doll', 'dolls', 'barbie'], nouns: ['Doll'], kind: 'toy', ref: 20, band: [12, 35], brands: ['Mattel', 'American Girl', 'Barbie'], axes: [[['Vintage', 1.5], ['', 1], ['with Accessories', 1.15]]], src: 'est: used dolls $10-35' },
  { id: 'board game', keys: ['board game', 'board games', 'puzzle', 'puzzles', 'card game'], nouns: ['Board Game', 'Game', 'Puzzle'], kind: 'toy', ref: 18, band: [11, 30], brands: ['Hasbro', 'Ravensburger', 'Asmodee', 'Mattel'], axes: [[['Complete', 1], ['', 1], ['Sealed', 1.4]]], src: 'est: used board games $10-30' },
  { id: 'diecast', keys: ['diecast', 'die cast', 'model car', 'matchbox'], nouns: ['Diecast Car', 'Diecast Model'], kind: 'toy', ref: 12, band: [6, 22], brands: ['Hot Wheels', 'Matchbox', 'Maisto'], axes: [[['1:64', 1], ['1:24', 1.8], ['Lot of 10', 1.6]]], src: 'est: diecast $5-25' },
  { id: 'bike', keys: ['bike', 'bikes', 'bicycle', 'road bike', 'mountain bike', 'ebike', 'e-bike'], nouns: ['Bike', 'Mountain Bike', 'Road Bike'], kind: 'sports', ref: 250, band: [150, 420], brands: ['Trek', 'Specialized', 'Giant', 'Cannondale', 'Schwinn'], axes: [[['Medium Frame', 1], ['Large Frame', 1], ['Small Frame', 1]], [['Aluminum', 1], ['Carbon', 2], ['Hardtail', 1]]], src: 'est: used adult bikes $120-450', places: { e: '7.4' } },
  { id: 'exercise bike', keys: ['exercise bike', 'spin bike', 'stationary bike'], nouns: ['Exercise Bike', 'Spin Bike'], kind: 'sports', ref: 180, band: [110, 300], brands: ['Schwinn', 'NordicTrack', 'Bowflex', 'Peloton'], axes: [[['Indoor Cycling', 1], ['Magnetic', 1.1]]], src: 'est: used exercise bikes $100-300' },
  { id: 'dumbbells', keys: ['dumbbells', 'dumbbell', 'weights', 'kettlebell', 'kettlebells', 'weight set'], nouns: ['Dumbbells', 'Adjustable Dumbbells', 'Kettlebell'], kind: 'sports', ref: 60, band: [35, 110], brands: ['Bowflex', 'CAP Barbell', 'Rogue', 'Amazon Basics'], axes: [[['Pair', 1], ['Set', 1.3], ['25 lb', 0.8], ['50 lb', 1.2]]], src: 'est: used free weights $1 a pound, adjustable sets more' },
  { id: 'treadmill', keys: ['treadmill', 'treadmills', 'elliptical', 'rowing machine', 'rower'], nouns: ['Treadmill', 'Folding Treadmill'], kind: 'sports', ref: 300, band: [180, 500], brands: ['NordicTrack', 'ProForm', 'Sole', 'Horizon'], axes: [[['Folding', 1], ['Incline', 1.15], ['', 1]]], src: 'est: used treadmills $150-500 (local pickup)' },
  { id: 'golf clubs', keys: ['golf clubs', 'golf club', 'driver', 'irons', 'putter', 'golf set'], nouns: ['Golf Clubs', 'Iron Set', 'Driver'], kind: 'sports', ref: 150, band: [90, 250], brands: ['Callaway', 'TaylorMade', 'Titleist', 'Ping', 'Cobra'], axes: [[['Right Handed', 1], ['Regular Flex', 1], ['Stiff Flex', 1]], [['4-PW', 1.3], ['10.5 Degree', 1], ['', 1]]], src: 'est: used clubs and sets $80-260' },
  { id: 'skateboard', keys: ['skateboard', 'skateboards', 'longboard', 'deck'], nouns: ['Skateboard', 'Complete Skateboard', 'Skateboard Deck'], kind: 'sports', ref: 45, band: [28, 75], brands: ['Santa Cruz', 'Element', 'Powell Peralta', 'Baker'], axes: [[['8.0"', 1], ['8.25"', 1], ['Complete', 1.3]]], src: 'est: used skateboards $25-80' },
  { id: 'snowboard', keys: ['snowboard', 'snowboards', 'skis', 'ski'], nouns: ['Snowboard', 'Skis'], kind: 'sports', ref: 160, band: [100, 260], brands: ['Burton', 'Lib Tech', 'Rossignol', 'K2'], axes: [[['155cm', 1], ['158cm', 1], ['with Bindings', 1.3]]], src: 'est: used boards and skis $90-260' },
  // Vehicles' parts (cars are the car table).
  { id: 'auto part', keys: ['cold air intake', 'intake', 'headlight', 'headlights', 'tail light', 'taillight', 'bumper', 'exhaust', 'muffler', 'radiator', 'alternator', 'brake pads', 'floor mats', 'grille', 'fender', 'door panel', 'engine cover', 'side mirror', 'car parts', 'auto parts'], nouns: ['Headlight Assembly', 'Bumper Cover', 'Cold Air Intake', 'Engine Cover', 'Side Mirror'], kind: 'part', ref: 85, band: [45, 160], brands: [], axes: [[['OEM', 1], ['', 1], ['Driver Side', 1], ['Passenger Side', 1]]], src: 'real: mkt_a sold-s-card-60 ("2006 Volkswagen New Beetle": parts and covers, median $92)' },
  { id: 'wheels', keys: ['wheels', 'rims', 'tires', 'tire', 'wheel'], nouns: ['Wheels', 'Rims', 'Tires'], kind: 'part', ref: 260, band: [150, 450], brands: [], axes: [[['17"', 1], ['18"', 1.15], ['16"', 0.85]], [['Set of 4', 1], ['OEM', 1]]], src: 'est: used sets of wheels and tires $150-500', places: { e: '5.8' } },
];

/** Brands: what each makes and how its asks compare within a category. */
export const BRANDS: readonly Brand[] = [
  { name: 'Apple', keys: ['apple'], tier: 1.3, cats: ['phone', 'laptop', 'tablet', 'smartwatch', 'earbuds'] },
  { name: 'Samsung', keys: ['samsung'], tier: 1, cats: ['phone', 'tablet', 'tv', 'earbuds', 'monitor'] },
  { name: 'Google', keys: ['google'], tier: 0.9, cats: ['phone'] },
  { name: 'Motorola', keys: ['motorola', 'moto'], tier: 0.5, cats: ['phone'] },
  { name: 'Lenovo', keys: ['lenovo'], tier: 0.95, cats: ['laptop', 'tablet'] },
  { name: 'Dell', keys: ['dell'], tier: 1, cats: ['laptop', 'monitor'] },
  { name: 'HP', keys: ['hp'], tier: 0.9, cats: ['laptop'] },
  { name: 'ASUS', keys: ['asus'], tier: 1, cats: ['laptop', 'monitor', 'graphics card'] },
  { name: 'Acer', keys: ['acer'], tier: 0.8, cats: ['laptop', 'monitor'] },
  { name: 'Microsoft', keys: ['microsoft', 'xbox'], tier: 1, cats: ['console', 'controller', 'laptop'] },
  { name: 'Sony', keys: ['sony', 'playstation'], tier: 1.1, cats: ['headphones', 'camera', 'console', 'tv'] },
  { name: 'Nintendo', keys: ['nintendo'], tier: 1, cats: ['console', 'video game', 'controller'] },
  { name: 'Valve', keys: ['valve'], tier: 1, cats: ['console'] },
  { name: 'Bandai Namco', keys: ['bandai namco'], tier: 1, cats: ['video game'] },
  { name: 'Meta', keys: ['meta', 'oculus'], tier: 1, cats: ['console'] },
  { name: 'Bose', keys: ['bose'], tier: 1.5, cats: ['headphones', 'speaker', 'earbuds'] },
  { name: 'Beats', keys: ['beats'], tier: 1.2, cats: ['headphones', 'earbuds'] },
  { name: 'JBL', keys: ['jbl'], tier: 0.9, cats: ['speaker', 'earbuds', 'headphones'] },
  { name: 'Sennheiser', keys: ['sennheiser'], tier: 1.4, cats: ['headphones'] },
  { name: 'Sonos', keys: ['sonos'], tier: 2.8, cats: ['speaker'] },
  { name: 'Marshall', keys: ['marshall'], tier: 2, cats: ['speaker'] },
  { name: 'Soundcore', keys: ['soundcore', 'anker'], tier: 0.8, cats: ['earbuds', 'speaker'] },
  { name: 'JLab', keys: ['jlab'], tier: 0.6, cats: ['earbuds'] },
  { name: 'Keychron', keys: ['keychron'], tier: 1.3, cats: ['keyboard'] },
  { name: 'Logitech', keys: ['logitech'], tier: 1.2, cats: ['keyboard'] },
  { name: 'Corsair', keys: ['corsair'], tier: 1.2, cats: ['keyboard'] },
  { name: 'Razer', keys: ['razer'], tier: 1.3, cats: ['keyboard'] },
  { name: 'AULA', keys: ['aula'], tier: 0.9, cats: ['keyboard'] },
  { name: 'LG', keys: ['lg'], tier: 1, cats: ['tv', 'monitor'] },
  { name: 'TCL', keys: ['tcl'], tier: 0.7, cats: ['tv'] },
  { name: 'Vizio', keys: ['vizio'], tier: 0.7, cats: ['tv'] },
  { name: 'NVIDIA', keys: ['nvidia'], tier: 1.1, cats: ['graphics card'] },
  { name: 'EVGA', keys: ['evga'], tier: 1, cats: ['graphics card'] },
  { name: 'MSI', keys: ['msi'], tier: 1, cats: ['graphics card', 'laptop'] },
  { name: 'Gigabyte', keys: ['gigabyte'], tier: 1, cats: ['graphics card'] },
  { name: 'Canon', keys: ['canon'], tier: 1, cats: ['camera', 'lens'] },
  { name: 'Nikon', keys: ['nikon'], tier: 1, cats: ['camera', 'lens'] },
  { name: 'Fujifilm', keys: ['fujifilm', 'fuji'], tier: 1.3, cats: ['camera', 'lens'] },
  { name: 'Olympus', keys: ['olympus'], tier: 0.8, cats: ['camera', 'lens'] },
  { name: 'Leica', keys: ['leica'], tier: 9, cats: ['camera', 'lens'] },
  { name: 'Sigma', keys: ['sigma'], tier: 1.1, cats: ['lens'] },
  { name: 'Tamron', keys: ['tamron'], tier: 1, cats: ['lens'] },
  { name: 'GoPro', keys: ['gopro'], tier: 1, cats: ['camera'] },
  { name: 'DJI', keys: ['dji'], tier: 1, cats: ['drone'] },
  { name: 'Polaroid', keys: ['polaroid'], tier: 0.4, cats: ['camera'] },
  { name: 'Garmin', keys: ['garmin'], tier: 1.4, cats: ['smartwatch'] },
  { name: 'Fitbit', keys: ['fitbit'], tier: 0.6, cats: ['smartwatch'] },
  { name: 'Amazon', keys: ['amazon', 'kindle'], tier: 0.7, cats: ['tablet'] },
  { name: 'Rolex', keys: ['rolex'], tier: 120, cats: ['watch'] },
  { name: 'Omega', keys: ['omega'], tier: 50, cats: ['watch'] },
  { name: 'Seiko', keys: ['seiko'], tier: 2, cats: ['watch'] },
  { name: 'Citizen', keys: ['citizen'], tier: 1.3, cats: ['watch'] },
  { name: 'Casio', keys: ['casio'], tier: 0.7, cats: ['watch'] },
  { name: 'Timex', keys: ['timex'], tier: 0.6, cats: ['watch'] },
  { name: 'Fossil', keys: ['fossil'], tier: 0.8, cats: ['watch', 'wallet', 'handbag'] },
  { name: 'Pokémon', keys: ['pokemon', 'pokémon', 'pikachu', 'charizard'], tier: 1, cats: ['trading card'] },
  { name: 'Topps', keys: ['topps'], tier: 1, cats: ['trading card'] },
  { name: 'Panini', keys: ['panini', 'prizm'], tier: 1, cats: ['trading card'] },
  { name: 'Konami', keys: ['konami'], tier: 1, cats: ['trading card'] },
  { name: 'Wizards of the Coast', keys: ['mtg', 'magic the gathering', 'wotc'], tier: 1, cats: ['trading card'] },
  { name: 'Marvel', keys: ['marvel', 'spiderman', 'spider-man', 'x-men', 'avengers', 'hulk', 'venom', 'wolverine'], tier: 1, cats: ['comic', 'figure'] },
  { name: 'DC Comics', keys: ['dc comics', 'batman', 'superman', 'wonder woman'], tier: 1, cats: ['comic', 'figure'] },
  { name: 'Image Comics', keys: ['image comics', 'spawn', 'walking dead'], tier: 1, cats: ['comic'] },
  { name: 'Nike', keys: ['nike', 'jordan', 'jordans'], tier: 1.15, cats: ['sneakers', 'hoodie', 'tee', 'shorts'] },
  { name: 'Adidas', keys: ['adidas'], tier: 1, cats: ['sneakers', 'hoodie', 'tee'] },
  { name: 'New Balance', keys: ['new balance'], tier: 1.1, cats: ['sneakers'] },
  { name: 'Asics', keys: ['asics'], tier: 1, cats: ['sneakers'] },
  { name: 'Converse', keys: ['converse'], tier: 0.7, cats: ['sneakers'] },
  { name: 'Vans', keys: ['vans'], tier: 0.65, cats: ['sneakers'] },
  { name: 'Hoka', keys: ['hoka'], tier: 1.2, cats: ['sneakers'] },
  { name: 'Dr. Martens', keys: ['dr martens', 'doc martens'], tier: 1.3, cats: ['boots'] },
  { name: 'Timberland', keys: ['timberland', 'timberlands'], tier: 1.1, cats: ['boots'] },
  { name: 'Blundstone', keys: ['blundstone', 'blundstones'], tier: 1.4, cats: ['boots'] },
  { name: 'Red Wing', keys: ['red wing'], tier: 2.4, cats: ['boots'] },
  { name: 'UGG', keys: ['ugg', 'uggs'], tier: 1.2, cats: ['boots'] },
  { name: 'Birkenstock', keys: ['birkenstock', 'birkenstocks'], tier: 2, cats: ['sandals'] },
  { name: 'Steve Madden', keys: ['steve madden'], tier: 0.8, cats: ['heels', 'boots'] },
  { name: 'Champion', keys: ['champion'], tier: 0.9, cats: ['hoodie', 'tee', 'shorts'] },
  { name: 'Carhartt', keys: ['carhartt'], tier: 1.5, cats: ['jacket', 'hoodie', 'pants', 'hat'] },
  { name: 'Patagonia', keys: ['patagonia'], tier: 1.6, cats: ['fleece', 'jacket', 'shorts', 'backpack'] },
  { name: 'The North Face', keys: ['north face', 'the north face', 'tnf'], tier: 1.6, cats: ['jacket', 'fleece', 'backpack'] },
  { name: 'Columbia', keys: ['columbia'], tier: 0.9, cats: ['jacket', 'fleece'] },
  { name: "Arc'teryx", keys: ['arcteryx', "arc'teryx", 'arc teryx'], tier: 4.5, cats: ['jacket'] },
  { name: 'Canada Goose', keys: ['canada goose'], tier: 9, cats: ['jacket'] },
  { name: 'Moncler', keys: ['moncler'], tier: 12, cats: ['jacket'] },
  { name: "Levi's", keys: ['levis', "levi's", 'levi'], tier: 1.05, cats: ['jeans', 'denim jacket'] },
  { name: 'Wrangler', keys: ['wrangler'], tier: 0.8, cats: ['jeans', 'denim jacket'] },
  { name: 'Agolde', keys: ['agolde'], tier: 2, cats: ['jeans'] },
  { name: 'Madewell', keys: ['madewell'], tier: 1.1, cats: ['jeans', 'sweater', 'tote'] },
  { name: 'Lululemon', keys: ['lululemon', 'lulu'], tier: 1.5, cats: ['leggings', 'shorts', 'hoodie'] },
  { name: 'Alo Yoga', keys: ['alo', 'alo yoga'], tier: 1.4, cats: ['leggings'] },
  { name: 'Athleta', keys: ['athleta'], tier: 1, cats: ['leggings'] },
  { name: 'Ralph Lauren', keys: ['ralph lauren', 'polo ralph lauren'], tier: 1.2, cats: ['polo', 'sweater', 'tee'] },
  { name: 'Lacoste', keys: ['lacoste'], tier: 1.3, cats: ['polo'] },
  { name: 'Tommy Hilfiger', keys: ['tommy hilfiger', 'tommy'], tier: 0.9, cats: ['polo', 'jacket'] },
  { name: 'J.Crew', keys: ['j crew', 'jcrew'], tier: 0.9, cats: ['sweater', 'pants'] },
  { name: 'Free People', keys: ['free people'], tier: 1.2, cats: ['dress', 'sweater', 'skirt'] },
  { name: 'Reformation', keys: ['reformation'], tier: 2, cats: ['dress', 'skirt'] },
  { name: 'Zara', keys: ['zara'], tier: 0.65, cats: ['dress', 'jacket', 'skirt'] },
  { name: 'Anthropologie', keys: ['anthropologie'], tier: 1.1, cats: ['dress'] },
  { name: 'Supreme', keys: ['supreme'], tier: 3.5, cats: ['hoodie', 'tee', 'hat'] },
  { name: 'Stussy', keys: ['stussy'], tier: 1.6, cats: ['hoodie', 'tee'] },
  { name: 'Dickies', keys: ['dickies'], tier: 0.8, cats: ['pants'] },
  { name: 'Burberry', keys: ['burberry'], tier: 6, cats: ['scarf', 'jacket'] },
  { name: 'Coach', keys: ['coach'], tier: 1.5, cats: ['handbag', 'crossbody', 'wallet', 'tote'] },
  { name: 'Michael Kors', keys: ['michael kors', 'mk'], tier: 1.05, cats: ['handbag', 'tote', 'crossbody', 'wallet'] },
  { name: 'Kate Spade', keys: ['kate spade'], tier: 1.1, cats: ['handbag', 'crossbody', 'wallet'] },
  { name: 'Tory Burch', keys: ['tory burch'], tier: 1.8, cats: ['handbag', 'crossbody', 'tote'] },
  { name: 'Longchamp', keys: ['longchamp'], tier: 1.3, cats: ['tote'] },
  { name: 'Louis Vuitton', keys: ['louis vuitton', 'lv'], tier: 18, cats: ['handbag', 'wallet', 'tote'] },
  { name: 'Gucci', keys: ['gucci'], tier: 16, cats: ['handbag', 'wallet'] },
  { name: 'Chanel', keys: ['chanel'], tier: 60, cats: ['handbag', 'perfume'] },
  { name: 'Prada', keys: ['prada'], tier: 12, cats: ['handbag'] },
  { name: 'Telfar', keys: ['telfar'], tier: 3, cats: ['tote'] },
  { name: 'Herschel', keys: ['herschel'], tier: 0.9, cats: ['backpack'] },
  { name: 'JanSport', keys: ['jansport'], tier: 0.6, cats: ['backpack'] },
  { name: 'Fjallraven', keys: ['fjallraven', 'kanken'], tier: 1.3, cats: ['backpack'] },
  { name: 'Pandora', keys: ['pandora'], tier: 0.9, cats: ['jewelry'] },
  { name: 'Kendra Scott', keys: ['kendra scott'], tier: 0.7, cats: ['jewelry'] },
  { name: 'David Yurman', keys: ['david yurman', 'yurman'], tier: 5, cats: ['jewelry'] },
  { name: 'Tiffany & Co.', keys: ['tiffany', 'tiffany co'], tier: 4, cats: ['jewelry'] },
  { name: 'Dior', keys: ['dior'], tier: 1.5, cats: ['perfume'] },
  { name: 'Tom Ford', keys: ['tom ford'], tier: 2.5, cats: ['perfume'] },
  { name: 'Le Creuset', keys: ['le creuset'], tier: 2.6, cats: ['dutch oven', 'skillet'] },
  { name: 'Staub', keys: ['staub'], tier: 2.3, cats: ['dutch oven'] },
  { name: 'Lodge', keys: ['lodge'], tier: 0.6, cats: ['skillet', 'dutch oven'] },
  { name: 'All-Clad', keys: ['all clad', 'allclad'], tier: 2, cats: ['skillet'] },
  { name: 'Cuisinart', keys: ['cuisinart'], tier: 0.8, cats: ['stand mixer', 'coffee maker'] },
  { name: 'KitchenAid', keys: ['kitchenaid'], tier: 1.5, cats: ['stand mixer'] },
  { name: 'Vitamix', keys: ['vitamix'], tier: 3.6, cats: ['blender'] },
  { name: 'Ninja', keys: ['ninja'], tier: 1, cats: ['blender', 'air fryer'] },
  { name: 'Breville', keys: ['breville'], tier: 3, cats: ['coffee maker'] },
  { name: 'Keurig', keys: ['keurig'], tier: 0.6, cats: ['coffee maker'] },
  { name: 'Nespresso', keys: ['nespresso'], tier: 1, cats: ['coffee maker'] },
  { name: 'Instant Pot', keys: ['instant pot'], tier: 1.1, cats: ['pressure cooker'] },
  { name: 'YETI', keys: ['yeti'], tier: 1.2, cats: ['tumbler'] },
  { name: 'Stanley', keys: ['stanley'], tier: 1.6, cats: ['tumbler', 'tool set'] },
  { name: 'Hydro Flask', keys: ['hydro flask', 'hydroflask'], tier: 1, cats: ['tumbler'] },
  { name: 'Dyson', keys: ['dyson'], tier: 2.2, cats: ['vacuum'] },
  { name: 'Shark', keys: ['shark'], tier: 1, cats: ['vacuum'] },
  { name: 'DeWalt', keys: ['dewalt'], tier: 1.1, cats: ['drill', 'impact driver', 'saw', 'tool set'] },
  { name: 'Milwaukee', keys: ['milwaukee'], tier: 1.25, cats: ['impact driver', 'drill', 'saw'] },
  { name: 'Makita', keys: ['makita'], tier: 1.1, cats: ['drill', 'impact driver', 'saw'] },
  { name: 'Ryobi', keys: ['ryobi'], tier: 0.65, cats: ['drill', 'impact driver', 'saw'] },
  { name: 'Bosch', keys: ['bosch'], tier: 1, cats: ['drill', 'saw'] },
  { name: 'Craftsman', keys: ['craftsman'], tier: 0.8, cats: ['tool set', 'lawn mower'] },
  { name: 'Snap-on', keys: ['snap on', 'snapon'], tier: 4, cats: ['tool set'] },
  { name: 'Honda', keys: ['honda'], tier: 1.8, cats: ['generator', 'lawn mower'] },
  { name: 'Toro', keys: ['toro'], tier: 1, cats: ['lawn mower'] },
  { name: 'EGO', keys: ['ego'], tier: 1.3, cats: ['lawn mower'] },
  { name: 'IKEA', keys: ['ikea'], tier: 0.6, cats: ['shelf', 'table', 'chair', 'desk', 'dresser', 'lamp', 'sofa'] },
  { name: 'West Elm', keys: ['west elm'], tier: 1.8, cats: ['sofa', 'dresser', 'table', 'chair', 'lamp'] },
  { name: 'Pottery Barn', keys: ['pottery barn'], tier: 2, cats: ['sofa', 'table', 'dresser', 'mirror'] },
  { name: 'Crate & Barrel', keys: ['crate and barrel', 'crate barrel'], tier: 1.8, cats: ['table', 'sofa'] },
  { name: 'Herman Miller', keys: ['herman miller'], tier: 4.5, cats: ['office chair'] },
  { name: 'Steelcase', keys: ['steelcase'], tier: 3.5, cats: ['office chair'] },
  { name: 'Secretlab', keys: ['secretlab'], tier: 2.5, cats: ['office chair'] },
  { name: 'LEGO', keys: ['lego', 'legos'], tier: 1, cats: ['lego set'] },
  { name: 'Hasbro', keys: ['hasbro'], tier: 1, cats: ['figure', 'board game'] },
  { name: 'Mattel', keys: ['mattel'], tier: 1, cats: ['doll', 'figure'] },
  { name: 'Funko', keys: ['funko'], tier: 1, cats: ['figure'] },
  { name: 'Squishmallows', keys: ['squishmallow', 'squishmallows'], tier: 1.2, cats: ['plush'] },
  { name: 'Jellycat', keys: ['jellycat'], tier: 1.5, cats: ['plush'] },
  { name: 'Hot Wheels', keys: ['hot wheels'], tier: 1, cats: ['diecast'] },
  { name: 'American Girl', keys: ['american girl'], tier: 2.6, cats: ['doll'] },
  { name: 'Peloton', keys: ['peloton'], tier: 3, cats: ['exercise bike'] },
  { name: 'Bowflex', keys: ['bowflex'], tier: 2.5, cats: ['dumbbells'] },
  { name: 'Trek', keys: ['trek'], tier: 1.6, cats: ['bike'] },
  { name: 'Specialized', keys: ['specialized'], tier: 1.7, cats: ['bike'] },
  { name: 'Giant', keys: ['giant'], tier: 1.2, cats: ['bike'] },
  { name: 'Schwinn', keys: ['schwinn'], tier: 0.6, cats: ['bike', 'exercise bike'] },
  { name: 'Callaway', keys: ['callaway'], tier: 1, cats: ['golf clubs'] },
  { name: 'TaylorMade', keys: ['taylormade', 'taylor made'], tier: 1.1, cats: ['golf clubs'] },
  { name: 'Titleist', keys: ['titleist'], tier: 1.2, cats: ['golf clubs'] },
  { name: 'Burton', keys: ['burton'], tier: 1.2, cats: ['snowboard'] },
];

/**
 * Car models: keywords naming one (or its make, or a body style) on any marketplace ask car
 * prices: a new one's price less what each year of age takes, drawn over the years a used-car
 * page of it shows. The Civic's figures are measured: the mkt_e "honda civic" capture
 * (gql-modular-feed-civic) asks $5,895 at the median over 2006-2024 cars, $1 and $1,000 "down
 * payment" asks included; its cars of 2012-2019 ask $4,200-16,777.
 */
export const CARS: readonly CarModel[] = [
  { make: 'honda', model: 'Civic', keys: ['civic', 'honda civic'], body: 'c', trims: [['', 1], ['LX', 1], ['EX', 1.08], ['Sport', 1.1], ['Si', 1.2], ['Sedan', 1], ['Hatchback', 1.05]], msrp: 25000, keep: 0.9, years: [2006, 2025], band: [5000, 14000], src: 'real: mkt_e gql-modular-feed-civic ("honda civic")' },
  { make: 'honda', model: 'Accord', keys: ['accord', 'honda accord'], body: 'c', trims: [['', 1], ['LX', 1], ['EX', 1.08], ['EX-L', 1.12], ['Sport', 1.1]], msrp: 29000, keep: 0.9, years: [2006, 2025], band: [6000, 16000], src: 'est: new $28-38k; the mkt_e browse-cars capture asks $11,000-14,795 for Accords' },
  { make: 'honda', model: 'CR-V', keys: ['cr-v', 'crv', 'honda crv', 'honda cr-v'], body: 's', trims: [['', 1], ['LX', 1], ['EX', 1.08], ['EX-L', 1.12], ['Touring', 1.2]], msrp: 31000, keep: 0.9, years: [2008, 2025], band: [7000, 18000], src: 'est: new $30-40k; the mkt_e ssr-explore capture asks $12,700 for a 2014' },
  { make: 'toyota', model: 'Camry', keys: ['camry', 'toyota camry'], body: 'c', trims: [['', 1], ['LE', 1], ['SE', 1.05], ['XLE', 1.12], ['Hybrid', 1.1]], msrp: 28000, keep: 0.9, years: [2006, 2025], band: [6000, 16000], src: 'est: new $27-36k; the mkt_e captures ask $4,999-22,497 for 2010-2022 Camrys' },
  { make: 'toyota', model: 'Corolla', keys: ['corolla', 'toyota corolla'], body: 'c', trims: [['', 1], ['LE', 1], ['S', 1.03], ['SE', 1.06]], msrp: 23000, keep: 0.9, years: [2006, 2025], band: [5000, 13500], src: 'est: new $22-28k; the mkt_e browse-cars capture asks $21,875 for a 2024' },
  { make: 'toyota', model: 'Tacoma', keys: ['tacoma', 'toyota tacoma'], body: 't', trims: [['', 1], ['SR5', 1.05], ['TRD Sport', 1.15], ['TRD Off-Road', 1.2], ['Access Cab', 1]], msrp: 36000, keep: 0.93, years: [2005, 2025], band: [13000, 30000], src: 'est: new $32-50k, holds value' },
  { make: 'toyota', model: 'RAV4', keys: ['rav4', 'toyota rav4'], body: 's', trims: [['', 1], ['LE', 1], ['XLE', 1.08], ['Adventure', 1.12], ['Hybrid', 1.12]], msrp: 31000, keep: 0.91, years: [2008, 2025], band: [8000, 21000], src: 'est: new $29-40k' },
  { make: 'toyota', model: 'Prius', keys: ['prius', 'toyota prius'], body: 'c', trims: [['', 1], ['Two', 1], ['Three', 1.05], ['Four', 1.1]], msrp: 27000, keep: 0.89, years: [2006, 2024], band: [5000, 14000], src: 'est: new $25-33k; the mkt_e captures ask $1,800-15,000 for 2007-2018 Priuses' },
  { make: 'ford', model: 'F-150', keys: ['f150', 'f-150', 'ford f150', 'ford f-150'], body: 't', trims: [['', 1], ['XL', 0.95], ['XLT', 1.05], ['Lariat', 1.2], ['SuperCrew', 1.1]], msrp: 45000, keep: 0.9, years: [2006, 2025], band: [10000, 27000], src: 'est: new $38-65k; the mkt_e browse-cars capture asks $19,997-23,922 for 2018s' },
  { make: 'ford', model: 'Mustang', keys: ['mustang', 'ford mustang'], body: 'c', trims: [['', 1], ['GT', 1.3], ['EcoBoost', 1], ['V6', 0.9], ['Convertible', 1.1]], msrp: 33000, keep: 0.9, years: [2005, 2024], band: [8000, 21000], src: 'est: new $31-45k; the mkt_e ssr-explore capture asks $9,300 for a 2014' },
  { make: 'chevrolet', model: 'Silverado 1500', keys: ['silverado', 'chevy silverado', 'chevrolet silverado'], body: 't', trims: [['', 1], ['LT', 1.08], ['Z71', 1.15], ['Work Truck', 0.9], ['Crew Cab', 1.1]], msrp: 45000, keep: 0.9, years: [2005, 2025], band: [9000, 26000], src: 'est: new $38-60k; the mkt_e captures ask $12,500-16,000 for 2003-2014 trucks' },
  { make: 'jeep', model: 'Wrangler', keys: ['wrangler', 'jeep wrangler'], body: 's', trims: [['', 1], ['Sport', 1], ['Sahara', 1.12], ['Rubicon', 1.25], ['Unlimited', 1.1]], msrp: 38000, keep: 0.91, years: [2007, 2025], band: [11000, 27000], src: 'est: new $33-50k' },
  { make: 'nissan', model: 'Altima', keys: ['altima', 'nissan altima'], body: 'c', trims: [['', 1], ['S', 1], ['SV', 1.05], ['SR', 1.08]], msrp: 27000, keep: 0.87, years: [2007, 2025], band: [4000, 12000], src: 'est: new $26-32k; the mkt_e ssr-explore capture asks $1,001-4,000 for 2007-2011 Altimas' },
  { make: 'tesla', model: 'Model 3', keys: ['model 3', 'tesla model 3'], body: 'c', trims: [['', 1], ['Standard Range Plus', 0.95], ['Long Range', 1.1], ['Performance', 1.2]], msrp: 43000, keep: 0.86, years: [2018, 2025], band: [17000, 33000], src: 'est: new $39-55k, falls fast' },
  { make: 'bmw', model: '3 Series', keys: ['bmw 3 series', '328i', '330i', '3 series'], body: 'c', trims: [['328i', 1], ['330i', 1.08], ['335i', 1.1], ['340i', 1.2]], msrp: 45000, keep: 0.86, years: [2006, 2025], band: [6000, 18000], src: 'est: new $43-55k; the mkt_e captures ask $4,500-7,999 for 2011-2014 328i' },
  { make: 'subaru', model: 'Outback', keys: ['outback', 'subaru outback'], body: 's', trims: [['', 1], ['Premium', 1.05], ['Limited', 1.12], ['Onyx Edition XT', 1.2]], msrp: 31000, keep: 0.9, years: [2007, 2025], band: [7000, 19000], src: 'est: new $29-42k' },
  { make: 'hyundai', model: 'Elantra', keys: ['elantra', 'hyundai elantra'], body: 'c', trims: [['', 1], ['SE', 1], ['SEL', 1.05], ['Limited', 1.1]], msrp: 22000, keep: 0.87, years: [2008, 2025], band: [4000, 12000], src: 'est: new $21-28k' },
  { make: 'volkswagen', model: 'Jetta', keys: ['jetta', 'vw jetta', 'volkswagen jetta'], body: 'c', trims: [['', 1], ['S', 1], ['SE', 1.05], ['GLI', 1.2], ['TDI', 1.05]], msrp: 24000, keep: 0.87, years: [2006, 2025], band: [4000, 12000], src: 'est: new $22-32k' },
];
