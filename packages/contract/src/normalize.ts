/**
 * @module normalize
 * Canonical forms of a search, shared by the cache key, idempotency and cursor binding.
 */
import { createHash } from 'node:crypto';
import type { Search } from './types.ts';

/** `q` trimmed with runs of white space folded to one space (decisions.md "Cache"). */
export function normalizeQuery(q: string): string {
  return q.replace(/\s+/gu, ' ').trim();
}

function canonicalParams(params: Search['params']): [string, unknown][] {
  return Object.keys(params).sort().map((k) => [k, params[k]]);
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** Identity of a search apart from its page and cursor: what a cursor is bound to. */
export function searchIdentity(search: Pick<Search, 'route' | 'q' | 'params'>): string {
  return digest([search.route, search.q, canonicalParams(search.params)]);
}

/** Identity of one page of one search: the cache and single-flight key (cursor included). */
export function pageIdentity(search: Search): string {
  return digest([search.route, search.q, search.page, canonicalParams(search.params), search.cursor]);
}
