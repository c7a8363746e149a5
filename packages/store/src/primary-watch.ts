/**
 * @module primary-watch
 * Keeps every connection of a process on the primary the sentinels name. A failover that
 * kills the primary drops its connections, and they ask the sentinels again by themselves. A
 * switch that leaves the old primary running (`SENTINEL FAILOVER`, a managed Redis's routine
 * maintenance, a partition that heals) does not: the sentinels promote the replica at once,
 * but reconfigure the old primary (and cut its clients) only when they next look at it, up to
 * ten seconds later. Until then it still takes writes, and loses them all when it becomes a
 * replica of the new primary: searches recorded, jobs settled, charges made and read back by
 * clients, gone (`npm run chaos` lost every search of those seconds before this watch).
 *
 * So each process asks the sentinels for the primary every `PRIMARY_CHECK_MS` (one small
 * command to each, whatever the number of connections), believes the one with the newest
 * configuration epoch (the sentinel that led a failover knows first; the others learn it
 * within seconds), and moves every ready connection that is connected elsewhere:
 * `disconnect(true)`, a reconnect that asks the sentinels again.
 * Connections still connecting are left alone: they are asking already, and closing a
 * connector in the middle of its lookup is what ended connections for good with ioredis'
 * own failover detector (redis-url.ts).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Redis } from 'ioredis';
import type { SentinelTarget } from './redis-url.ts';

/** How often a process asks a sentinel for the primary. */
export const PRIMARY_CHECK_MS = 250;

interface Follower {
  live: Set<Redis>;
  timer: NodeJS.Timeout;
  /** A connection to each sentinel, made when first needed and again after a failure. */
  sentinels: Array<Redis | null>;
  checking: boolean;
}

const followers = new Map<string, Follower>();

function keyOf(t: SentinelTarget): string {
  return `${t.name}@${t.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}/${t.db}`;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one address. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

const resolved = new Map<string, { addresses: Set<string>; until: number }>();

/** The addresses a primary's host stands for (an IP stands for itself; names are resolved, for 30 s). */
async function addressesOf(host: string): Promise<Set<string>> {
  if (isIP(host) !== 0) return new Set([plain(host)]);
  const cached = resolved.get(host);
  if (cached && cached.until > Date.now()) return cached.addresses;
  const addresses = new Set((await lookup(host, { all: true })).map((a) => plain(a.address)));
  resolved.set(host, { addresses, until: Date.now() + 30_000 });
  return addresses;
}

function sentinelClient(t: SentinelTarget, i: number): Redis {
  const s = t.sentinels[i]!;
  const client = new Redis({
    host: s.host, port: s.port, lazyConnect: true, connectTimeout: 1000, commandTimeout: 1000,
    maxRetriesPerRequest: 0, enableOfflineQueue: true, retryStrategy: () => null, enableReadyCheck: false,
    ...(t.sentinelPassword ? { password: t.sentinelPassword } : {}),
  });
  client.on('error', () => undefined);
  return client;
}

/** What sentinel `i` says of the primary: its address and the configuration epoch it knows, or null. */
async function askSentinel(t: SentinelTarget, f: Follower, i: number): Promise<{ host: string; port: number; epoch: number } | null> {
  const client = (f.sentinels[i] ??= sentinelClient(t, i));
  try {
    const reply = (await client.call('SENTINEL', 'MASTER', t.name)) as unknown;
    if (!Array.isArray(reply)) return null;
    const fields = new Map<string, string>();
    for (let k = 0; k + 1 < reply.length; k += 2) fields.set(String(reply[k]), String(reply[k + 1]));
    const host = fields.get('ip');
    const port = Number(fields.get('port'));
    if (!host || !Number.isInteger(port)) return null;
    return { host, port, epoch: Number(fields.get('config-epoch') ?? 0) };
  } catch {
    // Away or slow: a new connection next time.
    client.disconnect();
    f.sentinels[i] = null;
    return null;
  }
}

async function check(t: SentinelTarget, f: Follower): Promise<void> {
  if (f.checking) return;
  f.checking = true;
  try {
    const answers = (await Promise.all(t.sentinels.map((_, i) => askSentinel(t, f, i)))).filter((a) => a !== null);
    if (answers.length === 0) return;
    const newest = answers.reduce((a, b) => (b.epoch > a.epoch ? b : a));
    const addresses = await addressesOf(newest.host).catch(() => null);
    if (!addresses) return;
    for (const redis of f.live) {
      const stream = (redis as unknown as { stream?: { remoteAddress?: string; remotePort?: number } }).stream;
      if (redis.status !== 'ready' || !stream?.remoteAddress) continue;
      if (stream.remotePort !== newest.port || !addresses.has(plain(stream.remoteAddress))) redis.disconnect(true);
    }
  } finally {
    f.checking = false;
  }
}

function follow(key: string, t: SentinelTarget, redis: Redis): void {
  let f = followers.get(key);
  if (!f) {
    const follower: Follower = { live: new Set(), sentinels: t.sentinels.map(() => null), checking: false, timer: setInterval(() => void check(t, follower), PRIMARY_CHECK_MS) };
    follower.timer.unref();
    followers.set(key, follower);
    f = follower;
  }
  f.live.add(redis);
}

function unfollow(key: string, redis: Redis): void {
  const f = followers.get(key);
  if (!f) return;
  f.live.delete(redis);
  if (f.live.size === 0) {
    clearInterval(f.timer);
    for (const c of f.sentinels) c?.disconnect();
    followers.delete(key);
  }
}

/**
 * Keeps `redis` (made for target `t`) on the primary the sentinels name while it is open
 * (BullMQ closes and opens its blocking connection again in normal work: it is followed again
 * when it connects). The first open connection of a target starts its watch; the last to end
 * stops it.
 */
export function followPrimary(redis: Redis, t: SentinelTarget): void {
  const key = keyOf(t);
  follow(key, t, redis);
  redis.on('connect', () => follow(key, t, redis));
  redis.on('end', () => unfollow(key, redis));
}
