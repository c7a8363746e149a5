/**
 * @module search
 * The seven search routes (interface 4.1-4.5): GET only, one handler for all, the route's
 * parameter table from the contract package.
 */
import type { Express, Request, Response } from 'express';
import { queryPairs, ROUTES } from '@listings/contract';
import type { Services } from '../services.ts';
import { idempotencyKeyHash, parseSearch, submitSearch } from '../services/submit-search.ts';
import type { authenticate } from '../middleware/auth.ts';
import { allowMethods, rawQuery } from './query.ts';
import { sendReply } from './send.ts';

export function registerSearchRoutes(app: Express, services: Services, auth: ReturnType<typeof authenticate>): void {
  for (const route of ROUTES) {
    app.all(`/v1/${route.id}`, allowMethods('GET'), auth, async (req: Request, res: Response) => {
      const idem = idempotencyKeyHash(req.headers['idempotency-key']);
      const search = parseSearch(services, route, queryPairs(rawQuery(req.url)));
      sendReply(res, await submitSearch(services, req.caller!, search, idem));
    });
  }
}
