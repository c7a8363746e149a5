/**
 * @module sim/kinds
 * Kinds of product the sandbox catalogue knows (sim/catalog.ts): for each, which conditions
 * its listings come in and how often, what each condition does to the ask, the words real
 * titles of that kind use for the condition, what is sold with it (box, games, batteries),
 * and where each marketplace files it (mkt_c's category path, mkt_d's group, mkt_e's category).
 *
 * The condition words and price factors are read off the real listings in the project's
 * captures (`../shared/fixtures`, `test/data`; summarised by `node packages/marketplaces/src/sim/real-asks.ts` in
 * `sim/real-asks.json`): on the mkt_b "iPhone 14 Pro 256GB" sold page a phone "BRAND NEW" or
 * "new" asks $530-1,130, "Like new" $340-580, "(parts only)" / "PARTS ONLY" $100-165; on the
 * mkt_a "navy champion reverse weave" page "Brand New" hoodies ask $20-44 and "Pre-Owned" ones
 * $14-60, vintage ones up to $178; on the mkt_a "lenovo laptop" page "Good - Refurbished"
 * asks sit below "Excellent - Refurbished", below "Brand New". Synthetic data: never shown as
 * real.
 */

/** A listing's condition, in words every marketplace's own vocabulary is mapped from. */
export type Grade = 'new' | 'open_box' | 'refurbished' | 'like_new' | 'good' | 'fair' | 'parts';
export const GRADES: readonly Grade[] = ['new', 'open_box', 'refurbished', 'like_new', 'good', 'fair', 'parts'];

/** Where a marketplace files listings of the kind. */
export interface KindPlaces {
  /** mkt_c `itemCategoryHierarchy`: [id, name] from the top level to the leaf. */
  c: ReadonlyArray<readonly [number, string]>;
  /** mkt_d `attributes.group`. */
  d: string;
  /** mkt_e category ID (mkt_e/categories.ts). */
  e: string;
}

export interface Kind {
  id: string;
  /** Relative frequency of each condition among listings. */
  grades: Partial<Record<Grade, number>>;
  /** The ask of each condition as a share of a used one in good condition. */
  factor: Partial<Record<Grade, number>>;
  /** Words a title uses for each condition ('' = none said); every grade drawn has an entry. */
  words: Partial<Record<Grade, readonly string[]>>;
  /** Sold with it, as titles say it, and what it does to the ask. */
  extras?: ReadonlyArray<readonly [string, number]>;
  /** Share of titles that mention an extra. @defaultValue 0.25 */
  extraRate?: number;
  /** Spread of asks of one variant in one condition (standard deviation of the log). */
  sigma: number;
  /** Sizes listings carry (null: none; mkt_b shows `OS`). */
  sizes: 'letter' | 'shoe' | 'waist' | 'women' | null;
  /** What mkt_d's description says after the title, by condition. */
  notes: Partial<Record<Grade, readonly string[]>>;
  places: KindPlaces;
}

// Units for parts: 3 in 100 (the labelled real pages of named goods, test/comps/labels/README.md: 1.7 % of rows, the eBay Sony page 3 of 60).
const DEVICE_GRADES = { new: 16, open_box: 6, refurbished: 8, like_new: 16, good: 40, fair: 8, parts: 3 };
const DEVICE_FACTOR = { new: 1.35, open_box: 1.2, refurbished: 1.05, like_new: 1.12, good: 1, fair: 0.8, parts: 0.42 };
const DEVICE_WORDS = {
  new: ['Brand New', 'New Sealed', 'NEW', 'Brand New in Box', 'Factory Sealed'],
  open_box: ['Open Box', 'Open Box - Like New'],
  refurbished: ['Refurbished', 'Renewed', 'Certified Refurbished'],
  like_new: ['Like New', 'Mint Condition', 'Excellent Condition'],
  good: ['', '', 'Good Condition', 'Used', 'Works Great', 'Pre-Owned', 'Tested'],
  fair: ['Fair Condition', 'Heavy Wear', 'Read Description'],
  parts: ['For Parts', 'For Parts or Repair', 'Not Working'],
};
const DEVICE_NOTES = {
  new: ['Never opened, still sealed', 'Brand new in the box'],
  open_box: ['Opened once, never used', 'Open box, everything included'],
  refurbished: ['Refurbished and fully tested', 'Professionally refurbished'],
  like_new: ['Barely used, no scratches', 'Like new, works perfectly'],
  good: ['Works perfectly, light signs of use', 'Fully working, small scuffs, see photos', 'Tested and working'],
  fair: ['Works but has scratches and wear, see photos', 'Heavy signs of use, still works'],
  parts: ['Not working, selling for parts', 'For parts or repair only'],
};

