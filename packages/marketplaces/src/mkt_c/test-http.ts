/**
 * @module mkt_c/test-http
 * The HttpClient of the mkt_b and mkt_c adapter tests: the production client of
 * `@listings/http-client` (Chrome headers, cookie jar, timeouts mapped to CollectionErrors),
 * with retries off so each fault is seen once, recording what was sent for assertions.
 */
import { createHttpClient } from '@listings/http-client';
import type { HttpClient } from '../contract.ts';

export interface TestHttpClient extends HttpClient {
  /** Every request sent, in order (method and URL). */
  readonly sent: Array<{ method: string; url: string }>;
}

export function createTestHttpClient(timeoutMs = 2000): TestHttpClient {
  const inner = createHttpClient({ timeoutMs, retries: 0 });
  const sent: Array<{ method: string; url: string }> = [];
  return {
    sent,
    request(req, signal) {
      sent.push({ method: req.method ?? 'GET', url: req.url });
      return inner.request(req, signal);
    },
  };
}
