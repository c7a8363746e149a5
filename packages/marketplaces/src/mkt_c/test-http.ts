/**
 * @module mkt_c/test-http
 * A minimal fetch-based HttpClient for the mkt_b and mkt_c adapter tests (the shared got-based
 * client lives in `@listings/http-client`). Like the real one it answers every HTTP status as a
 * response and turns transport faults into CollectionErrors: a time limit into
 * UpstreamTimeoutError, anything else into TransientUpstreamError.
 */
import { TransientUpstreamError, UpstreamTimeoutError } from '@listings/contract';
import type { HttpClient, UpstreamRequest, UpstreamResponse } from '../contract.ts';

export interface TestHttpClient extends HttpClient {
  /** Every request sent, in order (method and URL), for assertions. */
  readonly sent: Array<{ method: string; url: string }>;
}

export function createTestHttpClient(timeoutMs = 2000): TestHttpClient {
  const sent: Array<{ method: string; url: string }> = [];
  return {
    sent,
    async request(req: UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse> {
      const method = req.method ?? 'GET';
      sent.push({ method, url: req.url });
      const timeout = AbortSignal.timeout(req.timeoutMs ?? timeoutMs);
      try {
        const res = await fetch(req.url, {
          method,
          headers: req.headers,
          body: req.body,
          redirect: 'follow',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        const headers: Record<string, string> = {};
        res.headers.forEach((v, k) => (headers[k] = v));
        return { status: res.status, url: res.url, headers, body: await res.text() };
      } catch (err) {
        if (timeout.aborted) throw new UpstreamTimeoutError(`no answer from ${req.url} within the time limit`, { cause: err });
        throw new TransientUpstreamError(`request to ${req.url} failed`, { cause: err });
      }
    },
  };
}
