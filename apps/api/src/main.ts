/**
 * @module main
 * Entry of an api process: configuration, services, app, listen; SIGTERM/SIGINT close with grace.
 */
import { ConfigError, loadConfig } from '@listings/config';
import { MARKETPLACES } from '@listings/marketplaces';
import { whenReady } from '@listings/store';
import { createApp } from './app.ts';
import { listen } from './server.ts';
import { createServices } from './services.ts';

async function main(): Promise<void> {
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
  const services = createServices(config, MARKETPLACES);
  await whenReady(services.store.redis, 10_000).catch(() => services.logger.warn('Redis not reachable yet; answering 503 storage_unavailable until it is'));
  const app = createApp(services);
  const server = await listen(app, config.port, config.host);
  services.logger.info({ url: server.url }, 'api listening');
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    services.logger.info({ signal }, 'api closing');
    await services.waiters.close();
    await server.close();
    await services.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
