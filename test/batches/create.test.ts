/**
 * POST /v1/batches over HTTP on the whole stack (api + worker + test marketplace simulators):
 * creation, `pages` expansion, cache hits, idempotent resends, the pending cap, and every
 * validation refusal with its `index`.
 */
import { testListings } from '@listings/marketplaces/testkit';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { fresh, getBatch, keywordsWithPages, postBatch, settleBatch, type Batch, type ErrorReply } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes] });
});
afterAll(async () => {
  await stack?.close();
});

async function usage(account: string): Promise<{ completed30d: number; pending: number; chargedTotal: number }> {
  return stack.services.store.usage(account, 'sandbox');
}

test('202 with Location and pending items; each item is an ordinary job; settles complete with rows, summary and credits', async () => {
  const { key, account } = await stack.newKey();
  const qa = fresh('brass lamp');
  const qd = fresh('denim jacket');
  const r = await postBatch(stack, key, {
    defaults: { min_price: 5 },
    searches: [{ endpoint: 'mkt_a/sold', q: `  ${qa}  ` }, { endpoint: 'mkt_d/listings', q: qd, count: 10, min_price: null }],
  });
  expect(r.status).toBe(202);
  expect(r.headers.get('retry-after')).toBe('2');
  const batch = (await r.json()) as Batch;
  expect(r.headers.get('location')).toBe(`/v1/batches/${batch.batch_id}`);
  expect(batch.batch_id).toMatch(/^bat_[0-9A-Za-z]{22}$/);
  expect(batch.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
  // The worker may already have settled some items by the time the answer is written.
  expect(batch.items.map((i) => [i.index, i.endpoint, i.q, i.cached])).toEqual([[0, 'mkt_a/sold', qa, false], [1, 'mkt_d/listings', qd, false]]);
  expect(batch.items.every((i) => i.status === 'pending' || i.status === 'complete')).toBe(true);
  expect(batch.counts.pending + batch.counts.complete).toBe(2);
  expect(batch.status).toBe(batch.counts.pending > 0 ? 'pending' : 'complete');

  const done = await settleBatch(stack, key, batch.batch_id);
  expect(done.status).toBe('complete');
  expect(done.counts).toEqual({ pending: 0, complete: 2, failed: 0, rejected: 0 });
  expect(done.credits).toBe(2);
  const [a, d] = done.items as [Batch['items'][0], Batch['items'][0]];
  // The item's request_id polls like any job, and its result is what the batch summarizes.
  const job = (await (await stack.get(`/v1/jobs/${a.request_id}`, key)).json()) as { status: string; result: { data: Array<{ displayed_price: { amount: number }; min?: number }> } };
  expect(job.status).toBe('complete');
  expect(a).toMatchObject({ status: 'complete', cached: false, credits: 1, rows: job.result.data.length });
  expect(a.summary).toMatchObject({ priced_count: job.result.data.length, currency: 'USD' });
  expect(d).toMatchObject({ status: 'complete', credits: 1, rows: 10 });
  expect(d.summary).toBeUndefined();
  expect(a.result).toBeUndefined();
  expect((await usage(account)).chargedTotal).toBe(2);

  // Every search now hits the cache: 200, complete at once, charged again (a hit is a new job).
  const again = await postBatch(stack, key, { defaults: { min_price: 5 }, searches: [{ endpoint: 'mkt_a/sold', q: qa }, { endpoint: 'mkt_d/listings', q: qd, count: 10, min_price: null }] });
  expect(again.status).toBe(200);
  expect(again.headers.get('retry-after')).toBeNull();
  const hit = (await again.json()) as Batch;
  expect(hit.batch_id).not.toBe(batch.batch_id);
  expect(hit.status).toBe('complete');
  expect(hit.items.map((i) => [i.status, i.cached, i.credits])).toEqual([['complete', true, 1], ['complete', true, 1]]);
  expect(hit.items[0]!.summary).toEqual(a.summary);
  expect((await usage(account)).chargedTotal).toBe(4);
});

test('pages expands an mkt_a search into one item per page; pages past the last fail page_out_of_range at no cost', async () => {
  const { key, account } = await stack.newKey();
  const q = keywordsWithPages(2, fresh('tin robot'));
  const other = fresh('clock');
  const r = await postBatch(stack, key, { searches: [{ endpoint: 'mkt_a/sold', q, pages: 4 }, { endpoint: 'mkt_a/listings', q: other }] });
  expect(r.status).toBe(202);
  const created = (await r.json()) as Batch;
  expect(created.items.map((i) => [i.index, i.endpoint, i.q])).toEqual([[0, 'mkt_a/sold', q], [1, 'mkt_a/sold', q], [2, 'mkt_a/sold', q], [3, 'mkt_a/sold', q], [4, 'mkt_a/listings', other]]);
  const done = await settleBatch(stack, key, created.batch_id, '&include=results');
  expect(done.items.map((i) => [i.status, i.credits, i.error?.code ?? null])).toEqual([
    ['complete', 1, null], ['complete', 1, null], ['failed', 0, 'page_out_of_range'], ['failed', 0, 'page_out_of_range'], ['complete', 1, null],
  ]);
  expect(done.items.map((i) => i.result?.page ?? null)).toEqual([1, 2, null, null, 1]);
  const total = testListings(q, 'sold').length;
  expect(done.items[1]!.rows).toBe(total - 40);
  expect(done.counts).toEqual({ pending: 0, complete: 3, failed: 2, rejected: 0 });
  expect(done.credits).toBe(3);
  expect((await usage(account)).chargedTotal).toBe(3);
});

test('resend with the same Idempotency-Key and body answers the same batch without charging; another body is 409', async () => {
  const { key, account } = await stack.newKey();
  const body = { searches: [{ endpoint: 'mkt_a/sold', q: keywordsWithPages(2, fresh('vase')), pages: 2 }, { endpoint: 'mkt_c/sold', q: fresh('mug') }] };
  const first = await postBatch(stack, key, body, { 'idempotency-key': 'batch-1' });
  expect(first.status).toBe(202);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const created = (await first.json()) as Batch;
  const done = await settleBatch(stack, key, created.batch_id);
  expect(done.credits).toBe(3);

  // The same body written differently (spacing, defaults) is the same batch.
  const same = { defaults: { endpoint: 'mkt_a/sold' }, searches: [{ q: `  ${body.searches[0]!.q} `, pages: 2 }, { endpoint: 'mkt_c/sold', q: body.searches[1]!.q }] };
  const replay = await postBatch(stack, key, same, { 'idempotency-key': 'batch-1' });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.headers.get('location')).toBe(`/v1/batches/${created.batch_id}`);
  const replayed = (await replay.json()) as Batch;
  expect(replayed.batch_id).toBe(created.batch_id);
  expect(replayed.items.map((i) => i.request_id)).toEqual(created.items.map((i) => i.request_id));
  expect((await usage(account)).chargedTotal).toBe(3);

  const other = await postBatch(stack, key, { searches: [{ endpoint: 'mkt_a/sold', q: 'something else' }] }, { 'idempotency-key': 'batch-1' });
  expect(other.status).toBe(409);
  expect(((await other.json()) as ErrorReply).error.code).toBe('idempotency_conflict');

  // One key, one use: a batch key on a search route conflicts, and the reverse.
  const search = await stack.get(`/v1/mkt_a/sold?q=${encodeURIComponent(body.searches[0]!.q)}`, key, { 'idempotency-key': 'batch-1' });
  expect(search.status).toBe(409);
  const s = await stack.get(`/v1/mkt_a/sold?q=${encodeURIComponent(fresh('lamp'))}`, key, { 'idempotency-key': 'search-1' });
  expect(s.status).toBe(202);
  const b = await postBatch(stack, key, body, { 'idempotency-key': 'search-1' });
  expect(b.status).toBe(409);
  // The account's other kind of key (live) with the same key and body: another batch's key.
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  expect((await postBatch(stack, live, body, { 'idempotency-key': 'batch-1' })).status).toBe(409);
  expect((await usage(account)).chargedTotal).toBeLessThanOrEqual(4);
});

