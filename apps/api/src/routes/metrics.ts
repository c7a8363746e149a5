/**
 * @module metrics (route)
 * `GET /metrics`: Prometheus text format, on the api port, outside customer authentication
 * and the rate limit (it is registered before them and never counts a call). When
 * `METRICS_TOKEN` is set the scraper must send `Authorization: Bearer <token>`; anything else
 * answers 401 `invalid_api_key` (the worker's metrics port applies the same rule,
 * `metricsAuthorized` of @listings/config). Production sets it: the api port is the one the
 * load balancer exposes to customers (docs/operations.md, "Metrics"). Open or not, scrapes
 * cost Redis at most one read per METRICS_READ_INTERVAL_MS (apps/api/src/metrics.ts).
 */
import type { Express, Request, Response } from 'express';
import { metricsAuthorized } from '@listings/config';
import { ApiError } from '@listings/contract';
import type { Services } from '../composition-root.ts';
import { allowMethods } from './query.ts';

/**
 * Installs the `/metrics` route; call before any other route. The registry is the services'
 * (the composition root's metrics, told of every request by app.ts).
 */
export function registerMetrics(app: Express, services: Services): void {
  const { metrics } = services;
  app.all('/metrics', allowMethods('GET'), async (req: Request, res: Response) => {
    if (!metricsAuthorized(services.config.metricsToken, req.headers.authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ApiError('invalid_api_key', { message: 'The metrics endpoint needs the operator\'s METRICS_TOKEN as a bearer token.' });
    }
    await metrics.refreshFleet();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
