/**
 * Parser tests on the captured eBay pages in ../shared/fixtures/mkt_a (see its README): exact
 * values for at least ten cards of every results page, the page figures, and every page that
 * is not a results page classified.
 */
import { BlockedError, NonUsPageError, type Row, type Search } from '@listings/contract';
import { parse } from 'parse5';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import type { Document } from './dom.ts';
import { readPageCards, readSearchDocument, type ParsedPage } from './parse.ts';

/** Each captured page is parsed once for the whole file: the large pages take most of its time. */
const docs = new Map<string, Document>();
function doc(file: string): Document {
  let d = docs.get(file);
  if (!d) {
    d = parse(readFixture('mkt_a', file));
    docs.set(file, d);
  }
  return d;
}

function parseSearchPage(file: string, s: Search, now: Date): ParsedPage {
  return readSearchDocument(doc(file), s, now);
}

/** The rows of a page (PageResult's Omit over Result's index signature widens `data` to unknown). */
function rows(page: ParsedPage): Row[] {
  return page.result.data as Row[];
}

function search(kind: 'sold' | 'listings', page = 1, q = 'fixture'): Search {
  return { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q, page, params: kind === 'listings' ? { sort: 'best_match' } : {}, cursor: null };
}

type SoldExpect = [number, string, string, number | null, string, number | null, string | null, string | null, string | null, string | null, string | null];
type ListingExpect = [number, string, string, number | null, string, number | null, string | null, string | null, string | null, string, number | null, string | null, boolean, boolean, string | null];
type RawExpect = [number, string | null, string, string[], string[], string[], boolean];

function money(amount: number | null): { amount: number; currency: string } | null {
  return amount === null ? null : { amount, currency: 'USD' };
}

function expectSoldRows(page: ParsedPage, expected: SoldExpect[]): void {
  for (const [i, id, title, amount, priceText, ship, shipText, soldDate, soldDateText, condition, seller] of expected) {
    expect({ i, ...rows(page)[i] }).toMatchObject({
      i, id, title, link: `https://www.ebay.com/itm/${id}`, displayed_price: money(amount), displayed_price_text: priceText,
      displayed_shipping: money(ship), shipping_text: shipText, sold_date: soldDate, sold_date_text: soldDateText,
      condition, seller_text: seller, brand: null, size: null, price: null, shipping: null, sold_at: null, took_offer: null,
    });
  }
}

function expectListingRows(page: ParsedPage, expected: ListingExpect[]): void {
  for (const [i, id, title, amount, priceText, ship, shipText, condition, seller, format, bids, endsAt, bestOffer, promoted, location] of expected) {
    expect({ i, ...rows(page)[i] }).toMatchObject({
      i, id, title, link: `https://www.ebay.com/itm/${id}`, displayed_price: money(amount), displayed_price_text: priceText,
      displayed_shipping: money(ship), shipping_text: shipText, condition, seller_text: seller, format, bid_count: bids,
      ends_at: endsAt, best_offer: bestOffer, promoted, location_text: location, brand: null, size: null, listed_at: null,
    });
  }
}

function expectRawCards(cards: ReturnType<typeof readPageCards>, expected: RawExpect[], loose = false): void {
  const list = loose ? cards.loose : cards.exact;
  for (const [i, id, title, priceParts, subtitles, facts, sponsored] of expected) {
    const c = list[i]!;
    const cardId = loose ? (/\/itm\/(\d+)/u.exec(c.href ?? '')?.[1] ?? null) : cards.ids[i];
    expect({ i, id: cardId, title: c.title, priceParts: c.priceParts, subtitles: c.subtitles, facts: c.facts, sponsored: c.sponsored })
      .toEqual({ i, id, title, priceParts, subtitles, facts, sponsored });
  }
}

const SOLD_KEYS = ['id', 'title', 'link', 'displayed_price', 'displayed_price_text', 'displayed_shipping', 'shipping_text', 'sold_date', 'sold_date_text', 'condition', 'seller_text', 'brand', 'size', 'image', 'price', 'shipping', 'sold_at', 'took_offer'];
const LISTING_KEYS = ['id', 'title', 'link', 'promoted', 'format', 'displayed_price', 'displayed_price_text', 'displayed_shipping', 'shipping_text', 'condition', 'brand', 'size', 'listed_at', 'bid_count', 'ends_at', 'best_offer', 'seller_text', 'location_text', 'image'];

