/**
 * @module http-client (port)
 * What marketplace adapters fetch with, as an interface only. It lives here, in the package
 * both sides already depend on, so the implementation (`@listings/http-client`: got, wreq-js,
 * cookie jars, proxies) and its users (the adapters of `@listings/marketplaces`) never import
 * each other (crawlee keeps its client interface in a small package of its own the same way).
 */

export interface UpstreamRequest {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Request body, already serialized (JSON or form). */
  body?: string;
  /** Overrides the client's default timeout. */
  timeoutMs?: number;
  /**
   * What the request is to a browser: `navigate` (the default), a page the user opens, or
   * `cors`, a script of the site's page calling the site's own API with fetch(). The client
   * sends its identity's header set for that kind (a fetch has `Sec-Fetch-Mode: cors`,
   * `Sec-Fetch-Dest: empty`, no `Upgrade-Insecure-Requests`, ...); `headers` go on top.
   */
  mode?: 'navigate' | 'cors';
}

export interface UpstreamResponse {
  status: number;
  /** Final URL after redirects (a redirect to the home page is a block). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * What adapters fetch with. It never throws for an HTTP status (the adapter classifies
 * statuses); it throws UpstreamTimeoutError / TransientUpstreamError (collection-errors.ts)
 * for network faults.
 */
export interface HttpClient {
  request(req: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse>;
}
