/**
 * @module lexicon
 * The word lists the judgement reads (docs/comps.md). They ship with the code and are
 * versioned by COMP_VERSION (judge.ts): a change to any list is at least a minor bump.
 *
 * Entries are written as a reader types them ("ear pads", "t-shirt"); they are normalised by
 * the same tokenizer as titles and queries (text.ts) when this module loads, so casing,
 * punctuation, hyphens and plurals do not matter here.
 */

/** Words a query uses that say nothing about which product it names. */
export const STOP_WORDS = [
  'a', 'an', 'the', 'and', 'or', 'for', 'with', 'of', 'in', 'on', 'to', 'by', 'w', 'from',
  'new', 'used', 'brand', 'authentic', 'genuine', 'original', 'official', 'sealed', 'nib', 'nwt', 'nwot', 'bnib', 'bnwt',
  'refurbished', 'refurb', 'unlocked', 'excellent', 'good', 'mint', 'condition', 'vintage', 'vtg', 'rare',
  'mens', 'men', 'womens', 'women', 'kids', 'boys', 'girls', 'unisex', 'adult', 'youth',
  'gen', 'generation', 'edition', 'version', 'model', 'size', 'sz', 'free', 'shipping', 'fast', 'oem', 'cheap', 'best',
] as const;

/**
 * Describing words: a query's describing word may be missing from an item's title ("wireless
 * earbuds": "Bose QuietComfort Earbuds" is one), unlike a name ("spiderman comic").
 */
export const DESCRIPTOR_WORDS = [
  'wireless', 'bluetooth', 'mechanical', 'gaming', 'portable', 'smart', 'digital', 'electric', 'cordless', 'waterproof', 'rechargeable',
  'true', 'noise', 'cancelling', 'canceling', 'usb', 'led', 'rgb', 'heavyweight', 'lightweight', 'wired', 'optical', 'compact',
  'professional', 'pro', 'classic', 'retro', 'modern', 'casual', 'slim', 'oversized', 'cropped', 'graphic', 'plain', 'printed',
] as const;

/** Generation and ordinal filler (the number itself is kept: "2nd generation" -> 2). */
export const GENERATION_WORDS = ['gen', 'generation', 'series'] as const;

/** Colour words: a query's colour is a variant, never required ("navy champion reverse weave"). */
export const COLOUR_WORDS = [
  'black', 'white', 'red', 'blue', 'navy', 'green', 'yellow', 'orange', 'purple', 'pink', 'gold', 'silver', 'gray', 'grey',
  'brown', 'beige', 'tan', 'cream', 'ivory', 'teal', 'maroon', 'burgundy', 'olive', 'khaki', 'graphite', 'midnight',
  'rose', 'coral', 'lavender', 'violet', 'turquoise', 'charcoal', 'multicolor', 'multi', 'bronze', 'copper', 'titanium',
  'sierra', 'starlight', 'space', 'deep', 'light', 'dark', 'natural', 'clear',
] as const;

/** Letter sizes (clothing); numeric sizes are read after `size`/`sz`. */
export const LETTER_SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl', 'small', 'medium', 'large', 'xlarge'] as const;

/** Single letters that are units only in a query ("17g", "12ct"); in a title they are as often a model's letters ("E28 M5"). */
export const QUERY_ONLY_UNITS = ['g', 'k', 'w', 'v', 'l', 'm', 'h', 'x'] as const;

/** Units after a number that make it a measure, not a model number ("256GB", "6.1 inch", "1/6 scale"). */
export const UNIT_WORDS = [
  'gb', 'tb', 'mb', 'g', 'kg', 'mp', 'mah', 'hz', 'ghz', 'mhz', 'inch', 'inches', 'in', 'mm', 'cm', 'oz', 'ml', 'l', 'lb', 'lbs',
  'k', 'w', 'v', 'pc', 'pcs', 'piece', 'pieces', 'x', 'ft', 'ct', 'count', 'pack', 'scale', 'th', 'rpm', 'miles', 'mi', 'km',
  'core', 'cores', 'ram', 'ssd', 'hdd', 'bit', 'ah', 'watt', 'volt', 'cc', 'hp', 'qt', 'yd', 'yard', 'page', 'pages',
  'month', 'months', 'year', 'years', 'day', 'days', 'hr', 'hrs', 'hour', 'hours', 'h', 'min', 'm', 'sim', 'pin', 'key', 'keys',
] as const;

