/**
 * @module primary-follow
 * Keeps every connection of a process on the primary the sentinels name, and keeps the
 * service's own writes off Redis while the sentinels are switching primaries.
 *
 * A failover that kills the primary drops its connections, and they ask the sentinels again
 * by themselves. A switch that leaves the old primary running (`SENTINEL FAILOVER`, a managed
 * Redis's routine maintenance, a partition that heals) does not: the sentinels promote the
 * replica, but reconfigure the old primary, and cut its clients, only when they next look at
 * it, up to ten seconds later. Until then it still takes writes, and loses them all when it
 * becomes a replica of the new primary: searches recorded, jobs settled, charges made and
 * read back by clients, gone (`npm run chaos` lost every search of those seconds before this
 * module, and a few around each switch before the fence below).
 *
 * - **Follow.** Each process asks every sentinel for the primary every `PRIMARY_CHECK_MS`
 *   (one `SENTINEL MASTER` each, whatever the number of connections), believes the newest
 *   configuration epoch, and moves every ready connection that is connected elsewhere:
 *   `disconnect(true)`, a reconnect that asks the sentinels again. Connections still
 *   connecting are left alone: they are asking already, and closing a connector in the middle
 *   of its lookup is what ended connections for good with ioredis' own failover detector.
 * - **Fence.** The sentinels announce a failover (`+try-failover`, on their pub/sub) a few of
 *   their 100 ms ticks before the replica is promoted. From that announcement (or a
 *   `failover_in_progress` flag seen by the poll) until every answering sentinel names the
 *   same primary, no failover is in progress and every ready connection is on that primary,
 *   `writesFenced()` is true: `guarded` calls (every read and write of the service's data)
 *   answer 503 `storage_unavailable` at once on request paths and wait on background paths,
 *   so nothing the service records can land on a primary that is being replaced. A fence that
 *   has not lifted after `FENCE_MAX_MS` lifts anyway (an outage would be worse than the
 *   unlikely loss), and says so to `onFenceTimeout`.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Redis } from 'ioredis';
import type { SentinelTarget } from './redis-url.ts';

/** How often a process asks the sentinels for the primary. */
export const PRIMARY_CHECK_MS = 250;
/** The longest the fence holds writes back. */
export const FENCE_MAX_MS = 60_000;

interface Follower {
  live: Set<Redis>;
  timer: NodeJS.Timeout;
  /** A connection to each sentinel, made when first needed and again after a failure. */
  sentinels: Array<Redis | null>;
  /** A subscriber to each sentinel's events (the announcement of a failover). */
  subscribers: Redis[];
  checking: boolean;
  /** Since when writes are fenced (ms since epoch), or 0. */
  fencedSince: number;
}

const followers = new Map<string, Follower>();
const fenceTimeouts = new Set<(name: string) => void>();

/** True while a primary switch is under way in any Redis this process uses (see the module). */
export function writesFenced(): boolean {
  for (const f of followers.values()) if (f.fencedSince !== 0) return true;
  return false;
}

/** Calls `fn` when a fence lifted only because it lasted `FENCE_MAX_MS`. */
export function onFenceTimeout(fn: (name: string) => void): () => void {
  fenceTimeouts.add(fn);
  return () => fenceTimeouts.delete(fn);
}

