#!/usr/bin/env python3
"""Golden values of the Depop captures (../shared/fixtures/mkt_d), read independently of the
service's TypeScript parser with Python's json and re modules (see test/golden/README.md).

Writes test/golden/mkt_d/<capture>.json. Run: python3 scripts/golden/mkt_d.py

Reading rules, from the captures and the interface's mkt_d row:
- the headline price is the pricing entry named by `final_price_key`; its `total_price` is the
  amount, shown as "$13.00";
- `price_includes`: the answer's `total_price_components` where it states them; otherwise the
  breakdown parts that, added to the item `price`, make the total (a buyer fee in the capture);
- sizes on sale joined by ", " (objects with an on-sale status, or plain strings);
- the image is the widest picture up to 640 px wide, else the first;
- the search page's answer is the react-query entry keyed ["product_search", ...], first page.
"""
import json
import os
import re
from decimal import Decimal

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIX = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'fixtures', 'mkt_d'))
OUT = os.path.join(ROOT, 'test', 'golden', 'mkt_d')
CONDITIONS = {'brand_new', 'used_like_new', 'used_excellent', 'used_good', 'used_fair'}
ON_SALE = re.compile(r'^(status_)?(on_?sale|active|available)$', re.I)


def num(d):
    v = float(d)
    return int(v) if v == int(v) else v


def includes(pricing, entry):
    comp = pricing.get('total_price_components')
    order = ['buyer_fee', 'shipping_price', 'tax']
    if isinstance(comp, dict) and any(isinstance(comp.get(n), bool) for n in order):
        return [n for n in order if comp.get(n) is True]
    bd = entry.get('price_breakdown') or {}
    total = Decimal(entry['total_price'])
    base = Decimal(bd['price']['amount'])
    names = {'buyer_fee': 'buyer_fee', 'shipping': 'shipping_price', 'tax': 'tax'}
    parts = [(names[k], Decimal(v['amount'])) for k, v in bd.items() if k in names and Decimal(v['amount']) > 0]
    for mask in range(1, 1 << len(parts)):
        chosen = [p for i, p in enumerate(parts) if mask & (1 << i)]
        if base + sum(a for _, a in chosen) == total:
            return [n for n in order if any(c == n for c, _ in chosen)]
    return []


def image(pic):
    if not pic:
        return None
    if 'formats' in pic:
        items = [(f.get('width'), f['url']) for f in pic['formats'].values() if f.get('url')]
    else:
        items = [(int(k), v) for k, v in pic.items() if k.isdigit() and v]
    fit = sorted([i for i in items if i[0] is not None and i[0] <= 640], key=lambda i: -i[0])
    return (fit[0] if fit else items[0])[1] if items else None


def sizes(raw):
    names = []
    for s in raw or []:
        if isinstance(s, str):
            n = s
        elif (s.get('status') is None or ON_SALE.match(s.get('status', ''))) and s.get('quantity') != 0:
            n = s.get('name')
        else:
            n = None
        if n and n not in names:
            names.append(n)
    return ', '.join(names) or None


def row(p):
    pricing = p['pricing']
    entry = pricing[pricing['final_price_key']]
    amount = Decimal(entry['total_price'])
    brand = p.get('brand_name') or (p.get('attributes') or {}).get('brand')
    cond = (p.get('attributes') or {}).get('condition')
    desc = p.get('description')
    return {
        'id': str(p['id']), 'title': desc.strip()[:2000] if desc else None, 'link': f"https://www.depop.com/products/{p['slug']}/",
        'displayed_price': {'amount': num(amount), 'currency': 'USD'}, 'displayed_price_text': f'${amount:.2f}', 'price_includes': includes(pricing, entry),
        'displayed_shipping': None, 'shipping_text': None, 'condition': cond if cond in CONDITIONS else None, 'seller_text': None,
        'brand': brand if brand and brand.lower() != 'other' else None, 'size': sizes(p.get('sizes')), 'image': image(p.get('preview')),
        'status': 'active', 'promoted': p['is_boosted'] if isinstance(p.get('is_boosted'), bool) else None, 'format': 'fixed_price',
        'listed_at': None, 'bid_count': None, 'ends_at': None, 'best_offer': None, 'location_text': p.get('location') or None,
    }


def write(name, search, now, products, total, more, cursor, notes):
    rows = [row(p) for p in products if (p.get('pricing') or {}).get('currency_name', (p.get('pricing') or {}).get('currency')) == 'USD']
    doc = {'capture': f'mkt_d/{name}', 'read_by': 'scripts/golden/mkt_d.py', 'search': search, 'now': now,
           'expect': {'status': 'complete', 'page_size': len(products), 'count': len(rows), 'reported_total': total, 'next_page': 2 if more and cursor else None},
           'rows': rows, 'notes': notes}
    with open(os.path.join(OUT, name + '.json'), 'w', encoding='utf-8') as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write('\n')
    print(name, doc['expect'])


def main():
    os.makedirs(OUT, exist_ok=True)
    api = json.load(open(os.path.join(FIX, 'presentation-api-search.json')))
    write('presentation-api-search.json', {'kind': 'listings', 'q': 'corduroy jacket', 'page': 1, 'params': {}}, '2026-07-19T12:00:00Z', api['objects'],
          api['meta']['total_count'], api['page_info']['has_more'], api['page_info']['last'],
          ['record 0 is real; record 1 was written by hand by the source repository\'s author (a reduced price): both are read as the shape says'])
    html = open(os.path.join(FIX, 'search-page-v3-flight.html'), encoding='utf-8').read()
    flight = ''.join(json.loads(m)[1] for m in re.findall(r'self\.__next_f\.push\((\[.*?\])\)</script>', html, re.S) if isinstance(json.loads(m)[1], str))
    key = flight.index('"queryKey":["product_search"')
    start = flight.rindex('"data":{"pages":[', 0, key) + len('"data":{"pages":[')
    page, _ = json.JSONDecoder().raw_decode(flight[start:])
    data = page['data']
    write('search-page-v3-flight.html', {'kind': 'listings', 'q': 'champion reverse weave', 'page': 1, 'params': {}}, '2025-10-28T18:30:00Z', data['products'],
          data['meta']['total_count'], data['meta']['has_more'], data['meta']['cursor'],
          ['the products shape has no description: titles are null', '11 products are reduced: the discounted_price entry is the headline'])


if __name__ == '__main__':
    main()
