/**
 * @module connections
 * The Redis connections of this process, watched. Every connection the code makes
 * (`connectRedis`, `bullConnection` and whatever BullMQ duplicates from them) is registered
 * here. A connection ioredis ends for good without being asked to (status `end` with no
 * `disconnect`/`quit` of ours) will never come back by itself: it is recorded as lost, so
 * `/healthz` fails at once and the process's entry ends the process (the orchestrator starts
 * a new one, whose connections resolve the current primary afresh). A process whose worker
 * or store connection had died would otherwise answer health checks for ever while doing
 * nothing (docs/operations.md, "Redis failover").
 */
import type { Redis } from 'ioredis';
import { followPrimary } from './primary-watch.ts';
import type { SentinelTarget } from './redis-url.ts';

/** A connection that ended without being closed by the code. */
export interface LostConnection {
  name: string;
  /** When it ended (ms since epoch). */
  at: number;
}

type LostListener = (lost: LostConnection) => void;

const lost: LostConnection[] = [];
const listeners = new Set<LostListener>();
/** Connections the code itself closed (their `end` is expected). */
const closing = new WeakSet<Redis>();

/** The connections lost so far (empty while every connection is either open or closed by the code). */
export function lostConnections(): readonly LostConnection[] {
  return lost;
}

/** Calls `fn` for every connection lost from now on; returns a function that stops it. */
export function onConnectionLost(fn: LostListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Registers `redis` (named `name`): its unasked-for end is recorded as lost; its `disconnect`
 * and `quit` mark it as closed by the code; a connection through sentinels is kept on the
 * primary they name (primary-watch.ts); its duplicates (BullMQ makes its blocking and worker
 * connections with `duplicate`) are watched the same way.
 */
export function watchConnection<R extends Redis>(redis: R, name: string, sentinel?: SentinelTarget): R {
  if (sentinel) followPrimary(redis, sentinel);
  const disconnect = redis.disconnect.bind(redis);
  const quit = redis.quit.bind(redis);
  const duplicate = redis.duplicate.bind(redis);
  const connect = redis.connect.bind(redis);
  // Opened again after being closed (BullMQ closes and reopens its blocking connection in normal work): watched again.
  redis.connect = ((callback?: never) => {
    closing.delete(redis);
    return connect(callback);
  }) as typeof redis.connect;
  redis.disconnect = (reconnect?: boolean): void => {
    if (reconnect !== true) closing.add(redis);
    disconnect(reconnect);
  };
  redis.quit = ((callback?: never) => {
    closing.add(redis);
    return quit(callback);
  }) as typeof redis.quit;
  redis.duplicate = ((override?: Parameters<typeof duplicate>[0]) => {
    const copy = duplicate(override);
    copy.on('error', () => undefined);
    const copyName = typeof override?.connectionName === 'string' ? override.connectionName : `${name}-copy`;
    return watchConnection(copy, copyName, sentinel);
  }) as typeof redis.duplicate;
  redis.on('end', () => {
    if (closing.has(redis)) return;
    const entry: LostConnection = { name, at: Date.now() };
    lost.push(entry);
    for (const fn of [...listeners]) fn(entry);
  });
  return redis;
}

/** For tests: forgets the connections recorded as lost. */
export function resetLostConnections(): void {
  lost.length = 0;
}

/** The `/healthz` answer while a connection is lost: the process is alive but cannot work. */
export function lostConnectionHealth(): { status: 'unhealthy'; reason: string } | null {
  const first = lost[0];
  return first ? { status: 'unhealthy', reason: `Redis connection ${first.name} ended and will not reconnect` } : null;
}

/**
 * The policy of a process's entry (api, worker): when a connection is lost, log it, let
 * `/healthz` fail for `graceMs` (so a probe sees it), then end the process with code 1 for
 * the orchestrator to start it again. Work in hand is not lost: collections and deliveries
 * the process held are taken over by another worker once their locks lapse.
 */
export function endProcessWhenConnectionLost(log: (lost: LostConnection) => void, opts: { graceMs?: number; exit?: (code: number) => void } = {}): () => void {
  let ending = false;
  return onConnectionLost((entry) => {
    log(entry);
    if (ending) return;
    ending = true;
    setTimeout(() => (opts.exit ?? process.exit)(1), opts.graceMs ?? 2000);
  });
}
