import { collectionJobOptions, upstreamBackoffMs, UPSTREAM_BACKOFF } from './queues.ts';

test('retries back off exponentially, never sooner than the marketplace asked', () => {
  expect(upstreamBackoffMs(1, 1000)).toBe(1000);
  expect(upstreamBackoffMs(3, 1000)).toBe(4000);
  expect(upstreamBackoffMs(1, 1000, { retryAfterSeconds: 30 })).toBe(30_000);
  expect(upstreamBackoffMs(3, 1000, { retryAfterSeconds: 2 })).toBe(4000);
  expect(upstreamBackoffMs(30, 1000)).toBe(600_000);
});

test('collection jobs are keyed by their collection and use the upstream backoff', () => {
  expect(collectionJobOptions('col_x', { attempts: 3, backoffMs: 500 })).toMatchObject({ jobId: 'col_x', attempts: 3, backoff: { type: UPSTREAM_BACKOFF, delay: 500 } });
});
