/**
 * @module main
 * Entry of a worker process: configuration, the queues it serves (`WORKER_MARKETPLACES` or
 * `--worker-marketplaces=mkt_a,mkt_b`), a small health endpoint; SIGTERM finishes the
 * collections in hand (BullMQ's close waits for them) and exits.
 */
import { createServer } from 'node:http';
import { ConfigError, loadConfig } from '@listings/config';
import { MARKETPLACES } from '@listings/marketplaces';
import { startWorker } from './worker.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const worker = await startWorker(config, MARKETPLACES);
const health = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (req.url === '/readyz') {
    worker.store.redis.ping().then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}'),
      () => res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"unavailable"}'),
    );
    return;
  }
  res.writeHead(404).end();
});
health.listen(config.metricsPort, config.host);
let closing = false;
const shutdown = async (): Promise<void> => {
  if (closing) return;
  closing = true;
  health.close();
  await worker.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
