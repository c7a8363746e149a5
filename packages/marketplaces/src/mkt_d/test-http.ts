/**
 * @module mkt_d/test-http
 * The HttpClient the mkt_d and mkt_e adapter tests collect through until the shared got-based
 * client (`@listings/http-client`) is in place: Node's fetch, every status answered as a
 * response, a network fault or time limit thrown as the CollectionError the real client throws.
 * It keeps a log of what was sent so tests can assert on the upstream requests.
 */
import { TransientUpstreamError, UpstreamTimeoutError } from '@listings/contract';
import type { HttpClient, UpstreamRequest } from '../contract.ts';

export interface LoggingHttpClient extends HttpClient {
  readonly log: UpstreamRequest[];
}

export function fetchHttpClient(limitMs = 3000): LoggingHttpClient {
  const log: UpstreamRequest[] = [];
  return {
    log,
    async request(req, signal) {
      log.push(req);
      const limit = AbortSignal.timeout(req.timeoutMs ?? limitMs);
      const init: RequestInit = { method: req.method ?? 'GET', headers: req.headers, signal: signal ? AbortSignal.any([signal, limit]) : limit };
      if (req.body !== undefined) init.body = req.body;
      let res: Response;
      let body: string;
      try {
        res = await fetch(req.url, init);
        body = await res.text();
      } catch (cause) {
        if (limit.aborted) throw new UpstreamTimeoutError(`${req.url} did not answer in ${req.timeoutMs ?? limitMs} ms`, { cause });
        throw new TransientUpstreamError(`${req.url} could not be fetched`, { cause });
      }
      return { status: res.status, url: res.url, headers: Object.fromEntries(res.headers), body };
    },
  };
}