/**
 * Words that name a variant tier of a product line. A title with a tier the query does not
 * name right after the model ("iPhone 14 Pro Max" for "iphone 14 pro") is another model.
 */
export const TIER_WORDS = [
  'pro', 'max', 'plus', 'mini', 'ultra', 'lite', 'se', 'fe', 'ti', 'super', 'air', 's', 'c', 'e', 'xl', 'xs', 'xr',
  'note', 'edge', 'fold', 'flip', 'neo', 'prime', 'slim', 'oled', 'elite',
] as const;

/**
 * Brands, and product lines that imply their brand (an "iPhone" title is an Apple title).
 * Multi-word brands are matched as token runs. Aliases map to one canonical brand.
 */
export const BRANDS: ReadonlyArray<string> = [
  'apple', 'samsung', 'google', 'sony', 'microsoft', 'nintendo', 'lenovo', 'dell', 'hp', 'asus', 'acer', 'msi', 'razer',
  'lg', 'motorola', 'nokia', 'oneplus', 'huawei', 'xiaomi', 'oppo', 'vivo', 'honor', 'blackberry', 'alcatel', 'zte', 'tcl',
  'bose', 'jbl', 'beats', 'sennheiser', 'skullcandy', 'jlab', 'soundcore', 'anker', 'audio technica', 'shure', 'marshall',
  'bang olufsen', 'bowers wilkins', 'shokz', 'tozo', 'logitech', 'corsair', 'steelseries', 'hyperx', 'keychron', 'akko',
  'nvidia', 'amd', 'intel', 'evga', 'gigabyte', 'zotac', 'canon', 'nikon', 'fujifilm', 'panasonic', 'gopro', 'dji', 'garmin', 'fitbit',
  'nike', 'adidas', 'jordan', 'puma', 'reebok', 'new balance', 'asics', 'converse', 'vans', 'under armour', 'champion', 'carhartt',
  'levis', 'wrangler', 'patagonia', 'the north face', 'north face', 'columbia', 'supreme', 'gucci', 'louis vuitton', 'prada',
  'chanel', 'versace', 'burberry', 'coach', 'michael kors', 'kate spade', 'tommy hilfiger', 'ralph lauren', 'polo ralph lauren',
  'calvin klein', 'gap', 'old navy', 'zara', 'h m', 'uniqlo', 'lululemon', 'fashion nova', 'urban outfitters', 'free people',
  'rebecca minkoff', 'nicole miller', 'vera bradley', 'nine west', 'steve madden', 'dr martens', 'timberland', 'ugg', 'crocs', 'ariat',
  'hot toys', 'sideshow', 'hasbro', 'mattel', 'lego', 'funko', 'bandai', 'marvel', 'dc',
  'volkswagen', 'honda', 'toyota', 'ford', 'chevrolet', 'bmw', 'audi', 'mercedes', 'mercedes benz', 'nissan', 'hyundai', 'kia', 'mazda',
  'subaru', 'jeep', 'dodge', 'gmc', 'cadillac', 'buick', 'lincoln', 'chrysler', 'tesla', 'lexus', 'acura', 'infiniti',
  'porsche', 'volvo', 'mini cooper', 'mitsubishi', 'fiat', 'scion', 'pontiac', 'oldsmobile', 'land rover',
  'jaguar', 'alfa romeo', 'maserati', 'ferrari', 'lamborghini', 'suzuki', 'yamaha', 'kawasaki', 'harley davidson',
];

