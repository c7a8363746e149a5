/**
 * Property test over real HTTP: random bodies for creating and changing watches (the real
 * field names, rule names and search parameters mixed with wrong types, huge and unicode text,
 * nulls, nesting), random ids and methods. Every answer is 201/200/204 with a watch, or an
 * error body of the one table with that code's status and X-Request-Id. Never a 500.
 */
import fc from 'fast-check';
import { API_ERRORS, PARAM_TABLES, ROUTES } from '@listings/contract';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
let keys: string[] = [];
let watchId = '';
/** One watch per key (each account has its own rate limit). */
let watchIds: string[] = [];

beforeAll(async () => {
  // No worker: nothing runs; plan limits high enough for what the property creates.
  stack = await startStack({ modules: [registerWatchRoutes], noWorker: true, env: { PLAN_WATCH_LIMITS: 'scale=100000', WATCH_SANDBOX_MIN_SECONDS: '60' } });
  keys = await Promise.all(Array.from({ length: 8 }, async () => (await stack.newKey({ plan: 'scale' })).key));
  watchIds = await Promise.all(keys.map(async (key) => {
    const r = await fetch(`${stack.url}/v1/watches`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ search: { endpoint: 'mkt_a/sold', q: 'fuzz' } }) });
    return ((await r.json()) as { id: string }).id;
  }));
  watchId = watchIds[1]!;
});
afterAll(async () => {
  await stack?.close();
});

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('', ' ', 'x'.repeat(300), '\u0000', '%zz', 'used', 'new', 'best_deal', '94103', 'we_abc'));
const scalar = fc.oneof(text, fc.integer({ min: -10, max: 2_000_000 }), fc.double({ noNaN: false }), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 25 }), fc.dictionary(text, scalar, { maxKeys: 3 }));
const paramNames = [...new Set(Object.values(PARAM_TABLES).flatMap((t) => t.map((p) => p.name)))];
const search = fc.record({
  endpoint: fc.oneof(fc.constantFrom(...ROUTES.map((r) => r.id), 'mkt_c/listings', 'nope'), scalar),
  q: fc.oneof(text, scalar),
  extra: fc.dictionary(fc.constantFrom(...paramNames, 'pages', 'cursor', 'foo'), value, { maxKeys: 4 }),
}, { requiredKeys: [] }).map(({ extra, ...rest }) => ({ ...rest, ...extra }));
const kinds = fc.array(fc.constantFrom('item', 'accessory', 'lot', 'parts', 'other', 'Item', 'case'), { maxLength: 6 });
const rules = fc.dictionary(fc.constantFrom('min_price', 'max_price', 'conditions', 'include_words', 'exclude_words', 'kinds', 'max'), fc.oneof(value, kinds), { maxKeys: 4 });
const body = fc.oneof(
  fc.record({
    search: fc.oneof(search, value),
    schedule: fc.oneof(fc.record({ every_seconds: fc.oneof(fc.integer({ min: -5, max: 100_000 }), scalar) }), value),
    rules: fc.oneof(rules, value),
    webhook_endpoint_id: value,
    notify_on_first_run: value,
    name: value,
    status: value,
    other: value,
  }, { requiredKeys: [] }),
  value,
);

function checkAnswer(status: number, headers: Headers, text: string): void {
  expect(headers.get('x-request-id')).toBeTruthy();
  expect(status).not.toBe(500);
  if (status === 204) return;
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (status === 200 || status === 201) {
    expect(typeof parsed.id === 'string' || Array.isArray(parsed.data)).toBe(true);
    return;
  }
  const code = (parsed.error as { code: keyof typeof API_ERRORS }).code;
  expect(API_ERRORS[code]).toBeDefined();
  expect(API_ERRORS[code].status).toBe(status);
}

test('random create and change bodies never answer 500, and every error is of the table', async () => {
  let n = 0;
  await fc.assert(fc.asyncProperty(body, fc.constantFrom('POST', 'PATCH'), fc.boolean(), async (b, method, raw) => {
    const i = n++ % keys.length;
    const path = method === 'POST' ? '/v1/watches' : `/v1/watches/${watchIds[i]!}`;
    const r = await fetch(`${stack.url}${path}`, {
      method, headers: { authorization: `Bearer ${keys[i]!}`, 'content-type': 'application/json' },
      body: raw ? JSON.stringify(b).slice(0, Math.max(1, JSON.stringify(b).length - 1)) : JSON.stringify(b),
    });
    checkAnswer(r.status, r.headers, await r.text());
  }), { numRuns: 150 });
}, 120_000);

test('random ids and methods on the watch paths answer 404, 405 or the watch, never 500', async () => {
  await fc.assert(fc.asyncProperty(
    fc.oneof(fc.constant(watchId), fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)), fc.constant(`wat_${'a'.repeat(22)}`)),
    fc.constantFrom('', '/runs', '/x'),
    fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    async (id, tail, method) => {
      // DELETE only on ids that are not the shared watch.
      if (method === 'DELETE' && id === watchId) return;
      const r = await fetch(`${stack.url}/v1/watches/${id}${tail}`, { method, headers: { authorization: `Bearer ${keys[1]}`, 'content-type': 'application/json' }, body: ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined });
      checkAnswer(r.status, r.headers, await r.text());
    },
  ), { numRuns: 100 });
}, 120_000);
