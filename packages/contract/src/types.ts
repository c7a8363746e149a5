/**
 * @module types
 * Searches, results and job envelopes (interface 2.2-2.5).
 */
import type { JobErrorCode } from './errors.ts';
import type { ParamValue } from './params.ts';
import type { Kind, RouteId, Token } from './routes.ts';

/** A validated, normalized search: what the cache keys on and what an adapter collects. */
export interface Search {
  route: RouteId;
  token: Token;
  kind: Kind;
  /** `q` trimmed, runs of white space folded to one space. */
  q: string;
  page: number;
  /**
   * Every other parameter of the route, normalized, with documented defaults applied
   * (`marketplace`, `country` and `cursor` excluded; lists sorted and de-duplicated).
   */
  params: Record<string, ParamValue>;
  /** The signed cursor as sent (cursor routes, page > 1), else null. */
  cursor: string | null;
}

export interface Money {
  amount: number;
  currency: string;
}

/** One row of `result.data`; its fields depend on the route (interface 2.4, 2.5). */
export type Row = Record<string, unknown> & { id: string };

/** The fields every result has, apart from `next_cursor` (which the core signs). */
export interface ResultCore {
  provider: Token;
  country: 'us';
  query: string;
  page: number;
  page_size: number;
  count: number;
  reported_total: number | null;
  next_page: number | null;
  collected_at: string;
  schema_version: 1 | 2;
  completeness: 'provider_page_only';
  field_notes: string;
  data: Row[];
}

/** Route extras (mkt_e: `location`, `category_id`, `vehicle_search`). */
export interface ResultExtras {
  [extra: string]: unknown;
}

/** One source page (interface 2.3). */
export type Result = ResultCore & { next_cursor: string | null } & ResultExtras;

export type JobStatus = 'pending' | 'complete' | 'failed';

/** The job envelope of interface 2.2. */
export interface JobEnvelope {
  request_id: string;
  status: JobStatus;
  credits: 0 | 1;
  cached: boolean;
  poll_url?: string;
  error?: { code: JobErrorCode; message: string };
  result?: Result;
}