/** Alias -> canonical brand (after normalisation). */
export const BRAND_ALIASES: Readonly<Record<string, string>> = {
  vw: 'volkswagen', chevy: 'chevrolet', 'mercedes benz': 'mercedes', benz: 'mercedes', 'hewlett packard': 'hp',
  'north face': 'the north face', tnf: 'the north face', levi: 'levis', 'polo ralph lauren': 'ralph lauren', 'b w': 'bowers wilkins',
  'b o': 'bang olufsen', 'air jordan': 'jordan',
};

/** Product lines that imply a brand when the brand word itself is absent. */
export const IMPLIED_BRANDS: Readonly<Record<string, string>> = {
  iphone: 'apple', ipad: 'apple', macbook: 'apple', imac: 'apple', airpods: 'apple', ipod: 'apple', 'apple watch': 'apple',
  galaxy: 'samsung', pixel: 'google', thinkpad: 'lenovo', ideapad: 'lenovo',
  playstation: 'sony', ps: 'sony', xbox: 'microsoft', 'nintendo switch': 'nintendo', gameboy: 'nintendo',
  elitebook: 'hp', probook: 'hp', pavilion: 'hp', latitude: 'dell', inspiron: 'dell',
  xps: 'dell', alienware: 'dell', optiplex: 'dell', zenbook: 'asus', vivobook: 'asus', rog: 'asus', aspire: 'acer',
  razr: 'motorola', geforce: 'nvidia', rtx: 'nvidia', gtx: 'nvidia', radeon: 'amd',
  civic: 'honda', accord: 'honda', camry: 'toyota', corolla: 'toyota', prius: 'toyota', mustang: 'ford', silverado: 'chevrolet',
  beetle: 'volkswagen', jetta: 'volkswagen', passat: 'volkswagen', 'reverse weave': 'champion',
};

/**
 * Product categories: a query word of a group is met by any word of the group. A title that
 * names another group's word and none of the query's is another kind of product
 * (`category_mismatch`).
 */
