/**
 * @module @listings/store/testing
 * What tests and benchmarks use of the store beyond what the services do, on an export path of
 * its own so that the index exports only what production uses: the key table, the connection
 * bookkeeping and its sentinel helpers (to read and reset them), the fence of writes while the
 * primary changes, the memory thresholds, a result body packed as stored, and the submit input
 * the store's tests record.
 */
export { createKeys, type Keys } from './keys.ts';
export { lostConnections, resetLostConnections, TrackedRedis } from './connections.ts';
export { sentinelOptions, sentinelTarget } from './redis-url.ts';
export { writesFenced } from './primary-follow.ts';
export { REFUSE_RATIO, WARN_RATIO } from './redis-memory.ts';
export { packBody } from './results/bodies.ts';
export { testSubmitInput } from './test-input.ts';
