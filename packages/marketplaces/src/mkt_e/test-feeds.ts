/**
 * @module mkt_e/test-feeds
 * Hand-made feed answers for the mkt_e tests: each piece in the documented shape of the
 * marketplace's `modularFeed`, so a test states only what its rule is about.
 */

export interface ListingInput {
  id?: string | null;
  title?: string | null;
  price?: string;
  flags?: string[];
  isFirmPrice?: boolean;
  locationName?: string | null;
  vehicleMiles?: unknown;
  conditionText?: string | null;
}

let counter = 0;

export function listing(input: ListingInput = {}): Record<string, unknown> {
  counter++;
  const id = input.id === undefined ? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}` : input.id;
  const out: Record<string, unknown> = {
    __typename: 'ModularFeedListing',
    listingId: id,
    title: input.title === undefined ? `Listing ${counter}` : input.title,
    price: input.price ?? '25',
    conditionText: input.conditionText ?? null,
    flags: input.flags ?? ['LOCAL_PICKUP'],
    locationName: input.locationName === undefined ? 'Tacoma, WA' : input.locationName,
    vehicleMiles: input.vehicleMiles ?? null,
    image: { url: `https://images.offerup.com/x/250x250/${String(id)}.jpg`, width: 250, height: 250 },
  };
  if (input.isFirmPrice !== undefined) out.isFirmPrice = input.isFirmPrice;
  return out;
}

export function tile(l: Record<string, unknown>, type = 'ModularFeedTileListing'): Record<string, unknown> {
  return { __typename: type, tileId: `tile-${String(l.listingId)}`, listing: l };
}

export function adTile(type: string): Record<string, unknown> {
  return { __typename: type, tileId: `ad-${type}` };
}

export interface FeedInput {
  loose?: Array<Record<string, unknown>>;
  grid?: Array<Record<string, unknown>>;
  cursor?: string | null;
  categoryId?: string | null;
  filters?: Array<Record<string, unknown>>;
}

export function selectionFilter(target: string, selected: string[], others: string[] = []): Record<string, unknown> {
  return {
    __typename: 'ModularFeedSelectionListFilter', targetName: target,
    options: [...selected.map((v) => ({ value: v, label: v, isSelected: true })), ...others.map((v) => ({ value: v, label: v, isSelected: false }))],
  };
}

export function rangeFilter(min: string, max: string, lo: string | null, hi: string | null): Record<string, unknown> {
  return { __typename: 'ModularFeedNumericRangeFilter', lowerBound: { targetName: min, value: lo }, upperBound: { targetName: max, value: hi } };
}

/** A `{data: {modularFeed}}` body. */
export function feedBody(input: FeedInput = {}): string {
  return JSON.stringify({
    data: {
      modularFeed: {
        __typename: 'ModularFeed',
        categoryInfo: { categoryId: input.categoryId ?? null, isForcedCategory: false },
        filters: input.filters ?? [selectionFilter('DISTANCE', ['30'], ['5', '10', '20', '50'])],
        looseTiles: input.loose ?? [],
        modules: [{ __typename: 'ModularFeedModuleGrid', moduleId: 'grid', moduleType: 'GRID', rank: 1, rowIndex: 0, grid: { actionPath: null, tiles: input.grid ?? [] } }],
        pageCursor: input.cursor === undefined ? 'next-page' : input.cursor,
        query: { appliedQuery: 'q', decisionType: 'ORIGINAL', originalQuery: 'q' },
      },
    },
  });
}

/** `n` plain listing tiles. */
export function tiles(n: number, prefix = 'L'): Array<Record<string, unknown>> {
  return Array.from({ length: n }, (_, i) => tile(listing({ id: `${prefix}${i + 1}` })));
}
