/**
 * @module search
 * The seven search routes (interface 4.1-4.5): GET only, one handler for all, the route's
 * parameter table from the contract package. The key is checked inside the script that records
 * the search (one Redis round trip), or alone first when the input is refused or the request
 * comes from an origin the account must allow.
 */
import type { Request, Response } from 'express';
import { queryPairs, ROUTES } from '@listings/contract';
import { answerOneTrip, idempotencyKeyHash, parseSearch, parseSearchQuery, searchInOneTrip, submitSearch, type ParsedSearch } from '../services/submit-search.ts';
import { applyAuth, authenticateRequest, bearerKey, originFreeForAll } from '../middleware/auth.ts';
import { allowMethods, rawQuery } from './query.ts';
import type { RouteModule } from './route.ts';
import { sendReply } from './send.ts';

export const registerSearchRoutes: RouteModule = (app, services) => {
  for (const route of ROUTES) {
    app.all(`/v1/${route.id}`, allowMethods('GET'), async (req: Request, res: Response) => {
      const key = bearerKey(req);
      if (!originFreeForAll(req)) {
        // An origin the account must allow is checked before anything is recorded: two steps.
        await authenticateRequest(services, req, res);
        const idem = idempotencyKeyHash(req.headers['idempotency-key']);
        const search = parseSearch(services, route, queryPairs(rawQuery(req.url)));
        sendReply(res, await submitSearch(services, req.caller!, search, idem));
        return;
      }
      let idem: string | null;
      let search: ParsedSearch;
      try {
        idem = idempotencyKeyHash(req.headers['idempotency-key']);
        search = parseSearchQuery(services, route, rawQuery(req.url));
      } catch (err) {
        // A refused input still counts as a call, and a refused key comes first (401, 403, 429):
        // the key is checked alone, then the input's error answered.
        await authenticateRequest(services, req, res);
        throw err;
      }
      // Key check, rate limit, idempotency, quota, cache and charge: one round trip; then the
      // key check's headers and refusals, then the search's answer.
      const trip = await searchInOneTrip(services, key, search, idem);
      const caller = applyAuth(req, res, trip.auth);
      sendReply(res, await answerOneTrip(services, caller, search.search, idem, trip));
    });
  }
};
