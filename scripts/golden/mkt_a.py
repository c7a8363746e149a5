#!/usr/bin/env python3
"""Golden values of the eBay captures (../shared/fixtures/mkt_a), read independently of the
service's TypeScript parser: Python's html.parser builds a tree, and each field is read from
the markup as a person reading the page would (see test/golden/README.md).

Writes test/golden/mkt_a/<capture>.json. Run: python3 scripts/golden/mkt_a.py

What this reader states, per capture (the `fields` list of each file): id, title, link, the
price and its text, shipping and its text, the sold date (sold pages), condition, seller text,
image, and on listings pages format, bid count, best offer and location. It does not state
`ends_at` (computed from "2m left" at collection time) and states `promoted` only where the
page's accessible names and its always-shown label settle it without rendering fonts and SVG
(listings-s-card-spiderman.html and the test/data listings pages, where every card shows the
same always-visible label and only the accessible name differs); the parser tests hold
hand-checked values for the others.
"""
import json
import os
import re
import sys
from datetime import date
from html.parser import HTMLParser

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIX = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'fixtures', 'mkt_a'))
OUT = os.path.join(ROOT, 'test', 'golden', 'mkt_a')
# Captures this checkout adds (test/data/README.md): read the same way, kept apart from ../shared.
DATA = os.path.join(ROOT, 'test', 'data', 'mkt_a')

VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'}


class Node:
    __slots__ = ('tag', 'attrs', 'children', 'parent')

    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = attrs
        self.children = []
        self.parent = parent

    def cls(self):
        return (self.attrs.get('class') or '').split()

    def has(self, c):
        return c in self.cls()

    def has_prefix(self, p):
        return any(x.startswith(p) for x in self.cls())

    def iter(self):
        stack = [self]
        while stack:
            n = stack.pop()
            if isinstance(n, Node):
                yield n
                stack.extend(reversed(n.children))

    def find_all(self, pred):
        return [n for n in self.iter() if pred(n)]

    def find(self, pred):
        for n in self.iter():
            if pred(n):
                return n
        return None


class Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node('#root', {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, {k: (v if v is not None else '') for k, v in attrs}, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, {k: (v if v is not None else '') for k, v in attrs}, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def text(node, skip=lambda n: False):
    out = []

    def walk(n):
        if isinstance(n, str):
            out.append(n)
            return
        if n.tag in ('script', 'style') or skip(n):
            return
        for c in n.children:
            walk(c)
    walk(node)
    return re.sub(r'\s+', ' ', ''.join(out).replace('\u2063', '')).strip()


def parse(path):
    b = Builder()
    with open(path, encoding='utf-8') as f:
        b.feed(f.read())
    return b.root


CONDITIONS = {c.lower(): c for c in [
    'Brand New', 'New', 'New (Other)', 'New with tags', 'New without tags', 'New with defects', 'Open Box', 'Pre-Owned', 'Used',
    'Like New', 'Very Good', 'Good', 'Acceptable', 'Refurbished', 'Certified - Refurbished', 'Excellent - Refurbished',
    'Very Good - Refurbished', 'Good - Refurbished', 'Seller Refurbished', 'Remanufactured', 'For parts or not working', 'Parts Only',
]}
MONTHS = {m: i + 1 for i, m in enumerate(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])}


def usd(t):
    m = re.fullmatch(r'\$((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?)', t)
    return {'amount': round(float(m.group(1).replace(',', '')), 2), 'currency': 'USD'} if m else None


def item_id(card):
    lid = card.attrs.get('data-listingid')
    if lid:
        return lid
    a = card.find(lambda n: n.tag == 'a' and '/itm/' in n.attrs.get('href', ''))
    m = re.search(r'/itm/(?:[^/?]*/)?(\d+)', a.attrs['href']) if a else None
    return m.group(1) if m else None


def read_card(card, kind, ids, label_all_shown):
    row = {'id': item_id(card)}
    title = card.find(lambda n: n.has('s-card__title'))
    row['title'] = text(title, lambda n: n.has('clipped') or n.has('s-card__new-listing')) if title else None
    row['link'] = f"https://www.ebay.com/itm/{row['id']}"
    # The first attribute row holding price spans; its spans joined (a range is "$a to $b").
    price_parts = []
    for r in card.find_all(lambda n: n.has('s-card__attribute-row')):
        spans = [s for s in r.find_all(lambda n: n.has('s-card__price'))]
        if spans:
            price_parts = [text(s) for s in spans]
            break
    price_text = ' '.join(p for p in price_parts if p) or None
    row['displayed_price'] = usd(price_text) if price_text and len(price_parts) == 1 else None
    row['displayed_price_text'] = price_text
    facts = []
    for r in card.find_all(lambda n: n.has('s-card__attribute-row')):
        if r.find(lambda n: n.has('s-card__price')) or r.find(lambda n: n.has_prefix('s-card__program-badge-container')):
            continue
        t = text(r, lambda n: n.tag == 'a' and n.has('su-link'))
        if t:
            facts.append(t)
    ship = None
    for f in facts:
        if re.match(r'(?i)^free\b.*\b(delivery|shipping|postage)\b', f):
            ship = (f, None if 'estimate' in f.lower() else {'amount': 0, 'currency': 'USD'})
            break
        if re.fullmatch(r'(?i)shipping not specified', f):
            ship = (f, None)
            break
        m = re.match(r'(?i)^\+\s?(\$[\d,]+(?:\.\d\d)?)\s*(.*)$', f)
        if m and (m.group(2) == '' or re.search(r'(?i)\b(delivery|shipping|postage)\b', m.group(2))):
            ship = (f, None if 'estimate' in m.group(2).lower() else usd(m.group(1)))
            break
    row['displayed_shipping'] = ship[1] if ship else None
    row['shipping_text'] = ship[0] if ship else None
    if kind == 'sold':
        cap = card.find(lambda n: n.has('s-card__caption'))
        cap_text = text(cap) if cap else ''
        m = re.match(r'^Sold\s+([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$', cap_text)
        row['sold_date'] = date(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2))).isoformat() if m else None
        row['sold_date_text'] = f'{m.group(1)} {m.group(2)}, {m.group(3)}' if m else None
    cond = None
    # Every subtitle line (a card may have several: the seller's words, then the condition).
    for sub in card.find_all(lambda n: n.has('s-card__subtitle')):
        for part in re.split(r'·', text(sub)):
            p = part.strip()
            if cond is None and p.lower() in CONDITIONS:
                cond = p
    row['condition'] = cond
    # Seller: the badge's own text (its tooltip is not part of it), or the secondary attribute row.
    seller = None
    badge = card.find(lambda n: n.has_prefix('s-card__program-badge-container--seller'))
    if badge:
        seller = text(badge, lambda n: n.has('tooltip__overlay') or n.attrs.get('role') == 'tooltip' or n.attrs.get('aria-hidden') == 'true')
    else:
        sec = card.find(lambda n: n.has('su-card-container__attributes__secondary'))
        if sec:
            for r in sec.find_all(lambda n: n.has('s-card__attribute-row')):
                t = text(r)
                # "name 99.7% positive (2.3K)", or the older "name (132,409) 98.7%" a page may show
                # instead; promotions ("Save up to 5% when you buy more") are neither.
                if re.search(r'\d(?:\.\d+)?%\s*positive', t) or re.fullmatch(r'\S+ \(\d[\d,]*\) \d+(?:\.\d+)?%', t):
                    seller = t
                    break
    if kind == 'listings':
        # "0 bids · Time left Ended (Today 03:39 PM)": the bid count opens its row.
        bids = next((int(m.group(1).replace(',', '')) for f in facts for m in [re.match(r'^(\d[\d,]*) bids?(?:\s|$)', f)] if m), None)
        time_left = card.find(lambda n: n.has('s-card__time-left') or n.has('s-card__time'))
        row['promoted'] = None
        row['format'] = 'auction' if bids is not None or time_left is not None else 'fixed_price'
        row['bid_count'] = bids
        row['best_offer'] = any(re.match(r'(?i)^(or )?best offer$', f) for f in facts)
        row['seller_text'] = seller
        loc = next((m.group(1) for f in facts for m in [re.match(r'^(?:Located in|From) (.+)$', f)] if m), None)
        row['location_text'] = loc
        if label_all_shown:
            # The label's holder: a separator, or (on pages without one) the card's footer row.
            sep = card.find(lambda n: n.has('s-card__sep')) or card.find(lambda n: n.has('s-card__footer'))
            named = sep.find(lambda n: 'aria-labelledby' in n.attrs) if sep else None
            parts = [ids[i] for i in (named.attrs['aria-labelledby'].split() if named else []) if ids.get(i)]
            row['promoted'] = bool(parts) and all(p.lower() == 'sponsored' for p in parts)
        else:
            del row['promoted']
    else:
        row['seller_text'] = seller
    img = card.find(lambda n: n.tag == 'img' and n.has('s-card__image'))
    src = img.attrs.get('src') if img else None
    if src is None or src == '' or src.startswith('data:') or 'ebaystatic.com' in src:
        src = (img.attrs.get('data-defer-load') or img.attrs.get('data-src')) if img else None
    row['image'] = src
    return row, cap_text if kind == 'sold' else ''


