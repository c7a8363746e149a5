#!/usr/bin/env python3
"""Golden values of the Poshmark captures (../shared/fixtures/mkt_b), read independently of the
service's TypeScript parser with Python's html.parser and json (see test/golden/README.md).

Writes test/golden/mkt_b/<capture>.json. Run: python3 scripts/golden/mkt_b.py

Reading rules (from the captures and the interface's rows):
- tiles: each `div.tile-grid-redesign` in `div.tiles_container` that is not an ad tile; its id is
  `data-et-prop-listing_id`, else the last dash part of its `/listing/<slug>-<id>` link; the
  title is the title span (else the image's alt); price and size from their spans; image `src`
  else `data-src`; "Sold"/"Sold Out" overlays mark sold-out inventory; an NWT badge is `nwt`;
- the link is the tile's own `/listing/…` link; tiles with `javascript:void(0);` get the
  marketplace's link form `/listing/<title words joined by dashes>-<id>` (ASCII letters and
  digits kept, runs of whitespace become one dash, anything else dropped);
- a price is shown as whole dollars, cents only when not zero ("$350", "$29.50");
- the JSON listing route: `data[]` posts; `price_amount.val`, `inventory.status`, `condition`
  (nwt/uln/ug/uf), `size`, `creator_username`, `brand` (else `brand_obj.canonical_name`),
  `cover_shot.url`, `first_published_at` in UTC for `listed_at`; `more.next_max_id` pages on.
"""
import json
import os
import re
from datetime import datetime, timezone
from html.parser import HTMLParser

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIX = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'fixtures', 'mkt_b'))
OUT = os.path.join(ROOT, 'test', 'golden', 'mkt_b')
SITE = 'https://poshmark.com'
VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'}
CODES = {'nwt', 'uln', 'ug', 'uf'}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.children, self.parent = tag, attrs, [], parent

    def has(self, c):
        return c in (self.attrs.get('class') or '').split()

    def iter(self):
        stack = [self]
        while stack:
            n = stack.pop()
            if isinstance(n, Node):
                yield n
                stack.extend(reversed(n.children))


class Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node('#root', {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, {k: v or '' for k, v in attrs}, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def text(n):
    if isinstance(n, str):
        return n
    return ''.join(text(c) for c in n.children)


def clean(s):
    s = re.sub(r'\s+', ' ', s or '').strip()
    return s or None


def dollars(amount):
    cents = round(amount * 100)
    d, c = divmod(cents, 100)
    return f'${d:,}' + ('' if c == 0 else f'.{c:02d}')


def slug_link(item_id, title):
    words = []
    for w in re.split(r'[ \t\n\r\u00a0]+', title or ''):
        kept = ''.join(ch for ch in w if ch.isascii() and ch.isalnum())
        if kept:
            words.append(kept)
    return f"{SITE}/listing/{'-'.join(words) or 'x'}-{item_id}"


def tiles(path):
    b = Builder()
    b.feed(open(path, encoding='utf-8').read())
    out = []
    for grid in [n for n in b.root.iter() if n.has('tiles_container')]:
        for card in [n for n in grid.iter() if n.has('tile-grid-redesign') and not n.has('tile-grid-redesign__ad-wrap')]:
            href = next((a.attrs.get('href') for a in card.iter() if a.tag == 'a' and a.attrs.get('href', '').startswith('/listing/')), None)
            iid = card.attrs.get('data-et-prop-listing_id') or (href.split('?')[0].split('-')[-1] if href else None)
            part = lambda cls: next((n for n in card.iter() if n.has(cls)), None)
            img = next((n for n in card.iter() if n.tag == 'img'), None)
            title_el = part('tile-grid-redesign__title')
            cond = part('tile-grid-redesign__condition-wrap')
            nwt = cond is not None and (any(n.has('tile-grid-redesign__condition-nwt') or n.attrs.get('aria-label') == 'NWT' for n in cond.iter()) or clean(text(cond)) == 'NWT')
            status = ' '.join(clean(text(n)) or '' for n in card.iter() if n.has('tile-grid-redesign__listing-status-word')).strip()
            price = clean(text(part('tile-grid-redesign__price-current'))) if part('tile-grid-redesign__price-current') else None
            out.append({
                'id': iid, 'href': href, 'title': clean(text(title_el)) if title_el else clean(img.attrs.get('alt') if img else None),
                'price': price, 'nwt': nwt, 'size': clean(text(part('tile-grid-redesign__size'))) if part('tile-grid-redesign__size') else None,
                'image': clean(img.attrs.get('src')) or clean(img.attrs.get('data-src')) if img else None, 'sold': bool(re.match(r'(?i)^sold\b', status)),
            })
    return out


def amount_of(price):
    m = re.fullmatch(r'\$\s?(\d{1,3}(?:,\d{3})*|\d+)(\.\d{1,2})?', price or '')
    if not m:
        return None
    v = float(m.group(1).replace(',', '') + (m.group(2) or ''))
    return int(v) if v == int(v) else v


def tile_row(t, kind):
    amount = amount_of(t['price'])
    link = SITE + t['href'] if t['href'] else slug_link(t['id'], t['title'])
    price = None if amount is None else {'amount': amount, 'currency': 'USD'}
    text_ = dollars(amount) if amount is not None else t['price']
    cond = 'nwt' if t['nwt'] else None
    if kind == 'sold':
        return {'id': t['id'], 'title': t['title'], 'link': link, 'displayed_price': price, 'displayed_price_text': text_, 'displayed_shipping': None, 'shipping_text': None,
                'sold_date': None, 'sold_date_text': None, 'condition': cond, 'seller_text': None, 'brand': None, 'size': t['size'], 'image': t['image'],
                'price': None, 'shipping': None, 'sold_at': None, 'took_offer': None}
    return {'id': t['id'], 'title': t['title'], 'link': link, 'promoted': None, 'format': 'fixed_price', 'displayed_price': price, 'displayed_price_text': text_,
            'displayed_shipping': None, 'shipping_text': None, 'condition': cond, 'brand': None, 'size': t['size'], 'listed_at': None, 'bid_count': None,
            'ends_at': None, 'best_offer': None, 'seller_text': None, 'location_text': None, 'image': t['image']}


def utc(s):
    if not s:
        return None
    return datetime.fromisoformat(s).astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def post_row(p):
    val = float(p['price_amount']['val'])
    amount = int(val) if val == int(val) else round(val, 2)
    brand = p.get('brand') or (p.get('brand_obj') or {}).get('canonical_name') or None
    link = slug_link(p['id'], p.get('title'))
    return {'id': p['id'], 'title': p.get('title') or None, 'link': link, 'promoted': None, 'format': 'fixed_price',
            'displayed_price': {'amount': amount, 'currency': 'USD'}, 'displayed_price_text': dollars(amount), 'displayed_shipping': None, 'shipping_text': None,
            'condition': p.get('condition') if p.get('condition') in CODES else None, 'brand': brand, 'size': p.get('size') or (p.get('size_obj') or {}).get('display') or None,
            'listed_at': utc(p.get('first_published_at')), 'bid_count': None, 'ends_at': None, 'best_offer': None, 'seller_text': p.get('creator_username') or None,
            'location_text': None, 'image': (p.get('cover_shot') or {}).get('url') or p.get('picture_url') or None}


def write(name, search, now, expect, rows, notes):
    doc = {'capture': f'mkt_b/{name}', 'read_by': 'scripts/golden/mkt_b.py', 'search': search, 'now': now, 'expect': expect, 'rows': rows, 'notes': notes}
    with open(os.path.join(OUT, name + '.json'), 'w', encoding='utf-8') as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write('\n')
    print(name, expect)


def main():
    os.makedirs(OUT, exist_ok=True)
    sold = tiles(os.path.join(FIX, 'sold-rendered-body.html'))
    rows = [tile_row(t, 'sold') for t in sold if t['sold']]
    write('sold-rendered-body.html', {'kind': 'sold', 'q': 'iPhone 14 Pro 256GB', 'page': 1, 'params': {}}, '2026-04-18T12:00:00Z',
          {'status': 'complete', 'page_size': len(sold), 'count': len(rows), 'reported_total': None, 'next_page': 2 if len(sold) >= 48 else None}, rows,
          ['rendered <body> only: the live test wraps it in <html> as the site serves whole pages', 'tile view: sold dates and sellers are not shown (null)'])
    grid = tiles(os.path.join(FIX, 'grid-trimmed.html'))
    rows = [tile_row(t, 'listings') for t in grid if not t['sold']]
    write('grid-trimmed.html', {'kind': 'listings', 'q': 'ruffle top', 'page': 1, 'params': {}}, '2026-09-07T12:00:00Z',
          {'status': 'complete', 'page_size': len(grid), 'count': len(rows), 'reported_total': None, 'next_page': None}, rows,
          ['hand-trimmed by its author; the ad tile is not a listing'])
    closet = json.load(open(os.path.join(FIX, 'closet-posts-1.json')))
    rows = [post_row(p) for p in closet['data'] if (p.get('inventory') or {}).get('status') == 'available']
    write('closet-posts-1.json', {'kind': 'listings', 'q': 'versace', 'page': 1, 'params': {}}, '2020-05-24T12:00:00Z',
          {'status': 'complete', 'page_size': len(closet['data']), 'count': len(rows), 'reported_total': None, 'next_page': 2 if closet['more'].get('next_max_id') is not None else None}, rows,
          ['a closet answer of the JSON listing route (the search page fallback reads this shape)'])
    write('post-1.json', {'kind': 'listings', 'q': 'hoodie', 'page': 1, 'params': {}}, '2020-05-05T12:00:00Z', {'status': 'failed', 'code': 'upstream_error'}, [],
          ['one post\'s detail ({meta, data: post}), not a list of posts: answered where the listing route should answer, it is not a search page'])


if __name__ == '__main__':
    main()
