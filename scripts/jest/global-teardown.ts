/** jest global teardown: stop the Redis the global setup started, if any. */
export default async function teardown(): Promise<void> {
  await globalThis.__listingsRedisStop?.();
}
