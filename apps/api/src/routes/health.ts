/**
 * @module health
 * `/healthz`: the process is alive. `/readyz`: Redis answers, so the load balancer may send
 * traffic here. Public, no key.
 */
import type { Express } from 'express';
import type { Services } from '../services.ts';

export function registerHealthRoutes(app: Express, services: Services): void {
  app.get('/healthz', (_req, res) => {
    res.type('application/json').send('{"status":"ok"}');
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await services.store.redis.ping();
      res.type('application/json').send('{"status":"ready"}');
    } catch {
      res.status(503).setHeader('Retry-After', '2');
      res.type('application/json').send('{"status":"unavailable","error":{"code":"storage_unavailable","message":"Redis is not reachable."}}');
    }
  });
}
