/**
 * @module @listings/api
 * The api app for tests, benchmarks and the local start script.
 */
export { createApp, type RouteModule } from './app.ts';
export { createServices, type Services } from './composition-root.ts';
export { API_ROUTES, BASE_ROUTES } from './routes/index.ts';
export { listen, type Listening } from './server.ts';
export { replayRetryAfter } from './services/submit-search.ts';
export { registerWatchRoutes } from './routes/watches.ts';
export { registerHistoryRoutes } from './routes/history.ts';
