/**
 * @module @listings/http-client
 * What adapters fetch with, behind the HttpClient port of `@listings/contract`: a
 * `browser` transport (wreq-js: desktop Chrome's TLS ClientHello and HTTP/2 on the wire) or a
 * `plain` one (got), each with one desktop Chrome header identity per client (drawn by
 * header-generator), a cookie jar per client (seeded from operator cookies), an optional
 * CONNECT proxy, timeouts, retries of network faults, a body size cap, and transport faults
 * mapped to CollectionErrors. `createSessionPool` rotates several such identities.
 */
export { createHttpClient, type HttpClientHandle } from './client.ts';
export { createSessionPool, type SessionPool, type SessionPoolOptions, type SessionConfig, type PoolSession, type PooledResponse } from './session-pool.ts';
export { DEFAULTS, TRANSPORTS, type HttpClientOptions, type Transport } from './options.ts';
export { CHROME_MIN_MAJOR, NEWEST_CHROME_PROFILE, impersonatedProfile, newIdentity, type BrowserIdentity } from './browser-headers.ts';
export { CHROME_FETCH_HTTP2, CHROME_HTTP2 } from './browser.ts';
export { parseCookieLines } from './cookies.ts';
