/**
 * Text that is not UTF-8 in a batch: bytes that do not decode as UTF-8, and JSON
 * escapes that decode to lone surrogates, answer 422 `unsupported_or_invalid_query`; nothing
 * is recorded or charged.
 */
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { postBatch, type ErrorReply } from './helpers.ts';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true, modules: [registerBatchRoutes] });
});
afterAll(async () => {
  await stack?.close();
});

async function refused(r: Response): Promise<ErrorReply> {
  expect(r.status).toBe(422);
  const body = (await r.json()) as ErrorReply;
  expect(body.error.code).toBe('unsupported_or_invalid_query');
  return body;
}

test('a body whose bytes are not UTF-8 is refused, whatever they would have searched', async () => {
  const { key, account } = await stack.newKey();
  for (const bytes of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xc3]]) {
    const body = Buffer.concat([Buffer.from('{"searches":[{"endpoint":"mkt_a/sold","q":"lamp'), Buffer.from(bytes), Buffer.from('"}]}')]);
    const r = await fetch(`${stack.url}/v1/batches`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
    expect((await refused(r)).error.message).toMatch(/UTF-8/u);
  }
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0 });
});

test('a q whose JSON escapes decode to a lone surrogate is refused, naming q', async () => {
  const { key, account } = await stack.newKey();
  const r = await postBatch(stack, key, '{"searches":[{"endpoint":"mkt_a/sold","q":"lamp \\ud800"}]}');
  const body = await refused(r);
  expect(body.error.param ?? body.error.message).toMatch(/q/u);
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0 });
});
