/**
 * @module route
 * What a route file exports: one function that registers its routes on the app, given the
 * services and the authentication middleware. Every route file has this shape, and the app
 * registers them all in one loop (routes/index.ts lists them).
 */
import type { Express } from 'express';
import type { Services } from '../composition-root.ts';
import type { authenticate } from '../middleware/auth.ts';

export type RouteModule = (app: Express, services: Services, auth: ReturnType<typeof authenticate>) => void;
