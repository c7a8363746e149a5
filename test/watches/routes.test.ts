/**
 * The watch routes on the whole stack (real adapters' validation, Redis, BullMQ; no worker, so
 * nothing runs): every refusal of their input names its field with 422
 * unsupported_or_invalid_query (the search's own refusals as its GET route gives them, under
 * `search.`), the plan's limit per mode, an idempotent create, ownership and mode apart (404
 * not_found), 405 with Allow, and each change reaching BullMQ's scheduler (create and resume
 * add it, pause and delete remove it, a new interval replaces it).
 */
import { WATCH_QUEUE } from '@listings/store';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { registerWebhookRoutes } from '../../apps/api/src/routes/webhooks.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    modules: [registerBatchRoutes, registerWebhookRoutes, registerWatchRoutes],
    noWorker: true,
    env: { WATCH_SANDBOX_MIN_SECONDS: '30', PLAN_WATCH_LIMITS: 'free=2', WEBHOOK_SANDBOX_LOOPBACK: 'true' },
  });
});

afterAll(async () => {
  await stack?.close();
});

interface Reply { status: number; headers: Headers; body: Record<string, unknown> }

async function call(method: string, path: string, key: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const r = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function error(r: Reply): { code: string; param?: string; message: string } {
  return r.body.error as { code: string; param?: string; message: string };
}

const SEARCH = { endpoint: 'mkt_a/listings', q: 'leica m6', condition: 'used' };

/** A fresh account (its own rate limit) with a key of the kind. */
async function key(kind: 'sandbox' | 'live' = 'sandbox', plan = 'pro'): Promise<{ account: string; key: string }> {
  return stack.newKey({ plan, kind });
}

async function endpoint(k: string, events?: string[], url = 'https://hooks.example.com/listings'): Promise<string> {
  const r = await call('POST', '/v1/webhook_endpoints', k, { url, ...(events ? { events } : {}) });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function scheduler(id: string): Promise<{ every?: number | null } | undefined> {
  const queue = stack.services.watchSchedules.queue();
  expect(queue.name).toBe(WATCH_QUEUE);
  return (await queue.getJobScheduler(id)) ?? undefined;
}

test('a watch is created, listed, read, paused, resumed, rescheduled and deleted, and BullMQ follows each change', async () => {
  const { key: k } = await key();
  const we = await endpoint(k);
  const created = await call('POST', '/v1/watches', k, {
    search: { ...SEARCH, max_price: 2000 }, schedule: { every_seconds: 3600 }, webhook_endpoint_id: we, name: 'leica under 1500',
    rules: { max_price: 1500, conditions: ['Pre-Owned'], include_words: ['m6'], exclude_words: ['parts', 'for repair'], kinds: ['item', 'lot', 'item'] },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect(id).toMatch(/^wat_[0-9A-Za-z]{22}$/u);
  expect(created.headers.get('location')).toBe(`/v1/watches/${id}`);
  expect(created.body).toMatchObject({
    name: 'leica under 1500', mode: 'sandbox', status: 'active', schedule: { every_seconds: 3600 }, webhook_endpoint_id: we, notify_on_first_run: false, last_run: null,
    // The search as validated: its route's defaults applied, lists as lists.
    search: { endpoint: 'mkt_a/listings', q: 'leica m6', condition: ['used'], max_price: 2000, sort: 'best_match' },
    rules: { min_price: null, max_price: 1500, conditions: ['Pre-Owned'], include_words: ['m6'], exclude_words: ['parts', 'for repair'], kinds: ['item', 'lot'] },
  });
  expect(typeof created.body.next_run_at).toBe('string');
  expect((await scheduler(id))?.every).toBe(3_600_000);

  const list = await call('GET', '/v1/watches', k);
  expect((list.body.data as Array<{ id: string }>).map((w) => w.id)).toEqual([id]);
  expect((await call('GET', `/v1/watches/${id}`, k)).body).toMatchObject({ id, status: 'active' });
  expect((await call('GET', `/v1/watches/${id}/runs`, k)).body).toEqual({ data: [] });

  const paused = await call('PATCH', `/v1/watches/${id}`, k, { status: 'paused' });
  expect(paused.status).toBe(200);
  expect(paused.body).toMatchObject({ status: 'paused', next_run_at: null });
  expect(await scheduler(id)).toBeUndefined();

  const resumed = await call('PATCH', `/v1/watches/${id}`, k, { status: 'active', schedule: { every_seconds: 7200 }, rules: null, name: null });
  expect(resumed.body).toMatchObject({ status: 'active', schedule: { every_seconds: 7200 }, rules: { max_price: null, conditions: null, kinds: null }, name: null });
  expect((await scheduler(id))?.every).toBe(7_200_000);

  expect((await call('DELETE', `/v1/watches/${id}`, k)).status).toBe(204);
  expect(await scheduler(id)).toBeUndefined();
  expect(error(await call('GET', `/v1/watches/${id}`, k))).toMatchObject({ code: 'not_found' });
  expect((await call('DELETE', `/v1/watches/${id}`, k)).status).toBe(404);
  expect((await call('GET', '/v1/watches', k)).body).toEqual({ data: [] });
});

test('every refusal of a create names its field', async () => {
  const { key: k } = await key();
  const { key: other } = await key();
  const onlyJobs = await endpoint(k, ['job.settled']);
  const othersEndpoint = await endpoint(other);
  const { key: live, account } = await key('live');
  void account;
  const liveEndpoint = await endpoint(live);
  const cases: Array<[unknown, string, string?]> = [
    [[SEARCH], 'body'],
    [{ search: SEARCH, foo: 1 }, 'foo'],
    [{}, 'search'],
    [{ search: 'mkt_a/listings?q=x' }, 'search'],
    [{ search: { q: 'x' } }, 'search.endpoint'],
    [{ search: { endpoint: 'mkt_c/listings', q: 'x' } }, 'search.endpoint'],
    [{ search: { endpoint: 'mkt_a/sold' } }, 'search.q'],
    [{ search: { endpoint: 'mkt_a/sold', q: 'x'.repeat(201) } }, 'search.q'],
    [{ search: { endpoint: 'mkt_a/sold', q: { text: 'x' } } }, 'search.q'],
    [{ search: { endpoint: 'mkt_a/sold', q: 'x', condition: 'mint' } }, 'search.condition'],
    [{ search: { endpoint: 'mkt_c/sold', q: 'x', count: 101 } }, 'search.count'],
    [{ search: { endpoint: 'mkt_a/sold', q: 'x', min_price: 10, max_price: 5 } }, 'search.min_price'],
    [{ search: { endpoint: 'mkt_a/sold', q: 'x', colour: 'red' } }, 'search.colour'],
    [{ search: { endpoint: 'mkt_a/sold', q: 'x', pages: 2 } }, 'search.pages'],
    [{ search: { endpoint: 'mkt_b/sold', q: 'x', page: 2, cursor: 'abc' } }, 'search.cursor'],
    // A later page of a cursor route needs a cursor, which a watch cannot carry.
    [{ search: { endpoint: 'mkt_b/sold', q: 'x', page: 2 } }, 'search.cursor'],
    [{ search: { endpoint: 'mkt_e/listings', q: 'x' } }, 'search.zip'],
    [{ search: { endpoint: 'mkt_e/listings', q: 'x', zip: '00000' } }, 'search.zip'],
    [{ search: { endpoint: 'mkt_a/listings', q: 'x', sort: 'best_deal' } }, 'search.sort', 'sort_not_implemented'],
    [{ search: SEARCH, schedule: 3600 }, 'schedule'],
    [{ search: SEARCH, schedule: { every: '1h' } }, 'schedule.every'],
    [{ search: SEARCH, schedule: { every_seconds: 29 } }, 'schedule.every_seconds'],
    [{ search: SEARCH, schedule: { every_seconds: 86_401 } }, 'schedule.every_seconds'],
    [{ search: SEARCH, schedule: { every_seconds: 3600.5 } }, 'schedule.every_seconds'],
    [{ search: SEARCH, schedule: { every_seconds: '3600' } }, 'schedule.every_seconds'],
    [{ search: SEARCH, rules: [] }, 'rules'],
    [{ search: SEARCH, rules: { max: 10 } }, 'rules.max'],
    [{ search: SEARCH, rules: { min_price: -1 } }, 'rules.min_price'],
    [{ search: SEARCH, rules: { max_price: '10' } }, 'rules.max_price'],
    [{ search: SEARCH, rules: { max_price: 1_000_001 } }, 'rules.max_price'],
    [{ search: SEARCH, rules: { min_price: 20, max_price: 10 } }, 'rules.min_price'],
    [{ search: SEARCH, rules: { conditions: [] } }, 'rules.conditions'],
    [{ search: SEARCH, rules: { conditions: 'used' } }, 'rules.conditions'],
    [{ search: SEARCH, rules: { conditions: [''] } }, 'rules.conditions'],
    [{ search: SEARCH, rules: { conditions: Array.from({ length: 21 }, (_, i) => `c${i}`) } }, 'rules.conditions'],
    [{ search: SEARCH, rules: { include_words: ['x'.repeat(101)] } }, 'rules.include_words'],
    [{ search: SEARCH, rules: { include_words: [7] } }, 'rules.include_words'],
    [{ search: SEARCH, rules: { exclude_words: ['!!!'] } }, 'rules.exclude_words'],
    [{ search: SEARCH, rules: { kinds: [] } }, 'rules.kinds'],
    [{ search: SEARCH, rules: { kinds: 'item' } }, 'rules.kinds'],
    [{ search: SEARCH, rules: { kinds: ['items'] } }, 'rules.kinds'],
    [{ search: SEARCH, rules: { kinds: ['Item'] } }, 'rules.kinds'],
    [{ search: SEARCH, rules: { kinds: [null] } }, 'rules.kinds'],
    [{ search: SEARCH, rules: { kinds: { item: true } } }, 'rules.kinds'],
    [{ search: SEARCH, rules: { kinds: Array.from({ length: 21 }, () => 'item') } }, 'rules.kinds'],
    [{ search: SEARCH, webhook_endpoint_id: 'we_short' }, 'webhook_endpoint_id'],
    [{ search: SEARCH, webhook_endpoint_id: 12 }, 'webhook_endpoint_id'],
    [{ search: SEARCH, webhook_endpoint_id: `we_${'A'.repeat(22)}` }, 'webhook_endpoint_id'],
    [{ search: SEARCH, webhook_endpoint_id: othersEndpoint }, 'webhook_endpoint_id'],
    [{ search: SEARCH, webhook_endpoint_id: liveEndpoint }, 'webhook_endpoint_id'],
    [{ search: SEARCH, webhook_endpoint_id: onlyJobs }, 'webhook_endpoint_id'],
    [{ search: SEARCH, notify_on_first_run: 'yes' }, 'notify_on_first_run'],
    [{ search: SEARCH, name: '' }, 'name'],
    [{ search: SEARCH, name: 'x'.repeat(101) }, 'name'],
    [{ search: SEARCH, name: 'a\u0007b' }, 'name'],
    // C1 controls, bidi embeddings, overrides and isolates, line and paragraph separators: refused as C0 is.
    ...['\u0085', '\u009b', '\u202a', '\u202e', '\u2066', '\u2069', '\u2028', '\u2029'].flatMap((c): Array<[unknown, string]> => [
      [{ search: SEARCH, name: `bike${c}sale` }, 'name'],
      [{ search: SEARCH, rules: { include_words: [`bike${c}sale`] } }, 'rules.include_words'],
      [{ search: SEARCH, rules: { exclude_words: ['ok', `x${c}y`] } }, 'rules.exclude_words'],
      [{ search: SEARCH, rules: { conditions: [`us${c}ed`] } }, 'rules.conditions'],
    ]),
  ];
  // More calls than one account's rate limit allows in a minute: a fresh account every 40.
  let k2 = k;
  for (const [i, [body, param, code]] of cases.entries()) {
    if (i > 0 && i % 40 === 0) {
      const fresh = await key();
      k2 = fresh.key;
    }
    const r = await call('POST', '/v1/watches', k2, body);
    // Endpoints belong to an account: a fresh account's refusal of another's endpoint is the same refusal.
    expect([r.status, error(r).code, error(r).param]).toEqual([422, code ?? 'unsupported_or_invalid_query', param]);
    expect(error(r).message.length).toBeGreaterThan(0);
  }
  expect((await call('GET', '/v1/watches', k)).body).toEqual({ data: [] });
});

test('bodies that are not JSON objects, query parameters and bad Idempotency-Keys are refused; methods answer 405 with Allow', async () => {
  const { key: k } = await key();
  const asText = await fetch(`${stack.url}/v1/watches`, { method: 'POST', headers: { authorization: `Bearer ${k}`, 'content-type': 'text/plain' }, body: JSON.stringify({ search: SEARCH }) });
  expect([asText.status, ((await asText.json()) as { error: { code: string } }).error.code]).toEqual([422, 'unsupported_or_invalid_query']);
  expect(error(await call('POST', '/v1/watches', k, '{"search":')).code).toBe('unsupported_or_invalid_query');
  expect(error(await call('POST', '/v1/watches?dry_run=1', k, { search: SEARCH }))).toMatchObject({ code: 'unsupported_or_invalid_query', param: 'dry_run' });
  expect(error(await call('POST', '/v1/watches', k, { search: SEARCH }, { 'idempotency-key': 'has space' }))).toMatchObject({ code: 'invalid_idempotency_key' });
  for (const [method, path, allow] of [['PUT', '/v1/watches', 'GET, POST'], ['POST', `/v1/watches/wat_${'a'.repeat(22)}`, 'GET, PATCH, DELETE'], ['DELETE', `/v1/watches/wat_${'a'.repeat(22)}/runs`, 'GET']] as const) {
    const r = await call(method, path, k);
    expect([r.status, error(r).code, r.headers.get('allow')]).toEqual([405, 'method_not_allowed', allow]);
  }
  expect(error(await call('GET', '/v1/watches', null))).toMatchObject({ code: 'invalid_api_key' });
  expect((await call('GET', '/v1/watches', null)).status).toBe(401);
});

test('every refusal of a change names its field; unknown, malformed, another account\'s and the other mode\'s ids are 404', async () => {
  const { key: k, account } = await key();
  const id = (await call('POST', '/v1/watches', k, { search: SEARCH })).body.id as string;
  const cases: Array<[unknown, string]> = [
    [[], 'body'],
    [{ search: SEARCH }, 'search'],
    [{ every_seconds: 60 }, 'every_seconds'],
    [{ status: 'stopped' }, 'status'],
    [{ status: true }, 'status'],
    [{ schedule: { every_seconds: 10 } }, 'schedule.every_seconds'],
    [{ rules: { max_price: -5 } }, 'rules.max_price'],
    [{ rules: { words: ['x'] } }, 'rules.words'],
    [{ rules: { kinds: ['case'] } }, 'rules.kinds'],
    [{ webhook_endpoint_id: 'we_x' }, 'webhook_endpoint_id'],
    [{ notify_on_first_run: 1 }, 'notify_on_first_run'],
    [{ name: 42 }, 'name'],
    [{ name: 'sale \u202egnp.exe' }, 'name'],
    [{ name: 'two\u2028lines' }, 'name'],
    [{ rules: { include_words: ['\u0085bike'] } }, 'rules.include_words'],
  ];
  for (const [body, param] of cases) {
    const r = await call('PATCH', `/v1/watches/${id}`, k, body);
    expect([r.status, error(r).code, error(r).param]).toEqual([422, 'unsupported_or_invalid_query', param]);
  }
  // Nothing was changed by a refused change.
  expect((await call('GET', `/v1/watches/${id}`, k)).body).toMatchObject({ status: 'active', schedule: { every_seconds: 3600 } });
  expect(error(await call('GET', `/v1/watches/${id}?x=1`, k))).toMatchObject({ code: 'unsupported_or_invalid_query', param: 'x' });

  const { key: stranger } = await key();
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  for (const [who, path] of [[k, '/v1/watches/wat_123'], [k, `/v1/watches/wat_${'Z'.repeat(22)}`], [k, `/v1/watches/${id}x`], [stranger, `/v1/watches/${id}`], [live, `/v1/watches/${id}`]] as const) {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const r = await call(method, path, who, method === 'PATCH' ? { status: 'paused' } : undefined);
      expect([method, path, r.status, error(r).code]).toEqual([method, path, 404, 'not_found']);
    }
    const runs = await call('GET', `${path}/runs`, who);
    expect([runs.status, error(runs).code]).toEqual([404, 'not_found']);
  }
  expect((await call('GET', '/v1/watches', live)).body).toEqual({ data: [] });
  // Still there, unpaused, for its owner.
  expect((await call('GET', `/v1/watches/${id}`, k)).body).toMatchObject({ status: 'active' });
});

test('the plan limits watches per mode; a deleted watch frees its place', async () => {
  const { key: k, account } = await key('sandbox', 'free');
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await call('POST', '/v1/watches', k, { search: { ...SEARCH, q: `watch ${i}` } });
    expect(r.status).toBe(201);
    ids.push(r.body.id as string);
  }
  const third = await call('POST', '/v1/watches', k, { search: { ...SEARCH, q: 'watch 2' } });
  expect([third.status, error(third).code, error(third).param]).toEqual([422, 'unsupported_or_invalid_query', undefined]);
  expect(error(third).message).toMatch(/allows 2 watches per mode/u);
  // Live watches are counted apart.
  expect((await call('POST', '/v1/watches', live, { search: SEARCH })).status).toBe(201);
  expect((await call('DELETE', `/v1/watches/${ids[0]}`, k)).status).toBe(204);
  expect((await call('POST', '/v1/watches', k, { search: { ...SEARCH, q: 'watch 3' } })).status).toBe(201);
  expect((await call('GET', '/v1/watches', k)).body.data).toHaveLength(2);
});

test('live watches run every 15 minutes to every 24 hours; sandbox keys from WATCH_SANDBOX_MIN_SECONDS', async () => {
  const { key: k, account } = await key();
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  expect(error(await call('POST', '/v1/watches', live, { search: SEARCH, schedule: { every_seconds: 899 } }))).toMatchObject({ param: 'schedule.every_seconds' });
  expect((await call('POST', '/v1/watches', live, { search: SEARCH, schedule: { every_seconds: 900 } })).status).toBe(201);
  expect((await call('POST', '/v1/watches', live, { search: SEARCH, schedule: { every_seconds: 86_400 } })).status).toBe(201);
  expect((await call('POST', '/v1/watches', k, { search: SEARCH, schedule: { every_seconds: 30 } })).body).toMatchObject({ schedule: { every_seconds: 30 } });
  // Without a schedule: every hour.
  expect((await call('POST', '/v1/watches', k, { search: SEARCH })).body).toMatchObject({ schedule: { every_seconds: 3600 } });
});

test('a create with an Idempotency-Key answers the same watch for the same body, 409 for another body or a key of a search', async () => {
  const { key: k } = await key();
  const body = { search: SEARCH, rules: { max_price: 900 } };
  const first = await call('POST', '/v1/watches', k, body, { 'idempotency-key': 'watch-1' });
  expect(first.status).toBe(201);
  // The same body written otherwise (spaces in q, a rule list in another form) is the same watch.
  const again = await call('POST', '/v1/watches', k, { search: { ...SEARCH, q: '  leica   m6 ', condition: ['used'] }, rules: { max_price: 900, min_price: null } }, { 'idempotency-key': 'watch-1' });
  expect([again.status, again.body.id, again.headers.get('idempotent-replayed')]).toEqual([201, first.body.id, 'true']);
  expect((await call('GET', '/v1/watches', k)).body.data).toHaveLength(1);
  const other = await call('POST', '/v1/watches', k, { ...body, rules: { max_price: 800 } }, { 'idempotency-key': 'watch-1' });
  expect([other.status, error(other).code]).toEqual([409, 'idempotency_conflict']);
  // A key a search used, and a search with a watch's key, are conflicts both ways.
  const search = await stack.get('/v1/mkt_a/sold?q=idempotent+watch', k, { 'idempotency-key': 'search-1' });
  expect(search.status).toBe(202);
  expect(error(await call('POST', '/v1/watches', k, body, { 'idempotency-key': 'search-1' }))).toMatchObject({ code: 'idempotency_conflict' });
  expect((await stack.get('/v1/mkt_a/sold?q=idempotent+watch', k, { 'idempotency-key': 'watch-1' })).status).toBe(409);
  // Once deleted, its key cannot make it again.
  expect((await call('DELETE', `/v1/watches/${first.body.id as string}`, k)).status).toBe(204);
  expect(error(await call('POST', '/v1/watches', k, body, { 'idempotency-key': 'watch-1' }))).toMatchObject({ code: 'idempotency_conflict' });
});
