/**
 * @module @listings/http-client
 * What adapters fetch with: got behind the HttpClient interface of `@listings/marketplaces`,
 * with desktop Chrome headers, a cookie jar per client (seeded from operator cookies), an
 * optional CONNECT proxy, timeouts, retries of network faults, a body size cap, and transport
 * faults mapped to CollectionErrors. `createSessionPool` rotates several such identities.
 */
export { createHttpClient, type HttpClientHandle } from './client.ts';
export { createSessionPool, type SessionPool, type SessionPoolOptions, type SessionConfig, type PoolSession, type PooledResponse } from './session-pool.ts';
export { DEFAULTS, type HttpClientOptions } from './options.ts';
export { CHROME_MAJOR, chromeHeaders } from './browser-headers.ts';
export { parseCookieLines } from './cookies.ts';
