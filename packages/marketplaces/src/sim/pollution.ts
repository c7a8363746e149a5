/**
 * @module sim/pollution
 * What else a real search page for a named product holds, at the shares the real captures show
 * (issue 27): accessories for it (cases, ear pads, chargers; parts for a car), other models and
 * generations of its line, lots of it, and units sold for parts. sim/catalog.ts draws them among
 * a product's or a car's listings; categories, brands and unknown keywords are left as they are
 * (on the real pages of a category almost every row is a unit of it).
 *
 * The shares are measured on the hand-labelled real capture rows of `test/comps/labels/`
 * (README "Shares of each kind on named-product pages", pooled: rows of the kind over all rows
 * of the pages whose query names one product):
 * - goods, on the pages where the marketplace finds the product (6 pages, 233 rows: the eBay
 *   "Sony WH-1000XM4 Headphones" and "Built Peanut Butter Puff Cups" pages, the Poshmark sold
 *   "iPhone 14 Pro 256GB" page, the Mercari "ps5", "pulse 3d" and "ps5 controller" answers):
 *   item 62.7 %, accessory 4.3 %, lot 0.0 %, parts 1.7 %, other 31.3 %; lots 0.3 % over the
 *   8 named-goods pages (295 rows);
 * - a car on eBay (the sold "2006 Volkswagen New Beetle" page, 60 rows): 56 parts of the car
 *   (accessories), 3 others (toy cars, another generation), 1 car;
 * - a car elsewhere (the five OfferUp "honda civic" pages, 73 rows): 64 cars, 8 other models
 *   or makes, 1 sold for parts, no accessory.
 *
 * Units for parts come from the kinds' condition mix (sim/kinds.ts: a device is drawn "for
 * parts" 3 times in 100, about 2 in 100 rows once the other kinds are drawn; the measured pooled
 * share is 1.7 %, the eBay Sony page's 3 in 60).
 * Other models are drawn from the product's own line (same maker, same kind, same first word:
 * an "iPhone 13 Pro" or an "iPhone 12" on "iphone 13"); on eBay, which matches every keyword,
 * only models whose titles hold every keyword ("iPhone 13 Pro" on "iphone 13", none on
 * "iphone 13 pro max"), so eBay pages of a most specific model carry no other model, as the
 * Sony page. Where a product has no such model the share is drawn as the product itself.
 *
 * Synthetic data: never shown as real.
 */

/** What a listing is against the keywords it was drawn for (issue 27's five kinds). */
export type SimComp = 'item' | 'accessory' | 'lot' | 'parts' | 'other';

/** Shares of a named product's listings that are accessories, lots and other models (the rest: the product). */
export interface PollutionShares {
  accessory: number;
  lot: number;
  other: number;
}

/** Goods, every marketplace: the pooled shares of the named-goods pages where the product is found (test/comps/labels/README.md). */
export const GOODS_SHARES: PollutionShares = { accessory: 0.043, lot: 0.003, other: 0.313 };
/** A car on mkt_a: the sold "2006 Volkswagen New Beetle" page (56 and 3 of 60 rows). */
export const CAR_SHARES_MKT_A: PollutionShares = { accessory: 56 / 60, lot: 0, other: 3 / 60 };
/** A car elsewhere: the five OfferUp "honda civic" pages (8 of 73 rows other, none an accessory). */
export const CAR_SHARES: PollutionShares = { accessory: 0, lot: 0, other: 8 / 73 };

/** An accessory as titles say it (`{name}`: the product as the keywords name it), its low and high ask in dollars, and the products it is made for (tested on the product's first name; none: every product of the kind). */
export type AccessoryTemplate = readonly [template: string, lo: number, hi: number, fits?: RegExp];

/**
 * Accessories of each kind of product as real titles say them, and what they ask. Read off the
 * captures' accessory rows where they show one (the eBay Sony WH-1000XM4 page's "GENUINE SONY
 * Ear Pads Foam Cushions" at $45, a "Replacement Carry Case" at $15, an audio cable at $16; the
 * Poshmark iPhone page's empty boxes at $7-35; the Mercari "ps5 controller" answer's empty box
 * at $7), in the same words otherwise. Kinds without one here (clothing, cards sold singly,
 * cars: see CAR_PARTS) draw none.
 */
