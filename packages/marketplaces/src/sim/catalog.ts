/**
 * @module sim/catalog
 * What the simulators' sandbox listings look like, so a user trying the sandbox believes them:
 * the price range and brands that fit the product the keywords name (a phone is not $1.49, a
 * hoodie is not $900), shared by every marketplace's simulator. Synthetic data: never shown
 * as real; the bands are round figures of what such products ask on resale marketplaces.
 */

export interface ProductProfile {
  /** What the keywords were read as (`phone`, `clothing`, … or `other`). */
  kind: string;
  /** Dollars: most asks fall between these. */
  low: number;
  high: number;
  /** Brands such listings carry; empty when the product has no telling brand. */
  brands: readonly string[];
}

const PROFILES: ReadonlyArray<ProductProfile & { words: readonly string[] }> = [
  { kind: 'phone', words: ['iphone', 'galaxy', 'pixel', 'phone', 'smartphone', 'oneplus'], low: 90, high: 1100, brands: ['Apple', 'Samsung', 'Google', 'OnePlus', 'Motorola'] },
  { kind: 'laptop', words: ['laptop', 'macbook', 'thinkpad', 'chromebook', 'notebook', 'ipad', 'tablet'], low: 120, high: 1800, brands: ['Apple', 'Lenovo', 'Dell', 'HP', 'ASUS', 'Microsoft'] },
  { kind: 'console', words: ['ps5', 'ps4', 'playstation', 'xbox', 'switch', 'nintendo', 'console', 'dualsense', 'controller'], low: 35, high: 550, brands: ['Sony', 'Microsoft', 'Nintendo'] },
  { kind: 'camera', words: ['camera', 'lens', 'canon', 'nikon', 'fujifilm', 'leica', 'gopro', 'dslr', 'mirrorless'], low: 45, high: 1600, brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm', 'Olympus', 'Panasonic'] },
  { kind: 'audio', words: ['headphones', 'airpods', 'speaker', 'earbuds', 'receiver', 'turntable', 'amplifier'], low: 25, high: 450, brands: ['Apple', 'Bose', 'Sony', 'JBL', 'Sennheiser', 'Audio-Technica'] },
  { kind: 'sneakers', words: ['sneakers', 'jordan', 'jordans', 'yeezy', 'dunk', 'dunks', 'shoes', 'boots', 'trainers', 'nike', 'adidas', 'converse', 'vans'], low: 30, high: 350, brands: ['Nike', 'Adidas', 'New Balance', 'Converse', 'Vans', 'Dr. Martens'] },
  { kind: 'clothing', words: ['hoodie', 'sweatshirt', 'jacket', 'coat', 'jeans', 'dress', 'shirt', 'tee', 't-shirt', 'sweater', 'skirt', 'top', 'scarf', 'pants', 'shorts', 'vest', 'cardigan', 'blouse', 'weave', 'denim', 'corduroy', 'flannel'], low: 8, high: 160, brands: ['Champion', "Levi's", 'Carhartt', 'Patagonia', 'The North Face', 'Nike', 'Zara', 'Urban Outfitters', 'Ralph Lauren'] },
  { kind: 'bags', words: ['handbag', 'purse', 'bag', 'tote', 'wallet', 'backpack', 'crossbody'], low: 20, high: 700, brands: ['Coach', 'Michael Kors', 'Kate Spade', 'Tory Burch', 'Longchamp'] },
  { kind: 'watch', words: ['watch', 'rolex', 'seiko', 'omega', 'casio', 'smartwatch', 'garmin'], low: 30, high: 2500, brands: ['Seiko', 'Casio', 'Citizen', 'Fossil', 'Garmin', 'Timex'] },
  { kind: 'collectibles', words: ['pokemon', 'card', 'cards', 'comic', 'comics', 'lego', 'funko', 'figure', 'figurine', 'tcg', 'charizard', 'spiderman', 'marvel', 'topps', 'vinyl'], low: 3, high: 250, brands: ['Pokémon', 'Marvel', 'LEGO', 'Funko', 'Topps', 'Hasbro'] },
  { kind: 'home', words: ['lamp', 'chair', 'table', 'desk', 'sofa', 'couch', 'dresser', 'mirror', 'rug', 'shelf', 'bookcase', 'bed', 'nightstand'], low: 15, high: 450, brands: ['IKEA', 'West Elm', 'Pottery Barn', 'Crate & Barrel', 'Wayfair'] },
  { kind: 'tools', words: ['drill', 'saw', 'tool', 'tools', 'dewalt', 'milwaukee', 'makita', 'ryobi', 'wrench', 'generator', 'mower'], low: 20, high: 450, brands: ['DeWalt', 'Milwaukee', 'Makita', 'Ryobi', 'Bosch', 'Craftsman'] },
  { kind: 'auto parts', words: ['intake', 'bumper', 'headlight', 'cover', 'panel', 'engine', 'exhaust', 'wheel', 'wheels', 'rims', 'tires'], low: 15, high: 600, brands: [] },
  { kind: 'fitness', words: ['bike', 'bicycle', 'treadmill', 'dumbbells', 'weights', 'kettlebell', 'peloton'], low: 20, high: 900, brands: ['Trek', 'Specialized', 'Bowflex', 'Peloton', 'Schwinn'] },
];

const OTHER: ProductProfile = { kind: 'other', low: 8, high: 150, brands: [] };

/** The profile of the first word of the keywords that names a known kind of product. */
export function productProfile(q: string): ProductProfile {
  const words = q.toLowerCase().split(/[^a-z0-9'-]+/u).filter(Boolean);
  for (const w of words) {
    const p = PROFILES.find((x) => x.words.includes(w));
    if (p) return p;
  }
  return OTHER;
}

/**
 * An ask in dollars drawn from the profile: log-uniform between `low` and `high` (many cheap,
 * some dear, as on any resale page), to the cent, ending in .00, .99 or .50 most of the time.
 */
export function drawPrice(r: () => number, p: ProductProfile): number {
  const raw = Math.exp(Math.log(p.low) + r() * (Math.log(p.high) - Math.log(p.low)));
  const whole = Math.max(1, Math.floor(raw));
  const end = r();
  const cents = end < 0.45 ? 0 : end < 0.8 ? 0.99 : end < 0.9 ? 0.5 : Math.floor(r() * 100) / 100;
  return Math.round((whole + cents) * 100) / 100;
}

/** A brand for a listing of this profile, or null (unbranded, or the product has no telling brand). */
export function drawBrand(r: () => number, p: ProductProfile, q: string, unbranded = 0.15): string | null {
  if (p.brands.length === 0 || r() < unbranded) return null;
  // A brand the keywords name comes first, most of the time.
  const named = p.brands.find((b) => q.toLowerCase().includes(b.toLowerCase()));
  if (named && r() < 0.8) return named;
  return p.brands[Math.floor(r() * p.brands.length)]!;
}
