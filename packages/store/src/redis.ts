/**
 * @module redis
 * Redis connections and the one error the rest of the code sees when Redis fails.
 */
import { Redis, type RedisOptions } from 'ioredis';

/** Redis could not be reached or answered an error: the API answers 503 storage_unavailable. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
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
 * A connection for request paths: commands fail within about a second when Redis is away
 * (no offline queue, one retry), so callers answer 503 instead of hanging.
 */
export function connectRedis(url: string, opts: ConnectOptions = {}): Redis {
  const options: RedisOptions = {
    lazyConnect: false,
    connectTimeout: 2000,
    commandTimeout: opts.failFast === false ? undefined : 3000,
    maxRetriesPerRequest: opts.failFast === false ? null : 1,
    enableOfflineQueue: opts.failFast === false,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    connectionName: opts.name,
    enableAutoPipelining: opts.autoPipelining === true,
  };
  const redis = new Redis(url, options);
  // Errors surface on the commands; an 'error' listener keeps ioredis from logging each retry.
  redis.on('error', () => undefined);
  return redis;
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

/** Runs a Redis operation, turning any Redis failure into StorageUnavailableError. */
export async function guarded<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof StorageUnavailableError || err instanceof StoreRefusal) throw err;
    throw new StorageUnavailableError(err);
  }
}
