/**
 * @module validate
 * Turns a route's raw inputs (query-string pairs, or a batch search's fields rendered as
 * strings) into a normalized Search, or throws the documented ApiError. Order of checks:
 * `sort=best_deal`, unknown names, repeats, value syntax, ranges (ajv), cross-field rules,
 * cursor rules.
 */
import { Buffer } from 'node:buffer';
import { verifyCursor } from './cursor.ts';
import { ApiError } from './errors.ts';
import { normalizeQuery, searchIdentity } from './normalize.ts';
import { paramTable, type ParamSpec, type ParamValue } from './params.ts';
import { routeValidator } from './schema.ts';
import { findRoute, type RouteInfo } from './routes.ts';
import type { Search } from './types.ts';

const INTEGER = /^-?[0-9]{1,16}$/u;
const DECIMAL = /^-?[0-9]{1,16}(\.[0-9]{1,16})?$/u;

function invalid(param: string, message: string): ApiError {
  return new ApiError('unsupported_or_invalid_query', { param, message });
}

function typed(spec: ParamSpec, raw: string): ParamValue {
  switch (spec.type) {
    case 'integer':
    case 'int_enum':
      if (!INTEGER.test(raw)) throw invalid(spec.name, `${spec.name} must be a whole number.`);
      return Number(raw);
    case 'number': {
      if (!DECIMAL.test(raw)) throw invalid(spec.name, `${spec.name} must be a decimal number.`);
      const f = 10 ** spec.decimals;
      return Math.round(Number(raw) * f) / f;
    }
    case 'enum_list':
    case 'id_list':
      return raw.split(',');
    default:
      return raw;
  }
}

function describe(spec: ParamSpec): string {
  switch (spec.type) {
    case 'string':
      return `${spec.name} must be ${spec.minLength}-${spec.maxLength} characters${spec.pattern ? ` matching ${spec.pattern}` : ''}.`;
    case 'integer':
    case 'number':
      return `${spec.name} must be from ${spec.minimum} to ${spec.maximum}.`;
    case 'enum':
      return `${spec.name} must be one of ${spec.values.join(', ')}.`;
    case 'int_enum':
      return `${spec.name} must be one of ${spec.values.join(', ')}.`;
    case 'enum_list':
      return `${spec.name} must be a comma-separated list of unique values from ${spec.values.join(', ')}.`;
    case 'id_list':
      return `${spec.name} must be a comma-separated list of unique identifiers.`;
    case 'cursor':
      return 'cursor is malformed.';
  }
}

export interface ValidateOptions {
  /** Secret that signs cursors; needed on cursor routes. */
  cursorSecret: string;
}

/**
 * Validates the inputs of one search. `pairs` are name/value pairs in the order sent
 * (repeats included, so they can be refused).
 */
export function validateSearch(route: RouteInfo, pairs: ReadonlyArray<readonly [string, string]>, opts: ValidateOptions): Search {
  const table = paramTable(route.id);
  const specs = new Map(table.map((s) => [s.name, s]));

  for (const [name, value] of pairs) {
    if (name === 'sort' && value === 'best_deal') throw new ApiError('sort_not_implemented', { param: 'sort' });
  }
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (!specs.has(name)) throw invalid(name, `Unknown parameter ${JSON.stringify(name.slice(0, 64))} on ${route.id}.`);
    if (seen.has(name)) throw new ApiError('duplicate_parameter', { param: name, message: `${name} was sent more than once.` });
    seen.add(name);
  }

  const input: Record<string, ParamValue> = {};
  for (const [name, raw] of pairs) input[name] = typed(specs.get(name)!, raw);

  const validator = routeValidator(route.id);
  if (!validator(input)) {
    const err = validator.errors?.[0];
    const name = err?.instancePath.split('/')[1] ?? (err?.params as { missingProperty?: string } | undefined)?.missingProperty ?? 'q';
    const spec = specs.get(name);
    throw invalid(name, spec ? describe(spec) : `${name} is invalid.`);
  }

  const rawQ = input.q as string;
  // Lone surrogates (a JSON body's "\ud800") are not text either.
  if (!rawQ.isWellFormed()) throw invalid('q', 'q is not valid Unicode text.');
  const q = normalizeQuery(rawQ);
  if (q.length === 0) throw invalid('q', 'q must contain at least one non-space character.');
  const min = input.min_price as number | undefined;
  const max = input.max_price as number | undefined;
  if (min !== undefined && max !== undefined && min > max) throw invalid('min_price', 'min_price must not exceed max_price.');

  const params: Record<string, ParamValue> = {};
  for (const spec of table) {
    if (['q', 'page', 'marketplace', 'country', 'cursor'].includes(spec.name)) continue;
    const v = input[spec.name];
    if (v !== undefined) params[spec.name] = Array.isArray(v) ? [...v].sort() : v;
    else if ('default' in spec && spec.default !== undefined) params[spec.name] = spec.default;
  }
  const page = (input.page as number | undefined) ?? 1;
  const cursor = (input.cursor as string | undefined) ?? null;
  const search: Search = { route: route.id, token: route.token, kind: route.kind, q, page, params, cursor };

  if (route.cursorPaging) checkCursor(search, opts.cursorSecret);
  return search;
}

