/**
 * @module fleet
 * The fleet-wide figures the api exports on `/metrics` (apps/api/src/metrics.ts),
 * read in one round trip: one read-only script (fleet.lua beside it) instead of the ~80 commands
 * of BullMQ's getJobCounts and getJobs plus two reads per marketplace and mode. Per marketplace:
 * its collection queue's jobs by BullMQ state, when its oldest waiting job was queued, and per
 * mode the collections open (the queue-full count) and today's upstream fetches (the daily
 * limit's count, on the Redis clock's UTC day).
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Mode } from '../ids.ts';
import { createKeys } from '../keys.ts';
import { queueName, queuePrefix } from '../queues.ts';
import { guarded } from '../redis.ts';

export const FLEET_QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;
export type FleetQueueState = (typeof FLEET_QUEUE_STATES)[number];

export interface FleetRow {
  token: string;
  /** Jobs of the marketplace's queue by BullMQ state (as `Queue.getJobCounts` counts them). */
  counts: Record<FleetQueueState, number>;
  /** When the oldest job waiting to start was queued (ms since epoch, BullMQ's job timestamp), or null when none waits. */
  oldestWaitingAt: number | null;
  modes: Array<{ mode: Mode; open: number; usedToday: number }>;
}

const LUA = readFileSync(new URL('./fleet.lua', import.meta.url), 'utf8');

type FleetRedis = Redis & { lstFleet(...args: (string | number)[]): Promise<number[][]> };

/** Reads the fleet figures of `tokens` × `modes` with one script call (bounded like every store call). */
export function readFleet(redis: Redis, keyPrefix: string, tokens: readonly string[], modes: readonly Mode[]): Promise<FleetRow[]> {
  const r = redis as FleetRedis;
  if (typeof r.lstFleet !== 'function') redis.defineCommand('lstFleet', { numberOfKeys: 0, lua: LUA });
  const keys = createKeys(keyPrefix);
  const args: string[] = [String(tokens.length), String(modes.length)];
  for (const token of tokens) {
    args.push(`${queuePrefix(keyPrefix)}:${queueName(token)}:`);
    for (const mode of modes) args.push(keys.queueDepth(mode, token), `${keys.prefix}upstream:${mode}:${token}:`);
  }
  return guarded(async () => {
    const rows = await r.lstFleet(...args);
    return tokens.map((token, i) => {
      const row = rows[i]!;
      return {
        token,
        counts: { waiting: row[0]!, active: row[1]!, delayed: row[2]!, failed: row[3]!, prioritized: row[4]! },
        oldestWaitingAt: row[5]! < 0 ? null : row[5]!,
        modes: modes.map((mode, j) => ({ mode, open: row[6 + 2 * j]!, usedToday: row[7 + 2 * j]! })),
      };
    });
  });
}
