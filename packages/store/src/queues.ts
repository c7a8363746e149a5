/**
 * @module queues
 * The producer side of the collection queues, shared by the api (hands new collections over)
 * and the workers' sweep (hands over what an api could not): one BullMQ queue per
 * marketplace, `collect-<token>`, under `<prefix>bull`; the job id is the collection id, so
 * handing the same collection over twice queues it once.
 */
import { Queue, type JobsOptions } from 'bullmq';
import { legacyStorage } from './results/bodies.ts';
import { connectRedis } from './redis.ts';

export function queueName(token: string): string {
  return `collect-${token}`;
}

export function queuePrefix(keyPrefix: string): string {
  return `${keyPrefix}bull`;
}

export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

/** BullMQ backoff type of collection jobs; the worker's backoffStrategy implements it. */
export const UPSTREAM_BACKOFF = 'upstream';

/**
 * Delay before retry `attemptsMade` (1-based): exponential from `baseMs`, but never shorter
 * than what the marketplace asked for (`Retry-After` of a 429, carried by the error).
 */
export function upstreamBackoffMs(attemptsMade: number, baseMs: number, err?: { retryAfterSeconds?: number }): number {
  const exponential = baseMs * 2 ** Math.max(0, attemptsMade - 1);
  const asked = (err?.retryAfterSeconds ?? 0) * 1000;
  return Math.min(Math.max(exponential, asked), 10 * 60_000);
}

export function collectionJobOptions(collectionId: string, retry: RetryPolicy): JobsOptions {
  return {
    jobId: collectionId,
    attempts: retry.attempts,
    backoff: { type: UPSTREAM_BACKOFF, delay: retry.backoffMs },
    // A settled collection's record says what became of it; BullMQ's copy is kept a while for
    // operators, bounded by age and by count (docs/operations.md "Redis memory").
    removeOnComplete: { age: legacyStorage.on ? 3600 : 900, count: 10000 },
    removeOnFail: { age: 86400, count: 10000 },
  };
}

export interface CollectionQueues {
  /** Hands a recorded collection to its marketplace's queue (idempotent). */
  add(token: string, collectionId: string): Promise<void>;
  /** BullMQ's view of a collection's job: 'waiting', 'active', 'failed', 'unknown', ... */
  state(token: string, collectionId: string): Promise<string>;
  close(): Promise<void>;
}

export function createCollectionQueues(redisUrl: string, keyPrefix: string, retry: RetryPolicy, opts: { failFast?: boolean } = {}): CollectionQueues {
  const conn = connectRedis(redisUrl, { name: 'listings-queue-producer', failFast: opts.failFast ?? true });
  const queues = new Map<string, Queue>();
  const get = (token: string): Queue => {
    let q = queues.get(token);
    if (!q) {
      q = new Queue(queueName(token), { connection: conn, prefix: queuePrefix(keyPrefix) });
      q.on('error', () => undefined);
      queues.set(token, q);
    }
    return q;
  };
  return {
    async add(token, collectionId) {
      await get(token).add('collect', { collectionId }, collectionJobOptions(collectionId, retry));
    },
    state: (token, collectionId) => get(token).getJobState(collectionId),
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      conn.disconnect();
    },
  };
}
