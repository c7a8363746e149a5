/**
 * @module shared/result
 * The result page every adapter returns: the fields that come from the search and the
 * collection time are filled here once, so an adapter states only what it read.
 */
import type { Row, Search } from '@listings/contract';
import type { PageResult } from '../contract.ts';

export interface PageFacts {
  page_size: number;
  reported_total: number | null;
  next_page: number | null;
  field_notes: string;
  data: Row[];
  /** 2 on mkt_e (its result adds location fields), 1 elsewhere. @defaultValue 1 */
  schema_version?: 1 | 2;
}

/** A result page in the interface's field order; `count` is the rows returned, extras last. */
export function pageResult(search: Search, now: Date, facts: PageFacts, extras: Record<string, unknown> = {}): PageResult {
  return {
    provider: search.token, country: 'us', query: search.q, page: search.page,
    page_size: facts.page_size, count: facts.data.length, reported_total: facts.reported_total, next_page: facts.next_page,
    collected_at: now.toISOString(), schema_version: facts.schema_version ?? 1, completeness: 'provider_page_only',
    field_notes: facts.field_notes, data: facts.data,
    ...extras,
  };
}
