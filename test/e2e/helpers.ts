/**
 * @module e2e/helpers
 * What the marketplace end-to-end tests share. Every search goes over HTTP through the whole
 * service: api → queue → worker → real adapter → production HTTP client → the marketplace's
 * simulator, with a sandbox key. Helpers here submit and settle searches, check failed jobs
 * cost nothing, record what a simulator was asked, and check rows against the field types
 * of interface 2.4 / 2.5.
 */
import { signCursor, type CursorPayload, type Token } from '@listings/contract';
import type { Marketplace, SimRequest, SimResponse, Simulator } from '@listings/marketplaces';
import { settle, type Stack } from '../support/stack.ts';
import { expectJudged } from '../support/comps.ts';

/** Short timeouts so faults settle in about a second (hang) and retries come quickly. */
export const E2E_ENV = { HTTP_TIMEOUT_MS: '1000', JOB_BACKOFF_MS: '20', JOB_ATTEMPTS: '2' };

export type Envelope = Record<string, unknown> & {
  request_id: string;
  status: string;
  credits: number;
  cached: boolean;
  error?: { code: string; message: string };
  result?: Result;
};
export type Result = Record<string, unknown> & { data: Row[]; next_page: number | null; next_cursor: string | null; page: number; page_size: number; count: number };
export type Row = Record<string, unknown> & { id: string };

/** A request a simulator received and what it answered (a fault the server renders itself is not seen). */
export interface Exchange {
  req: SimRequest;
  res: SimResponse;
}

/**
 * The registry with one marketplace's simulator wrapped to record every request it is sent
 * (path, query, headers, body) and its answer, and the simulator itself for its test hooks.
 * The adapter itself is untouched.
 */
export function recordingSimulator<M extends Readonly<Record<Token, Marketplace>>>(marketplaces: M, token: Token): { marketplaces: M; seen: SimRequest[]; answered: Exchange[]; created: Simulator[] } {
  const seen: SimRequest[] = [];
  const answered: Exchange[] = [];
  const created: Simulator[] = [];
  const m = marketplaces[token];
  const wrap = (sim: Simulator): Simulator => (created.push(sim), {
    handle: async (req) => {
      seen.push(req);
      const res = await sim.handle(req);
      answered.push({ req, res });
      return res;
    },
    renderFault: (fault, req) => {
      seen.push(req);
      return sim.renderFault(fault, req);
    },
  });
  return { marketplaces: { ...marketplaces, [token]: { ...m, createSimulator: () => wrap(m.createSimulator()) } }, seen, answered, created };
}

