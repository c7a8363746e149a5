/**
 * Property test over real HTTP: random query strings (real parameter names and values from
 * the routes' tables mixed with garbage: huge, unicode, %-escapes, repeats), random headers
 * (Authorization variants, Idempotency-Key, Origin) and random paths and methods, thrown at a
 * running api with a worker. Every answer must be a documented status carrying X-Request-Id:
 * an error body whose code is in API_ERRORS with that code's status (never
 * `origin_unavailable` nor `service_unconfigured`, which this service never answers), or a
 * valid job envelope, or one of the public documents. Never a 500.
 */
import fc from 'fast-check';
import { API_ERRORS, decodeFormComponent, JOB_ERRORS, PARAM_TABLES, ROUTES, TOKENS } from '@listings/contract';
import { MARKETPLACES } from '@listings/marketplaces';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { call, poll, submit, type Answer } from '../core/helpers.ts';

let stack: Stack;
interface Keys { good: string[]; live: string; suspended: string; revoked: string; origin: string }
let keys: Keys;
let jobIds: string[] = [];

async function setUpAccounts(): Promise<string[]> {
  const good = await Promise.all(Array.from({ length: 12 }, async () => (await stack.newKey()).key));
  const a = await stack.newKey();
  const live = (await stack.services.accounts.issueKey(a.account, 'live')).secret;
  const s = await stack.newKey();
  await stack.services.accounts.setStatus(s.account, 'suspended');
  const r = await stack.newKey();
  const [k] = await stack.services.accounts.listKeys(r.account);
  await stack.services.accounts.revokeKey(r.account, k!.id);
  const o = await stack.newKey();
  await stack.services.accounts.setOrigins(o.account, ['https://ok.example']);
  keys = { good: [...good, o.key], live, suspended: s.key, revoked: r.key, origin: o.key };
  return good;
}

beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, env: { JOB_ATTEMPTS: '1', HTTP_TIMEOUT_MS: '1000' } });
  const good = await setUpAccounts();
  // Real job ids in every state, so random paths reach real jobs of this and other accounts.
  const done = await submit(stack, good[0]!, '/v1/mkt_a/sold?q=fuzz+seed');
  await poll(stack, good[0]!, done);
  const failed = await submit(stack, good[0]!, '/v1/mkt_a/sold?q=fuzz+seed&page=100');
  await poll(stack, good[0]!, failed);
  stack.sim.setFaults('mkt_e', { latencyMs: 800 });
  jobIds = [done, failed, await submit(stack, good[1]!, '/v1/mkt_e/listings?q=fuzz+pending')];
});
afterAll(async () => {
  stack?.sim.setFaults('mkt_e', { latencyMs: 0 });
  await stack?.close();
});

const PARAM_NAMES = [...new Set([...Object.values(PARAM_TABLES).flatMap((t) => t.map((p) => p.name)), 'wait', 'format', 'include'])];
const PARAM_VALUES = [...new Set([...Object.values(PARAM_TABLES).flatMap((t) => t.flatMap((p) => {
  if (p.type === 'enum' || p.type === 'enum_list') return [...p.values];
  if (p.type === 'int_enum') return p.values.map(String);
  if (p.type === 'integer' || p.type === 'number') return [String(p.minimum), String(p.maximum), String(p.maximum + 1), String(p.minimum - 1)];
  return [];
})), '10001', '94103', '00000', '99999', '00501', '40.7128', '-74.006', '5.1', '2', 'ford', 'land_rover'])];

/** Text a client might put in a value: printable, unicode, control characters, lone %-escapes. */
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('%', '%Z', '%ZZ', '%E0%A4%A', '%C0%AF', '%00', '+', '&', '=', ';', '#', '..', '%2F', '\u0000', '\uFFFD', '😀', 'ß', ' '),
  // Percent-encoded bytes, UTF-8 or not (overlong forms, surrogates, lone and cut sequences).
  fc.uint8Array({ minLength: 1, maxLength: 6 }).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0').toUpperCase()}`).join('')),
  fc.constantFrom('%ED%A0%80', '%FF', '%C3', '%F4%90%80%80', '%E2%82'),
);

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PARAM_VALUES) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 250 }).map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  { weight: 1, arbitrary: fc.double({ noNaN: false }).map(String) },
  { weight: 3, arbitrary: text },
  { weight: 1, arbitrary: fc.nat({ max: 2600 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...PARAM_VALUES), { minLength: 1, maxLength: 4 }).map((v) => v.join(',')) },
  { weight: 1, arbitrary: fc.constant('best_deal') },
);

const name = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PARAM_NAMES) }, { weight: 1, arbitrary: text });

/** A value as it goes on the wire: %-encoded, form-encoded, raw (when it can be), or with stray escapes. */
const wire = (s: string, how: number): string => {
  if (how === 0) return encodeURIComponent(s);
  if (how === 1) return encodeURIComponent(s).replace(/%20/gu, '+');
  if (how === 2 && /^[!-~]*$/u.test(s) && !s.includes('#')) return s;
  return `${encodeURIComponent(s)}%${'GZ0'[how % 3]}`;
};

