/**
 * A whole service in one test process, over real HTTP and real Redis: an api listening on a
 * port, a worker consuming the queues, and the simulator server. Each stack has its own key
 * prefix. Marketplaces default to the real adapters; core tests pass the test marketplace.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { BASE_ROUTES, createApp, createServices, listen, type Listening, type RouteModule, type Services } from '@listings/api';
import { loadConfig, type Config } from '@listings/config';
import type { Token } from '@listings/contract';
import { MARKETPLACES, startSimulators, type Marketplace, type SimulatorServer } from '@listings/marketplaces';
import { createTestMarketplace } from '@listings/marketplaces/testkit';
import { whenReady, type KeyKind } from '@listings/store';
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import { startWorker, type WorkerHandle } from '@listings/worker';

export interface Stack {
  url: string;
  config: Config;
  services: Services;
  api: Listening;
  worker: WorkerHandle | null;
  sim: SimulatorServer;
  newKey(opts?: { plan?: string; kind?: KeyKind }): Promise<{ account: string; key: string }>;
  get(path: string, key: string | null, headers?: Record<string, string>): Promise<Response>;
  startWorker(): Promise<WorkerHandle>;
  close(): Promise<void>;
}

export const TEST_MARKETPLACES = {
  mkt_a: createTestMarketplace('mkt_a', ['sold', 'listings'], false),
  mkt_b: createTestMarketplace('mkt_b', ['sold', 'listings'], true),
  mkt_c: createTestMarketplace('mkt_c', ['sold'], true),
  mkt_d: createTestMarketplace('mkt_d', ['listings'], true),
  mkt_e: createTestMarketplace('mkt_e', ['listings'], true),
} satisfies Record<Token, Marketplace>;

export interface StackOptions {
  marketplaces?: Readonly<Record<Token, Marketplace>>;
  env?: Record<string, string>;
  /** Start without a worker (jobs stay pending until startWorker()). */
  noWorker?: boolean;
  /** Routes served beside the base routes (search, jobs, probes, docs, console): batches, webhook endpoints, watches, a test's own. */
  modules?: RouteModule[];
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const marketplaces = opts.marketplaces ?? MARKETPLACES;
  const sim = await startSimulators(Object.fromEntries(Object.entries(marketplaces).map(([t, m]) => [t, m.createSimulator()])));
  const config = loadConfig({
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: uniquePrefix('stack'),
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    PORT: '0',
    HOST: '127.0.0.1',
    SIMULATOR_URL: sim.url,
    LOG_LEVEL: 'silent',
    JOB_BACKOFF_MS: '50',
    JOB_LOCK_MS: '3000',
    JOB_STALLED_CHECK_MS: '1000',
    HTTP_TIMEOUT_MS: '2000',
    SWEEP_INTERVAL_MS: '500',
    ...opts.env,
  }, []);
  const logger = pino({ level: 'silent' });
  const services = createServices(config, marketplaces, { logger });
  await whenReady(services.store.redis);
  const api = await listen(createApp(services, [...BASE_ROUTES, ...(opts.modules ?? [])]), 0, '127.0.0.1');
  let worker: WorkerHandle | null = opts.noWorker ? null : await startWorker(config, marketplaces, { logger });
  const stack: Stack = {
    url: api.url,
    config,
    services,
    api,
    get worker() { return worker; },
    sim,
    async newKey({ plan = 'pro', kind = 'sandbox' } = {}) {
      const acct = await services.accounts.create('test', plan);
      const k = await services.accounts.issueKey(acct.id, kind);
      return { account: acct.id, key: k.secret };
    },
    get(path, key, headers = {}) {
      return fetch(`${api.url}${path}`, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
    },
    async startWorker() {
      worker = await startWorker(config, marketplaces, { logger });
      return worker;
    },
    async close() {
      await worker?.close();
      await api.close();
      await services.close();
      await sim.close();
    },
  };
  return stack;
}

/** Polls a job with `wait` until it settles. */
export async function settle(stack: Stack, key: string, jobId: string, maxSeconds = 20): Promise<Record<string, unknown>> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const r = await stack.get(`/v1/jobs/${jobId}?wait=5`, key);
    const body = (await r.json()) as Record<string, unknown>;
    // A 503 with Retry-After (Redis slower than the request bound, as on a loaded machine) is
    // retried after it, as a client is told to; any other answer is the caller's to check.
    const retryAfter = Number(r.headers.get('retry-after'));
    if (r.status === 503 && retryAfter > 0 && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, retryAfter * 1000));
      continue;
    }
    if (body.status !== 'pending' || Date.now() > deadline) return body;
  }
}
