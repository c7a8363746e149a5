/**
 * @module mkt_a
 * The eBay adapter: sold and active listings from the search results page. collect() is
 * warm-up (once per HTTP identity) → request → fetch → classify the answer → parse; every way
 * the answer can fail to be a results page ends as a CollectionError (see parse.ts and
 * response.ts for which).
 */
import { CollectionError, LayoutChangedError, type Search } from '@listings/contract';
import type { CollectContext, CollectedPage, Marketplace } from '../contract.ts';
import { LIVE_BASE_URL } from './params.ts';
import { parseSearchPage } from './parse.ts';
import { buildSearchRequest, warmUpRequest } from './request.ts';
import { classifyResponse } from './response.ts';
import { createMktASimulator, type MktASimulatorOptions } from './simulator.ts';

export { parseSearchPage, readPageCards, type ParsedPage } from './parse.ts';
export { buildSearchRequest, buildSearchUrl, warmUpRequest } from './request.ts';
export { createMktASimulator, type MktASimulatorOptions } from './simulator.ts';
export { simCatalog, simPage, readSimQuery, type SimListing, type SimPage, type SimQuery } from './sim-catalog.ts';

/**
 * The home page visit each HTTP identity (a session of the pool, one cookie jar) makes before
 * its first search: eBay challenges searches from a jar without its cookies. Shared by jobs
 * running on the same identity at once; a renewed identity (a retired session) is a new
 * object and warms again. Only a transport failure fails it (and it is tried again on the
 * next search); what the home page answers is left to the search itself to show.
 */
const warmUps = new WeakMap<object, Promise<void>>();

async function warmUp(ctx: CollectContext): Promise<void> {
  let pending = warmUps.get(ctx.http);
  if (!pending) {
    pending = ctx.http.request(warmUpRequest(ctx.baseUrl), ctx.signal).then(() => undefined);
    warmUps.set(ctx.http, pending);
    pending.catch(() => warmUps.delete(ctx.http));
  }
  await pending;
}

export async function collectMktA(search: Search, ctx: CollectContext): Promise<CollectedPage> {
  await warmUp(ctx);
  const res = await ctx.http.request(buildSearchRequest(search, ctx.baseUrl), ctx.signal);
  classifyResponse(res);
  let parsed;
  try {
    parsed = parseSearchPage(res.body, search, ctx.now);
  } catch (err) {
    if (err instanceof CollectionError) throw err;
    // A reader bug on an unforeseen page must fail the job, never crash the worker.
    throw new LayoutChangedError(`the results page could not be read: ${(err as Error).message}`, { cause: err });
  }
  return {
    result: parsed.result, next: null, hidden: { bestOfferAcceptedIds: parsed.bestOfferAcceptedIds },
    ...(parsed.noRowsBecause !== null ? { noRowsBecause: parsed.noRowsBecause } : {}),
  };
}

export function createMktAMarketplace(simulator: MktASimulatorOptions = {}): Marketplace {
  return {
    token: 'mkt_a',
    kinds: ['sold', 'listings'],
    liveBaseUrl: LIVE_BASE_URL,
    collect: collectMktA,
    createSimulator: () => createMktASimulator(simulator),
  };
}
