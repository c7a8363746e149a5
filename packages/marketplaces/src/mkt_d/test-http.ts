/**
 * @module mkt_d/test-http
 * The HttpClient of the mkt_d and mkt_e adapter tests: the production client of
 * `@listings/http-client` (browser headers, cookie jar, transport faults as CollectionErrors)
 * with its retries off, so each simulated fault is seen once, keeping a log of every request
 * for assertions on what was sent upstream.
 */
import { createHttpClient } from '@listings/http-client';
import type { HttpClient, UpstreamRequest } from '../contract.ts';

export interface LoggingHttpClient extends HttpClient {
  readonly log: UpstreamRequest[];
}

export function loggingHttpClient(timeoutMs = 3000): LoggingHttpClient {
  const client = createHttpClient({ timeoutMs, retries: 0 });
  const log: UpstreamRequest[] = [];
  return {
    log,
    request(req, signal) {
      log.push(req);
      return client.request(req, signal);
    },
  };
}
