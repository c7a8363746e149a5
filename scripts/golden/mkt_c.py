#!/usr/bin/env python3
"""Golden values of the Mercari captures (../shared/fixtures/mkt_c), read independently of the
service's TypeScript parser with Python's json module (see test/golden/README.md).

Writes test/golden/mkt_c/<capture>.json. Run: python3 scripts/golden/mkt_c.py

mkt_c serves sold searches only. The captured search payloads are answers to *active*
searches (their items are `on_sale` or `trading`, none `sold_out`), so, answered to a sold
search, none of them is a page of sold comps:
- items on sale and none sold out: the sold filter was not applied → failed upstream_error;
- only `trading` items (sales in progress, left out by the interface) while the page reports
  results: no sold listing read though the marketplace reports thousands → the drift guard's
  plausibility check fails it upstream_error;
- the item-detail answers (`data.item`) are not search answers → upstream_error.
The items themselves are checked field by field in mkt_c/parse.test.ts (values read by hand).
"""
import json
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..'))
FIX = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'fixtures', 'mkt_c'))
OUT = os.path.join(ROOT, 'test', 'golden', 'mkt_c')

QUERIES = {'search-payload.json': 'ps5', 'search-payload-active-filtered.json': 'ps5 controller', 'search-payload-cards.json': 'pokemon card lot',
           'search-payload-clothing.json': 'nike shoes', 'search-payload-custom-facets.json': 'pulse 3d', 'item-api-sold-m87013616167.json': 'item sold',
           'item-api-active-m45718142917.json': 'item active'}


def outcome(doc):
    search = (doc.get('data') or {}).get('search')
    if not isinstance(search, dict) or not isinstance(search.get('itemsList'), list):
        return 'upstream_error', 'not a search answer (an item detail: data.item)'
    statuses = [i['status'] for i in search['itemsList']]
    sold = [s for s in statuses if s == 'sold_out']
    if 'on_sale' in statuses and not sold:
        return 'upstream_error', f'items {statuses}: on sale and none sold out, the sold filter was not applied'
    if not sold and (search.get('count') or 0) > 0:
        return 'upstream_error', f'items {statuses}: no sold listing though the page reports {search["count"]} results (plausibility)'
    raise SystemExit(f'a capture with sold items needs rows: extend this script ({statuses})')


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, q in QUERIES.items():
        code, why = outcome(json.load(open(os.path.join(FIX, name))))
        doc = {'capture': f'mkt_c/{name}', 'read_by': 'scripts/golden/mkt_c.py', 'search': {'kind': 'sold', 'q': q, 'page': 1, 'params': {}},
               'now': '2026-09-27T12:00:00Z', 'expect': {'status': 'failed', 'code': code}, 'rows': [], 'notes': [why]}
        with open(os.path.join(OUT, name + '.json'), 'w', encoding='utf-8') as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
            f.write('\n')
        print(name, code, why)


if __name__ == '__main__':
    main()
