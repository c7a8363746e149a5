/**
 * @module app
 * Builds the Express app from its services; never listens (server.ts does). Order on every
 * request: X-Request-Id → log → query-string length → route (405 on other methods) → auth,
 * origin, rate limit → validation → handler; unknown paths 404; errors answered in one place.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { ApiError } from '@listings/contract';
import { REDACTED } from '@listings/config';
import { withinRequestBound } from '@listings/store';
import { authenticate } from './middleware/auth.ts';
import { errorHandler } from './middleware/errors.ts';
import { assignRequestId } from './middleware/request-id.ts';
import { registerConsoleRoutes } from './routes/console.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerJobRoutes } from './routes/jobs.ts';
import { registerMetrics } from './routes/metrics.ts';
import { limitQueryLength } from './routes/query.ts';
import { registerSearchRoutes } from './routes/search.ts';
import type { Services } from './services.ts';

/** Extra route registrations (batches) that plug into the same pipeline. */
export type RouteModule = (app: Express, services: Services, auth: ReturnType<typeof authenticate>) => void;

export function createApp(services: Services, modules: readonly RouteModule[] = []): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('trust proxy', services.config.trustProxy);

  app.use((req: Request, res: Response, next: NextFunction) => {
    assignRequestId(req, res);
    // Every Redis call made while serving this request gives up after the documented bound
    // (storage_unavailable), however many calls are waiting on a stalled Redis.
    withinRequestBound(next);
  });
  registerMetrics(app, services);
  app.use(pinoHttp({
    // Request lines have a fixed shape without headers (serializers below), so their logger
    // redacts only the header paths, as a second guard, instead of every path of the process
    // logger: its wildcard paths were redacted on each request's child logger (~15 µs a
    // request). The finished line is still scrubbed of keys, tokens and URL credentials.
    logger: services.logger.child({}, { redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: REDACTED } }),
    genReqId: (req) => (req as Request & { id: string }).id,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
    // A request line names the request, not its headers: no credential, cookie or key can be
    // in it to begin with, and a line costs a fraction of a full header dump (docs/benchmarks/api.md).
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string; headers?: Record<string, unknown> }) => ({
        id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress, userAgent: req.headers?.['user-agent'],
      }),
      res: (res: { statusCode?: number | null; raw?: { statusCode?: number } }) => ({ statusCode: res.raw?.statusCode ?? res.statusCode }),
    },
  }));
  app.use(limitQueryLength);
  app.use((req: Request, res: Response, next: NextFunction) => {
    // CORS preflight: browsers send it without the key, so it cannot be checked per account;
    // the real request then is (403 origin_not_allowed for origins the account did not allow).
    if (req.method === 'OPTIONS' && req.headers.origin && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin);
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
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
  registerHealthRoutes(app, services);
  registerDocsRoutes(app);
  registerConsoleRoutes(app);
  registerSearchRoutes(app, services);
  registerJobRoutes(app, services, auth);
  for (const register of modules) register(app, services, auth);

  app.use(() => {
    throw new ApiError('not_found');
  });
  app.use(errorHandler);
  return app;
}
