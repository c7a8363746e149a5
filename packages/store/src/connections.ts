/**
 * @module connections
 * The Redis connections of this process, tracked. Every connection the code makes
 * (`connectRedis`, `bullConnection` and whatever BullMQ duplicates from them) is a
 * TrackedRedis. A connection ioredis ends for good without being asked to (status `end` with no
 * `disconnect`/`quit` of ours) will never come back by itself: it is recorded as lost, so
 * `/healthz` fails at once and the process's entry ends the process (the orchestrator starts
 * a new one, whose connections resolve the current primary afresh). A process whose worker
 * or store connection had died would otherwise answer health checks for ever while doing
 * nothing (docs/operations.md, "Redis failover").
 */
import { Redis, type Callback, type RedisOptions } from 'ioredis';
import { followPrimary } from './primary-follow.ts';
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
const closing = new WeakSet<TrackedRedis>();

/** The connections lost so far (empty while every connection is either open or closed by the code). */
export function lostConnections(): readonly LostConnection[] {
  return lost;
}

/** Calls `fn` for every connection lost from now on; returns a function that stops it. */
export function onConnectionLost(fn: LostListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** What a tracked connection is known by: its name, and the sentinels it follows (if any). */
export interface Tracking {
  name: string;
  sentinel?: SentinelTarget | undefined;
}

/**
 * An ioredis connection whose bookkeeping is its own (a subclass, no method of ioredis
 * reassigned): its unasked-for end is recorded as lost; its `disconnect` and `quit` mark it as
 * closed by the code; a connection through sentinels is kept on the primary they name
 * (primary-follow.ts); its duplicates (BullMQ makes its blocking and worker connections with
 * `duplicate`) are tracked connections too. Made with `url` (a `redis://` URL) or from
 * `options` alone (a sentinel connection's options, a duplicate's).
 */
export class TrackedRedis extends Redis {
  declare readonly tracking: Tracking;

  constructor(tracking: Tracking, options: RedisOptions, url?: string) {
    if (url === undefined) super(options);
    else super(url, options);
    this.tracking = tracking;
    if (tracking.sentinel) followPrimary(this, tracking.sentinel);
    this.on('end', () => {
      if (closing.has(this)) return;
      const entry: LostConnection = { name: tracking.name, at: Date.now() };
      lost.push(entry);
      for (const fn of [...listeners]) fn(entry);
    });
  }

  // Opened again after being closed (BullMQ closes and reopens its blocking connection in normal work): tracked again.
  override connect(callback?: Callback<void>): Promise<void> {
    closing.delete(this);
    return super.connect(callback);
  }

  override disconnect(reconnect?: boolean): void {
    if (reconnect !== true) closing.add(this);
    // Already ended (BullMQ's close, a quit, the server gone): nothing is open. ioredis would
    // still end the closed socket and set a 2 s timer to destroy it, which no 'close' event ever
    // clears, keeping the process alive for those 2 s.
    if (this.status === 'end' && reconnect !== true) return;
    super.disconnect(reconnect);
  }

  override quit(callback?: Callback<'OK'>): Promise<'OK'> {
    closing.add(this);
    return super.quit(callback);
  }

  /** As ioredis's own (a new connection of these options and `override`), tracked under the override's connection name. */
  override duplicate(override?: Partial<RedisOptions>): TrackedRedis {
    const name = typeof override?.connectionName === 'string' ? override.connectionName : `${this.tracking.name}-copy`;
    const copy = new TrackedRedis({ name, sentinel: this.tracking.sentinel }, { ...this.options, ...override });
    copy.on('error', () => undefined);
    return copy;
  }
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
