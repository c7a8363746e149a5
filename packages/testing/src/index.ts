/**
 * @module @listings/testing
 * Test support: the Redis to run against, unique prefixes, private redis-server processes.
 */
export { testRedisUrl, uniquePrefix } from './redis.ts';
export { startPrivateRedis, findRedisServer, INSTALL_HINT, type PrivateRedis } from './redis-server.ts';