NEW_LISTING = re.compile(r'(?i)^new listing$')


def read_s_item_card(card, kind):
    """One card of the older `li.s-item` layout, read from what it shows. The "New Listing"
    badge is a highlighted span inside the title (straight inside, or one level down under a
    `span[role=heading]`): it is a badge, never part of the title. An auction that also offers
    Buy It Now shows two price lines: the current bid, then (after the bids) the fixed price
    with "Buy It Now" under it; the card's price is the first."""
    row = {'id': item_id(card)}
    title = card.find(lambda n: n.has('s-item__title'))
    row['title'] = text(title, lambda n: n.has('clipped') or n.has('LIGHT_HIGHLIGHT') or bool(NEW_LISTING.match(text(n)))) if title else None
    row['link'] = f"https://www.ebay.com/itm/{row['id']}"
    prices = card.find_all(lambda n: n.has('s-item__price'))
    price_text = text(prices[0]) if prices else None
    price_text = price_text or None
    row['displayed_price'] = usd(price_text) if price_text and ' to ' not in price_text else None
    row['displayed_price_text'] = price_text
    bin_price = text(prices[1]) if len(prices) > 1 else None
    ship_el = card.find(lambda n: n.has('s-item__shipping') or n.has('s-item__logisticsCost') or n.has('s-item__freeXDays'))
    ship_text = text(ship_el) if ship_el else None
    ship = None
    if ship_text:
        if re.match(r'(?i)^free\b.*\b(delivery|shipping|postage)\b', ship_text):
            ship = None if 'estimate' in ship_text.lower() else {'amount': 0, 'currency': 'USD'}
        else:
            m = re.match(r'(?i)^\+\s?(\$[\d,]+(?:\.\d\d)?)\s*(.*)$', ship_text)
            if m and (m.group(2) == '' or re.search(r'(?i)\b(delivery|shipping|postage)\b', m.group(2))) and 'estimate' not in m.group(2).lower():
                ship = usd(m.group(1))
    row['displayed_shipping'] = ship
    row['shipping_text'] = ship_text
    cond = None
    for sub in card.find_all(lambda n: n.has('s-item__subtitle')):
        for part in re.split(r'·', text(sub)):
            p = part.strip()
            if cond is None and p.lower() in CONDITIONS:
                cond = p
    row['condition'] = cond
    seller_el = card.find(lambda n: n.has('s-item__seller-info-text'))
    seller = text(seller_el) if seller_el else None
    if kind == 'listings':
        bids_el = card.find(lambda n: n.has('s-item__bids') or n.has('s-item__bidCount'))
        m = re.match(r'^(\d[\d,]*) bids?$', text(bids_el)) if bids_el else None
        bids = int(m.group(1).replace(',', '')) if m else None
        time_left = card.find(lambda n: n.has('s-item__time-left'))
        row['format'] = 'auction' if bids is not None or time_left is not None else 'fixed_price'
        row['bid_count'] = bids
        # Every detail line the card shows ("or Best Offer" has several class names over the years).
        details = [text(d) for d in card.find_all(lambda n: n.has('s-item__detail'))]
        row['best_offer'] = any(re.match(r'(?i)^(or )?best offer$', d) for d in details)
        row['seller_text'] = seller
        loc_el = card.find(lambda n: n.has('s-item__location') or n.has('s-item__itemLocation'))
        m = re.match(r'(?i)^(?:located in|from) (.+)$', text(loc_el)) if loc_el else None
        row['location_text'] = m.group(1) if m else None
    else:
        row['seller_text'] = seller
    sec = card.find(lambda n: n.has('s-item__image-section') or n.has('s-item__image'))
    img = sec.find(lambda n: n.tag == 'img') if sec else None
    src = img.attrs.get('src') if img else None
    if src is None or src == '' or src.startswith('data:') or 'ebaystatic.com' in src:
        src = (img.attrs.get('data-src') or img.attrs.get('data-defer-load')) if img else None
    row['image'] = src if src and src.startswith('https://i.ebayimg.com/') else None
    return row, bin_price