const APPAREL_GRADES = { new: 18, open_box: 6, like_new: 24, good: 40, fair: 12 };
const APPAREL_FACTOR = { new: 1.45, open_box: 1.25, like_new: 1.12, good: 1, fair: 0.72 };
const APPAREL_WORDS = {
  new: ['NWT', 'New With Tags', 'New'],
  open_box: ['New Without Tags', 'NWOT'],
  like_new: ['EUC', 'Like New', 'Excellent Condition'],
  good: ['', '', '', 'Pre-Owned', 'Gently Used', 'Good Condition'],
  fair: ['Distressed', 'Well Worn', 'Flaws'],
};
const APPAREL_NOTES = {
  new: ['Brand new with tags', 'New with tags, never worn'],
  open_box: ['Never worn, tags removed'],
  like_new: ['Worn once, like new', 'Excellent condition, no flaws'],
  good: ['Worn a handful of times', 'Great condition, light wear', 'Perfect for layering'],
  fair: ['Well loved, small marks, see photos', 'Some fading and wear, priced to match'],
};

export const KINDS: Readonly<Record<string, Kind>> = Object.fromEntries(([
  {
    id: 'phone', grades: DEVICE_GRADES, factor: DEVICE_FACTOR,
    words: { ...DEVICE_WORDS, good: DEVICE_WORDS.good, parts: ['For Parts', 'Cracked Screen', 'For Parts Only', 'iCloud Locked'] },
    extras: [['w/ Box', 1.04], ['with Charger', 1.02], ['+ Case', 1.02]], sigma: 0.3, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [85, 'Cell phones & accessories'], [812, 'Cell phones & smartphones']], d: 'electronics', e: '1.2' },
  },
  {
    id: 'computer', grades: DEVICE_GRADES, factor: DEVICE_FACTOR, words: DEVICE_WORDS,
    extras: [['with Charger', 1.02], ['w/ Box', 1.05]], sigma: 0.32, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [86, 'Computers, laptops & parts'], [862, 'Laptops & netbooks']], d: 'electronics', e: '1.6' },
  },
  {
    id: 'tablet', grades: DEVICE_GRADES, factor: DEVICE_FACTOR, words: DEVICE_WORDS,
    extras: [['with Charger', 1.02], ['+ Case', 1.03], ['w/ Box', 1.05]], sigma: 0.3, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [86, 'Computers, laptops & parts'], [861, 'Tablets & accessories']], d: 'electronics', e: '1.6' },
  },
  {
    id: 'console', grades: DEVICE_GRADES, factor: DEVICE_FACTOR, words: DEVICE_WORDS,
    extras: [['with 2 Controllers', 1.15], ['+ 3 Games', 1.2], ['Console Only', 0.92], ['w/ Box', 1.05], ['with Controller and Cables', 1.04]],
    extraRate: 0.4, sigma: 0.28, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [84, 'Video games & consoles'], [797, 'Consoles']], d: 'electronics', e: '1.5' },
  },
  {
    id: 'accessory', grades: DEVICE_GRADES, factor: DEVICE_FACTOR, words: DEVICE_WORDS, sigma: 0.28, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [84, 'Video games & consoles'], [798, 'Accessories']], d: 'electronics', e: '1.5' },
  },
  {
    id: 'game', grades: { new: 15, like_new: 15, good: 55, fair: 15 }, factor: { new: 1.55, like_new: 1.1, good: 1, fair: 0.72 },
    words: { new: ['Brand New Sealed', 'New Sealed', 'Factory Sealed'], like_new: ['Like New', 'Mint'], good: ['', 'Complete', 'CIB', 'Tested'], fair: ['Game Only', 'Disc Only', 'No Case'] },
    sigma: 0.28, sizes: null,
    notes: { new: ['Still sealed'], like_new: ['Played once, like new'], good: ['Complete with case, tested and working'], fair: ['Disc only, plays fine'] },
    places: { c: [[7, 'Electronics'], [84, 'Video games & consoles'], [799, 'Video games']], d: 'electronics', e: '1.5' },
  },
  {
    id: 'audio', grades: DEVICE_GRADES, factor: DEVICE_FACTOR, words: DEVICE_WORDS,
    extras: [['with Charging Case', 1.0], ['w/ Box', 1.05]], extraRate: 0.15, sigma: 0.3, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [87, 'TV, audio & surveillance'], [871, 'Headphones']], d: 'electronics', e: '1.1' },
  },
  {
    id: 'camera', grades: DEVICE_GRADES, factor: DEVICE_FACTOR,
    words: { ...DEVICE_WORDS, good: ['', '', 'Tested', 'Excellent', 'Working', 'Pre-Owned'] },
    extras: [['with Lens', 1.2], ['Body Only', 0.9], ['w/ Box', 1.05]], sigma: 0.3, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [88, 'Cameras & photography'], [881, 'Digital cameras']], d: 'electronics', e: '1.3' },
  },
  {
    id: 'smartwatch', grades: DEVICE_GRADES, factor: DEVICE_FACTOR, words: DEVICE_WORDS,
    extras: [['with Charger', 1.02], ['w/ Box', 1.05]], sigma: 0.28, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[7, 'Electronics'], [89, 'Wearables'], [891, 'Smartwatches']], d: 'electronics', e: '1.8' },
  },
  {
    id: 'watch', grades: { new: 18, like_new: 22, good: 45, fair: 10, parts: 5 }, factor: { new: 1.3, like_new: 1.12, good: 1, fair: 0.8, parts: 0.45 },
    words: { new: ['New', 'Brand New', 'Unworn'], like_new: ['Mint', 'Excellent Condition'], good: ['', '', 'Pre-Owned', 'Used'], fair: ['Scratches', 'Worn'], parts: ['For Parts', 'Not Working', 'Needs Battery'] },
    extras: [['Box & Papers', 1.12], ['w/ Box', 1.05]], sigma: 0.26, sizes: null,
    notes: { new: ['Unworn, with tags'], like_new: ['Worn a few times, no scratches'], good: ['Keeps good time, light wear on the bracelet'], fair: ['Runs, scratches on the case'], parts: ['Not running, for parts or repair'] },
    places: { c: [[2, 'Men'], [26, 'Watches'], [261, 'Wristwatches']], d: 'accessories', e: '3.5' },
  },
  {
    id: 'card', grades: { new: 14, like_new: 46, good: 25, fair: 12, parts: 3 }, factor: { new: 1.3, like_new: 1.1, good: 1, fair: 0.68, parts: 0.4 },
    words: { new: ['Mint', 'Pack Fresh', 'NM/M'], like_new: ['NM', 'Near Mint', 'NM'], good: ['LP', 'Lightly Played', ''], fair: ['MP', 'Moderately Played', 'Heavily Played'], parts: ['Damaged', 'Creased'] },
    sigma: 0.35, sizes: null,
    notes: { new: ['Pulled straight into a sleeve'], like_new: ['Near mint, kept in sleeves'], good: ['Light play, see photos'], fair: ['Played, edge wear'], parts: ['Creased, see photos'] },
    places: { c: [[1611, 'Toys & Collectibles'], [1780, 'Trading Cards'], [3509, 'Single Cards']], d: 'other', e: '6.6' },
  },
  {
    id: 'sealed', grades: { new: 80, like_new: 8, good: 12 }, factor: { new: 1, like_new: 0.8, good: 0.7 },
    words: { new: ['Factory Sealed', 'New Sealed', 'Sealed', 'Sealed'], like_new: ['Opened, Unplayed', 'Open Box'], good: ['Opened', 'Opened, Complete'] },
    sigma: 0.24, sizes: null,
    notes: { new: ['Factory sealed'], like_new: ['Opened, never used'], good: ['Opened'] },
    places: { c: [[1611, 'Toys & Collectibles'], [1780, 'Trading Cards'], [3510, 'Sealed boxes & packs']], d: 'other', e: '6.6' },
  },
  {
    id: 'comic', grades: { new: 15, like_new: 35, good: 35, fair: 15 }, factor: { new: 1.3, like_new: 1.1, good: 1, fair: 0.7 },
    words: { new: ['NM+', 'Near Mint', 'NM'], like_new: ['VF/NM', 'NM-'], good: ['VF', 'FN', ''], fair: ['VG', 'Low Grade', 'Reader Copy'] },
    sigma: 0.35, sizes: null,
    notes: { new: ['Bagged and boarded, near mint'], like_new: ['Very fine, bagged and boarded'], good: ['Fine, light spine wear'], fair: ['Reader copy'] },
    places: { c: [[1611, 'Toys & Collectibles'], [1790, 'Collectibles'], [3520, 'Comic books']], d: 'other', e: '1.7' },
  },
  {
    id: 'media', grades: { new: 20, like_new: 35, good: 35, fair: 10 }, factor: { new: 1.3, like_new: 1.1, good: 1, fair: 0.7 },
    words: { new: ['Sealed', 'New Sealed'], like_new: ['NM', 'Near Mint'], good: ['VG+', ''], fair: ['VG', 'Worn Sleeve'] },
    sigma: 0.3, sizes: null,
    notes: { new: ['Still sealed'], like_new: ['Played a few times'], good: ['Plays well, light sleeve wear'], fair: ['Surface noise, worn sleeve'] },
    places: { c: [[5, 'Electronics & media'], [51, 'Music'], [511, 'Vinyl records']], d: 'other', e: '1.7' },
  },
  {
    id: 'sneakers', grades: { new: 25, like_new: 20, good: 40, fair: 15 }, factor: { new: 1.4, like_new: 1.12, good: 1, fair: 0.65 },
    words: { new: ['DS', 'Brand New', 'New in Box', 'NIB'], like_new: ['Worn Once', 'Like New', 'VNDS'], good: ['', '', 'Used', 'Pre-Owned'], fair: ['Beaters', 'Worn', 'Well Worn'] },
    extras: [['w/ Box', 1.04], ['with Box', 1.04], ['No Box', 0.95]], extraRate: 0.2, sigma: 0.28, sizes: 'shoe',
    notes: { new: ['Brand new in box, never worn'], like_new: ['Worn once, no creasing'], good: ['Worn a handful of times, light creasing'], fair: ['Well worn, plenty of life left'] },
    places: { c: [[2, 'Men'], [39, 'Shoes'], [397, 'Athletic']], d: 'footwear', e: '3.4' },
  },
  {
    id: 'boots', grades: { new: 20, like_new: 20, good: 45, fair: 15 }, factor: { new: 1.4, like_new: 1.12, good: 1, fair: 0.65 },
    words: { new: ['New in Box', 'Brand New', 'NIB'], like_new: ['Worn Once', 'Like New'], good: ['', '', 'Used', 'Pre-Owned'], fair: ['Worn', 'Scuffed'] },
    sigma: 0.28, sizes: 'shoe',
    notes: { new: ['Brand new in box'], like_new: ['Worn once'], good: ['Broken in, lots of life left'], fair: ['Well worn, scuffs on the toes'] },
    places: { c: [[3, 'Women'], [30, 'Shoes'], [302, 'Boots']], d: 'footwear', e: '3.3' },
  },
  {
    id: 'apparel', grades: APPAREL_GRADES, factor: APPAREL_FACTOR, words: APPAREL_WORDS, sigma: 0.32, sizes: 'letter', notes: APPAREL_NOTES,
    places: { c: [[2, 'Men'], [21, 'Tops'], [211, 'Sweatshirts & hoodies']], d: 'tops', e: '3.2' },
  },
  {
    id: 'bag', grades: { new: 15, like_new: 25, good: 45, fair: 15 }, factor: { new: 1.45, like_new: 1.15, good: 1, fair: 0.7 },
    words: { new: ['NWT', 'New With Tags', 'Brand New'], like_new: ['Excellent Condition', 'Like New'], good: ['', '', 'Pre-Owned', 'Authentic'], fair: ['Worn Corners', 'Well Loved'] },
    extras: [['with Dust Bag', 1.05]], extraRate: 0.15, sigma: 0.28, sizes: null,
    notes: { new: ['New with tags, never carried'], like_new: ['Carried a couple of times, no wear'], good: ['Light wear on the corners, clean inside'], fair: ['Visible wear, priced to match'] },
    places: { c: [[3, 'Women'], [31, "Women's handbags"], [311, 'Shoulder bags']], d: 'bags-and-purses', e: '3.5' },
  },
  {
    id: 'kitchen', grades: { new: 18, open_box: 5, like_new: 20, good: 45, fair: 10, parts: 2 }, factor: { new: 1.4, open_box: 1.25, like_new: 1.15, good: 1, fair: 0.75, parts: 0.4 },
    words: { new: ['New', 'Brand New', 'New in Box'], open_box: ['Open Box'], like_new: ['Like New', 'Barely Used', 'Excellent'], good: ['', '', 'Used', 'Good Condition'], fair: ['Well Used', 'Some Wear'], parts: ['For Parts', 'Not Working'] },
    sigma: 0.28, sizes: null,
    notes: { new: ['New in box'], open_box: ['Opened, never used'], like_new: ['Used a couple of times'], good: ['Used, works great, cleaned'], fair: ['Well used, works fine'], parts: ['Not working, for parts'] },
    places: { c: [[4, 'Home'], [41, 'Kitchen & dining'], [411, 'Cookware']], d: 'home', e: '2.4' },
  },
  {
    id: 'tool', grades: { new: 20, open_box: 6, refurbished: 6, like_new: 15, good: 40, fair: 8, parts: 5 }, factor: DEVICE_FACTOR,
    words: { ...DEVICE_WORDS, good: ['', '', 'Used', 'Works Great', 'Tested'] },
    sigma: 0.26, sizes: null, notes: DEVICE_NOTES,
    places: { c: [[4, 'Home'], [45, 'Tools'], [451, 'Power tools']], d: 'other', e: '2.5' },
  },
  {
    id: 'furniture', grades: { new: 8, like_new: 22, good: 50, fair: 20 }, factor: { new: 1.4, like_new: 1.15, good: 1, fair: 0.7 },
    words: { new: ['New in Box', 'Brand New'], like_new: ['Like New', 'Excellent Condition'], good: ['', '', 'Good Condition', 'Used'], fair: ['Some Wear', 'Scratches'] },
    sigma: 0.32, sizes: null,
    notes: { new: ['Still in the box'], like_new: ['Like new, smoke-free home'], good: ['Good condition, pick up or delivery'], fair: ['Some scratches, priced to sell'] },
    places: { c: [[4, 'Home'], [42, 'Furniture'], [421, 'Living room furniture']], d: 'home', e: '2.1' },
  },
  {
    id: 'home', grades: { new: 15, open_box: 5, like_new: 20, good: 45, fair: 12, parts: 3 }, factor: { new: 1.4, open_box: 1.25, like_new: 1.15, good: 1, fair: 0.75, parts: 0.4 },
    words: { new: ['New', 'Brand New', 'New in Box'], open_box: ['Open Box'], like_new: ['Like New', 'Excellent'], good: ['', '', 'Used', 'Works Great'], fair: ['Some Wear', 'Well Used'], parts: ['For Parts', 'Not Working'] },
    sigma: 0.3, sizes: null,
    notes: { new: ['New in box'], open_box: ['Opened, never used'], like_new: ['Barely used'], good: ['Works great'], fair: ['Works, some wear'], parts: ['Not working, for parts'] },
    places: { c: [[4, 'Home'], [43, 'Home decor'], [431, 'Lighting']], d: 'home', e: '2.8' },
  },
  {
    id: 'toy', grades: { new: 30, like_new: 20, good: 38, fair: 12 }, factor: { new: 1.45, like_new: 1.1, good: 1, fair: 0.7 },
    words: { new: ['New Sealed', 'NIB', 'New in Box', 'Sealed'], like_new: ['Complete', 'Like New'], good: ['Complete', '', 'Used'], fair: ['Incomplete', 'Missing Pieces', 'Played With'] },
    sigma: 0.3, sizes: null,
    notes: { new: ['New, sealed box'], like_new: ['Built once, 100% complete'], good: ['Complete, no box'], fair: ['Mostly complete, a few pieces missing'] },
    places: { c: [[1611, 'Toys & Collectibles'], [1600, 'Toys'], [3300, 'Building toys']], d: 'other', e: '6.1' },
  },
  {
    id: 'sports', grades: { new: 10, like_new: 25, good: 50, fair: 15 }, factor: { new: 1.35, like_new: 1.12, good: 1, fair: 0.75 },
    words: { new: ['New', 'Brand New'], like_new: ['Like New', 'Barely Used'], good: ['', '', 'Used', 'Good Condition'], fair: ['Well Used', 'Some Wear'] },
    sigma: 0.3, sizes: null,
    notes: { new: ['New, never used'], like_new: ['Barely used'], good: ['Used, works great'], fair: ['Well used, works fine'] },
    places: { c: [[8, 'Sports & outdoors'], [81, 'Exercise'], [811, 'Fitness equipment']], d: 'other', e: '7.1' },
  },
  {
    id: 'jewelry', grades: { new: 30, like_new: 30, good: 35, fair: 5 }, factor: { new: 1.3, like_new: 1.1, good: 1, fair: 0.75 },
    words: { new: ['New', 'NWT', 'New in Box'], like_new: ['Like New', 'Excellent'], good: ['', '', 'Pre-Owned', 'Authentic'], fair: ['Worn', 'Tarnished'] },
    sigma: 0.3, sizes: null,
    notes: { new: ['New in box'], like_new: ['Worn once'], good: ['Authentic, light wear'], fair: ['Some tarnish, cleans up'] },
    places: { c: [[3, 'Women'], [33, 'Jewelry'], [331, 'Necklaces']], d: 'jewellery', e: '3.5' },
  },
  {
    id: 'beauty', grades: { new: 60, like_new: 30, good: 10 }, factor: { new: 1.2, like_new: 1, good: 0.85 },
    words: { new: ['New in Box', 'Sealed', 'New'], like_new: ['95% Full', 'Like New'], good: ['80% Full', 'Partial'] },
    sigma: 0.25, sizes: null,
    notes: { new: ['New, sealed'], like_new: ['Sprayed a few times'], good: ['About 80% left'] },
    places: { c: [[9, 'Beauty'], [91, 'Fragrance'], [911, 'Perfume']], d: 'other', e: '10.5' },
  },
  {
    id: 'part', grades: { new: 30, open_box: 6, refurbished: 4, good: 50, parts: 10 }, factor: { new: 1.35, open_box: 1.2, refurbished: 1.05, good: 1, parts: 0.45 },
    words: { new: ['New', 'Brand New', 'OEM New'], open_box: ['Open Box'], refurbished: ['Remanufactured'], good: ['', 'OEM', 'Used', 'Genuine OEM'], parts: ['As Is', 'For Parts'] },
    sigma: 0.35, sizes: null,
    notes: { new: ['New in box'], open_box: ['Opened, never installed'], refurbished: ['Remanufactured'], good: ['Pulled from a running car'], parts: ['Sold as is'] },
    places: { c: [[10, 'Vehicles'], [101, 'Auto parts'], [1011, 'Car & truck parts']], d: 'other', e: '5.9' },
  },
  {
    id: 'car', grades: { like_new: 15, good: 70, fair: 12, parts: 3 }, factor: { like_new: 1.12, good: 1, fair: 0.8, parts: 0.45 },
    words: { like_new: ['Clean Title', 'One Owner', 'Low Miles'], good: ['', '', '', 'Clean Title'], fair: ['Runs and Drives', 'Needs Work'], parts: ['Mechanic Special', 'Not Running'] },
    sigma: 0.22, sizes: null,
    notes: { like_new: ['One owner, clean title'], good: ['Runs great, clean title'], fair: ['Runs and drives, needs some work'], parts: ['Does not run, mechanic special'] },
    places: { c: [[10, 'Vehicles'], [102, 'Cars & trucks'], [1021, 'Cars']], d: 'other', e: '5.1' },
  },
  {
    id: 'goods', grades: { new: 18, like_new: 22, good: 45, fair: 15 }, factor: { new: 1.3, like_new: 1.1, good: 1, fair: 0.78 },
    words: { new: ['New', 'Brand New'], like_new: ['Like New', 'Excellent Condition'], good: ['', '', 'Pre-Owned', 'Good Condition'], fair: ['Some Wear', 'Well Used'] },
    sigma: 0.15, sizes: null,
    notes: { new: ['New, never used'], like_new: ['Like new'], good: ['Good condition, see photos'], fair: ['Some wear, see photos'] },
    places: { c: [[12, 'Other'], [121, 'General'], [1211, 'Everything else']], d: 'other', e: '14' },
  },
] satisfies Kind[]).map((k) => [k.id, k]));

export function kindOf(id: string): Kind {
  const k = KINDS[id];
  if (!k) throw new Error(`sim catalogue: no kind ${id}`);
  return k;
}
