/**
 * @module mkt_e/categories
 * The marketplace's category IDs of the first two levels with their labels, as its
 * `GetCategoryTaxonomy` answer of 2025-11 lists them (the capture in
 * `shared/fixtures/mkt_e/categories-2025.json`; `categories.test.ts` checks this table against
 * it). `category` values are checked against this table; when the marketplace adds a
 * category, this table is the one place to update.
 */

/** [id, label] in the order of the taxonomy. */
export const CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ['1', 'Electronics & Media'], ['1.1', 'Audio & Speakers'], ['1.2', 'Cell phones & Accessories'], ['1.3', 'Cameras & Photography'], ['1.4', 'TVs & Media players'], ['1.5', 'Video games & Consoles'], ['1.12', '3D Printers & Supplies'], ['1.6', 'Computers & Accessories'], ['1.7', 'Books, Movies, & Music'], ['1.10', 'Virtual reality'], ['1.8', 'Wearables'], ['1.11', 'Other - Electronics & Media'], ['1.9', 'Drones'],
  ['2', 'Home & Garden'], ['2.1', 'Furniture'], ['2.2', 'Household'], ['2.3', 'Appliances'], ['2.4', 'Kitchen & Dining'], ['2.5', 'Tools & Machinery'], ['2.6', 'Home improvement'], ['2.7', 'Lawn & Garden'], ['2.10', 'Bathroom'], ['2.8', 'Home decor'], ['2.9', 'Other - Home & Garden'],
  ['3', 'Clothing, Shoes, & Accessories'], ['3.15', 'Girls\' accessories'], ['3.14', 'Girls\' shoes'], ['3.13', 'Baby & Toddler accessories'], ['3.12', 'Baby & Toddler boy clothing'], ['3.11', 'Baby & Toddler girl clothing'], ['3.10', 'Boys\' clothing'], ['3.18', 'Other - Clothing, Shoes, & Accessories'], ['3.1', 'Women\'s clothing'], ['3.17', 'Boys\' accessories'], ['3.2', 'Men\'s clothing'], ['3.16', 'Boys\' shoes'], ['3.3', 'Women\'s shoes'], ['3.4', 'Men\'s shoes'], ['3.5', 'Jewelry & Accessories'], ['3.9', 'Girls\' clothing'],
  ['4', 'Baby & Kids'], ['4.10', 'Potty training'], ['4.11', 'Pregnancy & Maternity'], ['4.12', 'Baby safety'], ['4.13', 'Strollers & Accessories'], ['4.14', 'Baby toys'], ['4.16', 'Other - Baby & Kids'], ['4.1', 'Girls\' accessories'], ['4.2', 'Boys\' accessories'], ['4.3', 'Bathing & Skincare'], ['4.4', 'Car seats & Accessories'], ['4.5', 'Diapering'], ['4.6', 'Feeding'], ['4.7', 'Baby gear'], ['4.8', 'Health & Baby care'], ['4.9', 'Nursery furniture & Decor'],
  ['5', 'Vehicles'], ['5.9', 'Auto parts & Accessories'], ['5.10', 'Other - Vehicles'], ['5.1', 'Cars & Trucks'], ['5.2', 'Motorcycles'], ['5.3', 'Campers & RVs'], ['5.4', 'Boats & Marine'], ['5.5', 'Powersport vehicles'], ['5.6', 'Trailers'], ['5.7', 'Commercial vehicles'], ['5.8', 'Tires & Rims'],
  ['6', 'Toys, Games, & Hobbies'], ['6.8', 'Other - Toys, Games, & Hobbies'], ['6.1', 'Toys'], ['6.2', 'Games & Puzzles'], ['6.3', 'Outdoor toys & Games'], ['6.4', 'Stuffed animals & Plush'], ['6.5', 'Dress up & Pretend'], ['6.6', 'Trading cards'], ['6.7', 'Musical instruments'],
  ['7', 'Sports & Outdoors'], ['7.7', 'Camping & Hiking'], ['7.13', 'Fan shop'], ['7.8', 'Water sports'], ['7.12', 'Golf'], ['7.9', 'Ice & Snow sports'], ['7.14', 'Other - Sports & Outdoors'], ['7.11', 'Team sports'], ['7.10', 'Lawn games'], ['7.1', 'Exercise'], ['7.2', 'Yoga & Pilates'], ['7.3', 'Mixed martial arts & Boxing'], ['7.4', 'Bikes & Cycling'], ['7.5', 'Skateboarding'], ['7.6', 'Fishing'],
  ['8', 'Collectibles & Art'], ['8.6', 'Other - Collectibles & Art'], ['8.1', 'Art'], ['8.2', 'Arts & Crafts supplies'], ['8.3', 'Antiques'], ['8.4', 'Collectibles'], ['8.5', 'Handmade'],
  ['9', 'Pet supplies'], ['9.5', 'Pet bedding'], ['9.6', 'Pet furniture'], ['9.7', 'Pet carriers & Houses'], ['9.8', 'Pet health & Wellness'], ['9.9', 'Training'], ['9.1', 'Pet collars & Leashes'], ['9.2', 'Pet clothing, Accessories, & Shoes'], ['9.3', 'Pet toys'], ['9.10', 'Pet gates & Fences'], ['9.4', 'Pet feeding'], ['9.11', 'Other - Pet supplies'],
  ['10', 'Health & Beauty'], ['10.6', 'Personal care'], ['10.5', 'Fragrance'], ['10.4', 'Skincare'], ['10.3', 'Makeup & Cosmetics'], ['10.2', 'Bath & Body'], ['10.1', 'Hair care'], ['10.8', 'Other - Health & Beauty'], ['10.7', 'Tools & Accessories'],
  ['11', 'Wedding'], ['11.5', 'Accessories'], ['11.4', 'Decorations'], ['11.3', 'Gifts & Mementos'], ['11.2', 'Invitations & Paper'], ['11.1', 'Jewelry'], ['11.8', 'Other - Wedding'], ['11.7', 'Shoes'], ['11.6', 'Clothing'],
  ['12', 'Business equipment'], ['12.11', 'Restaurant & Food service equipment'], ['12.10', 'Office equipment & Supplies'], ['12.13', 'Retail & Services'], ['12.12', 'Printing & Graphic arts'], ['12.4', 'Electrical equipment & Supplies'], ['12.3', 'Cleaning & Janitorial supplies'], ['12.2', 'Building materials & Supplies'], ['12.1', 'Farming & Agriculture'], ['12.15', 'Other - Business equipment'], ['12.14', 'Industrial fuel & Energy equipment'], ['12.9', 'Material handling'], ['12.8', 'Light industrial equipment & Tools'], ['12.7', 'HVAC'], ['12.6', 'Fasteners & Hardware'], ['12.5', 'Facility maintenance & Safety'],
  ['13', 'Tickets'], ['13.3', 'Theater'], ['13.2', 'Sports'], ['13.1', 'Concerts'], ['13.5', 'Other - Tickets'], ['13.4', 'Theme parks'],
  ['14', 'General'],
];

const LABELS = new Map<string, string>(CATEGORIES);

export function categoryLabel(id: string): string | undefined {
  return LABELS.get(id);
}

/** Cars & Trucks: the category of vehicle searches (interface 4.5 rule 1). */
export const CARS_AND_TRUCKS = '5.1';
/** Vehicles, the parent of Cars & Trucks. */
export const VEHICLES = '5';