SOLD_ORDER = ['id', 'title', 'link', 'displayed_price', 'displayed_price_text', 'displayed_shipping', 'shipping_text', 'sold_date', 'sold_date_text', 'condition', 'seller_text', 'brand', 'size', 'image', 'price', 'shipping', 'sold_at', 'took_offer']
LIST_ORDER = ['id', 'title', 'link', 'promoted', 'format', 'displayed_price', 'displayed_price_text', 'displayed_shipping', 'shipping_text', 'condition', 'brand', 'size', 'listed_at', 'bid_count', 'best_offer', 'seller_text', 'location_text', 'image']
FIXED_NULL = {'brand', 'size', 'price', 'shipping', 'sold_at', 'took_offer', 'listed_at'}


def read_page(name, kind, q, now, label_all_shown=False, base=FIX):
    root = parse(os.path.join(base, name))
    heading = root.find(lambda n: n.has('srp-controls__count-heading'))
    h = text(heading) if heading else ''
    m = re.match(r'^(\d{1,3}(?:,\d{3})+|\d+)\s?\+?\s?results?\b', h)
    total = int(m.group(1).replace(',', '')) if m else None
    ids = {n.attrs['id']: text(n) for n in root.iter() if 'id' in n.attrs and n.parent is not None and n.parent.tag == 'div' and 'hidden' in n.parent.attrs}
    lists = root.find_all(lambda n: n.tag == 'ul' and n.has('srp-results'))
    # Document order: a REWRITE_START banner before a list makes all its cards loose; inside a list, the cards after it.
    order = [n for n in root.iter() if (n.tag == 'ul' and n.has('srp-results')) or n.has_prefix('srp-river-answer--REWRITE_START')]
    loose_from_list = None
    for n in order:
        if n.tag != 'ul' and loose_from_list is None and not any(p is not None and p.tag == 'ul' and p.has('srp-results') for p in ancestors(n)):
            loose_from_list = sum(1 for x in order[:order.index(n)] if x.tag == 'ul')
    exact, loose = [], []
    for li_index, ul in enumerate(lists):
        fewer = loose_from_list is not None and li_index >= loose_from_list
        for c in ul.children:
            if isinstance(c, str):
                continue
            if c.has_prefix('srp-river-answer--REWRITE_START'):
                fewer = True
                continue
            if not c.has('s-card') and not c.has('s-item'):
                continue
            t = c.find(lambda n: n.has('s-card__title') or n.has('s-item__title'))
            if t and text(t, lambda n: n.has('clipped')) == 'Shop on eBay':
                continue
            (loose if fewer else exact).append(c)
    rows = []
    ended = 0
    bins = 0
    for c in exact:
        if c.has('s-item'):
            row, bin_price = read_s_item_card(c, kind)
            bins += 1 if bin_price and row.get('format') == 'auction' else 0
            rows.append(row)
            continue
        row, cap = read_card(c, kind, ids, label_all_shown)
        # A second attribute row with a price, on an auction: its Buy It Now price.
        if row.get('format') == 'auction' and sum(1 for r in c.find_all(lambda n: n.has('s-card__attribute-row')) if r.find(lambda n: n.has('s-card__price'))) > 1:
            bins += 1
        if kind == 'sold' and cap.startswith('Ended'):
            ended += 1
            continue
        rows.append(row)
    order_keys = SOLD_ORDER if kind == 'sold' else LIST_ORDER
    full = []
    for r in rows:
        o = {}
        for k in order_keys:
            o[k] = None if k in FIXED_NULL else r.get(k)
            if k not in FIXED_NULL and k not in r:
                del o[k]
        full.append(o)
    fields = list(full[0].keys()) if full else [k for k in order_keys if k != 'promoted' or label_all_shown]
    nxt = root.find(lambda n: n.tag == 'a' and n.has('pagination__next') and n.attrs.get('href'))
    next_page = 2 if nxt is not None and not loose else None
    banner = root.find(lambda n: n.has_prefix('srp-river-answer--REWRITE_START'))
    banner_text = text(banner) if banner else None
    # What field_notes must say: the banner's own words when eBay marked looser matches; the
    # number of auctions that also offer Buy It Now (their fixed price is not a row field).
    notes_say = ([f'"{banner_text}"'] if loose and banner_text else []) + ([f'{bins} auction row(s) also offer Buy It Now'] if bins else [])
    return {
        'expect': {'status': 'complete', 'page_size': len(exact) + len(loose), 'count': len(full), 'reported_total': total, 'next_page': next_page},
        'rows': full, 'fields': fields, 'notes_say': notes_say,
        'notes': [f'heading "{h}"', f'{len(exact)} exact cards, {len(loose)} looser matches after the banner {banner_text!r} (not returned)' if loose else f'{len(exact)} cards'] + ([f'{ended} "Ended" cards are unsold: dropped'] if ended else []) + ([f'{bins} auctions also show a Buy It Now price (second price line): not the displayed price'] if bins else []),
        'search': {'kind': kind, 'q': q, 'page': 1, 'params': {} if kind == 'sold' else {'sort': 'best_match'}}, 'now': now,
    }


