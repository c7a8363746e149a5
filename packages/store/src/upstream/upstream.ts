/**
 * @module upstream
 * A marketplace's bounds: its daily upstream allowance, taken one fetch at a time and exact
 * across any number of workers (upstream-take.lua), and its queue depth, the collections
 * queued or running that the queue bound is checked against (kept by ../searches/submit.lua
 * and ../collections/settle.lua). Its keys are in keys.ts beside it.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Mode } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { guarded } from '../redis.ts';

type UpstreamRedis = Redis & { lstUpstreamTake(...args: (string | number)[]): Promise<[number, number]> };

export function createUpstreamLimits(redisConn: Redis, keys: Keys) {
  const redis = redisConn as UpstreamRedis;
  if (typeof redis.lstUpstreamTake !== 'function') redis.defineCommand('lstUpstreamTake', { numberOfKeys: 0, lua: readFileSync(new URL('./upstream-take.lua', import.meta.url), 'utf8') });
  return {
    /** Takes one unit of today's upstream allowance for a marketplace; false when used up. */
    takeUpstream(mode: Mode, token: string, dailyLimit: number | null): Promise<{ taken: boolean; used: number }> {
      return guarded(async () => {
        const [taken, used] = await redis.lstUpstreamTake(keys.prefix, mode, token, dailyLimit ?? -1);
        return { taken: Number(taken) === 1, used: Number(used) };
      });
    },

    /**
     * Upstream fetches taken today (UTC day of the Redis clock, as upstream-take.lua counts
     * them) for a marketplace: the figure the daily limit is checked against (metrics).
     */
    upstreamUsed(mode: Mode, token: string): Promise<number> {
      return guarded(async () => {
        const [sec] = await redis.time();
        const day = Math.floor(Number(sec) / 86_400);
        return Number((await redis.get(keys.upstreamDay(mode, token, day))) ?? 0);
      });
    },

    queueDepth(mode: Mode, token: string): Promise<number> {
      return guarded(async () => Number((await redis.get(keys.queueDepth(mode, token))) ?? 0));
    },
  };
}