export const ACCESSORIES: Readonly<Record<string, readonly AccessoryTemplate[]>> = {
  phone: [
    ['{name} Empty Box Only No Phone', 7, 35], ['Case for {name} Shockproof Clear Cover', 6, 18], ['OtterBox Defender Series Case for {name}', 15, 35],
    ['Tempered Glass Screen Protector for {name} (3 Pack)', 5, 12], ['Leather Flip Folio Case for {name}', 8, 22],
    ['MagSafe Silicone Case for {name}', 10, 30, /iPhone (1[2-9])/u], ['Privacy Screen Protector for {name}', 6, 14],
  ],
  tablet: [
    ['Case for {name} Smart Folio Cover', 10, 30], ['Screen Protector for {name} Tempered Glass', 6, 15],
    ['Folio Case with Pencil Holder for {name}', 18, 45, /iPad/u], ['Stylus Pen for {name}', 12, 35, /iPad/u],
  ],
  computer: [
    ['Charger for {name} 65W USB-C AC Adapter', 12, 30], ['Replacement Battery for {name}', 20, 45],
    ['Replacement Keyboard for {name} US Layout', 18, 40], ['Laptop Sleeve for {name}', 10, 25],
  ],
  console: [
    ['Charging Station for {name} Controllers', 12, 28, /PlayStation|Xbox|Switch/u], ['Vertical Stand for {name} with Cooling Fan', 15, 35, /PlayStation|Xbox/u],
    ['Skin Decal for {name}', 8, 18], ['Carrying Case for {name}', 15, 35, /Switch|Steam Deck|Game Boy|Quest/u], ['Empty Box for {name}', 10, 30],
    ['Replacement HDMI Port for {name}', 6, 15, /PlayStation|Xbox/u], ['Replacement Shell Housing for {name}', 12, 30, /Game Boy/u],
    ['AC Power Adapter for {name}', 10, 25, /Nintendo 64|Game Boy/u], ['Facial Interface Cover for {name}', 15, 35, /Quest/u],
  ],
  accessory: [['Charging Dock for {name}', 12, 28], ['Replacement Thumbsticks for {name}', 6, 15], ['Silicone Skin Cover for {name}', 6, 12]],
  game: [['Replacement Case for {name} (No Game)', 3, 9], ['{name} Empty Case with Artwork', 4, 10]],
  audio: [
    ['Genuine Ear Pads Foam Cushions for {name} Left + Right', 15, 45, /WH-|QuietComfort|Max/u],
    ['Replacement Carry Case for {name}', 12, 25, /WH-|QuietComfort|Max|JBL/u], ['OEM 3.5mm Audio Cable for {name}', 10, 18, /WH-|QuietComfort|Max/u],
    ['Replacement Charging Case for {name}', 25, 60, /AirPods (?!Max)|Buds/u], ['Silicone Ear Tips for {name} (4 Pairs)', 6, 15, /AirPods Pro|Buds/u],
    ['USB-C Charging Cable for {name}', 6, 14, /JBL/u],
  ],
  camera: [
    ['Leather Half Case for {name}', 12, 35], ['Neck Strap for {name}', 8, 25], ['Body Cap for {name}', 6, 15, /Leica|Canon|Fuji|Sony/u],
    ['Battery for {name}', 8, 25, /X100V|Alpha|GoPro/u], ['{name} Instruction Manual', 6, 18, /Leica|Canon|Polaroid/u],
  ],
  watch: [['Strap for {name} 20mm', 15, 45, /Seiko|Submariner/u], ['Watch Box for {name}', 30, 120, /Rolex|Seiko/u], ['Replacement Band for {name}', 10, 25, /G-Shock/u]],
  smartwatch: [['Band for {name} Sport Loop', 6, 18], ['Charger for {name} Magnetic Cable', 6, 15], ['Screen Protector Case for {name}', 5, 12]],
  sealed: [['Empty {name}', 8, 25], ['Acrylic Case for {name}', 15, 35]],
  sneakers: [['Empty Box for {name}', 10, 30], ['Replacement Laces for {name}', 6, 15], ['Crease Protectors for {name}', 8, 18, /Jordan|Dunk|Air Force|Air Max/u]],
  bag: [['Dust Bag for {name}', 15, 45, /Louis Vuitton|Gucci|Coach/u], ['Purse Organizer Insert for {name}', 15, 35], ['Replacement Strap for {name}', 20, 60, /Louis Vuitton|Coach|Gucci/u]],
  kitchen: [
    ['Replacement Bowl for {name}', 25, 60, /KitchenAid/u], ['Pasta Roller Attachment for {name}', 30, 70, /KitchenAid/u], ['Cover for {name}', 12, 25, /KitchenAid|Instant Pot|Vitamix/u],
    ['Replacement Knob for {name}', 8, 20, /Le Creuset/u], ['Replacement Sealing Ring for {name}', 6, 15, /Instant Pot/u],
    ['Replacement Container for {name}', 40, 90, /Vitamix/u], ['Replacement Lid for {name}', 8, 20, /YETI|Stanley/u], ['Milk Frother for {name}', 25, 60, /Nespresso/u],
  ],
  home: [['Replacement Battery for {name}', 25, 60], ['Wall Mount Dock for {name}', 15, 35]],
  tool: [['Battery for {name} 5.0Ah', 25, 60], ['Charger for {name}', 18, 40], ['Replacement Chuck for {name}', 12, 30, /Drill/u]],
  furniture: [['Replacement Caster Wheels for {name}', 15, 35, /Aeron/u], ['Replacement Arm Pads for {name}', 18, 40, /Aeron/u], ['Drawer Insert for {name}', 12, 30, /Kallax/u], ['Hardware Kit for {name}', 8, 20]],
  toy: [['Display Case for {name}', 15, 60, /LEGO|Funko/u], ['{name} Instruction Manual Only', 8, 20, /LEGO/u], ['LED Light Kit for {name}', 20, 45, /LEGO/u]],
  sports: [['Replacement Pedals for {name}', 25, 60, /Peloton/u], ['Stand for {name}', 40, 120, /Bowflex/u]],
};

