#!/usr/bin/env python3
"""Counts of the hand-labelled comps set (test/comps/labels/*.json): the table and the shares
in test/comps/labels/README.md. It only counts labels written by hand; it writes no label.

Run: python3 scripts/comps-labels-summary.py
"""
import glob
import json
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
KINDS = ['item', 'accessory', 'lot', 'parts', 'other']

# Pages whose query names one product (a model, a model number, one car model, one part for one
# car): the pages the sandbox shares are measured on. Queries naming only a category, a brand
# or a product line ("phone", "laptop", "lenovo laptop", "iphone", "pokemon", "hot toys star
# wars", "champion reverse weave", "nike shoes", "pokemon card lot", "cars", "Thinkpad",
# "Pink Floyd CD", "kitchen accessories", "warhammer", "charizard", ...) are left out.
NAMED = {
    'mkt_a/sold-s-card-60.html': 'vehicle',                       # 2006 Volkswagen New Beetle
    'mkt_a/sold-s-card-fewer-words.html': 'vehicle',              # 2011 Volkswagen Jetta cold air intake APR
    'test/data/mkt_a/listings-s-item-motors-parts.html': 'vehicle',  # bmw e28 parts
    'mkt_e/gql-modular-feed-civic.json': 'vehicle',               # honda civic
    'test/data/mkt_e/gql-modular-feed-civic-page2.json': 'vehicle',
    'test/data/mkt_e/gql-modular-feed-civic-page3.json': 'vehicle',
    'test/data/mkt_e/gql-modular-feed-civic-page4.json': 'vehicle',
    'test/data/mkt_e/gql-modular-feed-civic-page5.json': 'vehicle',
    'test/data/mkt_a/listings-s-card-headphones.html': 'goods',   # Sony WH-1000XM4 Headphones
    'mkt_b/sold-rendered-body.html': 'goods',                     # iPhone 14 Pro 256GB
    'mkt_c/search-payload.json': 'goods',                         # ps5
    'mkt_c/search-payload-custom-facets.json': 'goods',           # pulse 3d
    'mkt_c/search-payload-active-filtered.json': 'goods',         # ps5 controller
    'test/data/mkt_a/non-us-sg-one-result-loose.html': 'goods',   # airpods 4 (ebay.com.sg, S$)
    'test/data/mkt_a/non-us-ja-s-item-banner-first.html': 'goods',  # Nintendo Switch (ebay.com in Japanese)
    'mkt_a/sold-s-card-zero-results-loose.html': 'goods',          # Built Peanut Butter Puff Cups 12ct 17g Protein
}


def load():
    pages = []
    for f in sorted(glob.glob(os.path.join(ROOT, 'test', 'comps', 'labels', '*.json'))):
        d = json.load(open(f, encoding='utf-8'))
        counts = {k: 0 for k in KINDS}
        for r in d['rows']:
            counts[r['label']] += 1
        pages.append((d, counts))
    return pages


def shares(selected):
    pooled = {k: sum(c[k] for _, c in selected) for k in KINDS}
    n = sum(pooled.values())
    mean = {k: sum(c[k] / sum(c.values()) for _, c in selected) / len(selected) for k in KINDS}
    return n, {k: pooled[k] / n for k in KINDS}, mean


def main():
    pages = load()
    print('| page | route | query | rows | ' + ' | '.join(KINDS) + ' | named product |')
    print('|---|---|---|---:|' + '---:|' * len(KINDS) + '---|')
    total = {k: 0 for k in KINDS}
    for d, c in pages:
        for k in KINDS:
            total[k] += c[k]
        named = NAMED.get(d['capture'], '')
        print(f"| `{d['capture']}` | {d['route']} | {d['query']} | {len(d['rows'])} | " + ' | '.join(str(c[k]) for k in KINDS) + f' | {named} |')
    print(f"| **all {len(pages)} pages** | | | {sum(total.values())} | " + ' | '.join(str(total[k]) for k in KINDS) + ' | |')
    print()
    assert set(NAMED) <= {d['capture'] for d, _ in pages}
    for name, sel in [('named-product pages', [p for p in pages if p[0]['capture'] in NAMED]),
                      ('named-product pages, goods (not vehicles)', [p for p in pages if NAMED.get(p[0]['capture']) == 'goods']),
                      ('named-product pages, goods, pages with at least one item', [p for p in pages if NAMED.get(p[0]['capture']) == 'goods' and p[1]['item'] > 0]),
                      ('named-product pages, vehicles', [p for p in pages if NAMED.get(p[0]['capture']) == 'vehicle'])]:
        n, pooled, mean = shares(sel)
        print(f'{name}: {len(sel)} pages, {n} rows')
        print('  pooled (kind rows / all rows): ' + ', '.join(f'{k} {pooled[k]:.1%}' for k in KINDS))
        print('  page mean (mean of each page\'s share): ' + ', '.join(f'{k} {mean[k]:.1%}' for k in KINDS))


if __name__ == '__main__':
    main()