def ancestors(n):
    p = n.parent
    while p is not None:
        yield p
        p = p.parent


def failed(name, kind, q, now, code, why):
    return {'expect': {'status': 'failed', 'code': code}, 'rows': [], 'notes': [why],
            'search': {'kind': kind, 'q': q, 'page': 1, 'params': {} if kind == 'sold' else {'sort': 'best_match'}}, 'now': now}


PAGES = [
    ('sold-s-card-60.html', lambda n: read_page(n, 'sold', '2006 Volkswagen New Beetle', '2026-05-07T00:00:00Z')),
    ('sold-s-card-fewer-words.html', lambda n: read_page(n, 'sold', '2011 Volkswagen Jetta cold air intake APR', '2026-05-06T00:00:00Z')),
    ('sold-s-card-zero-results-loose.html', lambda n: read_page(n, 'sold', 'Built Peanut Butter Puff Cups 12ct 17g Protein', '2026-02-20T00:00:00Z')),
    ('sold-completed-pretty-ended-mixed.html', lambda n: read_page(n, 'sold', 'navy champion reverse weave', '2025-10-28T12:00:00Z')),
    ('listings-s-card-spiderman.html', lambda n: read_page(n, 'listings', 'spiderman comic', '2026-03-06T00:00:00Z', label_all_shown=True)),
    ('listings-s-card-auctions.html', lambda n: read_page(n, 'listings', 'pokemon', '2026-07-21T12:00:00Z')),
    ('listings-s-card-refurbished.html', lambda n: read_page(n, 'listings', 'phone', '2025-08-29T12:00:00Z')),
    ('legacy-s-item-uk.html', lambda n: failed(n, 'listings', 'warhammer', '2021-01-04T12:00:00Z', 'upstream_error', 'ebay.co.uk page, prices in £: not a US page')),
    ('non-us-locale-korean.html', lambda n: failed(n, 'listings', 'charizard', '2025-12-04T12:00:00Z', 'upstream_error', 'rendered in Korean (lang ko), prices in KRW: not a US page')),
    ('blocked-pardon.html', lambda n: failed(n, 'listings', 'pokemon booster', '2026-07-21T12:00:00Z', 'upstream_blocked', '"Pardon Our Interruption" JS challenge')),
    ('blocked-hcaptcha.html', lambda n: failed(n, 'listings', 'Lugia V', '2026-08-22T12:00:00Z', 'upstream_blocked', '"Security Measure" hCaptcha page')),
    ('blocked-error-page.html', lambda n: failed(n, 'listings', 'Giratina V', '2026-08-22T12:00:00Z', 'upstream_blocked', '"Error Page | eBay" served to suspected bots')),
    ('blocked-akamai.html', lambda n: failed(n, 'listings', 'lot', '2025-08-27T12:00:00Z', 'upstream_blocked', 'Akamai edge "Service Unavailable - Zero size object"')),
    ('redirected-home.html', lambda n: failed(n, 'listings', 'rings', '2025-06-27T12:00:00Z', 'upstream_blocked', 'the search landed on the eBay home page: redirected away from results')),
]

