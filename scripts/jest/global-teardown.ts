/**
 * jest global teardown: no key without a TTL is left in the Redis the run was given. Every key
 * without one under the prefixes the run's suites used (and only those) gets a TTL of an hour,
 * and the teardown fails the run if any is still without one. Then it stops the Redis the
 * global setup started, if any.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expireLeftovers, LEFTOVER_TTL_SECONDS, PREFIX_LOG_ENV, readPrefixLog } from '@listings/testing';

export default async function teardown(): Promise<void> {
  const log = process.env[PREFIX_LOG_ENV];
  const url = process.env.REDIS_URL;
  try {
    if (log && url && !globalThis.__listingsRedisStop) {
      const prefixes = readPrefixLog(log);
      const report = await expireLeftovers(url, prefixes);
      if (report.expired > 0) console.log(`\nTest keys: gave ${report.expired} key(s) without a TTL under ${report.prefixes} test prefix(es) a TTL of ${LEFTOVER_TTL_SECONDS} s.`);
      if (report.left.length > 0) throw new Error(`Test keys still without a TTL: ${report.left.slice(0, 10).join(', ')}${report.left.length > 10 ? ', …' : ''}`);
    }
  } finally {
    if (log) rmSync(dirname(log), { recursive: true, force: true });
    await globalThis.__listingsRedisStop?.();
  }
}
