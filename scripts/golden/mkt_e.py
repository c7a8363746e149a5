#!/usr/bin/env python3
"""Golden values of the OfferUp captures (../shared/fixtures/mkt_e), read independently of the
service's TypeScript parser with Python's json module (see test/golden/README.md).

Writes test/golden/mkt_e/<capture>.json. Run: python3 scripts/golden/mkt_e.py

Reading rules written from the captures and the interface (4.5 and the mkt_e row):
- listing tiles are `ModularFeedTileListing` (organic) and `ModularFeedTileSellerAd` (a paid
  placement: promoted); Google display ads are not listings; a listing repeated on the page
  (an ad of an organic listing) is kept once, where it first appears;
- `price` is a string of dollars; the text is the price as the site prints it ("$7,580",
  cents only when not zero); a CALL_FOR_PRICE flag means no price and no text;
- `location_text` "City, ST" gives `city` and `state` when ST is a US state code;
- the 2021 REST feed: `feed_items[].item` with `price` "350.00", `location_name`, the first
  photo's list image (or `get_img_permalink_small`), `paid` for promoted.
"""
import json
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIX = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'fixtures', 'mkt_e'))
OUT = os.path.join(ROOT, 'test', 'golden', 'mkt_e')
# Captures this checkout adds (test/data/README.md).
DATA = os.path.join(ROOT, 'test', 'data', 'mkt_e')
STATES = set('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP'.split())


def price_of(raw):
    if raw is None:
        return None
    s = str(raw).strip().lstrip('$').replace(',', '')
    return float(s) if re.fullmatch(r'\d{1,9}(\.\d{1,2})?', s) else None


def shown(amount):
    if amount is None:
        return None
    cents = round(amount * 100)
    dollars, c = divmod(cents, 100)
    return f'${dollars:,}' + ('' if c == 0 else f'.{c:02d}')


def city_state(text):
    if not text or ',' not in text:
        return None, None
    city, st = text.rsplit(',', 1)
    city, st = city.strip(), st.strip()
    return (city, st) if city and st in STATES else (None, None)


def money(a):
    return None if a is None else {'amount': int(a) if a == int(a) else a, 'currency': 'USD'}


def modular_rows(feed):
    tiles = list(feed.get('looseTiles') or [])
    for m in feed.get('modules') or []:
        tiles += ((m or {}).get('grid') or {}).get('tiles') or []
    rows, seen = [], set()
    for t in tiles:
        kind = t.get('__typename')
        if kind not in ('ModularFeedTileListing', 'ModularFeedTileSellerAd'):
            continue
        l = t['listing']
        if l['listingId'] in seen:
            continue
        seen.add(l['listingId'])
        flags = l.get('flags') or []
        call = 'CALL_FOR_PRICE' in flags
        amount = price_of(l.get('price'))
        city, st = city_state(l.get('locationName'))
        rows.append({
            'id': l['listingId'], 'title': l['title'], 'link': 'https://offerup.com/item/detail/' + l['listingId'],
            'displayed_price': None if call else money(amount), 'displayed_price_text': None if call else shown(amount),
            'call_for_price': call, 'firm_price': l.get('isFirmPrice') if isinstance(l.get('isFirmPrice'), bool) else None,
            'condition': l.get('conditionText') or None, 'location_text': l.get('locationName') or None, 'city': city, 'state': st,
            'image': (l.get('image') or {}).get('url') or None, 'vehicle_miles': l.get('vehicleMiles') if isinstance(l.get('vehicleMiles'), int) else None,
            'promoted': kind == 'ModularFeedTileSellerAd', 'flags': flags,
        })
    return rows


def legacy_rows(data):
    rows, seen = [], set()
    for f in data['feed_items']:
        if f.get('type') != 'item':
            continue
        it = f['item']
        iid = str(it['id'])
        if iid in seen:
            continue
        seen.add(iid)
        amount = price_of(it.get('price'))
        photos = it.get('photos') or []
        img = ((((photos[0] if photos else {}) or {}).get('images') or {}).get('list') or {}).get('url') or it.get('get_img_permalink_small')
        city, st = city_state(it.get('location_name'))
        rows.append({
            'id': iid, 'title': it['title'], 'link': 'https://offerup.com/item/detail/' + iid,
            'displayed_price': money(amount), 'displayed_price_text': shown(amount), 'call_for_price': False, 'firm_price': None,
            'condition': None, 'location_text': it.get('location_name') or None, 'city': city, 'state': st, 'image': img,
            'vehicle_miles': None, 'promoted': it.get('paid') is True, 'flags': [],
        })
    return rows, data.get('next_page_cursor')


def page(rows, cursor):
    return {'status': 'complete', 'page_size': len(rows), 'count': len(rows), 'reported_total': None,
            'next_page': 2 if cursor and len(rows) >= 5 else None}


