/**
 * @module mkt_b/test-pages
 * Test helpers for serving the Poshmark captures as the site would.
 */

/** The rendered-body capture has no <html> element; the site serves whole pages. */
export function wholePage(body: string): string {
  return /<\/html>\s*$/iu.test(body) ? body : `<!DOCTYPE html><html><head><title>Poshmark</title></head><body>${body}</body></html>`;
}

/** A search page with neither an embedded state nor tiles: the adapter falls back to the listing route. */
export const EMPTY_SEARCH_PAGE = '<!DOCTYPE html><html><head><title>Poshmark</title></head><body><main></main></body></html>';
