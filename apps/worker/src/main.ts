/**
 * @module main
 * Entry of a worker process: configuration, the queues it serves (`WORKER_MARKETPLACES` or
 * `--worker-marketplaces=mkt_a,mkt_b`), the health and metrics endpoint on
 * WORKER_METRICS_PORT. On SIGTERM/SIGINT it drains: `/readyz` turns 503, BullMQ stops taking
 * jobs and the collections in hand finish and settle; any still running after
 * SHUTDOWN_GRACE_MS are handed back by exiting: their locks lapse (JOB_LOCK_MS), BullMQ marks
 * them stalled and another worker runs them again (settling twice is impossible). A Redis
 * connection that ends for good ends the process too (code 1), after `/healthz` has failed.
 */
import pino from 'pino';
import { loadConfigOrExit, loggerOptions } from '@listings/config';
import { MARKETPLACES } from '@listings/marketplaces';
import { connectRedis, EvictingRedisError, endProcessWhenConnectionLost, refuseEvictingRedis, whenReady } from '@listings/store';
import { createHealthServer, createWorkerMetrics } from './metrics.ts';
import { webhookMetrics } from './webhook-metrics.ts';
import { startWorker, type WorkerHandle } from './worker.ts';

const config = loadConfigOrExit();
const logger = pino(loggerOptions(config.logLevel, 'worker'));
// A Redis connection ioredis ended for good: /healthz fails, then the process ends (code 1) for
// the orchestrator to start a new one; its collections and deliveries go to other workers.
endProcessWhenConnectionLost((lost) => logger.error({ connection: lost.name }, 'Redis connection ended and will not reconnect; ending the process'));
// An evicting Redis is refused at start (@listings/store redis-memory.ts): it would delete
// collections and what clients paid for. A Redis not reachable yet is watched by readiness.
{
  const probe = connectRedis(config.redisUrl, { name: 'listings-worker-start' });
  const refused = await whenReady(probe, 10_000).then(() => refuseEvictingRedis(probe)).then(() => null, (err: unknown) => (err instanceof EvictingRedisError ? err : null));
  probe.disconnect();
  if (refused) {
    logger.fatal({ policy: refused.policy }, refused.message);
    console.error(`worker: ${refused.message}`);
    process.exit(1);
  }
}
const metrics = createWorkerMetrics(config.workerMarketplaces);
let handle: WorkerHandle | null = null;
const worker = await startWorker(config, MARKETPLACES, { logger, registry: metrics.registry, onRun: metrics.onRun, onReading: metrics.onReading, webhooks: webhookMetrics(metrics.registry, () => handle?.webhooks ?? null, { readIntervalMs: config.metricsReadIntervalMs }) });
handle = worker;
metrics.attach(worker.store, worker.memory);
let draining = false;
const health = createHealthServer({ handle: worker, metrics, token: config.metricsToken, draining: () => draining });
health.listen(config.metricsPort, config.host);

const shutdown = async (signal: string): Promise<void> => {
  if (draining) return;
  draining = true;
  logger.info({ signal }, 'worker draining');
  const grace = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), config.shutdownGraceMs).unref());
  const outcome = await Promise.race([worker.close().then(() => 'closed' as const), grace]);
  if (outcome === 'timeout') {
    logger.warn('grace period over; unfinished collections are handed back (retried once their lock lapses)');
  }
  health.close();
  logger.info({ outcome }, 'worker closed');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