export const CATEGORY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  phone: ['phone', 'phones', 'smartphone', 'cellphone', 'cell phone', 'mobile phone', 'iphone', 'galaxy', 'pixel', 'flip phone', 'unlocked',
    'dual sim', 'android', 'oneplus', 'fairphone', 'razr', 'blackberry'],
  laptop: ['laptop', 'notebook', 'macbook', 'chromebook', 'thinkpad', 'ideapad', 'elitebook', 'probook', 'latitude', 'inspiron', 'xps',
    'zenbook', 'vivobook', 'ultrabook', 'netbook', 'pixelbook', 'aspire', 'pavilion', 'alienware', 'surface laptop'],
  tablet: ['tablet', 'ipad', 'galaxy tab', 'kindle', 'e reader'],
  desktop: ['desktop', 'tower', 'all in one', 'imac', 'optiplex', 'mini pc'],
  monitor: ['monitor', 'display', 'tv', 'television'],
  console: ['console', 'playstation', 'xbox', 'nintendo switch', 'gameboy', 'game boy'],
  headphones: ['headphones', 'headphone', 'headset', 'earphones', 'over ear', 'on ear', 'earbuds', 'earbud', 'airpods', 'in ear'],
  earbuds: ['earbuds', 'earbud', 'earphones', 'airpods', 'buds', 'in ear', 'tws', 'iem', 'headphones', 'headphone', 'headset'],
  keyboard: ['keyboard', 'keyboards'],
  mouse: ['mouse', 'mice'],
  speaker: ['speaker', 'speakers', 'soundbar', 'sound bar'],
  watch: ['watch', 'smartwatch', 'apple watch'],
  camera: ['camera', 'dslr', 'mirrorless', 'camcorder'],
  gpu: ['graphics card', 'video card', 'gpu'],
  comic: ['comic', 'comics', 'comic book', 'graphic novel', 'tpb', 'omnibus', 'cgc', 'cbcs'],
  card: ['card', 'cards', 'tcg', 'ccg', 'booster', 'holo', 'psa', 'bgs'],
  shirt: ['shirt', 'shirts', 't shirt', 'tshirt', 'tee', 'tees', 'top', 'blouse', 'polo', 'henley', 'jersey', 'tank', 'camisole', 'cami'],
  top: ['top', 'tops', 'blouse', 'shirt', 't shirt', 'tee', 'tank', 'cami', 'camisole', 'bodysuit', 'crop'],
  sweatshirt: ['sweatshirt', 'hoodie', 'hoody', 'crewneck', 'pullover', 'sweater', 'fleece'],
  hoodie: ['hoodie', 'hoody', 'hooded', 'sweatshirt', 'pullover'],
  jacket: ['jacket', 'coat', 'parka', 'windbreaker', 'blazer', 'anorak', 'vest', 'shacket', 'bomber', 'puffer'],
  pants: ['pants', 'jeans', 'trousers', 'chinos', 'joggers', 'slacks', 'leggings'],
  dress: ['dress', 'gown', 'sundress'],
  shoes: ['shoes', 'shoe', 'sneakers', 'sneaker', 'boots', 'boot', 'trainers', 'heels', 'sandals', 'loafers', 'flats', 'slides',
    'clogs', 'slippers', 'cleats', 'pumps', 'wedges', 'mules', 'oxfords'],
  bag: ['bag', 'handbag', 'purse', 'tote', 'backpack', 'clutch', 'satchel', 'crossbody', 'wallet', 'duffel'],
  figure: ['figure', 'figures', 'action figure', 'statue', 'figurine'],
  cd: ['cd', 'cds', 'compact disc'],
  vinyl: ['lp', 'lps', 'vinyl', 'record', 'records', '7 inch', '12 inch'],
  video: ['dvd', 'dvds', 'blu ray', 'bluray', 'blu', 'br', 'bd', 'vhs', '4k uhd'],
  cassette: ['cassette', 'tape'],
  book: ['book', 'booklet', 'hardcover', 'paperback'],
  car: ['car', 'cars', 'truck', 'trucks', 'suv', 'sedan', 'coupe', 'van', 'minivan', 'pickup', 'convertible', 'hatchback', 'wagon',
    'vehicle', 'crossover'],
};

/** Groups the makes of BRANDS also satisfy ("cars": a "2015 Honda Accord" title is a car). */
export const CAR_MAKES = [
  'volkswagen', 'honda', 'toyota', 'ford', 'chevrolet', 'bmw', 'audi', 'mercedes', 'nissan', 'hyundai', 'kia', 'mazda', 'subaru',
  'jeep', 'dodge', 'gmc', 'cadillac', 'buick', 'lincoln', 'chrysler', 'tesla', 'lexus', 'acura', 'infiniti', 'porsche',
  'volvo', 'mini cooper', 'mitsubishi', 'fiat', 'scion', 'pontiac', 'oldsmobile', 'land rover', 'jaguar',
  'alfa romeo', 'maserati', 'ferrari', 'lamborghini',
] as const;

/**
 * Accessory nouns: an accessory, part, case, cover, charger, cable, box, manual, stand or
 * add-on for a product. Alone after the product's name they are weak (an item's title may
 * list what comes with it); before it, after "for", or followed by "only", they decide.
 */
