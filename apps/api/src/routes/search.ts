/**
 * @module search
 * The seven search routes (interface 4.1-4.5): GET only, one handler for all, the route's
 * parameter table from the contract package. The handler reads the call off the request,
 * hands it to the one use case (services/submit-search.ts submitSearch, which checks the key,
 * records the search and answers it) and writes its answer: `searchReply` is the one place a
 * search's status, headers and body are chosen. Refusals are thrown and answered by the
 * error handler, as on every route.
 */
import type { Request, Response } from 'express';
import { ROUTES } from '@listings/contract';
import { completeEnvelope, envelopeOf, pendingEnvelope, pollPath, type Reply } from '../services/envelope.ts';
import { submitSearch, type SearchAnswer, type SearchRequest } from '../services/submit-search.ts';
import { applyAuth, bearerKey, originFreeForAll } from '../middleware/auth.ts';
import { allowMethods, rawQuery } from './query.ts';
import type { RouteModule } from './route.ts';
import { sendReply } from './send.ts';

const REPLAYED: Readonly<Record<string, string>> = { 'Idempotent-Replayed': 'true' };
const NONE: Readonly<Record<string, string>> = {};

/**
 * A search's answer as HTTP: 200 complete (from the cache, or a job recorded before), 202
 * pending with `Location` (where to poll) and `Retry-After: 2`, 503 for a job recorded before
 * that failed. `Idempotent-Replayed: true` on an Idempotency-Key's replay.
 */
function searchReply(answer: SearchAnswer): Reply {
  if (answer.kind === 'cached') return { status: 200, body: completeEnvelope(answer.jobId, true, answer.resultJson), headers: {} };
  const replayed = answer.replayed ? REPLAYED : NONE;
  switch (answer.kind) {
    case 'pending':
      return { status: 202, body: pendingEnvelope(answer.jobId), headers: { ...replayed, Location: pollPath(answer.jobId), 'Retry-After': '2' } };
    case 'failed':
      // The contract gives every 503 a Retry-After (decisions.md: the replay of a failed search
      // too); where waiting cannot help, Listings-Retryable: no says so, and the figure is the
      // replay's own (2 s), not an invitation to the same search.
      return {
        status: 503,
        body: envelopeOf(answer.job, null),
        headers: answer.retryAfter === null ? { ...replayed, 'Retry-After': '2', 'Listings-Retryable': 'no' } : { ...replayed, 'Retry-After': String(answer.retryAfter) },
      };
    case 'complete':
      return { status: 200, body: envelopeOf(answer.job, answer.resultJson), headers: { ...replayed } };
  }
}

/** The search call a request makes: its key (401 when malformed, before anything else), query, Idempotency-Key, origin. */
function searchRequest(req: Request): SearchRequest {
  return { key: bearerKey(req), query: rawQuery(req.url), idempotencyKey: req.headers['idempotency-key'], keyFirst: !originFreeForAll(req) };
}

export const registerSearchRoutes: RouteModule = (app, services) => {
  for (const route of ROUTES) {
    app.all(`/v1/${route.id}`, allowMethods('GET'), async (req: Request, res: Response) => {
      const answer = await submitSearch(services, route, searchRequest(req), (auth) => applyAuth(req, res, auth));
      sendReply(res, searchReply(answer));
    });
  }
};