function checkCursor(search: Search, secret: string): void {
  if (search.page === 1) {
    if (search.cursor !== null) throw invalid('cursor', 'Omit cursor on page 1.');
    return;
  }
  if (search.cursor === null) throw invalid('cursor', `Page ${search.page} needs the previous page's next_cursor.`);
  const payload = verifyCursor(secret, search.cursor);
  if (!payload) throw invalid('cursor', 'cursor is malformed or was altered.');
  if (payload.r !== search.route || payload.h !== searchIdentity(search)) {
    throw invalid('cursor', 'cursor belongs to another search; keep every other parameter unchanged.');
  }
  if (payload.p !== search.page) throw invalid('page', `This cursor continues to page ${payload.p}; send page=${payload.p}.`);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
const HEX = /^[0-9A-Fa-f]{2}$/u;

/**
 * One form-encoded component, decoded strictly: `+` is a space, `%XX` a byte, and the bytes
 * must be UTF-8. Null when they are not (`%C0%AF`, `%ED%A0%80`, `%FF`): such a value is never
 * searched as replacement characters. A `%` not followed by two hex digits stays as it is, as
 * browsers and URLSearchParams read it.
 */
export function decodeFormComponent(raw: string): string | null {
  const s = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!s.includes('%')) return s.isWellFormed() ? s : null;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && HEX.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of Buffer.from(String.fromCodePoint(cp), 'utf8')) bytes.push(b);
    }
  }
  try {
    return STRICT_UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/**
 * Splits a raw query string into name/value pairs, decoding as browsers encode forms, with
 * repeats kept. A name or value that is not UTF-8 once decoded is refused: 422
 * `unsupported_or_invalid_query` naming the parameter.
 */
export function queryPairs(rawQuery: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const name = decodeFormComponent(rawName);
    if (name === null) throw invalid(rawName.slice(0, 64), 'A parameter name is not valid UTF-8 once percent-decoded.');
    const value = decodeFormComponent(eq < 0 ? '' : part.slice(eq + 1));
    if (value === null) throw invalid(name.slice(0, 64), `${name.slice(0, 64)} is not valid UTF-8 once percent-decoded (send text as UTF-8, percent-encoded).`);
    out.push([name, value]);
  }
  return out;
}

/** Names a Search keeps outside `params`. */
const OUTSIDE_PARAMS = new Set(['q', 'page', 'marketplace', 'country', 'cursor']);

function malformed(why: string): Error {
  return new Error(`stored search is malformed: ${why}`);
}

/**
 * A Search read back from its JSON (what the api stored with a collection), checked against
 * its route's parameter table as validateSearch made it: a known route whose token and kind
 * match, `q` normalized and within its bounds, the page, every parameter of the route with
 * its type and range (lists as arrays), no other field, the cursor a string or null. Throws
 * an Error saying what is wrong; the cursor's signature is the reader's to check.
 */
export function readStoredSearch(json: string): Search {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw malformed('not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed('not an object');
  const s = value as Record<string, unknown>;
  const extra = Object.keys(s).filter((k) => !['route', 'token', 'kind', 'q', 'page', 'params', 'cursor'].includes(k));
  if (extra.length > 0) throw malformed(`unknown field ${JSON.stringify(extra[0])}`);
  const route = typeof s.route === 'string' ? findRoute(s.route) : undefined;
  if (!route) throw malformed(`unknown route ${JSON.stringify(s.route)}`);
  if (s.token !== route.token || s.kind !== route.kind) throw malformed(`token and kind are not ${route.id}'s`);
  if (typeof s.q !== 'string' || s.q !== normalizeQuery(s.q) || s.q.length === 0) throw malformed('q is not a normalized query');
  if (typeof s.params !== 'object' || s.params === null || Array.isArray(s.params)) throw malformed('params is not an object');
  const params = s.params as Record<string, unknown>;
  const inside = Object.keys(params).find((k) => OUTSIDE_PARAMS.has(k));
  if (inside !== undefined) throw malformed(`params holds ${inside}`);
  if (s.cursor !== null && typeof s.cursor !== 'string') throw malformed('cursor is neither a string nor null');
  const input = { ...params, q: s.q, page: s.page, ...(s.cursor === null ? {} : { cursor: s.cursor }) };
  const validator = routeValidator(route.id);
  if (!validator(input)) {
    const err = validator.errors?.[0];
    throw malformed(`${err?.instancePath || 'input'} ${err?.message ?? 'is invalid'}`);
  }
  return { route: route.id, token: route.token, kind: route.kind, q: s.q, page: s.page as number, params: params as Search['params'], cursor: s.cursor as string | null };
}
