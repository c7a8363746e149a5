/**
 * The console's calls: the service's own origin may call it for every account (POSTs from the
 * page carry an Origin header), any other origin still needs the account's allow-list.
 */
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes] });
});
afterAll(async () => {
  await stack.close();
});

function post(key: string, origin: string, host?: string): Promise<Response> {
  return fetch(`${stack.url}/v1/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', origin, ...(host ? { host } : {}) },
    body: JSON.stringify({ searches: [{ endpoint: 'mkt_a/sold', q: 'origin check' }] }),
  });
}

test('a POST from the service\'s own origin is accepted for an account with no allowed origins', async () => {
  const { key } = await stack.newKey();
  const res = await post(key, stack.url);
  expect(res.status).toBe(202);
  expect(res.headers.get('access-control-allow-origin')).toBe(stack.url);
});

test('another origin is refused 403 origin_not_allowed, also on another scheme or port of the same host', async () => {
  const { key } = await stack.newKey();
  const port = Number(new URL(stack.url).port);
  for (const origin of ['https://evil.example', stack.url.replace('http:', 'https:'), `http://127.0.0.1:${port + 1}`, 'null']) {
    const res = await post(key, origin);
    expect({ origin, status: res.status, body: await res.json() }).toEqual({ origin, status: 403, body: { error: expect.objectContaining({ code: 'origin_not_allowed' }) } });
  }
});