test('a bad Idempotency-Key is refused before anything is recorded', async () => {
  const { key } = await stack.newKey();
  const r = await postBatch(stack, key, { searches: [{ endpoint: 'mkt_a/sold', q: 'x' }] }, { 'idempotency-key': 'has space' });
  expect(r.status).toBe(422);
  expect(((await r.json()) as ErrorReply).error.code).toBe('invalid_idempotency_key');
});

describe('pending cap: more searches than the plan allows is 422 batch_too_large (pages count one per page)', () => {
  const searches = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ endpoint: 'mkt_b/sold', q: `cap ${i}` }));
  test.each([
    ['10 searches on free (cap 10)', searches(10), 202],
    ['11 searches on free', searches(11), 422],
    ['pages 5 + pages 5', [{ endpoint: 'mkt_a/sold', q: 'cap a', pages: 5 }, { endpoint: 'mkt_a/sold', q: 'cap b', pages: 5 }], 202],
    ['pages 5 + pages 5 + 1', [{ endpoint: 'mkt_a/sold', q: 'cap c', pages: 5 }, { endpoint: 'mkt_a/sold', q: 'cap d', pages: 5 }, { endpoint: 'mkt_c/sold', q: 'cap e' }], 422],
    ['pages 10 + 1', [{ endpoint: 'mkt_a/listings', q: 'cap f', pages: 10 }, { endpoint: 'mkt_c/sold', q: 'cap g' }], 422],
  ])('%s', async (_name, list, status) => {
    const { key, account } = await stack.newKey({ plan: 'free' });
    const r = await postBatch(stack, key, { searches: list });
    expect(r.status).toBe(status);
    if (status === 422) {
      expect(((await r.json()) as ErrorReply).error.code).toBe('batch_too_large');
      expect(await usage(account)).toMatchObject({ pending: 0, chargedTotal: 0 });
    } else {
      const b = (await r.json()) as Batch;
      expect(b.items).toHaveLength(10);
      expect(b.counts.rejected).toBe(0);
      await settleBatch(stack, key, b.batch_id);
    }
  });
});

