/**
 * @module routes
 * Every route the api serves, in one list, in the order Express tries them: the search routes
 * first (the busiest requests, and no other route's path is one of theirs), then the rest.
 * Each entry is a route file's RouteModule; app.ts registers them in one loop. (`GET /metrics`
 * is the app's own: it answers before the customer pipeline, routes/metrics.ts.)
 */
import { registerBatchRoutes } from './batches.ts';
import { registerConsoleRoutes } from './console.ts';
import { registerDocsRoutes } from './docs.ts';
import { registerHealthRoutes } from './health.ts';
import { registerHistoryRoutes } from './history.ts';
import { registerJobRoutes } from './jobs.ts';
import type { RouteModule } from './route.ts';
import { registerSearchRoutes } from './search.ts';
import { registerWatchRoutes } from './watches.ts';
import { registerWebhookRoutes } from './webhooks.ts';

/** The routes of a search and its job, the docs, the console and the probes: what every api (and every test stack) serves. */
export const BASE_ROUTES: readonly RouteModule[] = [registerSearchRoutes, registerHealthRoutes, registerDocsRoutes, registerConsoleRoutes, registerJobRoutes];

/** Every route of a production api: the base routes, batches, webhook endpoints, watches and the sold history. */
export const API_ROUTES: readonly RouteModule[] = [...BASE_ROUTES, registerBatchRoutes, registerWebhookRoutes, registerWatchRoutes, registerHistoryRoutes];