def ssr_feed(path):
    html = open(path, encoding='utf-8').read()
    m = re.search(r'<script id="__NEXT_DATA__" type="application/json"[^>]*>(.*?)</script>', html, re.S)
    d = json.loads(m.group(1))
    rq = d['props']['pageProps']['initialApolloState']['ROOT_QUERY']
    key = next(k for k in rq if k.startswith('modularFeed'))
    return rq[key], key


def main():
    os.makedirs(OUT, exist_ok=True)
    out = {}
    civic = json.load(open(os.path.join(FIX, 'gql-modular-feed-civic.json')))['data']['modularFeed']
    rows = modular_rows(civic)
    out['gql-modular-feed-civic.json'] = ({'kind': 'listings', 'q': 'honda civic', 'page': 1, 'params': {'lat': '33.8166', 'lon': '-118.0373'}}, '2025-11-15T12:00:00Z', page(rows, civic.get('pageCursor')), rows,
                                          ['41 LISTING tiles, 5 AD_1P seller ads (promoted; one repeats an organic listing, kept once where first seen), 4 Google display ads (not listings)'])
    cars = json.load(open(os.path.join(FIX, 'gql-modular-feed-browse-cars.json')))['data']['modularFeed']
    rows = modular_rows(cars)
    out['gql-modular-feed-browse-cars.json'] = ({'kind': 'listings', 'q': 'cars', 'page': 1, 'params': {'lat': '33.8166', 'lon': '-118.0373', 'category': '5.1'}}, '2025-11-07T12:00:00Z', page(rows, cars.get('pageCursor')), rows,
                                                ['50 listings, no ads; mileage missing on some (null)'])
    feed, key = ssr_feed(os.path.join(FIX, 'ssr-explore-cars-trucks.html'))
    rows = modular_rows(feed)
    out['ssr-explore-cars-trucks.html'] = ({'kind': 'listings', 'q': 'cars', 'page': 1, 'params': {'lat': '37.751', 'lon': '-97.822', 'category': '5.1'}}, '2025-10-09T12:00:00Z', page(rows, feed.get('pageCursor')), rows,
                                           [f'read from the Apollo cache entry {key.split(":")[0]} placed at lat 37.751, lon -97.822 (the capturer\'s IP location): the search must ask for that point', '49 listings and 1 Google display ad'])
    legacy = json.load(open(os.path.join(FIX, 'legacy-feed-2021.json')))['data']
    rows, cursor = legacy_rows(legacy)
    out['legacy-feed-2021.json'] = ({'kind': 'listings', 'q': 'laptop', 'page': 1, 'params': {'lat': '28.3091', 'lon': '-81.4142'}}, '2021-02-02T22:00:00Z', page(rows, cursor), rows,
                                    ['the 2021 REST feed shape, still read when the feed answers it'])
    # test/data: the civic search's pages 2-5, saved beside page 1 (the shared capture). Read as
    # the pages after it: a listing any earlier page showed is not a row again (interface 4.5
    # rule 4); page_size counts the page's own listings; paging stops after a page with fewer
    # than 5 new listings, after about 220 listings, or without a cursor.
    seen = {r['id'] for r in modular_rows(civic)}
    for n in range(2, 6):
        name = f'gql-modular-feed-civic-page{n}.json'
        feed = json.load(open(os.path.join(DATA, name)))['data']['modularFeed']
        own = modular_rows(feed)
        fresh = [r for r in own if r['id'] not in seen]
        seen |= {r['id'] for r in fresh}
        more = bool(feed.get('pageCursor')) and len(fresh) >= 5 and len(seen) < 220
        expect = {'status': 'complete', 'page_size': len(own), 'count': len(fresh), 'reported_total': None, 'next_page': n + 1 if more else None}
        out['test/data:' + name] = ({'kind': 'listings', 'q': 'honda civic', 'page': n, 'params': {'lat': '33.8166', 'lon': '-118.0373'}}, '2025-11-15T12:00:00Z', expect, fresh,
                                    [f'page {n} of the civic search: {len(own)} listings on the page, {len(own) - len(fresh)} shown on earlier pages (not rows again), {len(fresh)} new'])
    for key, (search, now, expect, rows, notes) in out.items():
        name = key.split(':', 1)[-1]
        capture = f'test/data/mkt_e/{name}' if key.startswith('test/data:') else f'mkt_e/{name}'
        doc = {'capture': capture, 'read_by': 'scripts/golden/mkt_e.py', 'search': search, 'now': now, 'expect': expect, 'rows': rows, 'notes': notes}
        with open(os.path.join(OUT, name + '.json'), 'w', encoding='utf-8') as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
            f.write('\n')
        print(name, expect)


if __name__ == '__main__':
    main()
