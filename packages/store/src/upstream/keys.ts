/**
 * @module upstream/keys
 * The Redis keys of a marketplace's bounds (the data model's other keys: ../keys.ts):
 *
 * | key                            | type   | holds                                            |
 * |--------------------------------|--------|--------------------------------------------------|
 * | qdepth:<mode>:<token>          | string | collections queued or running (backpressure: the queue bound) |
 * | upstream:<mode>:<token>:<day>  | string | upstream fetches on that UTC day of the Redis clock (the daily limit, upstream-take.lua) |
 */
export function upstreamKeys(prefix: string) {
  return {
    queueDepth: (mode: string, token: string) => `${prefix}qdepth:${mode}:${token}`,
    upstreamDay: (mode: string, token: string, day: number) => `${prefix}upstream:${mode}:${token}:${day}`,
  };
}