describe('an invalid search refuses the whole batch with error.index (after pages expansion), nothing recorded', () => {
  const ok = (q: string): Record<string, unknown> => ({ endpoint: 'mkt_a/sold', q });
  const cases: Array<[string, unknown[], number, string, string | undefined]> = [
    ['unknown route', [ok('a'), { endpoint: 'mkt_c/listings', q: 'b' }], 1, 'unsupported_or_invalid_query', 'endpoint'],
    ['no such marketplace', [{ endpoint: 'mkt_z/sold', q: 'b' }], 0, 'unsupported_or_invalid_query', 'endpoint'],
    ['endpoint missing', [{ q: 'b' }], 0, 'unsupported_or_invalid_query', 'endpoint'],
    ['endpoint not a string', [{ endpoint: ['mkt_a/sold'], q: 'b' }], 0, 'unsupported_or_invalid_query', 'endpoint'],
    ['index counts the pages before it', [{ ...ok('a'), pages: 3 }, ok('b'), { endpoint: 'mkt_d/listings', q: 'c', count: 101 }], 4, 'unsupported_or_invalid_query', 'count'],
    ['q missing', [ok('a'), { endpoint: 'mkt_b/sold' }], 1, 'unsupported_or_invalid_query', 'q'],
    ['q too long', [{ endpoint: 'mkt_b/sold', q: 'x'.repeat(201) }], 0, 'unsupported_or_invalid_query', 'q'],
    ['q only spaces', [{ endpoint: 'mkt_b/sold', q: '   ' }], 0, 'unsupported_or_invalid_query', 'q'],
    ['unknown parameter', [ok('a'), { ...ok('b'), colour: 'red' }], 1, 'unsupported_or_invalid_query', 'colour'],
    ['parameter of another route', [{ ...ok('a'), count: 50 }], 0, 'unsupported_or_invalid_query', 'count'],
    ['country other than us', [ok('a'), { ...ok('b'), country: 'ca' }], 1, 'unsupported_or_invalid_query', 'country'],
    ['marketplace of another route', [{ ...ok('a'), marketplace: 'mkt_b' }], 0, 'unsupported_or_invalid_query', 'marketplace'],
    ['min above max', [{ ...ok('a'), min_price: 50, max_price: 10 }], 0, 'unsupported_or_invalid_query', 'min_price'],
    ['price not whole', [{ ...ok('a'), max_price: 10.5 }], 0, 'unsupported_or_invalid_query', 'max_price'],
    ['condition repeated in a list', [{ ...ok('a'), condition: ['used', 'used'] }], 0, 'unsupported_or_invalid_query', 'condition'],
    ['two mkt_b conditions', [{ endpoint: 'mkt_b/sold', q: 'a', condition: 'nwt,ug' }], 0, 'unsupported_or_invalid_query', 'condition'],
    ['ending_soon on mkt_b', [{ endpoint: 'mkt_b/listings', q: 'a', sort: 'ending_soon' }], 0, 'unsupported_or_invalid_query', 'sort'],
    ['best_deal', [ok('a'), ok('b'), { endpoint: 'mkt_c/sold', q: 'a', sort: 'best_deal' }], 2, 'sort_not_implemented', 'sort'],
    ['page 2 without cursor', [{ endpoint: 'mkt_c/sold', q: 'a', page: 2 }], 0, 'unsupported_or_invalid_query', 'cursor'],
    ['forged cursor', [{ endpoint: 'mkt_c/sold', q: 'a', page: 2, cursor: 'abc.def' }], 0, 'unsupported_or_invalid_query', 'cursor'],
    ['page 101', [{ ...ok('a'), page: 101 }], 0, 'unsupported_or_invalid_query', 'page'],
    ['mkt_e without a place', [{ endpoint: 'mkt_e/listings', q: 'a', radius: 7 }], 0, 'unsupported_or_invalid_query', 'radius'],
    ['marketplace check() refusal', [ok('a'), ok('forbidden-word')], 1, 'unsupported_or_invalid_query', 'q'],
    ['pages on mkt_b', [{ endpoint: 'mkt_b/sold', q: 'a', pages: 2 }], 0, 'unsupported_or_invalid_query', 'pages'],
    ['pages 0', [{ ...ok('a'), pages: 0 }], 0, 'unsupported_or_invalid_query', 'pages'],
    ['pages 11', [ok('z'), { ...ok('a'), pages: 11 }], 1, 'unsupported_or_invalid_query', 'pages'],
    ['pages 1.5', [{ ...ok('a'), pages: 1.5 }], 0, 'unsupported_or_invalid_query', 'pages'],
    ['pages with page', [{ ...ok('a'), pages: 2, page: 1 }], 0, 'unsupported_or_invalid_query', 'pages'],
    ['a value that is an object', [{ ...ok('a'), condition: { used: true } }], 0, 'unsupported_or_invalid_query', 'condition'],
    ['a search that is not an object', [ok('a'), 'mkt_a/sold?q=b'], 1, 'unsupported_or_invalid_query', undefined],
  ];
  test.each(cases.map(([name, searches, index, code, param]) => [name, index, searches, code, param] as const))('%s → index %i', async (_name, index, searches, code, param) => {
    const { key, account } = await stack.newKey();
    const r = await postBatch(stack, key, { searches }, { 'idempotency-key': 'refused-once' });
    expect(r.status).toBe(422);
    const body = (await r.json()) as ErrorReply;
    expect(body.error.code).toBe(code);
    expect(body.error.index).toBe(index);
    expect(body.error.param).toBe(param);
    expect(body.error.message).toContain(`(index ${index})`);
    expect(await usage(account)).toEqual({ completed30d: 0, pending: 0, extraLeft: 0, chargedTotal: 0 });
    // Nothing was stored under the key: it still works for a valid batch.
    const valid = await postBatch(stack, key, { searches: [{ endpoint: 'mkt_b/sold', q: fresh('valid') }] }, { 'idempotency-key': 'refused-once' });
    expect(valid.status).toBe(202);
  });

  test('invalid defaults are reported on the first search they reach', async () => {
    const { key } = await stack.newKey();
    const r = await postBatch(stack, key, { defaults: { count: 500 }, searches: [{ endpoint: 'mkt_c/sold', q: 'a' }] });
    expect(r.status).toBe(422);
    expect(((await r.json()) as ErrorReply).error).toMatchObject({ index: 0, param: 'count' });
  });
});

