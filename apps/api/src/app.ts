/**
 * @module app
 * Builds the Express app from its services; never listens (server.ts does). Order on every
 * request: request id and log line (pino-http) → query-string length → route (405 on other
 * methods) → auth, origin, rate limit → validation → handler; unknown paths 404; errors
 * answered in one place.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '@listings/contract';
import { withinRequestBound } from '@listings/store';
import { authenticate } from './middleware/auth.ts';
import { errorHandler } from './middleware/errors.ts';
import { requestLogger } from './middleware/request-log.ts';
import type { Services } from './composition-root.ts';
import { API_ROUTES } from './routes/index.ts';
import { registerMetrics } from './routes/metrics.ts';
import { limitQueryLength } from './routes/query.ts';
import type { RouteModule } from './routes/route.ts';

export type { RouteModule };

/**
 * The route template of a matched route: its path as registered, or for a route registered
 * as a regular expression (`/^\/v1\/jobs\/[^/]+$/u`) the path it stands for (`/v1/jobs/:id`).
 */
export function routeTemplate(route: { path?: unknown } | undefined): string {
  const path = route?.path;
  if (typeof path === 'string') return path;
  if (path instanceof RegExp) {
    return path.source.replace(/^\^|\$$/gu, '').replaceAll('[^/]+', ':id').replace(/\\(.)/gu, '$1');
  }
  return 'unmatched';
}

/** A response being timed: performance.now() when its request arrived. */
interface Timed extends Response {
  startedAt: number;
}

/**
 * The app serving `routes` (every production route unless told; test stacks name theirs),
 * each registered the same way, behind the same pipeline.
 */
export function createApp(services: Services, routes: readonly RouteModule[] = API_ROUTES): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('trust proxy', services.config.trustProxy);

  const { observers } = services;
  const logRequest = requestLogger(services.logger);
  // When a response closes: its route template, status and duration to the observers (the
  // metrics).
  function closed(this: Timed): void {
    const req = this.req;
    observers.onRequest({
      method: req.method,
      // The route template Express matched (never the raw path); unmatched paths share one.
      route: routeTemplate(req.route as { path?: unknown } | undefined),
      status: this.writableFinished ? String(this.statusCode) : 'aborted',
      seconds: (performance.now() - this.startedAt) / 1000,
    });
  }
  // Per request, the work of every path in two functions rather than a layer each: Express
  // walks its stack layer by layer, and a cache hit's whole answer costs little more.
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Its id (X-Request-Id), `req.log`, and its line when the response is done.
    logRequest(req, res);
    (res as Timed).startedAt = performance.now();
    res.once('close', closed);
    // Every Redis call made while serving this request gives up after the documented bound
    // (storage_unavailable), however many calls are waiting on a stalled Redis.
    withinRequestBound(next);
  });
  registerMetrics(app, services);
  app.use((req: Request, res: Response, next: NextFunction) => {
    limitQueryLength(req);
    // CORS preflight: browsers send it without the key, so it cannot be checked per account;
    // the real request then is (403 origin_not_allowed for origins the account did not allow).
    if (req.method === 'OPTIONS' && req.headers.origin && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin);
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Idempotency-Key, Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
      res.setHeader('Vary', 'Origin');
      res.status(204).end();
      return;
    }
    res.setHeader('Vary', 'Origin');
    next();
  });

  const auth = authenticate(services);
  for (const register of routes) register(app, services, auth);

  app.use(() => {
    throw new ApiError('not_found');
  });
  app.use(errorHandler);
  return app;
}
