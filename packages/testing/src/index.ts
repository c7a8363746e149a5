/**
 * @module @listings/testing
 * Test support: the Redis to run against, unique prefixes, private redis-server processes.
 */
export { testRedisUrl, uniquePrefix, dropPrefix } from './redis.ts';
export { startFakeSentinel, type FakeSentinel } from './fake-sentinel.ts';
export { startPrivateRedis, startSentinelSet, findRedisServer, INSTALL_HINT, type PrivateRedis, type SentinelSet } from './redis-server.ts';
export { expireLeftovers, keysWithoutTtl, logPrefix, readPrefixLog, prefixPattern, PREFIX_LOG_ENV, LEFTOVER_TTL_SECONDS, type SweepReport } from './leftover-keys.ts';
export { testDatabaseUrl, uniqueSchema, startPrivatePostgres, findPostgresBin, DEFAULT_TEST_DATABASE_URL, type PrivatePostgres, type PrivatePostgresOptions } from './postgres.ts';
