/**
 * @module history (SDK)
 * `listings.history.sold(marketplace, params)`: the sold rows the service has kept from every
 * completed sold search (docs/history.md), past the marketplace's own window: every word of
 * `q` in the title, newest first, 200 a page, judged against `q`, with the price by month.
 * Answered at once; 1 request when rows come back, none when none do. Retried and waited out by
 * the client's rules like every call.
 */
import type { Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.ts';
import type { Caller } from './watches.ts';

type Schemas = components['schemas'];
export type History = Schemas['History'];
export type HistoryRow = Schemas['HistoryRow'];
export type HistoryMonth = Schemas['HistoryMonth'];
/** The marketplaces whose sold rows are kept (those with a sold route). */
export type HistoryMarketplace = 'mkt_a' | 'mkt_b' | 'mkt_c';
export type HistoryParams<M extends HistoryMarketplace> = NonNullable<operations[`${M}_history_sold`]['parameters']['query']>;

type FetchResult = { data?: unknown; error?: unknown; response: Response };

export class HistoryArchive {
  private readonly client: Client<paths>;
  private readonly call: Caller;

  constructor(client: Client<paths>, call: Caller) {
    this.client = client;
    this.call = call;
  }

  /** One page of the archive's sold rows of `marketplace` matching `params.q`. */
  async sold<M extends HistoryMarketplace>(marketplace: M, params: HistoryParams<M>, opts: { signal?: AbortSignal } = {}): Promise<History> {
    const path = `/v1/history/${marketplace}/sold` as '/v1/history/mkt_a/sold';
    const { data } = await this.call<History>(() => this.client.GET(path, {
      params: { query: params as HistoryParams<'mkt_a'> }, ...(opts.signal ? { signal: opts.signal } : {}),
    }) as Promise<FetchResult>, { idempotent: false });
    return data;
  }

  /** Every page (up to `maxPages`, default 100), one after another. */
  async *pages<M extends HistoryMarketplace>(marketplace: M, params: HistoryParams<M>, opts: { signal?: AbortSignal; maxPages?: number } = {}): AsyncGenerator<History> {
    let page = params.page ?? 1;
    for (let n = 0; n < (opts.maxPages ?? 100); n++) {
      const answer = await this.sold(marketplace, { ...params, page }, opts);
      yield answer;
      if (answer.next_page === null) return;
      page = answer.next_page;
    }
  }
}
