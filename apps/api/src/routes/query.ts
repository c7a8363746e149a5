/**
 * @module query
 * Raw query-string access shared by the routes: the documented 2,048-character limit and
 * name/value pairs with repeats kept (so repeats can be refused).
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError, queryPairs } from '@listings/contract';

export const MAX_QUERY_LENGTH = 2048;

export function rawQuery(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i + 1);
}

/** 414 uri_too_long for a query string over 2,048 characters, on every path (app.ts, before the routes). */
export function limitQueryLength(req: Request): void {
  const i = req.url.indexOf('?');
  if (i >= 0 && req.url.length - i - 1 > MAX_QUERY_LENGTH) throw new ApiError('uri_too_long');
}

/** Pairs of a small fixed parameter set (jobs, batches): unknown → 422, repeated → 422. */
export function fixedParams(req: Request, allowed: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of queryPairs(rawQuery(req.url))) {
    if (!allowed.includes(name)) throw new ApiError('unsupported_or_invalid_query', { param: name, message: `Unknown parameter ${JSON.stringify(name.slice(0, 64))}.` });
    if (out.has(name)) throw new ApiError('duplicate_parameter', { param: name, message: `${name} was sent more than once.` });
    out.set(name, value);
  }
  return out;
}

/** `wait`: a whole number 0-20 (422 invalid_wait otherwise). */
export function parseWait(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (!/^[0-9]{1,2}$/u.test(raw) || Number(raw) > 20) throw new ApiError('invalid_wait', { param: 'wait' });
  return Number(raw);
}

/** `format`: only `csv`. */
export function parseFormat(raw: string | undefined): 'json' | 'csv' {
  if (raw === undefined) return 'json';
  if (raw !== 'csv') throw new ApiError('unsupported_or_invalid_query', { param: 'format', message: 'format must be csv.' });
  return 'csv';
}

/** 405 method_not_allowed, with the methods the route supports in `Allow`. */
function refuseMethod(res: Response, methods: readonly string[]): never {
  res.setHeader('Allow', methods.join(', '));
  throw new ApiError('method_not_allowed', { message: `Only ${methods.join(', ')} is supported on this route.` });
}

/**
 * Rejects methods other than those listed with 405 method_not_allowed (`Allow` names them):
 * the one way every route of the api and its probes refuses a method.
 */
export function allowMethods(...methods: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!methods.includes(req.method)) refuseMethod(res, methods);
    next();
  };
}
