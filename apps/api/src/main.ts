/**
 * @module main
 * Entry of an api process: configuration, services, app, listen. On SIGTERM/SIGINT it drains:
 * `/readyz` turns 503 (the load balancer stops sending), the listener closes (no new
 * connections), responses still to be written say `Connection: close` so keep-alive clients
 * reconnect elsewhere, held `wait` polls are released at once and answer the job's current
 * state, in-flight requests finish; whatever is still open after SHUTDOWN_GRACE_MS is cut.
 * A Redis connection that ends for good ends the process (code 1), after `/healthz` has failed.
 */
import type { ServerResponse } from 'node:http';
import { loadConfigOrExit } from '@listings/config';
import { MARKETPLACES } from '@listings/marketplaces';
import { EvictingRedisError, endProcessWhenConnectionLost, refuseEvictingRedis, whenReady } from '@listings/store';
import type { Services } from './composition-root.ts';
import { createApp } from './app.ts';
import { createServices } from './composition-root.ts';
import { markDraining } from './routes/health.ts';
import { API_ROUTES } from './routes/index.ts';
import { listen } from './server.ts';

/** Ends the process (code 1) when Redis evicts, with the message naming the setting and the fix. */
async function refuseToStart(services: Services, err: unknown): Promise<void> {
  if (!(err instanceof EvictingRedisError)) return; // a read that failed: readiness keeps watching
  services.logger.fatal({ policy: err.policy }, err.message);
  console.error(`api: ${err.message}`);
  await services.close().catch(() => undefined);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const services = createServices(config, MARKETPLACES);
  // A Redis connection ioredis ended for good: /healthz fails, then the process ends (code 1)
  // for the orchestrator to start a new one. Everything recorded is in Redis; nothing is lost.
  endProcessWhenConnectionLost((lost) => services.logger.error({ connection: lost.name }, 'Redis connection ended and will not reconnect; ending the process'));
  const reachable = await whenReady(services.store.redis, 10_000).then(() => true, () => false);
  if (!reachable) services.logger.warn('Redis not reachable yet; answering 503 storage_unavailable until it is');
  // An evicting Redis is refused at start (redis-memory.ts): it would delete what clients paid for.
  else await refuseEvictingRedis(services.store.redis).catch((err: unknown) => refuseToStart(services, err));
  const app = createApp(services, API_ROUTES);
  const listening = await listen(app, config.port, config.host);
  const server = listening.server;
  services.logger.info({ url: listening.url }, 'api listening');

  let closing = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (closing) {
      res.setHeader('Connection', 'close');
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    services.logger.info({ signal, inFlight: inFlight.size, waits: services.waiters.size() }, 'api draining');
    markDraining(services);
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A poll can start holding after the first release (its request was already being
    // read): keep releasing until every connection is gone.
    const release = (): void => {
      void services.waiters.close();
      server.closeIdleConnections();
    };
    release();
    const releaser = setInterval(release, 100);
    const grace = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), config.shutdownGraceMs).unref());
    if ((await Promise.race([closed, grace])) === 'timeout') {
      services.logger.warn({ open: inFlight.size }, 'api grace period over; closing the remaining connections');
      server.closeAllConnections();
    }
    clearInterval(releaser);
    await services.close();
    services.logger.info('api closed');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
