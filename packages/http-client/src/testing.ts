/**
 * @module @listings/http-client/testing
 * The HttpClient of adapter tests, recording the upstream traffic: the production client
 * (browser headers, cookie jar, transport faults as CollectionErrors) with its retries off,
 * so each simulated fault is seen once, keeping every request it was given, in order, for
 * assertions on what was sent upstream. Test code only (exported under `./testing`, never
 * from the package's index).
 */
import type { HttpClient, UpstreamRequest } from '@listings/contract';
import { createHttpClient } from './client.ts';
import type { HttpClientOptions } from './options.ts';

export interface RecordingHttpClient extends HttpClient {
  /** Every request sent, in order, as the adapter gave it. */
  readonly sent: UpstreamRequest[];
  /** Closes the client's connections. */
  close(): void;
}

/**
 * A recording client. Its defaults differ from production's: no retries, a 3 s timeout;
 * `options` override them (a fault test that hangs passes a shorter `timeoutMs`).
 */
export function recordingHttpClient(options: HttpClientOptions = {}): RecordingHttpClient {
  const client = createHttpClient({ timeoutMs: 3000, retries: 0, ...options });
  const sent: UpstreamRequest[] = [];
  return {
    sent,
    request(req, signal) {
      sent.push(req);
      return client.request(req, signal);
    },
    close: () => client.close(),
  };
}