const anyQuery = fc.array(fc.tuple(name, value, fc.nat({ max: 3 }), fc.boolean()), { maxLength: 8 }).map((pairs) =>
  pairs.map(([n, v, how, bare]) => (bare && n !== '' ? wire(n, how) : `${wire(n, how)}=${wire(v, how)}`)).join('&'));

/** Mostly well-formed searches (q plus a few real names and values), so deep paths are reached too. */
const searchQuery = fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), fc.array(fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.constantFrom(...PARAM_VALUES)), { maxLength: 3 }))
  .map(([q, extra]) => [`q=${encodeURIComponent(q)}`, ...extra.map(([n, v]) => `${n}=${encodeURIComponent(v)}`)].join('&'));

const query = fc.oneof(anyQuery, searchQuery);

const segment = fc.oneof(
  fc.constantFrom('v1', 'v2', ...TOKENS, 'sold', 'listings', 'jobs', 'batches', 'openapi.json', 'docs', 'healthz', 'readyz', '', '..', '%2F', '%ZZ', 'req_0000000000000000000000'),
  text.map((t) => encodeURIComponent(t)),
);

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTES.map((r) => `/v1/${r.id}`)) },
  { weight: 3, arbitrary: fc.oneof(fc.constantFrom(0, 1, 2), segment).map((x) => `/v1/jobs/${typeof x === 'number' ? `\0${x}` : x}`) },
  { weight: 1, arbitrary: fc.constantFrom('/healthz', '/readyz', '/v1/openapi.json', '/v1/docs', '/', '/v1/mkt_c/listings', '/v1/mkt_e/sold', '/v1/batches') },
  { weight: 2, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`) },
);

/** Header values Node will send: no CR, LF or NUL, nothing above U+00FF. */
const headerText = fc.string({ unit: 'binary', maxLength: 140 }).map((s) => [...s].filter((c) => /[\t\x20-\x7e\x80-\xff]/u.test(c)).join(''));

const auth = fc.oneof(
  { weight: 8, arbitrary: fc.nat({ max: 12 }).map((i) => ({ kind: 'good' as const, i })) },
  { weight: 1, arbitrary: fc.constantFrom('live', 'suspended', 'revoked', 'origin', 'none').map((kind) => ({ kind, i: 0 })) },
  { weight: 1, arbitrary: headerText.map((raw) => ({ kind: 'raw' as const, i: 0, raw })) },
);

/** `arb` one time in `oneIn`, else absent. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

const request = fc.record({
  method: fc.oneof({ weight: 10, arbitrary: fc.constant('GET') }, { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') }),
  path,
  query: fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 7, arbitrary: query }),
  auth,
  bearerCase: fc.oneof({ weight: 8, arbitrary: fc.constant('Bearer') }, { weight: 1, arbitrary: fc.constantFrom('bearer', 'BEARER', 'Token') }),
  idempotency: sometimes(fc.oneof(fc.stringMatching(/^[!-~]{1,128}$/u), headerText), 3),
  origin: sometimes(fc.oneof(fc.constantFrom('https://ok.example', 'https://evil.example', 'null', ''), headerText), 6),
  preflight: fc.boolean(),
});

type Req = typeof request extends fc.Arbitrary<infer T> ? T : never;

function send(r: Req): Promise<Answer> {
  const headers: Array<[string, string]> = [];
  const a = r.auth as { kind: string; i: number; raw?: string };
  const key = a.kind === 'good' ? keys.good[a.i % keys.good.length] : a.kind === 'none' || a.kind === 'raw' ? undefined : keys[a.kind as 'live' | 'suspended' | 'revoked' | 'origin'];
  if (key) headers.push(['Authorization', `${r.bearerCase} ${key}`]);
  if (a.kind === 'raw') headers.push(['Authorization', a.raw!]);
  if (r.idempotency !== undefined) headers.push(['Idempotency-Key', r.idempotency]);
  if (r.origin !== undefined) headers.push(['Origin', r.origin]);
  if (r.preflight && r.method === 'OPTIONS') headers.push(['Access-Control-Request-Method', 'GET']);
  const p = r.path.replace(/\0(\d)/u, (_m, i: string) => jobIds[Number(i)]!);
  return call(stack.url, r.method, `${p}${r.query !== undefined ? `?${r.query}` : ''}`, { headers });
}

const DOCUMENTED = new Set([200, 202, 204, 401, 403, 404, 405, 409, 414, 422, 429, 503]);
const NEVER = new Set(['origin_unavailable', 'service_unconfigured']);

/** Whether a raw query holds a name or value that is not UTF-8 once decoded. */
function notUtf8(rawQuery: string | undefined): boolean {
  return (rawQuery ?? '').split('&').some((part) => part.split('=').some((c) => decodeFormComponent(c) === null));
}

function check(r: Req, a: Answer): void {
  const where = `${r.method} ${r.path}?${r.query ?? ''} → ${a.status} ${a.text.slice(0, 200)}`;
  if (a.status === 500 || !DOCUMENTED.has(a.status)) throw new Error(`undocumented status: ${where}`);
  // Text that is not UTF-8 is never searched (as replacement characters) nor charged.
  if ((a.status === 200 || a.status === 202) && r.method === 'GET' && ROUTES.some((x) => r.path === `/v1/${x.id}`) && notUtf8(r.query)) throw new Error(`searched text that is not UTF-8: ${where}`);
  if (!/^[0-9a-f-]{36}$/u.test(a.header('x-request-id') ?? '')) throw new Error(`no X-Request-Id: ${where}`);
  if (r.method === 'HEAD') return;
  if (a.status === 204) {
    if (r.method !== 'OPTIONS') throw new Error(`204 outside a preflight: ${where}`);
    return;
  }
  const pathOnly = r.path.split('?')[0]!;
  const publicDoc = ['/healthz', '/readyz', '/v1/openapi.json', '/v1/docs'].includes(pathOnly) && r.method === 'GET';
  if (publicDoc && (a.status === 200 || a.status === 405)) return;
  if (a.status === 200 && a.header('content-type')?.startsWith('text/csv')) return;
  if (!a.json) throw new Error(`not JSON: ${where}`);
  if (a.status >= 400) {
    const err = a.json.error as { code?: string; message?: string } | undefined;
    // A replay of a failed search answers 503 with the failed job as body.
    if (a.status === 503 && a.json.status === 'failed') {
      checkEnvelope(a, where);
      return;
    }
    if (!err?.code || !(err.code in API_ERRORS)) throw new Error(`undocumented code: ${where}`);
    if (NEVER.has(err.code)) throw new Error(`code this service never answers: ${where}`);
    if (API_ERRORS[err.code as keyof typeof API_ERRORS].status !== a.status) throw new Error(`code with another status: ${where}`);
    if (typeof err.message !== 'string') throw new Error(`no message: ${where}`);
    if ((a.status === 429 || a.status === 503) && !/^[1-9][0-9]*$/u.test(a.header('retry-after') ?? '')) throw new Error(`no Retry-After: ${where}`);
    if (a.status === 405 && a.header('allow') !== 'GET') throw new Error(`405 without Allow: ${where}`);
    return;
  }
  checkEnvelope(a, where);
  if (a.header('ratelimit-policy') === undefined) throw new Error(`authenticated answer without RateLimit headers: ${where}`);
}

function checkEnvelope(a: Answer, where: string): void {
  const j = a.json!;
  const ok = typeof j.request_id === 'string' && /^req_[0-9A-Za-z]{22}$/u.test(j.request_id) && typeof j.cached === 'boolean'
    && ((j.status === 'pending' && j.credits === 0 && j.poll_url === `/v1/jobs/${j.request_id}` && j.result === undefined)
      || (j.status === 'complete' && j.credits === 1 && typeof j.result === 'object' && j.result !== null && j.error === undefined)
      || (j.status === 'failed' && j.credits === 0 && typeof (j.error as { code?: string }).code === 'string' && (j.error as { code: string }).code in JOB_ERRORS));
  if (!ok) throw new Error(`invalid envelope: ${where}`);
  if (a.status === 202 && (a.header('location') !== j.poll_url || a.header('retry-after') !== '2')) throw new Error(`202 without Location/Retry-After: ${where}`);
  if (j.status === 'complete') {
    const res = j.result as Record<string, unknown>;
    if (!(TOKENS as readonly string[]).includes(res.provider as string) || res.completeness !== 'provider_page_only' || !Array.isArray(res.data)) throw new Error(`invalid result: ${where}`);
  }
}

async function run(numRuns: number, ms: number): Promise<{ runs: number; seen: Map<number, number> }> {
  let runs = 0;
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const a = await send(r);
      runs++;
      seen.set(a.status, (seen.get(a.status) ?? 0) + 1);
      check(r, a);
    }),
    { numRuns, interruptAfterTimeLimit: ms, markInterruptAsFailure: false },
  );
  return { runs, seen };
}

test('random requests always get a documented answer with X-Request-Id, never a 500', async () => {
  const { runs, seen } = await run(1500, 8_000);
  // The run reached deep enough to mean something: accepted searches and refusals of each kind.
  expect(runs).toBeGreaterThan(200);
  for (const status of [200, 202, 401, 404, 405, 422]) expect({ status, seen: (seen.get(status) ?? 0) > 0 }).toEqual({ status, seen: true });
}, 40_000);

test('the same holds with the real marketplace adapters\' own checks (mkt_e ZIPs and points, ...) in front of collection', async () => {
  stack.sim.setFaults('mkt_e', { latencyMs: 0 });
  await stack.close();
  stack = await startStack({ marketplaces: MARKETPLACES, noWorker: true });
  await setUpAccounts();
  const { runs, seen } = await run(800, 4_000);
  expect(runs).toBeGreaterThan(100);
  for (const status of [202, 422]) expect({ status, seen: (seen.get(status) ?? 0) > 0 }).toEqual({ status, seen: true });
}, 40_000);