describe('body and request refusals', () => {
  test.each([
    ['not an object', [], 'unsupported_or_invalid_query'],
    ['no searches', {}, 'unsupported_or_invalid_query'],
    ['empty searches', { searches: [] }, 'unsupported_or_invalid_query'],
    ['searches not an array', { searches: { endpoint: 'mkt_a/sold', q: 'a' } }, 'unsupported_or_invalid_query'],
    ['unknown top-level field', { searches: [{ endpoint: 'mkt_a/sold', q: 'a' }], callback_url: 'x' }, 'unsupported_or_invalid_query'],
    ['defaults not an object', { defaults: 'q=a', searches: [{ endpoint: 'mkt_a/sold', q: 'a' }] }, 'unsupported_or_invalid_query'],
    ['malformed JSON', '{"searches": [', 'unsupported_or_invalid_query'],
  ])('%s → 422', async (_name, body, code) => {
    const { key } = await stack.newKey();
    const r = await postBatch(stack, key, body);
    expect(r.status).toBe(422);
    const e = (await r.json()) as ErrorReply;
    expect(e.error.code).toBe(code);
    expect(e.error.index).toBeUndefined();
  });

  test('Content-Type must be application/json', async () => {
    const { key } = await stack.newKey();
    const r = await postBatch(stack, key, JSON.stringify({ searches: [{ endpoint: 'mkt_a/sold', q: 'a' }] }), { 'content-type': 'text/plain' });
    expect(r.status).toBe(422);
    expect(((await r.json()) as ErrorReply).error.message).toMatch(/Content-Type/);
    const charset = await postBatch(stack, key, { searches: [{ endpoint: 'mkt_b/sold', q: fresh('cs') }] }, { 'content-type': 'application/json; charset=utf-8' });
    expect(charset.status).toBe(202);
  });

  test('a body over 256 KB is refused; one just under is read', async () => {
    const { key } = await stack.newKey({ plan: 'scale' });
    const big = JSON.stringify({ searches: [{ endpoint: 'mkt_b/sold', q: 'a', pad: 'x'.repeat(256 * 1024) }] });
    const r = await postBatch(stack, key, big);
    expect(r.status).toBe(422);
    expect(((await r.json()) as ErrorReply).error.message).toMatch(/256 KB/);
    // Just under the limit: read, then refused for its content (the pad is an unknown parameter).
    const under = JSON.stringify({ searches: [{ endpoint: 'mkt_b/sold', q: 'a', pad: 'x'.repeat(256 * 1024 - 100) }] });
    const u = await postBatch(stack, key, under);
    expect(((await u.json()) as ErrorReply).error).toMatchObject({ code: 'unsupported_or_invalid_query', param: 'pad', index: 0 });
  });

  test('query parameters are not taken on POST', async () => {
    const { key } = await stack.newKey();
    const r = await fetch(`${stack.url}/v1/batches?wait=5`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: '{"searches":[{"endpoint":"mkt_a/sold","q":"a"}]}' });
    expect(r.status).toBe(422);
  });

  test('methods other than POST (GET on a batch) answer 405; no key answers 401', async () => {
    const { key } = await stack.newKey();
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const r = await postBatch(stack, key, {}, {}, method);
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('POST');
    }
    expect((await stack.get('/v1/batches', key)).status).toBe(405);
    const created = (await (await postBatch(stack, key, { searches: [{ endpoint: 'mkt_b/sold', q: fresh('m') }] })).json()) as Batch;
    const post = await fetch(`${stack.url}/v1/batches/${created.batch_id}`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    const anon = await postBatch(stack, null, { searches: [{ endpoint: 'mkt_a/sold', q: 'a' }] });
    expect(anon.status).toBe(401);
    expect((await getBatch(stack, 'lk_sandbox_' + 'x'.repeat(32), created.batch_id)).status).toBe(401);
  });
});
