/**
 * @module auth
 * Authentication (interface section 5), browser origins and the rate limit, on the HTTP side:
 * the key read from `Authorization`, what the key check found (services/authenticate.ts)
 * turned into the answer's RateLimit and CORS headers and the refusals (401, 403, 429), and
 * the caller put on the request. Every authenticated response carries the RateLimit headers.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError, RATE_LIMIT } from '@listings/contract';
import { isApiKeyShape, type AuthOutcome } from '@listings/store';
import type { Services } from '../composition-root.ts';
import { callerOf, checkKey, type Caller } from '../services/authenticate.ts';

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

/** RFC 7235: the scheme is case-insensitive; the key itself is checked case-sensitively. */
const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([!-~]+)$/u;

const RATE_POLICY = `"minute";q=${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`;
const RATE_LIMIT_TEXT = String(RATE_LIMIT.limit);

function rateHeaders(res: Response, remaining: number, resetMs: number): void {
  const t = Math.max(0, Math.ceil(resetMs / 1000));
  res.setHeader('RateLimit-Policy', RATE_POLICY);
  res.setHeader('RateLimit', `"minute";r=${remaining};t=${t}`);
  res.setHeader('X-RateLimit-Limit', RATE_LIMIT_TEXT);
  res.setHeader('X-RateLimit-Remaining', String(remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil((Date.now() + resetMs) / 1000)));
}

/**
 * Node keeps only the first of several Authorization headers; a proxy may keep the last. Two
 * credentials in one request are one malformed credential, refused rather than guessed.
 */
function singleAuthorization(req: Request): string | undefined {
  let seen = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'authorization') seen++;
  return seen === 1 ? req.headers.authorization : undefined;
}

/**
 * The service's own origin (the console at /console) may call it for every account; any other
 * origin needs the account's allow-list. Same-origin GETs carry no Origin; POSTs do.
 */
function isOwnOrigin(req: Request, origin: string): boolean {
  return origin === `${req.protocol}://${req.host}`;
}

/** The API key of a request (`Authorization: Bearer <key>`, once); 401 invalid_api_key otherwise. */
export function bearerKey(req: Request): string {
  const header = singleAuthorization(req);
  const m = header ? BEARER.exec(header) : null;
  if (!m || !isApiKeyShape(m[1]!)) throw new ApiError('invalid_api_key');
  return m[1]!;
}

/**
 * Whether a request can be authenticated inside the script that records it (the search
 * routes' one round trip): only when its origin, if any, is allowed for every account, since
 * an origin refused by the account's allow-list must be answered before anything is recorded.
 */
export function originFreeForAll(req: Request): boolean {
  const origin = req.headers.origin;
  return origin === undefined || isOwnOrigin(req, origin);
}

/**
 * Applies what the key check found: the refusals (401, 403, 429), the RateLimit headers, the
 * origin's CORS headers, and the caller on the request.
 */
export function applyAuth(req: Request, res: Response, auth: AuthOutcome): Caller {
  if (auth.kind === 'invalid') throw new ApiError('invalid_api_key');
  if (auth.kind === 'suspended') throw new ApiError('account_suspended');
  rateHeaders(res, auth.remaining, auth.resetMs);
  // An account whose webhook endpoint was disabled hears of it on every answer until fixed.
  if (auth.warning !== null) res.setHeader('Listings-Warning', auth.warning);
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!auth.origins.includes(origin) && !isOwnOrigin(req, origin)) throw new ApiError('origin_not_allowed');
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Location, Retry-After, RateLimit, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Idempotent-Replayed, Listings-Warning, Listings-Retryable, Listings-Recorded');
  }
  if (auth.kind === 'limited') throw new ApiError('rate_limited', { retryAfter: Math.max(1, Math.ceil(auth.resetMs / 1000)) });
  req.caller = callerOf(auth);
  return req.caller;
}

/** Checks the request's key and counts the call (one Redis round trip). */
export async function authenticateRequest(services: Services, req: Request, res: Response): Promise<Caller> {
  return applyAuth(req, res, await checkKey(services, bearerKey(req)));
}

export function authenticate(services: Services) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    await authenticateRequest(services, req, res);
    next();
  };
}