export const ACCESSORY_WORDS = [
  'case', 'cases', 'cover', 'covers', 'skin', 'skins', 'protector', 'charger', 'chargers', 'funda', 'cargador', 'caja', 'cable', 'cables', 'cord', 'adapter', 'adaptor',
  'dock', 'stand', 'holder', 'strap', 'straps', 'pouch', 'box', 'boxes', 'manual', 'remote',
  'controller', 'keycaps', 'keycap', 'earpads', 'cushions', 'cushion', 'eartips', 'faceplate', 'decal', 'decals', 'sticker', 'stickers',
  'housing', 'shell', 'charging', 'replacement', 'stylus', 'lanyard', 'tripod', 'grip', 'grips', 'dongle', 'battery', 'batteries',
  'screen protector', 'tempered glass', 'ear pads', 'ear pad', 'ear cushions', 'ear tips', 'head band', 'headband', 'carry case',
  'carrying case', 'charging case', 'charging dock', 'back cover', 'wall mount', 'power supply', 'power adapter', 'ac adapter',
  'sim tray', 'lcd', 'digitizer', 'motherboard', 'logic board', 'back glass', 'switches', 'lens cap', 'display stand', 'poster',
  'keychain', 'key chain', 'patch', 'magnet', 'ornament', 'wrap', 'bezel', 'hinge', 'screws', 'head sculpt', 'headsculpt', 'bits',
  'dice', 'terrain', 'scenery', 'putty', 'game case', 'game cases', 'switch tester', 'faceplates', 'helmets',
  'game', 'games', 'video game', 'joy con', 'joycon', 'joycons', 'instructions', 'backplate', 'riser', 'waterblock', 'water block', 'heatsink', 'thermal pads',
  'filter', 'filters', 'attachment', 'attachments', 'brush head', 'wand', 'refill', 'refills', 'cartridge', 'cartridges',
  'holster', 'clip', 'film', 'guard', 'lid', 'ink', 'dust cover', 'spare', 'spares',
] as const;

/**
 * Accessory nouns that do not describe an item's own parts or what comes with it: outside an
 * inclusion ("with", "w/") they decide without the price.
 */
export const DEFINITE_ACCESSORY_WORDS = [
  'keycaps', 'keycap', 'earpads', 'cushions', 'cushion', 'eartips', 'faceplate', 'faceplates', 'decal', 'decals', 'sticker', 'stickers',
  'protector', 'stylus', 'lanyard', 'tripod', 'screws', 'hinge', 'head sculpt', 'headsculpt', 'bits', 'round bases', 'miniature bases',
  'plastic bases', 'dice', 'terrain', 'scenery',
  'putty', 'helmets', 'weapons', 'shoulder pads', 'mousepad', 'mouse pad', 'wrist rest', 'repair kit', 'cleaning kit', 'toner',
  'screen guard', 'poster', 'keychain', 'key chain', 'magnet', 'ornament', 'switch tester', 'game case', 'game cases', 'digitizer',
] as const;

/** Accessory phrases that decide on their own wherever they stand. */
export const STRONG_ACCESSORY_PHRASES = [
  'screen protector', 'tempered glass', 'ear pads', 'earpads', 'ear cushions', 'ear tips', 'eartips', 'replacement parts', 'replacement part',
  'box only', 'empty box', 'boxes only', 'case only', 'charger only', 'manual only', 'cable only', 'remote only', 'controller only',
  'accessories only', 'accessory only', 'packaging only', 'frame only', 'stand only', 'dock only', 'shell only', 'housing only',
  'owners manual', 'user manual',
  'instruction manual', 'skin decal', 'skin sticker', 'vinyl skin', 'keycap set', 'decal kit', 'sticker pack', 'decal sticker',
] as const;

