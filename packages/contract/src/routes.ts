/**
 * @module routes
 * The marketplace tokens and the seven search routes of interface section 4.
 */

export const TOKENS = ['mkt_a', 'mkt_b', 'mkt_c', 'mkt_d', 'mkt_e'] as const;
export type Token = (typeof TOKENS)[number];

export type Kind = 'sold' | 'listings';

/** A search route: `<token>/<kind>`, as used in paths and batch `endpoint` values. */
export type RouteId = `${Token}/${Kind}`;

export interface RouteInfo {
  id: RouteId;
  token: Token;
  kind: Kind;
  /** Whether pages after 1 need the previous page's `next_cursor` (interface 2.1). */
  cursorPaging: boolean;
  /** `result.schema_version` of this route (decisions.md: 2 on mkt_e, 1 elsewhere). */
  schemaVersion: 1 | 2;
}

/** The routes that exist. `/v1/mkt_c/listings`, `/v1/mkt_d/sold`, `/v1/mkt_e/sold` do not. */
export const ROUTES: readonly RouteInfo[] = [
  { id: 'mkt_a/sold', token: 'mkt_a', kind: 'sold', cursorPaging: false, schemaVersion: 1 },
  { id: 'mkt_a/listings', token: 'mkt_a', kind: 'listings', cursorPaging: false, schemaVersion: 1 },
  { id: 'mkt_b/sold', token: 'mkt_b', kind: 'sold', cursorPaging: true, schemaVersion: 1 },
  { id: 'mkt_b/listings', token: 'mkt_b', kind: 'listings', cursorPaging: true, schemaVersion: 1 },
  { id: 'mkt_c/sold', token: 'mkt_c', kind: 'sold', cursorPaging: true, schemaVersion: 1 },
  { id: 'mkt_d/listings', token: 'mkt_d', kind: 'listings', cursorPaging: true, schemaVersion: 1 },
  { id: 'mkt_e/listings', token: 'mkt_e', kind: 'listings', cursorPaging: true, schemaVersion: 2 },
];

const byId = new Map<string, RouteInfo>(ROUTES.map((r) => [r.id, r]));

/** The route for an id such as `mkt_a/sold`, or undefined when no such route exists. */
export function findRoute(id: string): RouteInfo | undefined {
  return byId.get(id);
}

export function isToken(value: string): value is Token {
  return (TOKENS as readonly string[]).includes(value);
}