/** Sends a search; returns the HTTP status and the parsed body. */
export async function submit(stack: Stack, key: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await stack.get(path, key);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Sends a search that must be accepted (202 pending, or 200 from the cache) and waits until it settles. */
export async function run(stack: Stack, key: string, path: string): Promise<Envelope> {
  const { status, body } = await submit(stack, key, path);
  if (status !== 202 && status !== 200) throw new Error(`${path} answered ${status}: ${JSON.stringify(body)}`);
  if (status === 200) return body as Envelope;
  return (await settle(stack, key, body.request_id as string)) as Envelope;
}

/** Sends a search that must complete; returns its result. */
export async function complete(stack: Stack, key: string, path: string): Promise<Result> {
  const env = await run(stack, key, path);
  if (env.status !== 'complete') throw new Error(`${path} settled ${env.status}: ${JSON.stringify(env.error ?? env)}`);
  expect(env.credits).toBe(1);
  return env.result!;
}

/** A search that must fail with `code`, charge 0 credits and leave the account's usage as it was. */
export async function expectFailsFree(stack: Stack, account: string, key: string, path: string, code: string): Promise<Envelope> {
  const before = await stack.services.store.usage(account, 'sandbox');
  const env = await run(stack, key, path);
  expect({ status: env.status, credits: env.credits, code: env.error?.code }).toEqual({ status: 'failed', credits: 0, code });
  expect(env.result).toBeUndefined();
  const after = await stack.services.store.usage(account, 'sandbox');
  expect(after).toEqual({ ...before, pending: 0 });
  // Polling the failed job again answers the same, still free.
  const again = (await (await stack.get(`/v1/jobs/${env.request_id}`, key)).json()) as Envelope;
  expect(again).toMatchObject({ status: 'failed', credits: 0, error: { code } });
  return env;
}

/** A search refused at the door: 422 unsupported_or_invalid_query naming `param`. Nothing recorded. */
export async function expectInvalid(stack: Stack, key: string, path: string, param: string): Promise<string> {
  const { status, body } = await submit(stack, key, path);
  const error = body.error as { code: string; param?: string; message: string } | undefined;
  expect({ status, code: error?.code, param: error?.param }).toEqual({ status: 422, code: 'unsupported_or_invalid_query', param });
  expect(typeof error?.message).toBe('string');
  return error!.message;
}

/** The payload of a signed cursor (it is base64url JSON before the signature). */
export function cursorPayload(cursor: string): CursorPayload {
  return JSON.parse(Buffer.from(cursor.slice(0, cursor.indexOf('.')), 'base64url').toString('utf8')) as CursorPayload;
}

/**
 * A cursor the core accepts (signed with the stack's secret, bound to the same search and
 * page) whose marketplace continuation token is `token`: a token the marketplace no longer
 * honours, as a refused or expired one would be.
 */
export function resignedWithToken(stack: Stack, cursor: string, token: string): string {
  return signCursor(stack.config.cursorSecret, { ...cursorPayload(cursor), t: token });
}

/** One character of the cursor's payload changed, signature kept. */
export function altered(cursor: string): string {
  const i = Math.floor(cursor.indexOf('.') / 2);
  return cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
}

/** Kinds of value a row field may hold; a trailing `?` admits null (`one of a|b?`: a, b or null). */
export type FieldKind =
  | 'string' | 'string?' | 'url' | 'url?' | 'price' | 'price?' | 'date?' | 'iso?' | 'utc?' | 'boolean' | 'boolean?'
  | 'integer?' | 'strings' | 'null' | `one of ${string}`;

function kindOk(kind: FieldKind, v: unknown): boolean {
  const nullable = kind.endsWith('?');
  if (v === null) return nullable || kind === 'null';
  const base = kind.replace(/\?$/u, '');
  switch (base) {
    case 'null':
      return false;
    case 'string':
      return typeof v === 'string' && v.length > 0;
    case 'url':
      return typeof v === 'string' && /^https?:\/\/[^\s]+$/u.test(v) && URL.canParse(v);
    case 'price': {
      const p = v as { amount?: unknown; currency?: unknown };
      return typeof v === 'object' && Object.keys(v as object).join() === 'amount,currency' && typeof p.amount === 'number' && Number.isFinite(p.amount) && p.amount >= 0 && p.currency === 'USD';
    }
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
    case 'iso':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/u.test(v) && !Number.isNaN(Date.parse(v));
    case 'utc':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/u.test(v) && !Number.isNaN(Date.parse(v));
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return Number.isInteger(v) && (v as number) >= 0;
    case 'strings':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
    default:
      if (base.startsWith('one of ')) return base.slice(7).split('|').includes(String(v));
      return false;
  }
}

/** The judgement of comps that closes every settled row, after the route's own fields. */
const JUDGEMENT_SHAPE: Readonly<Record<string, FieldKind>> = { comp_kind: 'one of item|accessory|lot|parts|other', comp_reasons: 'strings' };

/**
 * Every row has exactly the fields of `shape`, in that order, then `comp_kind` and
 * `comp_reasons`, each of its kind; the offending fields are reported together.
 */
export function expectRows(rows: readonly Row[], routeShape: Readonly<Record<string, FieldKind>>): void {
  const shape = { ...routeShape, ...JUDGEMENT_SHAPE };
  const names = Object.keys(shape);
  const bad: string[] = [];
  for (const row of rows) {
    if (Object.keys(row).join() !== names.join()) bad.push(`${row.id}: fields ${Object.keys(row).join()}`);
    for (const [name, kind] of Object.entries(shape)) if (!kindOk(kind, row[name])) bad.push(`${row.id}: ${name}=${JSON.stringify(row[name])} is not ${kind}`);
  }
  expect(bad.slice(0, 10)).toEqual([]);
}

/** The fields every result has, in the documented order, then the route's extras. */
export const RESULT_FIELDS = ['provider', 'country', 'query', 'page', 'page_size', 'count', 'reported_total', 'next_page', 'next_cursor', 'collected_at', 'schema_version', 'completeness', 'field_notes'];

/** Checks the result's envelope fields for a page of `token`, and its judgement of comps (support/comps.ts). */
export function expectResult(result: Result, token: Token, q: string, page: number, extras: readonly string[] = []): void {
  expect(Object.keys(result)).toEqual([...RESULT_FIELDS, ...extras, 'data', 'comp_version', 'comps']);
  expectJudged(result);
  expect(result).toMatchObject({ provider: token, country: 'us', query: q, page, completeness: 'provider_page_only', count: result.data.length });
  expect(Number.isInteger(result.page_size) && result.page_size >= result.count).toBe(true);
  expect(result.reported_total === null || Number.isInteger(result.reported_total)).toBe(true);
  expect(typeof result.field_notes).toBe('string');
  expect(Math.abs(Date.now() - Date.parse(result.collected_at as string))).toBeLessThan(60_000);
  if (result.next_page !== null) expect(result.next_page).toBe(page + 1);
}

/** IDs, with the ones seen more than once. */
export function repeats(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}

/** The seven shared fault switches and the failed-job code each ends in (collection-errors.ts). */
export const FAULT_OUTCOMES = [
  ['bot_wall', 'upstream_blocked'],
  ['login_wall', 'upstream_blocked'],
  ['http_429', 'upstream_error'],
  ['http_5xx', 'upstream_error'],
  ['truncated', 'upstream_error'],
  ['layout_changed', 'upstream_error'],
  ['hang', 'upstream_timeout'],
] as const;

/** The path of the page after `result` of the search at `path` (page 1's path). */
export function nextPath(path: string, result: Result): string {
  return `${path}&page=${result.next_page}&cursor=${encodeURIComponent(result.next_cursor!)}`;
}

/**
 * Follows a cursor search from page 1 through `next_page` + `next_cursor`, as a client does,
 * for at most `maxPages` pages or until both are null. Each page is checked to continue the
 * previous one (page numbers, a cursor exactly when there is a next page).
 */
export async function follow(stack: Stack, key: string, path: string, maxPages = 100): Promise<Result[]> {
  const pages: Result[] = [];
  let url = path;
  for (let page = 1; page <= maxPages; page++) {
    const result = await complete(stack, key, url);
    expect(result.page).toBe(page);
    expect(result.next_cursor === null).toBe(result.next_page === null);
    pages.push(result);
    if (result.next_page === null) break;
    url = nextPath(path, result);
  }
  return pages;
}

/** The ids of rows, in order. */
export const ids = (rows: readonly { id: string }[]): string[] => rows.map((r) => r.id);

/** Every row of several pages, in order. */
export const allRows = (pages: readonly Result[]): Row[] => pages.flatMap((p) => p.data);