/** Auto parts: accessory nouns for a query that names a vehicle (a car searched on sold pages shows its parts). */
export const AUTO_PART_WORDS = [
  'engine', 'motor', 'door', 'panel', 'trim', 'bumper', 'fender', 'hood', 'grille', 'grill', 'headlight', 'headlamp', 'taillight',
  'tail light', 'light', 'lights', 'lamp', 'mirror', 'seat', 'seats', 'wheel', 'wheels', 'rim', 'rims', 'tire', 'tires', 'hubcap',
  'radiator', 'condenser', 'compressor', 'alternator', 'starter', 'transmission', 'gearbox', 'axle', 'shaft', 'strut', 'struts',
  'shock', 'shocks', 'spring', 'springs', 'suspension', 'brake', 'brakes', 'rotor', 'rotors', 'caliper', 'pad', 'pads', 'sensor',
  'switch', 'module', 'ecu', 'relay', 'fuse', 'harness', 'wiring', 'pump', 'hose', 'tank', 'filter', 'intake', 'exhaust', 'muffler',
  'manifold', 'gasket', 'belt', 'pulley', 'thermostat', 'valve', 'injector', 'coil', 'plug', 'plugs', 'window', 'regulator',
  'handle', 'latch', 'lock', 'fob', 'emblem', 'badge', 'dash', 'dashboard', 'vent', 'cluster', 'gauge', 'speedometer',
  'tachometer', 'radio', 'stereo', 'antenna', 'wiper', 'wipers', 'sunroof', 'spoiler', 'windshield', 'carpet', 'mat', 'mats', 'visor',
  'knob', 'shifter', 'pedal', 'bracket', 'seal', 'kit', 'assembly', 'canister', 'cylinder', 'glovebox', 'tailgate', 'liner',
  'tool', 'tools', 'parts', 'part', 'oem', 'hardtop', 'camshaft', 'crankshaft', 'piston', 'turbo', 'bulb', 'bulbs', 'nozzle',
  'washer', 'stencil', 'aufkleber', 'console', 'armrest', 'compartment', 'canopy', 'sliders', 'rack', 'hitch', 'floor',
] as const;

/** Toys, models and merchandise of a product: another product than the vehicle or device the query names. */
export const MERCH_WORDS = [
  'diecast', 'die cast', 'hot wheels', 'matchbox', 'model kit', 'model car', 'toy', 'toys', 'lego', 'plush', 'keychain', 'poster',
  'replica', 'figurine', 'ornament', 'magnet', 'miniature', 'scale model', 'rc', 'jada', 'maisto', 'greenlight', 'bburago',
] as const;

/** Words that make a row an unofficial piece of a named brand or line ("custom figure for your Hot Toys display", "ACEO fan art"). */
export const UNOFFICIAL_WORDS = ['custom', 'customized', 'fan art', 'fanart', 'fan made', 'aceo', 'handmade', 'hand made', 'unofficial', 'inspired', 'homemade', 'proxy', 'orica'] as const;

/** Words that say the row is not the genuine product. */
export const REPLICA_WORDS = ['replica', 'fake', 'counterfeit', 'knockoff', 'knock off', 'dupe', 'not authentic', 'unauthentic', 'bootleg', 'aaa quality', 'mirror quality', 'dummy', 'non working display', 'display dummy'] as const;

/** Phrases saying what an accessory fits: they decide when the product's name follows ("compatible with iPhone 13"). */
export const FOR_PHRASES = ['compatible with', 'works with', 'designed for', 'made for', 'to fit', 'fits for', 'replacement for', 'suitable for'] as const;

/** Phrases that say the product itself is sold broken, for parts or locked. */
export const PARTS_PHRASES = [
  'for parts', 'parts only', 'parts or repair', 'for repair', 'spares or repair', 'spares repair', 'parts repair', 'not working',
  'non working', 'nonworking', 'doesnt work', 'does not work', 'dont work', 'doesnt charge', 'does not charge', 'wont charge', 'not charging',
  'wont turn on', 'will not turn on', 'doesnt turn on', 'does not turn on', 'not turning on', 'no power', 'dead battery', 'broken', 'cracked',
  'shattered', 'icloud locked', 'icloud lock', 'activation locked', 'activation lock', 'fmi on', 'google locked', 'frp locked',
  'mdm locked', 'passcode locked', 'bios locked', 'bios password', 'blacklisted', 'bad esn', 'bad imei', 'faulty', 'defective',
  'water damaged', 'water damage', 'as is', 'needs repair', 'needs work', 'for restoration', 'no boot', 'wont boot',
  'does not boot', 'no display', 'no image', 'screen burn', 'burn in', 'no sound', 'missing parts', 'incomplete', 'barebones', 'barebone',
  'keyboard kit', 'diy kit',
  // Spanish (eBay pages in Spanish): for parts, not working, broken, locked.
  'para piezas', 'piezas', 'para repuestos', 'repuestos', 'no funciona', 'averiado', 'roto', 'rota', 'bloqueado',
] as const;