/** Resolves once no write fence holds (or after `timeoutMs`, false then). */
export async function untilUnfenced(timeoutMs = FENCE_MAX_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (writesFenced()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

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

function sentinelClient(t: SentinelTarget, i: number, opts: { subscriber?: boolean } = {}): Redis {
  const s = t.sentinels[i]!;
  const client = new Redis({
    host: s.host, port: s.port, lazyConnect: !opts.subscriber, connectTimeout: 1000, enableReadyCheck: false,
    ...(opts.subscriber
      ? { retryStrategy: (times: number) => Math.min(times * 200, 2000) } // a subscriber keeps listening
      : { commandTimeout: 1000, maxRetriesPerRequest: 0, enableOfflineQueue: true, retryStrategy: () => null }),
    ...(t.sentinelPassword ? { password: t.sentinelPassword } : {}),
  });
  client.on('error', () => undefined);
  return client;
}

interface MasterView { host: string; port: number; epoch: number; failingOver: boolean }

/** What sentinel `i` says of the primary, or null when it does not answer. */
async function askSentinel(t: SentinelTarget, f: Follower, i: number): Promise<MasterView | null> {
  const client = (f.sentinels[i] ??= sentinelClient(t, i));
  try {
    const reply = (await client.call('SENTINEL', 'MASTER', t.name)) as unknown;
    if (!Array.isArray(reply)) return null;
    const fields = new Map<string, string>();
    for (let k = 0; k + 1 < reply.length; k += 2) fields.set(String(reply[k]), String(reply[k + 1]));
    const host = fields.get('ip');
    const port = Number(fields.get('port'));
    if (!host || !Number.isInteger(port)) return null;
    return { host, port, epoch: Number(fields.get('config-epoch') ?? 0), failingOver: (fields.get('flags') ?? '').includes('failover_in_progress') };
  } catch {
    // Away or slow: a new connection next time.
    client.disconnect();
    f.sentinels[i] = null;
    return null;
  }
}

function fence(f: Follower): void {
  if (f.fencedSince === 0) f.fencedSince = Date.now();
}

async function check(t: SentinelTarget, f: Follower): Promise<void> {
  if (f.checking) return;
  f.checking = true;
  try {
    const answers = (await Promise.all(t.sentinels.map((_, i) => askSentinel(t, f, i)))).filter((a) => a !== null);
    if (answers.length === 0) return;
    if (answers.some((a) => a.failingOver)) fence(f);
    const newest = answers.reduce((a, b) => (b.epoch > a.epoch ? b : a));
    const addresses = await addressesOf(newest.host).catch(() => null);
    if (!addresses) return;
    let allOnIt = true;
    for (const redis of f.live) {
      const stream = (redis as unknown as { stream?: { remoteAddress?: string; remotePort?: number } }).stream;
      if (redis.status !== 'ready' || !stream?.remoteAddress) continue;
      if (stream.remotePort !== newest.port || !addresses.has(plain(stream.remoteAddress))) {
        allOnIt = false;
        redis.disconnect(true);
      }
    }
    if (f.fencedSince !== 0) {
      const agreed = answers.every((a) => !a.failingOver && a.port === newest.port && a.host === newest.host);
      if (agreed && allOnIt) {
        f.fencedSince = 0;
      } else if (Date.now() - f.fencedSince > FENCE_MAX_MS) {
        f.fencedSince = 0;
        for (const fn of [...fenceTimeouts]) fn(t.name);
      }
    }
  } finally {
    f.checking = false;
  }
}

/** Listens to each sentinel's announcements: a failover of this primary about to start fences writes at once. */
function listen(t: SentinelTarget, f: Follower): void {
  f.subscribers = t.sentinels.map((_, i) => {
    const sub = sentinelClient(t, i, { subscriber: true });
    sub.subscribe('+try-failover').catch(() => undefined);
    sub.on('message', (channel: string, message: string) => {
      // "master <name> <ip> <port>"
      if (channel === '+try-failover' && message.split(' ')[1] === t.name) fence(f);
    });
    return sub;
  });
}

function follow(key: string, t: SentinelTarget, redis: Redis): void {
  let f = followers.get(key);
  if (!f) {
    const follower: Follower = {
      live: new Set(), sentinels: t.sentinels.map(() => null), subscribers: [], checking: false, fencedSince: 0,
      timer: setInterval(() => void check(t, follower), PRIMARY_CHECK_MS),
    };
    follower.timer.unref();
    listen(t, follower);
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
    // An ended connection is not disconnected again: ioredis would set a 2 s timer on its closed
    // socket that no 'close' event clears (TrackedRedis.disconnect says the same).
    for (const c of f.sentinels) if (c && c.status !== 'end') c.disconnect();
    for (const c of f.subscribers) if (c.status !== 'end') c.disconnect();
    followers.delete(key);
  }
}

/**
 * Keeps `redis` (made for target `t`) on the primary the sentinels name while it is open
 * (BullMQ closes and opens its blocking connection again in normal work: it is followed again
 * when it connects). The first open connection of a target starts its follower; the last to end
 * stops it.
 */
export function followPrimary(redis: Redis, t: SentinelTarget): void {
  const key = keyOf(t);
  follow(key, t, redis);
  redis.on('connect', () => follow(key, t, redis));
  redis.on('end', () => unfollow(key, redis));
}
