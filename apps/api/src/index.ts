/**
 * @module @listings/api
 * The api app for tests, benchmarks and the local start script.
 */
export { createApp, type RouteModule } from './app.ts';
export { createServices, type Services } from './services.ts';
export { listen, type Listening } from './server.ts';
export { replayRetryAfter } from './services/submit-search.ts';
export { registerWatchRoutes } from './routes/watches.ts';
