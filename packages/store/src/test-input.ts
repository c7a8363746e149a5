/**
 * @module test-input
 * Test support (exported by ./testing only): the submit input the store's tests record, one
 * sandbox search of mkt_a page 1 for `account`, with `over` replacing what a test varies.
 */
import type { SubmitInput } from './store.ts';

export function testSubmitInput(account: string, over: Partial<SubmitInput> = {}): SubmitInput {
  return {
    mode: 'sandbox', account, route: 'mkt_a/sold', q: 'lamp', page: 1, pageId: 'page-1', token: 'mkt_a',
    idempotencyKeyHash: null, fingerprint: 'fp', allowance: 100, pendingCap: 10, dailyLimit: null, queueMax: null,
    searchJson: '{}', collectable: true, ...over,
  };
}
