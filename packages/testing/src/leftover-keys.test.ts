/**
 * The teardown's sweep (leftover-keys.ts): keys without a TTL under the run's logged prefixes
 * get one; keys that have one keep theirs; keys under any other prefix, test or not, are never
 * touched. On a private redis-server, so keys outside test prefixes can be made and checked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { expireLeftovers, keysWithoutTtl, LEFTOVER_TTL_SECONDS, PREFIX_LOG_ENV, prefixPattern, readPrefixLog } from './leftover-keys.ts';
import { findRedisServer, startPrivateRedis, type PrivateRedis } from './redis-server.ts';
import { uniquePrefix } from './redis.ts';

const hasServer = findRedisServer() !== null;
if (!hasServer) process.stderr.write('SKIPPED the leftover-keys sweep tests on Redis: no redis-server on PATH (they need a private one to make keys outside test prefixes).\n');
const withServer = hasServer ? test : test.skip;

let server: PrivateRedis | undefined;
let redis: Redis | undefined;
const dir = mkdtempSync(join(tmpdir(), 'listings-leftover-'));

beforeAll(async () => {
  if (!hasServer) return;
  server = await startPrivateRedis({ appendonly: false });
  redis = new Redis(server.url);
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('uniquePrefix writes each prefix to the run\'s log; the log reads back test prefixes only, each once', () => {
  const file = join(dir, 'prefixes');
  const before = process.env[PREFIX_LOG_ENV];
  process.env[PREFIX_LOG_ENV] = file;
  try {
    const a = uniquePrefix('sweep');
    const b = uniquePrefix('sweep');
    expect(readFileSync(file, 'utf8')).toBe(`${a}\n${b}\n`);
    expect(readPrefixLog(file)).toEqual([a, b]);
  } finally {
    if (before === undefined) delete process.env[PREFIX_LOG_ENV];
    else process.env[PREFIX_LOG_ENV] = before;
  }
  const mixed = join(dir, 'mixed');
  writeFileSync(mixed, 'test:x:1:\nlst:\n\ntest:\ntest:x:1:\n*\n');
  expect(readPrefixLog(mixed)).toEqual(['test:x:1:']);
  expect(readPrefixLog(join(dir, 'absent'))).toEqual([]);
});

test('prefix patterns escape glob characters', () => {
  expect(prefixPattern('test:a*b?[c]\\:')).toBe('test:a\\*b\\?\\[c\\]\\\\:*');
});

withServer('keys without a TTL under the logged prefixes get one; others keep theirs; keys under other prefixes are untouched', async () => {
  const r = redis!;
  const logged = 'test:sweep:aaaa0001:';
  const other = 'test:sweep:bbbb0002:';
  await r.set(`${logged}acct:1`, 'x');
  await r.hset(`${logged}bull:collect-mkt_a:meta`, 'opts', '{}');
  await r.set(`${logged}result:1`, 'x', 'EX', 50);
  await r.set(`${other}acct:1`, 'x');
  await r.set('lst:acct:1', 'x');
  await r.set('test:sweep:aaaa0001', 'no trailing colon: not under the prefix');
  expect((await keysWithoutTtl(r, logged)).sort()).toEqual([`${logged}acct:1`, `${logged}bull:collect-mkt_a:meta`]);

  const report = await expireLeftovers(server!.url, [logged]);
  expect(report).toEqual({ prefixes: 1, expired: 2, left: [] });
  for (const k of [`${logged}acct:1`, `${logged}bull:collect-mkt_a:meta`]) {
    const ttl = await r.ttl(k);
    expect(ttl).toBeGreaterThan(LEFTOVER_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(LEFTOVER_TTL_SECONDS);
  }
  expect(await r.ttl(`${logged}result:1`)).toBeLessThanOrEqual(50);
  for (const k of [`${other}acct:1`, 'lst:acct:1', 'test:sweep:aaaa0001']) expect([k, await r.ttl(k)]).toEqual([k, -1]);
  // A second sweep finds nothing more to do.
  expect(await expireLeftovers(server!.url, [logged])).toEqual({ prefixes: 1, expired: 0, left: [] });
});
