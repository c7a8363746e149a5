/**
 * @module redis
 * Redis connections and the one error the rest of the code sees when Redis fails.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { watchConnection } from './connections.ts';
import { untilUnfenced, writesFenced } from './primary-watch.ts';
import { sentinelOptions, sentinelTarget } from './redis-url.ts';
import { Redis, type RedisOptions } from 'ioredis';

/** Redis could not be reached or answered an error: the API answers 503 storage_unavailable. */
/** How long a request-path command may take before the caller gives up (and answers 503). */
export const COMMAND_TIMEOUT_MS = 3000;
/**
 * The deadline a script that records or charges carries, counted from when it was sent: a script
 * Redis runs later (it was paused, or failing over) changes nothing. Shorter than the command
 * timeout, so a script that did run had its answer on the way well before the caller gave up.
 * Redis's clock (TIME) is compared with the api's: they must be NTP-synced (docs/operations.md).
 */
export const SCRIPT_DEADLINE_MS = 2000;

/**
 * Redis did not answer. `recorded` says what the caller may tell its client: `no` when the
 * command never reached Redis or Redis refused it (its deadline had passed), `unknown` when it
 * timed out (it may have run, before its deadline; it never runs after).
 */
export class StorageUnavailableError extends Error {
  readonly recorded: 'no' | 'unknown';
  /** The `Retry-After` to answer (seconds) when not the default: Redis short of memory (redis-memory.ts). */
  readonly retryAfterSeconds: number | undefined;
  constructor(cause: unknown, recorded?: 'no' | 'unknown', retryAfterSeconds?: number) {
    super(`storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
    this.recorded = recorded ?? (/timed? ?out/iu.test(cause instanceof Error ? cause.message : String(cause)) ? 'unknown' : 'no');
  }
}

/** A refusal of the data model itself (unknown account, key...): passed through `guarded` as is. */
export class StoreRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export interface ConnectOptions {
  /** Fail commands at once while disconnected instead of queueing them (request paths). */
  failFast?: boolean;
  /** Connection name shown by CLIENT LIST. */
  name?: string;
  /**
   * Send the commands issued in one tick as one write (ioredis auto-pipelining). Under load
   * an api process's concurrent requests then share writes and reads instead of paying a
   * system call and a Redis wake-up each (docs/benchmarks/api.md).
   */
  autoPipelining?: boolean;
}

/**
 * After a switch that did not drop the connection, a write meets `READONLY` (the old primary,
 * demoted in place) or `NOREPLICAS` (the old primary, not yet demoted, has lost its replica to
 * the promotion and refuses writes under `min-replicas-to-write`): reconnect, which asks the
 * sentinels for the primary again. On `READONLY` a request path's command fails (its caller
 * answers 503 and the client resends) and a background connection's command is sent again
 * once reconnected (a refused write changed nothing). `NOREPLICAS` also comes from a primary
 * whose only replica is down: its command always fails, so the caller's own retry paces it.
 */
function reconnectOnRefusedWrite(resend: boolean): (err: Error) => boolean | 1 | 2 {
  return (err) => {
    if (err.message.startsWith('READONLY')) return resend ? 2 : 1;
    return err.message.startsWith('NOREPLICAS') ? 1 : false;
  };
}

/** How a connection that dropped tries again: every 100 ms, then every second, for ever. */
const retryForEver = (times: number): number => Math.min(times * 100, 1000);

/** A watched connection (connections.ts) for `url`, direct or through sentinels. */
function newRedis(url: string, options: RedisOptions, name: string): Redis {
  const sentinel = sentinelTarget(url);
  const redis = sentinel ? new Redis({ ...sentinelOptions(sentinel), ...options }) : new Redis(url, options);
  // Errors surface on the commands; an 'error' listener keeps ioredis from logging each retry.
  redis.on('error', () => undefined);
  return watchConnection(redis, name, sentinel ?? undefined);
}

/**
 * A connection for request paths: commands fail within about a second when Redis is away
 * (no offline queue, one retry), so callers answer 503 instead of hanging. Watched
 * (connections.ts): should it ever end for good, the process knows.
 */
export function connectRedis(url: string, opts: ConnectOptions = {}): Redis {
  const background = opts.failFast === false;
  return newRedis(url, {
    lazyConnect: false,
    connectTimeout: 2000,
    commandTimeout: background ? undefined : COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: background ? null : 1,
    enableOfflineQueue: background,
    retryStrategy: retryForEver,
    reconnectOnError: reconnectOnRefusedWrite(background),
    connectionName: opts.name,
    enableAutoPipelining: opts.autoPipelining === true,
  }, opts.name ?? 'redis');
}

/**
 * The connection to give BullMQ (a Queue, a Worker): not connected itself (lazy), it is the
 * template BullMQ duplicates for its own connections, which are then watched as well. Commands
 * wait through an outage (BullMQ's blocking calls need `maxRetriesPerRequest: null`) and the
 * connection comes back within a second of Redis (BullMQ's own default backoff grows to ~20 s).
 * The caller closes it (`disconnect`) after the BullMQ objects made from it.
 */
export function bullConnection(url: string, name: string): Redis {
  return newRedis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: retryForEver,
    reconnectOnError: reconnectOnRefusedWrite(true),
    connectionName: name,
  }, name);
}

/** Resolves once the connection is ready; rejects after `timeoutMs`. */
export function whenReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new StorageUnavailableError(new Error(`Redis not ready after ${timeoutMs} ms`)));
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/**
 * The bound of the request being served, if any: set by the api around every request
 * (`withinRequestBound`), read by `guarded`, so every Redis call a request makes (the key and
 * rate-limit check, job and batch reads, the reads after a `wait`, CSV, `/readyz`) gives up
 * after the bound, not only the calls that record or charge. Workers and the admin run outside
 * any request and keep their own patience.
 */
const requestBound = new AsyncLocalStorage<number>();

/** Runs `fn` (an HTTP request's handling) so that every `guarded` call inside it is bounded by `timeoutMs`. */
export function withinRequestBound<T>(fn: () => T, timeoutMs = COMMAND_TIMEOUT_MS): T {
  return requestBound.run(timeoutMs, fn);
}

/**
 * `guarded` with a bound: a request-path call gives up after `timeoutMs` whatever its commands
 * are waiting on, so every caller has its 503 within the documented bound however many are
 * waiting. ioredis's own command timeout is not enough: with auto-pipelining, commands issued
 * while a pipeline is still out (Redis stalled) wait in the next pipeline, unsent and without a
 * timer, until the first one times out: 8 parallel calls took two timeouts (6 s), more took
 * more. Commands still queued run later; scripts that record or charge are then past their
 * deadline and change nothing.
 */
export function guardedWithin<T>(op: () => Promise<T>, timeoutMs = COMMAND_TIMEOUT_MS): Promise<T> {
  // The sentinels are switching primaries: nothing is sent (primary-watch.ts); the client resends.
  if (writesFenced()) return Promise.reject(new StorageUnavailableError(new Error('the Redis primary is being switched'), 'no'));
  // One promise and one timer per call (this is on every request's path): settled by whichever
  // comes first, the operation or the bound; the other is then ignored.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StorageUnavailableError(new Error(`no answer within ${timeoutMs} ms (timed out)`), 'unknown')), timeoutMs);
    timer.unref?.();
    let run: Promise<T>;
    try {
      run = Promise.resolve(op());
    } catch (err) {
      run = Promise.reject(err as Error);
    }
    run.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(storageError(err));
      },
    );
  });
}

/**
 * Runs a Redis operation, turning any Redis failure into StorageUnavailableError; inside a
 * request (`withinRequestBound`) it also gives up after the request's bound. While the
 * sentinels switch primaries (primary-watch.ts) a request's call fails at once (nothing sent)
 * and a background call waits for the switch to end.
 */
export function guarded<T>(op: () => Promise<T>): Promise<T> {
  const bound = requestBound.getStore();
  return bound === undefined ? unbounded(op) : guardedWithin(op, bound);
}

async function unbounded<T>(op: () => Promise<T>): Promise<T> {
  // Background work waits out a primary switch (primary-watch.ts) instead of writing into it.
  if (writesFenced()) await untilUnfenced();
  try {
    return await op();
  } catch (err) {
    throw storageError(err);
  }
}

/** A failure as the rest of the code sees it: refusals of the data model as they are, anything else as StorageUnavailableError. */
function storageError(err: unknown): unknown {
  return err instanceof StorageUnavailableError || err instanceof StoreRefusal ? err : new StorageUnavailableError(err);
}