# test/data/mkt_a: pages from other repositories than ../shared, held out of the parser's making.
DATA_PAGES = [
    ('listings-s-card-keyboard.html', lambda n: read_page(n, 'listings', 'mechanical keyboard', '2026-01-21T20:31:00Z', label_all_shown=True, base=DATA)),
    # ebay.com in English and dollars, but its header's "shipToLocation":"1605" is no US ZIP (31
    # cards read "Free International Shipping"): the page was shaped for a buyer abroad, and its
    # shipping figures are quoted there. Read by hand from the header script; not a US page.
    ('listings-s-card-kitchen.html', lambda n: failed(n, 'listings', 'kitchen accessories', '2026-04-02T07:04:00Z', 'upstream_error', 'ebay.com page shaped for a buyer at postal code "1605" (header shipToLocation, no US ZIP), "Free International Shipping" on 31 cards: not a US buyer\'s page')),
    ('listings-s-card-earbuds.html', lambda n: read_page(n, 'listings', 'wireless earbuds', '2026-03-05T16:47:00Z', label_all_shown=True, base=DATA)),
    ('listings-s-card-laptop.html', lambda n: read_page(n, 'listings', 'lenovo laptop', '2025-07-03T12:00:00Z', label_all_shown=True, base=DATA)),
    ('non-us-sg-one-result-loose.html', lambda n: failed(n, 'listings', 'airpods 4', '2025-09-02T06:49:00Z', 'upstream_error', 'www.ebay.com.sg page (canonical link), prices "S$ 139.98": not a US page')),
    ('non-us-de-grid-eur.html', lambda n: failed(n, 'listings', 'LEGO nan', '2026-04-08T13:49:00Z', 'upstream_error', 'ebay.de page (lang de, "1.300+ Ergebnisse"), grid view, prices "EUR 22,75": not a US page')),
    ('non-us-es-usd.html', lambda n: failed(n, 'listings', 'Thinkpad', '2025-08-08T03:49:00Z', 'upstream_error', 'ebay.com rendered in Spanish (lang es, "34 resultados"), prices "USD895.00": localized for a buyer outside the US')),
    ('sold-non-us-ja-yen.html', lambda n: failed(n, 'sold', 'Pink Floyd CD', '2026-01-10T14:16:00Z', 'upstream_error', 'ebay.com sold search rendered in Japanese (lang ja), prices "7,887 円": not a US page')),
    ('blocked-pardon-2.html', lambda n: failed(n, 'listings', 'laptop', '2026-01-09T17:07:00Z', 'upstream_blocked', '"Pardon Our Interruption..." JS challenge (a second capture, other markup revision)')),
    # Issue 21: the older s-item layout with its "New Listing" badge one level inside the title,
    # auctions that also offer Buy It Now, a sold search with no results at all, and the
    # s-item variant of 2025 (title under span[role=heading]).
    ('listings-s-item-new-listing-nested.html', lambda n: read_page(n, 'listings', 'laptop', '2024-10-25T00:33:00Z', base=DATA)),
    ('listings-s-item-auction-bin.html', lambda n: read_page(n, 'listings', 'hot toys star wars', '2021-02-18T18:41:00Z', base=DATA)),
    ('listings-s-item-iphone-auctions-bin.html', lambda n: read_page(n, 'listings', 'iphone', '2022-02-20T18:06:00Z', base=DATA)),
    ('listings-s-item-heading-span.html', lambda n: read_page(n, 'listings', 'shirts', '2025-02-21T15:27:00Z', base=DATA)),
    ('listings-s-item-motors-parts.html', lambda n: read_page(n, 'listings', 'bmw e28 parts', '2025-07-27T17:05:00Z', base=DATA)),
    ('listings-s-card-headphones.html', lambda n: read_page(n, 'listings', 'Sony WH-1000XM4 Headphones', '2026-03-04T03:50:00Z', label_all_shown=True, base=DATA)),
    ('sold-s-card-no-results.html', lambda n: read_page(n, 'sold', '2002 BMW X5', '2026-05-06T02:38:00Z', base=DATA)),
    ('non-us-ja-s-item-banner-first.html', lambda n: failed(n, 'listings', 'Nintendo Switch', '2025-05-26T07:32:00Z', 'upstream_error', 'ebay.com rendered in Japanese (lang ja, "Nintendo Switch の結果 7,400 件以上"): not a US page. Its REWRITE_START banner ("検索結果を整理し、最適な出品を表示しています。" — results organized to show the best listings) sits before the results list, so every card on it is after the banner: the page shape of a rewritten query')),
    # A spelling correction on the US site in English: "airbuds" searched, eBay's banner before
    # the results list reads "Including results for earbuds. Search instead for airbuds" (its
    # link back carries _blrs=spell_auto_correct) and the heading counts "200,000+ results for
    # earbuds". Every card is a match for the corrected word, none for the word searched. Its
    # header's shipToLocation is "44000": five digits, so a US ZIP by the service's rule (it is
    # no assigned US ZIP; the commit's zone is +05:00), and the page has no row to quote shipping on.
    ('listings-s-card-spell-corrected.html', lambda n: read_page(n, 'listings', 'airbuds', '2026-03-22T19:48:00Z', label_all_shown=True, base=DATA)),
]


def write(name, g, capture):
    doc = {'capture': capture, 'read_by': 'scripts/golden/mkt_a.py', 'search': g['search'], 'now': g['now'], 'expect': g['expect']}
    if g.get('fields'):
        doc['fields'] = g['fields']
    if g.get('notes_say'):
        doc['notes_say'] = g['notes_say']
    doc['rows'] = g['rows']
    doc['notes'] = g['notes']
    with open(os.path.join(OUT, name + '.json'), 'w', encoding='utf-8') as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write('\n')
    print(name, g['expect'])


def main():
    if not os.path.isdir(FIX):
        sys.exit(f'no captures at {FIX}')
    os.makedirs(OUT, exist_ok=True)
    for name, read in DATA_PAGES:
        write(name, read(name), f'test/data/mkt_a/{name}')
    for name, read in PAGES:
        write(name, read(name), f'mkt_a/{name}')


if __name__ == '__main__':
    main()