describeWithFixtures('mkt_a', 'mkt_a parser on captured eBay pages', () => {
  describe('sold-s-card-60.html (sold, page 4 of 5, current s-card layout, unquoted attributes)', () => {
    const now = new Date('2026-05-07T00:00:00Z');
    let page: ParsedPage;
    beforeAll(() => {
      page = parseSearchPage('sold-s-card-60.html', search('sold', 4, '2006 Volkswagen New Beetle'), now);
    });

    test('page figures: 60 cards after the two placeholders, total from the heading, next page 5', () => {
      expect(page.layout).toBe('s-card');
      expect(page.result).toMatchObject({
        provider: 'mkt_a', country: 'us', query: '2006 Volkswagen New Beetle', page: 4, page_size: 60, count: 60,
        reported_total: 242, next_page: 5, collected_at: '2026-05-07T00:00:00.000Z', schema_version: 1, completeness: 'provider_page_only',
      });
      const ids = rows(page).map((r) => r.id);
      expect(new Set(ids).size).toBe(60);
      expect(ids).not.toContain('123456');
      expect(ids).not.toContain('2500219655424533');
    });

    test('exact values of 14 cards', () => {
      expectSoldRows(page, [
        [0,"377007281744","2006 - 2010 Volkswagen New Beetle 2.5L Upper Engine Cover 07K103925 (For: 2006 Volkswagen Beetle)",69.99,"$69.99",0,"Free delivery","2026-03-07","Mar 7, 2026","Pre-Owned","ymparts 100% positive (354)"],
        [1,"188114878749","98-10 Volkswagen VW New Beetle Hardtop Driver Left Upper Door Panel Silver OEM (For: 2006 Volkswagen Beetle)",91.99,"$91.99",0,"Free delivery","2026-03-06","Mar 6, 2026","Pre-Owned","motorvaultresellingllc 98.8% positive (159)"],
        [2,"168179143276","2004-2010 VW New Beetle Dash Center A/C Vent Radio Bezel Black OEM (For: 2006 Volkswagen Beetle)",109,"$109.00",26.55,"+$26.55 delivery","2026-03-06","Mar 6, 2026","Pre-Owned","r00sters 99.8% positive (1.1K)"],
        [3,"267420401721","2003-2010 VW NEW BEETLE CONVERTIBLE 3RD BRAKE LIGHT REAR TRUNK MOUNTED 1Y0945097 (For: 2006 Volkswagen Beetle)",59.98,"$59.98",19.05,"+$19.05 delivery","2026-03-05","Mar 5, 2026","Pre-Owned","3cbo 99.7% positive (14.7K)"],
        [4,"306799759810","2006 Volkswagen Beetle-New 2.5 PZEV",610,"$610.00",null,null,"2026-03-05","Mar 5, 2026","Pre-Owned","justdonated 99.3% positive (10.7K)"],
        [5,"326988899401","New Jada 1:24 Scale “For Sale” 59 Volkswagen Beetle car Die Cast Opened Box",35,"$35.00",16.45,"+$16.45 delivery","2026-03-05","Mar 5, 2026","Pre-Owned","toys_n_more 99.9% positive (6.2K)"],
        [6,"205909820653","1998 - 2010 VW New Beetle Right Door Panel Top Upper Interior Trim Red",79.99,"$79.99",9.99,"+$9.99 delivery","2026-03-04","Mar 4, 2026","Pre-Owned","nkautopart 99.7% positive (641)"],
        [7,"235520087086","06 07 08 09 10 VW NEW BEETLE CONVERTIBLE RADIATOR CORE SUPPORT 2.5L (For: 2006 Volkswagen Beetle)",250,"$250.00",100,"+$100.00 delivery","2026-03-04","Mar 4, 2026","Pre-Owned","proautoshop 100% positive (4.6K)"],
        [8,"198073914417","06-10 VW New Beetle Convertible AC Refrigerant Hose 2.5L AC 1C0820739E 115795 (For: 2006 Volkswagen Beetle)",224.5,"$224.50",0,"Free delivery","2026-03-03","Mar 3, 2026","Pre-Owned","rebuiltcars 99.7% positive (5.2K)"],
        [9,"187952434295","98-10 OEM Volkswagen New Beetle Power Door Lock Control Switch Driver Side (For: 2006 Volkswagen Beetle)",29.99,"$29.99",0,"Free delivery","2026-03-03","Mar 3, 2026","Pre-Owned","donald8890 100% positive (1.6K)"],
        [10,"336425614070","98-10 Volkswagen VW New Beetle Hardtop Driver Left Upper Door Panel Cybergreen (For: 2006 Volkswagen Beetle)",77.99,"$77.99",11.67,"+$11.67 delivery","2026-03-02","Mar 2, 2026","Pre-Owned","get-r-done327 99.6% positive (8.3K)"],
        [11,"177867300918","1998 - 2010 VW New Beetle Glovebox Storage Compartment BLACK OEM 1C1-880-300 (For: 2006 Volkswagen Beetle)",199.99,"$199.99",0,"Free delivery","2026-03-01","Mar 1, 2026","Pre-Owned","ryan_autoparts 100% positive (354)"],
        [14,"287016171779","VW New Beetle Top Engine Cover 1.6 Petrol 2006-2011",20.56,"$20.56",null,"+$33.96 shipping estimate","2026-02-27","Feb 27, 2026","Pre-Owned","hin-42 99.7% positive (2.9K)"],
        [50,"177856796311","⭐2003-2010 VW Volkswagen 'New Beetle' CONVERTIBLE Door Panels Blue/Tan (For: 2006 Volkswagen Beetle)",1395,"$1,395.00",195,"+$195.00 delivery","2026-02-14","Feb 14, 2026","Pre-Owned","auto_doorpanels 88.2% positive (25)"],
      ]);
    });

    test('sold rows have the documented fields in order; every date from the caption; images on the image host', () => {
      for (const row of rows(page)) {
        expect(Object.keys(row)).toEqual(SOLD_KEYS);
        expect(row.sold_date).toMatch(/^2026-0[23]-\d\d$/u);
        expect(String(row.image)).toMatch(/^https:\/\/i\.ebayimg\.com\/images\/g\/[^/]+\/s-l(140|500)\.webp$/u);
      }
      // src is preferred over the deferred image when both are real (s-l140 shown, s-l500 deferred).
      expect(rows(page)[2]!.image).toBe('https://i.ebayimg.com/images/g/5OIAAeSwkE1pm3xw/s-l140.webp');
    });

    test('the letter-by-letter Sponsored labels: the page styles hide every one (read as a listings page, none is promoted)', () => {
      const asListings = readSearchDocument(doc('sold-s-card-60.html'), search('listings', 4), now);
      expect(rows(asListings)).toHaveLength(60);
      expect(rows(asListings).filter((r) => r.promoted)).toEqual([]);
    });

    test('rows sold by accepted best offer are kept for the batch summary, with the struck list price shown', () => {
      expect(page.bestOfferAcceptedIds).toEqual([
        '168179143276', '198073914417', '147171852466', '286623453438', '206044619784', '116989771896', '117027587988',
        '287102164052', '236618297447', '267548580118', '127657035713',
      ]);
      expect(page.result.field_notes).toMatch(/accepted best offer/u);
    });
  });

  describe('sold-s-card-fewer-words.html (1 exact match, then "Results matching fewer words")', () => {
    const html = (): Document => doc('sold-s-card-fewer-words.html');

    test('only the card before the marker is returned; the 59 looser matches are counted in page_size and noted', () => {
      const page = parseSearchPage('sold-s-card-fewer-words.html', search('sold', 1, '2011 Volkswagen Jetta cold air intake APR'), new Date('2026-05-07T00:00:00Z'));
      expect(page.result).toMatchObject({ page_size: 60, count: 1, reported_total: 1, next_page: null });
      expectSoldRows(page, [
        [0,"135533719878","APR Engine Cold Air Intake - APR PEX Intake System - Front Airbox - 1.8T/2.0T EA (For: 2011 Volkswagen Jetta)",280.95,"$280.95",0,"Free delivery","2026-03-04","Mar 4, 2026","Brand New","customautoparts 97% positive (3.4K)"],
      ]);
      expect(page.result.field_notes).toMatch(/Results matching fewer words.*59 looser matches/u);
      // A looser match sold by accepted offer (card 5 after the marker) is not a result and is not counted.
      expect(page.bestOfferAcceptedIds).toEqual([]);
    });

    test('the cards after the marker are still read exactly (ten of them)', () => {
      const cards = readPageCards(html());
      expect(cards.fewerWords).toBe(true);
      expect(cards.exact).toHaveLength(1);
      expect(cards.loose).toHaveLength(59);
      expectRawCards(cards, [
        [0,"143242608237","aFe Magnum Force Cold Air Intake Kit For 09-14 VW Jetta Golf 2.5L 54-12492 (For: 2011 Volkswagen Jetta)",["$356.04"],["Brand New"],["Buy It Now","Free delivery","Located in United States","Free returns","Last one"],false],
        [1,"137236121254","Injen SP3009BLK Short Ram Cold Air Intake for 2010-15 VW Golf Jetta 2.0L Diesel (For: 2011 Volkswagen Jetta)",["$265.08"],["Brand New"],["Buy It Now","Free delivery","Located in United States","Free returns","10% off with coupon. Max $75 off"],false],
        [2,"326787976275","Cold Air Intake System Kit For 09-13 VW Jetta GTI CC 2.0T 08-13 Audi A3 8P New (For: 2011 Volkswagen Jetta)",["$155.88"],["Brand New"],["Buy It Now","Free delivery","Located in United States","Free returns","20% off with coupon. Max $350 off"],false],
        [3,"116542756666","For 2011-2013 Volkswagen Jetta Golf 2.5L AEM Cold Air Intake CAI System (For: 2011 Volkswagen Jetta)",["$419.99"],["Brand New"],["Buy It Now","+$13.99 delivery in 2-4 days","Located in United States","Free returns"],false],
        [4,"167945689873","Cold Air Intake System For 2008-2013 Audi A3 Volkswagen GTI JETTA GLI 2.0T Turbo",["$150.99"],["Brand New"],["or Best Offer","Free delivery","Located in United States","Free returns","Extra 5% off with coupon"],false],
        [5,"277409128798","2011-14 VW GOLF GTI JETTA GLI AUDI A3 2.0 TURBO APR CARBONIO COLD AIR INTAKE",["$300.00"],["Pre-Owned"],["Best offer accepted","+$25.00 delivery","Located in United States"],false],
        [6,"396124777856","For VW Jetta 11-18 Cold Air Intake Filter Induction Pipe Power Flow Hose System (For: 2011 Volkswagen Jetta)",["$55.95"],["Brand New"],["or Best Offer","Free delivery","Located in United States","Free returns","Save up to 15% when you buy more"],false],
        [7,"116965535772","VW jetta Golf TDI 2.0 11-14 aFe POWER 54-81711 Stage-2 Si Pro 5R Cold Air Intake (For: 2011 Volkswagen Jetta)",["$289.99"],["Pre-Owned"],["Buy It Now","Free delivery","Located in United States","Free returns"],false],
        [8,"177543838303","For 08-2013 Audi A3 09-13 VW JETTA GLI GTI 2.0T Cold Air Intake System Pipe Kit (For: 2011 Volkswagen Jetta)",["$156.89"],["Brand New"],["Buy It Now","Free delivery","Located in United States","Free returns","20% off with coupon. Max $350 off"],false],
        [9,"404964754402","For VW Jetta 11-18 Cold Air Intake Filter Induction Pipe Power Flow Hose System (For: 2011 Volkswagen Jetta)",["$62.03"],["Brand New"],["or Best Offer","Free delivery","Located in United States","Free returns","Save up to 12% when you buy more"],false],
      ], true);
    });
  });

  describe('listings-s-card-auctions.html (active, ending soonest, auctions)', () => {
    const now = new Date('2026-07-21T19:39:22Z');
    let page: ParsedPage;
    beforeAll(() => {
      page = parseSearchPage('listings-s-card-auctions.html', search('listings', 1, 'pokemon'), now);
    });

    test('page figures: 60 auctions, placeholders and carousel cards skipped', () => {
      expect(page.result).toMatchObject({ page: 1, page_size: 60, count: 60, reported_total: 12_000_000, next_page: 2 });
      const ids = rows(page).map((r) => r.id);
      for (const carousel of ['336692509919', '236928857774', '322898150872', '257376903891', '117313560578']) expect(ids).not.toContain(carousel);
      expect(rows(page).every((r) => r.format === 'auction')).toBe(true);
      expect(page.bestOfferAcceptedIds).toEqual([]);
    });

    test('exact values of 12 cards (bids, time left → ends_at, Buy It Now second price ignored)', () => {
      expectListingRows(page, [
        [0,"307063707616","Pokemon Company Emma 107/086 Crimson Invasion Trainer-Supporter Ultra Rare Holo",5.59,"$5.59",5.28,"+$5.28 delivery","Pre-Owned","mic_196915 77.8% positive (5)","auction",0,"2026-07-21T19:39:00Z",true,false,"United States"],
        [1,"358796217459","1999 Topps Pokémon Who's That Pokémon? TV Animation Edition #42 Golbat",10,"$10.00",1.36,"+$1.36 delivery","Pre-Owned","jeffk01725 100% positive (2)","auction",0,"2026-07-21T19:39:00Z",true,false,"United States"],
        [2,"407072972075","Pokemon Center Original Chinese Pikachu Plush Limited Kung Fu Pokémon 2016",25,"$25.00",14.1,"+$14.10 delivery","Pre-Owned","fowlzysells 100% positive (33)","auction",0,"2026-07-21T19:39:00Z",true,false,"United States"],
        [3,"318592597987","POKÉMON MINCCINO - MAGEARNA - REMORAID - HOP’S CRAMORANT (SET of 4)",2.95,"$2.95",6.1,"+$6.10 delivery in 2-4 days","Pre-Owned","throggsne23 99.5% positive (3.3K)","auction",0,"2026-07-21T19:39:00Z",false,false,"United States"],
        [4,"377342825628","The Pokémon Company AGS 8 Blastoise ex 009/165 SV 151 Holo Eng 2023 DR",10,"$10.00",5.4,"+$5.40 delivery","New (Other)","bray-richh 100% positive (1)","auction",0,"2026-07-21T19:39:00Z",false,false,"United States"],
        [5,"117305985463","LOT OF 10 POKEMON CARDS FULL ARTS ASCENDED HEROES AND MORE NM NEAR MINT",71,"$71.00",5.4,"+$5.40 delivery","Brand New","poke_provider 99.2% positive (308)","auction",15,"2026-07-21T19:39:22Z",false,false,"United States"],
        [6,"287461580099","Spearow 62/64 - Spanish Jungle - Pokemon Card",0.99,"$0.99",0.78,"+$0.78 delivery","Pre-Owned","g3o.retro.collect 99.8% positive (2.1K)","auction",0,"2026-07-21T19:39:00Z",false,false,"United States"],
        [7,"287461580118","Pikachu GX SM232 Holo Mint Pokemon Card MINT CONDITION 2019 W PLASTIC COVER",10.5,"$10.50",10.84,"+$10.84 delivery","Pre-Owned","qualityprofessionals 100% positive (214)","auction",12,"2026-07-21T19:39:28Z",false,false,"United States"],
        [8,"398174416741","🇮🇹Pokemon Tower of Interference 261/217 | Heroic Rise ASC Ita Near Mint",4.45,"$4.45",38.81,"+$38.81 delivery","Pre-Owned","lor247786 100% positive (103)","auction",0,"2026-07-21T19:39:30Z",true,false,"Italy"],
        [9,"158089737284","Lot Of 4, Pokemon Destined Rivals Journey Together Blister Pack",46.08,"$46.08",6.37,"+$6.37 delivery","Brand New","fullcircle2000 98.8% positive (95)","auction",1,"2026-07-21T19:39:31Z",false,false,"United States"],
        [16,"188636214627","Pokémon TCG Wartortle Card 15/18 Southern Islands",28.21,"$28.21",12.09,"+$12.09 delivery","Pre-Owned","a-z-of-your-mum 100% positive (582)","auction",9,"2026-07-21T19:40:00Z",false,false,"United Kingdom"],
        [20,"298505076265","Mew V 060/159 Crown Zenith Pokemon Card Mint / NM Condition",7.39,"$7.39",null,"+$22.79 shipping estimate","Pre-Owned","mintetcg 100% positive (367)","auction",0,"2026-07-21T19:40:11Z",true,false,"United Kingdom"],
      ]);
    });

    test('ended auctions take their end from the clock the page shows, in the zone measured from the other cards', () => {
      const ended = rows(page).filter((r) => r.ends_at === '2026-07-21T19:39:00Z');
      expect(ended.map((r) => r.id)).toEqual(['307063707616', '358796217459', '407072972075', '318592597987', '377342825628', '287461580099']);
    });

    test('listing rows have the documented fields in order; no card shows a visible Sponsored label', () => {
      for (const row of rows(page)) expect(Object.keys(row)).toEqual(LISTING_KEYS);
      expect(rows(page).filter((r) => r.promoted)).toEqual([]);
    });
  });

  describe('listings-s-card-refurbished.html (active, best match, price ranges, sponsored)', () => {
    let page: ParsedPage;
    beforeAll(() => {
      page = parseSearchPage('listings-s-card-refurbished.html', search('listings', 1, 'phone'), new Date('2025-08-29T12:00:00Z'));
    });

    test('page figures: 60 list cards, carousel-only cards skipped', () => {
      expect(page.result).toMatchObject({ page_size: 60, count: 60, reported_total: 150_000, next_page: 2 });
      const ids = rows(page).map((r) => r.id);
      expect(new Set(ids).size).toBe(60);
      for (const carousel of ['404911877165', '257061799282', '136385803597', '127303179128']) expect(ids).not.toContain(carousel);
    });

    test('exact values of 13 cards', () => {
      expectListingRows(page, [
        [0,"336135053330","6.8 inch GT10 Pro Android Smartphone 4G Global Unlocked Cell Phone 8GB+128GB",68.99,"$68.99",0,"Free International Shipping","Brand New","rapidol 100% positive (11)","fixed_price",null,null,false,true,"China"],
        [1,"146783963375","TESLA EXPLR 9 256GB Smartphone | Rugged Phone | Android Cell Phone |DualSIM",200,"$200.00",115.36,"+$115.36 delivery","Open Box","d2c_holdings 100% positive (32)","fixed_price",null,null,true,true,"United States"],
        [2,"406123348207","S25 Ultra Smartphone Global Unlocked 7.3'' HD Android 8+512GB 24+48MP Dual SIM",139.98,"$139.98",9.99,"+$9.99 delivery","Brand New","sports_mall 100% positive (55)","fixed_price",null,null,false,true,"China"],
        [3,"126435608547","Working well Apple iPhone 5 5c 5s 8/16/32/64GB All colours Fully UNLOCKED Good!!",null,"$28.88 to $90.88",0,"Free International Shipping","Open Box","cuisiting-005 95.9% positive (378)","fixed_price",null,null,false,false,"China"],
        [4,"305558231489","Original Motorola RAZR V3 Unlocked GSM 2G Quad Band Mini-SIM Retro Flip Phone",null,"$27.23 to $29.07",6.99,"+$6.99 delivery","Open Box","plustradenb 95% positive (193)","fixed_price",null,null,false,false,"China"],
        [5,"286256036773","OnePlus 13R 12GB 256GB (Unlocked) (US Model) All Colors CPH2647",469.99,"$469.99",167.46,"+$167.46 delivery","Brand New","josie63060 99.7% positive (1.6K)","fixed_price",null,null,false,false,"United States"],
        [6,"236021718652","Samsung Galaxy Folder 2- G1600 Unlocked 4G Android dual SIM global smart phone",null,"$80.00 to $84.00",0,"Free International Shipping","Open Box","meimei242 93.1% positive (224)","fixed_price",null,null,false,false,"China"],
        [7,"316473198959","ALT MIVE AT-M120 Style Folder cell phone 32GB LTE/3G - White Unlocked",114,"$114.00",0,"Free International Shipping","Pre-Owned","kosu-kw 98.3% positive (11.8K)","fixed_price",null,null,false,false,"South Korea"],
        [8,"267372044848","Genuine Pura 80 Pro RED 12GB+512GB GLOBAL VERSION Dual SIM Unlocked EMUI New",999,"$999.00",0,"Free International Shipping","Brand New","yestechglobal 100% positive (118)","fixed_price",null,null,false,false,"United States"],
        [9,"406132425741","95% N ew Apple iPhone 12 Pro Max Unlocked 128GB 256GB 512GB Very Good Condition",null,"$273.79 to $376.20",0,"Free International Shipping","Pre-Owned","fire1988 93.9% positive (312)","fixed_price",null,null,false,false,"China"],
        [10,"197172060514","New Samsung Galaxy A56 5G 128GB/256GB 8GB Ram Unlocked Android SmartPhone 2025",null,"$337.81 to $405.38",null,"+$53.51 shipping estimate","Brand New","communicationbazar 99.7% positive (5.9K)","fixed_price",null,null,false,false,"United Kingdom"],
        [13,"306449366494","Samsung Galaxy S7 Android Mobile Phone 32GB Gold Unlocked Grade A+",102.55,"$102.55",null,"+$43.07 shipping estimate","New (Other)","t-voxy 98.6% positive (414)","fixed_price",null,null,false,true,"United Kingdom"],
        [21,"135799602651","Google Pixel Fold - Verizon - 256GB - 7.6in - Excellent",549,"$549.00",185.64,"+$185.64 delivery","Excellent - Refurbished","guaranteecellular 99.9% positive (171.1K)","fixed_price",null,null,false,false,"United States"],
      ]);
    });

    test('price ranges keep only their text; 22 of them', () => {
      const ranges = rows(page).filter((r) => / to /u.test(String(r.displayed_price_text)));
      expect(ranges).toHaveLength(22);
      for (const r of ranges) expect(r.displayed_price).toBeNull();
      expect(page.result.field_notes).toMatch(/22 row\(s\) show a price range/u);
    });

    test('sponsored cards are those whose label image is drawn inside the label box', () => {
      expect(rows(page).filter((r) => r.promoted).map((r) => r.id)).toEqual([
        '336135053330', '146783963375', '406123348207', '306449366494', '256218602975', '405442946652', '256697745951',
        '186461165337', '297381726257', '376497881213', '275396310285', '236178496436', '275382780260', '315782143488',
      ]);
    });
  });

  describe('legacy-s-item-uk.html (earlier s-item layout, ebay.co.uk, GBP)', () => {
    test('the page is refused: prices in GBP are not a US page (upstream_error)', () => {
      const run = (): ParsedPage => parseSearchPage('legacy-s-item-uk.html', search('listings'), new Date('2021-01-04T12:00:00Z'));
      expect(run).toThrow(NonUsPageError);
      expect(run).toThrow(/GBP/u);
    });

    test('the s-item reader reads its cards exactly (eleven of them), sponsored tags included', () => {
      const cards = readPageCards(doc('legacy-s-item-uk.html'));
      expect(cards.layout).toBe('s-item');
      expect(cards.exact).toHaveLength(61);
      expect(cards.exact.filter((c) => c.sponsored)).toHaveLength(11);
      expectRawCards(cards, [
        [0,"264901451112","Warhammer 40k Push-fit Primaris Space Marine Intercessor sprue 99380101121",["£3.95"],["Brand new"],["Buy it now","From United Kingdom","+ £23.91 postage estimate"],true],
        [1,"124250904497","Necron Terrain Set - Tomb Crypt Pillars Generator 28mm Indomitus 9th Edition 40k",["£5.99 to £14.99"],["Brand new"],["From United Kingdom","Buy it now","+ £8.99 postage","63+ sold"],true],
        [2,"324293101484","ADEPTA SORORITAS REPENTIA SQUAD - Sisters of battle Warhammer 40k - INDIVIDUALS",["£4.49 to £8.49"],["Brand new"],["From United Kingdom","Buy it now","+ £5.49 postage","18+ sold"],false],
        [3,"324414109608","RETRIBUTOR SQUAD - ADEPTA SORORITAS Warhammer 40k - Battle Sisters - SINGLES",["£1.99 to £8.49"],["Brand new"],["From United Kingdom","Buy it now","+ £5.49 postage","5+ watchers"],false],
        [4,"264935200308","- INDOMITUS CAPTAIN - command elite edition primaris space marines warhammer 40k",["£12.99"],["Brand new"],["From United Kingdom","Buy it now","+ £2.65 postage","13 sold"],true],
        [5,"224168908174","BATTLE SISTERS SQUAD - ADEPTA SORORITAS Warhammer 40k - INDIVIDUALS / SINGLES",["£1.49 to £8.49"],["Brand new"],["From United Kingdom","Buy it now","+ £5.49 postage","16+ sold"],false],
        [6,"274440501993","Warhammer 40k Indomitus Primaris Assault Intercessor Squad x5 on frame",["£11.98"],["Brand new"],["From United Kingdom","Buy it now","+ £24.04 postage estimate","Last one"],false],
        [7,"274440529135","Warhammer 40k Indomitus Necron Warriors (x10) New on frame",["£13.87"],["Brand new"],["From United Kingdom","Buy it now","+ £24.07 postage estimate","Almost gone"],false],
        [8,"224273505392","BATTLE SISTERS SQUAD Adeptus Sororitas PARTS - Warhammer 40k Heads Body Weapons",["£0.99 to £2.99"],["Brand new"],["From United Kingdom","Buy it now","+ £5.99 postage","2+ watchers"],false],
        [9,"274440512033","Warhammer 40k indomitus Necron Overlord new on frame",["£3.99"],["Brand new"],["From United Kingdom","Buy it now","+ £23.91 postage estimate","Last one"],false],
        [14,"233845033059","Warhammer 40k primaris inceptors jetpack smoke trails x3",["£9.85"],["Brand new"],["From France","Buy it now","+ £3.13 postage"],true],
      ]);
    });
  });

  describe('non-us-locale-korean.html (ebay.com rendered in Korean, KRW)', () => {
    test('the page is refused as another locale (upstream_error), never returned as data', () => {
      const run = (): ParsedPage => parseSearchPage('non-us-locale-korean.html', search('listings'), new Date('2025-12-04T08:00:00Z'));
      expect(run).toThrow(NonUsPageError);
      expect(run).toThrow(/language "ko"/u);
    });

    test('the s-card reader reads its grid cards exactly (ten of them)', () => {
      const cards = readPageCards(doc('non-us-locale-korean.html'));
      expect(cards.layout).toBe('s-card');
      expect(cards.exact).toHaveLength(60);
      expectRawCards(cards, [
        [0,"156967936119","메가 등급 10 리자몽 포켓몬 카드 미스터리 초 희귀 + 빠른 배송!",["KRW129,680.08"],["새 상품(기타)"],["즉시 구매","+배송비 KRW36,330.95","425개 판매됨"],false],
        [1,"357980860618","메가 리자몽 X ex MA 223/193 M2a 메가 드림 ex 포켓몬 카드 일본어",["KRW83,569.98"],["사전 소유 상품"],["또는 베스트 오퍼","무료 국제 배송","출발지 일본"],false],
        [2,"374943567955","POKEMON - SET BASE CARTE SINGOLE Scegli dal menù (Charizard -Blastoise) ITA",["KRW1,711.13","~","KRW68,445.28"],["사전 소유 상품"],["즉시 구매","+배송비 KRW8,538.55","출발지 이탈리아","54개 이상 판매됨"],false],
        [3,"397354745141","Mega Charizard X ex SAR 110/080 Inferno X M2 Japonaise 2025 NM ART Paper Card",["KRW40,878.94"],["사전 소유 상품"],["또는 베스트 오퍼","+배송비 KRW10,078.57","출발지 프랑스"],false],
        [4,"406427728264","메가 리자몽 X ex MA 223/193 메가 드림 ex M2a 일본 포켓몬 카드 2025 거의 새 상품",["KRW92,366.82"],["사전 소유 상품"],["또는 베스트 오퍼","무료 국제 배송","무료 반품","관심 고객 130명"],false],
        [5,"397322993900","메가 드림 EX MA 전체 세트 10 223-232/193 M2a 포켓몬 카드 일본어 2025",["KRW219,921.00"],["사전 소유 상품"],["즉시 구매","+배송비 KRW5,864.56","출발지 일본","105개 판매됨"],false],
        [6,"397331938216","메가 리자몽 X ex MA 223/193 메가 드림 ex M2a 포켓몬 카드 일본 2025",["KRW61,489.91"],["사전 소유 상품"],["즉시 구매","무료 국제 배송","출발지 일본","무료 반품","관심 고객 42명"],false],
        [7,"146998333241","메가 드림 메가 리자몽 ex MA 오류 카드 중국 호일 스탬프",["KRW674,409.74"],["사전 소유 상품"],["또는 베스트 오퍼","무료 국제 배송","출발지 일본","무료 반품","마지막 상품"],false],
        [8,"376749147238","메가 리자몽 X ex MA 223/193 M2a 메가 드림 ex 포켓몬 카드 일본 재고",["KRW56,959.54"],["사전 소유 상품"],["또는 베스트 오퍼","+배송비 KRW4,222.48","출발지 중국","마지막 상품"],false],
        [9,"317596164269","메가 리자몽 X ex MA 223/193 M2a 메가 드림 ex - 포켓몬 카드 일본 메가",["KRW74,186.68"],["사전 소유 상품"],["또는 베스트 오퍼","무료 국제 배송","출발지 일본","관심 고객 113명"],false],
      ]);
    });
  });

  describe('pages that are not results', () => {
    test.each([
      ['blocked-pardon.html', /JS challenge/u],
      ['blocked-hcaptcha.html', /captcha/u],
      ['blocked-error-page.html', /error page/u],
      ['blocked-akamai.html', /Akamai/u],
      ['redirected-home.html', /not a search page/u],
    ])('%s is a block (upstream_blocked) on both routes', (file, reason) => {
      for (const kind of ['sold', 'listings'] as const) {
        let thrown: unknown;
        try {
          parseSearchPage(file, search(kind), new Date('2026-08-22T00:00:00Z'));
        } catch (err) {
          thrown = err;
        }
        expect(thrown).toBeInstanceOf(BlockedError);
        expect((thrown as BlockedError).code).toBe('upstream_blocked');
        expect((thrown as Error).message).toMatch(reason);
      }
    });
  });
});
