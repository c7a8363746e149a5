/**
 * @module results
 * What a collection leaves, read back: a result's JSON (as the worker stored it, unpacked:
 * bodies.ts), its hidden facts, and the adapter state behind a cursor. Written by
 * ../collections/settle.lua, kept 24 h; the 15-minute cache that points at a result is
 * submit.lua's and settle.lua's. Its keys are in keys.ts beside it.
 */
import type { Redis } from 'ioredis';
import type { Keys } from '../keys.ts';
import { guarded } from '../redis.ts';
import { unpackOrNull } from './bodies.ts';

export function createResults(redis: Redis, keys: Keys) {
  return {
    getResultJson(resultId: string): Promise<string | null> {
      return guarded(async () => unpackOrNull(await redis.getBuffer(keys.result(resultId)))?.toString('utf8') ?? null);
    },

    /** The result JSON as the worker wrote it (UTF-8 bytes), for answers that splice it in without decoding it. */
    getResultBytes(resultId: string): Promise<Buffer | null> {
      return guarded(async () => unpackOrNull(await redis.getBuffer(keys.result(resultId))));
    },

    getHiddenJson(resultId: string): Promise<string | null> {
      return guarded(async () => unpackOrNull(await redis.getBuffer(keys.resultHidden(resultId)))?.toString('utf8') ?? null);
    },

    getCursorState(key: string): Promise<string | null> {
      return guarded(() => redis.get(keys.cursorState(key)));
    },
  };
}
