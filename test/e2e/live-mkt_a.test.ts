/**
 * The live collection path on every real eBay capture: the capture served over
 * HTTP on 127.0.0.1 as www.ebay.com would serve it, LIVE_BASE_URLS pointing there, a live
 * key, and the settled job compared with the capture's golden file (rows, counts, totals,
 * failure codes), charged 1 credit when complete and 0 when failed.
 */
import { describeWithFixtures, readCapture, readGolden, expectGolden } from '@listings/marketplaces/testkit';
import { runLive } from '../support/live-capture.ts';
import { livePathSuite } from '../support/suites.ts';

const CAPTURES = [
  'sold-s-card-60.html', 'sold-s-card-fewer-words.html', 'sold-s-card-zero-results-loose.html', 'sold-completed-pretty-ended-mixed.html',
  'listings-s-card-spiderman.html', 'listings-s-card-auctions.html', 'listings-s-card-refurbished.html', 'legacy-s-item-uk.html',
  'non-us-locale-korean.html', 'blocked-pardon.html', 'blocked-hcaptcha.html', 'blocked-error-page.html', 'blocked-akamai.html', 'redirected-home.html',
];

/** Real pages from other repositories (test/data/mkt_a, test/data/README.md): always present in the checkout. */
const DATA_CAPTURES = [
  'listings-s-card-keyboard.html', 'listings-s-card-kitchen.html', 'listings-s-card-earbuds.html', 'listings-s-card-laptop.html',
  'non-us-sg-one-result-loose.html', 'non-us-de-grid-eur.html', 'non-us-es-usd.html', 'sold-non-us-ja-yen.html', 'blocked-pardon-2.html',
  // Read wrong once: "New Listing" inside titles, auctions with Buy It Now, no results, the last s-item revisions.
  'listings-s-item-new-listing-nested.html', 'listings-s-item-auction-bin.html', 'listings-s-item-iphone-auctions-bin.html',
  'listings-s-item-heading-span.html', 'listings-s-item-motors-parts.html', 'listings-s-card-headphones.html', 'sold-s-card-no-results.html',
  'non-us-ja-s-item-banner-first.html',
  // A spelling correction on the US site: "Including results for earbuds. Search instead for airbuds".
  'listings-s-card-spell-corrected.html',
];

function liveSuite(captures: readonly string[]): void {
  const live = livePathSuite('mkt_a');

  test.each(captures)('%s', async (capture) => {
    const g = readGolden('mkt_a', capture);
    live.site.serve([{ path: '/sch/i.html', headers: { 'content-type': 'text/html;charset=utf-8' }, body: readCapture(g.capture) }]);
    const { account, key } = await live.liveKey();
    const params = new URLSearchParams({ q: g.search.q, ...g.search.params });
    const { env, reading } = await runLive(live, key, `/v1/mkt_a/${g.search.kind}?${params.toString()}`);
    expectGolden(reading, g);
    const usage = await live.stack.services.store.usage(account, 'live');
    expect({ credits: env.credits, charged: usage.completed30d, pending: usage.pending }).toEqual(g.expect.status === 'complete' ? { credits: 1, charged: 1, pending: 0 } : { credits: 0, charged: 0, pending: 0 });
    // The search reached the capture site as a live search of eBay would.
    const asked = live.site.seen.at(-1)!;
    expect({ path: asked.path, q: asked.query.get('_nkw') }).toEqual({ path: '/sch/i.html', q: g.search.q });
  });
}

describe('mkt_a live path on the test/data captures', () => liveSuite(DATA_CAPTURES));

describeWithFixtures('mkt_a', 'mkt_a live path on real captures', () => liveSuite(CAPTURES));