/** The accessories made for a product (its first name tested against each template's `fits`). */
export function accessoriesFor(kind: string, name: string): AccessoryTemplate[] {
  return (ACCESSORIES[kind] ?? []).filter(([, , , fits]) => fits === undefined || fits.test(name));
}

/**
 * Parts of a car as real titles say them, and what they ask in dollars: the eBay sold "2006
 * Volkswagen New Beetle" page's door panels ($65-300), engine covers ($20-85), window motors
 * ($45-95), dash bezels ($110-140), fuse boxes ($40-90), mirrors, owner's manuals; a year range
 * before the model ("98-10", "2003-2010") and "OEM" after it, as there.
 */
export const CAR_PARTS: ReadonlyArray<readonly [string, number, number]> = [
  ['Driver Left Upper Door Panel', 65, 300], ['Upper Engine Cover', 20, 85], ['Passenger Door Window Motor', 45, 95],
  ['Dash Center A/C Vent Radio Bezel', 100, 140], ['Fuse Box Relay Plate', 40, 90], ['Driver Side Mirror Left', 60, 110],
  ["Owner's Manual Book", 30, 130], ['Front Hood Emblem', 20, 30], ['Steering Wheel Assembly', 55, 120],
  ['Master Power Window Switch', 45, 75], ['Headlight Assembly Right Passenger Side', 60, 220], ['Radiator Core Support', 150, 260],
  ['Interior Rear View Mirror', 30, 45], ['Glovebox Storage Compartment', 60, 200],
];

/** Toy cars of a model, what eBay shows beside a car's parts (the Beetle page's Jada 1:24 die-cast, $35; Hot Wheels, $21-41). */
export const TOY_CARS: ReadonlyArray<readonly [string, number, number]> = [
  ['Jada 1:24 Scale {name} Die Cast', 20, 40], ['Hot Wheels {name}', 5, 40], ['Maisto 1:18 {name} Diecast Model Car', 25, 55],
];