/** Phrases that hint at a defect without saying it: a parts judgement only with the price's support. */
export const WEAK_PARTS_PHRASES = ['read description', 'read desc', 'see description', 'read details', 'untested', 'damaged', 'dead pixels', 'dead pixel', 'as pictured', 'see photos', 'see pictures', 'please read'] as const;

/** Words that, after a damage word, say the unit works ("back damaged but works 100%"). */
export const WORKS_WORDS = ['works', 'working', 'functional', 'functions', 'tested'] as const;

/** Main components whose absence makes the unit a parts unit ("no battery", "missing hdd"). */
export const MAIN_COMPONENTS = ['battery', 'hdd', 'hd', 'ssd', 'hard drive', 'storage', 'almacenamiento', 'disco', 'bateria', 'ram', 'screen', 'lcd', 'motherboard', 'logic board', 'cpu', 'processor', 'engine', 'transmission'] as const;

/** Condition texts (the marketplace's own) that mean for parts or not working. */
export const PARTS_CONDITIONS = ['parts only', 'for parts or not working', 'for parts', 'not working', 'parts'] as const;

/** Phrases that make a row several units or a bundle. */
export const LOT_WORDS = ['lot', 'lots', 'bundle', 'bundles', 'joblot', 'job lot', 'bulk', 'wholesale', 'assorted', 'mixed lot', 'collection lot', 'lote'] as const;

/** Nouns counted by a number that make a lot ("50 comics", "36 pc", "4pcs"); longer spellings first. */
export const LOT_COUNT_NOUNS = ['pieces', 'piece', 'pcs', 'pack', 'packs', 'units', 'unit', 'cards', 'card', 'comics', 'comic', 'books', 'games', 'figures', 'items', 'shirts', 'pairs', 'controllers', 'phones', 'consoles'] as const;

/** Query words that make the query ask for several units: lot phrases are then the item. */
export const QUERY_LOT_WORDS = ['lot', 'lots', 'bundle', 'set', 'sets', 'bulk', 'wholesale', 'collection', 'pack', 'pair', 'pairs', 'joblot'] as const;

/** Query words that make the query ask for parts of a product: accessory words are then the item. */
export const QUERY_PARTS_WORDS = ['parts', 'part', 'accessories', 'accessory', 'spares', 'spare', 'components', 'oem'] as const;

/** Query words that make the query ask for broken units: parts phrases are then the item. */
export const QUERY_BROKEN_WORDS = ['broken', 'for parts', 'not working', 'locked', 'cracked', 'damaged', 'as is'] as const;

/** Words up to three before an accessory word that say the item comes with it ("with case and charger", "w/ box"). */
export const INCLUSION_WORDS = ['with', 'w', 'includes', 'included', 'including', 'incl', 'plus', 'and', 'comes'] as const;

/** Words right before an accessory word that make it part of the item's description ("original box", "new battery", "in box"). */
export const INCLUSION_NEAR_WORDS = ['original', 'orig', 'in', 'inbox', 'extra', 'bonus', 'free', 'new', 'open', 'sealed', 'retail', 'complete', 'full'] as const;

/** Words that negate what follows ("no box", "without charger"). */
export const NEGATION_WORDS = ['no', 'without', 'missing', 'wo', 'not', 'non', 'never', 'sin'] as const;

/** Words that introduce what an accessory fits ("case for iPhone 13", "(For: 2006 Volkswagen Beetle)"). */
/** Words after an accessory word that make it a feature of the item ("battery 98%", "battery health"). */
export const FEATURE_FOLLOWERS = ['health', 'life', 'capacity', 'percent', 'condition', 'cycle', 'cycles', 'included', 'includes'] as const;

export const FOR_WORDS = ['for', 'fits', 'compatible', 'replaces', 'replacement', 'para'] as const;
