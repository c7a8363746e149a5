/**
 * @module contract
 * The one small interface every marketplace adapter implements. Adapters know nothing of
 * Express, BullMQ or Redis: they turn a validated Search into upstream requests through the
 * HttpClient they are given (the port of `@listings/contract`), read the answer with a pure
 * parser, and return one result page or throw a CollectionError (`@listings/contract`).
 */
import type { HttpClient, Kind, ResultCore, ResultExtras, Search, Token } from '@listings/contract';
import type { Simulator } from './sim/kit.ts';

/** Where the previous page left off (cursor routes, page > 1). */
export interface Continuation {
  /** The marketplace's own continuation token, as the adapter returned it. */
  token: string;
  /** Adapter state kept on the server between pages (mkt_e de-duplication), or null. */
  state: unknown;
}

export interface CollectContext {
  http: HttpClient;
  /** Site root, e.g. `https://www.ebay.com`, or the simulator's `http://127.0.0.1:4100/mkt_a`. */
  baseUrl: string;
  /** Collection time (what `collected_at` shows and year-less dates resolve against). */
  now: Date;
  continuation: Continuation | null;
  signal: AbortSignal;
}

/** A result page without `next_cursor`: the core signs that from `next`. */
export type PageResult = ResultCore & ResultExtras;

export interface CollectedPage {
  result: PageResult;
  /** Cursor routes: how to continue to `result.next_page`; null exactly when next_page is null. */
  next: { token: string; state?: unknown } | null;
  /** Facts kept with the job but not shown in the result (batch summaries). */
  hidden?: { bestOfferAcceptedIds?: string[] };
  /**
   * Why a page that shows listings has no rows, when the page itself says so: the marketplace
   * marked every listing on it as a looser match (keywords rewritten or fewer words matched).
   * The drift guard then takes zero rows under a reported total as the reading, not as drift
   * (shared/plausibility.ts). Never set for a page the adapter could not read.
   */
  noRowsBecause?: string;
}

export interface ParamProblem {
  param: string;
  message: string;
}

export interface Marketplace {
  token: Token;
  kinds: readonly Kind[];
  /** Live site root (configuration may override it). */
  liveBaseUrl: string;
  /** Semantic checks the parameter table cannot express (e.g. an unknown ZIP); null when fine. */
  check?(search: Search): ParamProblem | null;
  collect(search: Search, ctx: CollectContext): Promise<CollectedPage>;
  /** A simulator speaking the marketplace's real format over HTTP. */
  createSimulator(): Simulator;
  /** The drift guard's plausibility rules that do not hold for this marketplace's real pages (shared/plausibility.ts). */
  readingChecks?: { titles?: boolean };
}
