import { expectJudged } from '../support/comps.ts';
import { startStack, settle, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES });
});
afterAll(async () => {
  await stack?.close();
});

test('miss → 202 pending → complete with 1 credit; then a cache hit answers 200 at once', async () => {
  const { key } = await stack.newKey();
  const r = await stack.get('/v1/mkt_a/sold?q=%20brass%20%20lamp%20', key);
  expect(r.status).toBe(202);
  expect(r.headers.get('retry-after')).toBe('2');
  expect(r.headers.get('x-request-id')).toBeTruthy();
  const pending = (await r.json()) as Record<string, unknown>;
  expect(pending).toEqual({ request_id: expect.stringMatching(/^req_/), status: 'pending', credits: 0, cached: false, poll_url: `/v1/jobs/${pending.request_id}` });
  expect(r.headers.get('location')).toBe(pending.poll_url);
  const done = await settle(stack, key, pending.request_id as string);
  expect(done).toMatchObject({ status: 'complete', credits: 1, cached: false });
  const result = done.result as Record<string, unknown>;
  expect(result).toMatchObject({ provider: 'mkt_a', country: 'us', query: 'brass lamp', page: 1, next_cursor: null, completeness: 'provider_page_only', schema_version: 1 });
  // The interface's fields in its order, then the judgement of comps (an extension).
  expect(Object.keys(result)).toEqual(['provider', 'country', 'query', 'page', 'page_size', 'count', 'reported_total', 'next_page', 'next_cursor', 'collected_at', 'schema_version', 'completeness', 'field_notes', 'data', 'comp_version', 'comps']);
  expectJudged(result as never);
  // A sandbox key's result says its listings are synthetic.
  expect(result.field_notes).toMatch(/^Sandbox: synthetic listings from the built-in simulator of this marketplace, not real market data; .* \(docs\/sandbox\.md\)\. \S/u);

  const hit = await stack.get('/v1/mkt_a/sold?q=brass+lamp', key);
  expect(hit.status).toBe(200);
  const body = (await hit.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: 'complete', credits: 1, cached: true });
  expect(body.request_id).not.toBe(pending.request_id);
  expect(body.result).toEqual(result);
});
