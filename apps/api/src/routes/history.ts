/**
 * @module history (route)
 * `GET /v1/history/{marketplace}/sold` for the marketplaces with a sold route (mkt_a, mkt_b,
 * mkt_c); any other marketplace's path is 404 `not_found`, like any unknown path. The key is
 * checked and the call counted first (401, 403, 429 before 422), as on every other route.
 */
import type { Request, Response } from 'express';
import { HISTORY_MARKETPLACES } from '@listings/history';
import { historyRead, HISTORY_PARAMS, parseHistoryInput } from '../services/history.ts';
import { allowMethods, fixedParams } from './query.ts';
import type { RouteModule } from './route.ts';
import { sendJson } from './send.ts';

export const registerHistoryRoutes: RouteModule = (app, services, auth) => {
  for (const marketplace of HISTORY_MARKETPLACES) {
    app.all(`/v1/history/${marketplace}/sold`, allowMethods('GET'), auth, async (req: Request, res: Response) => {
      const input = parseHistoryInput(marketplace, fixedParams(req, HISTORY_PARAMS), services.config.historyRetentionDays);
      const body = await historyRead(services, req.caller!, input, req.log);
      sendJson(res, 200, JSON.stringify(body));
    });
  }
};
