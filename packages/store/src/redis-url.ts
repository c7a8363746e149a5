/**
 * @module redis-url
 * The one Redis setting, `REDIS_URL`, in either of two forms:
 * - `redis://[user:pass@]host:port[/db]` (or `rediss://`): one server;
 * - `redis+sentinel://[user:pass@]s1:26379,s2:26379,s3:26379/<master name>[?db=0&sentinelPassword=…]`:
 *   Redis Sentinel. Every connection (api, workers, BullMQ, pub/sub waiters, admin) asks the
 *   sentinels for the current primary and, when the primary fails over, reconnects to the new
 *   one by itself (ioredis `sentinels`). A failover reaches a connection as a dropped
 *   connection (the old primary died, or the sentinels demoted it and closed its clients) or
 *   as a `READONLY` answer (redis.ts reconnects on it); either way the reconnect asks the
 *   sentinels again. ioredis' `failoverDetector` is left off on purpose: a `+switch-master`
 *   announced while a connection is already asking the sentinels for the primary made ioredis
 *   end that connection for good (test/multiprocess/sentinel-race.test.ts).
 */
import type { RedisOptions } from 'ioredis';

export interface SentinelTarget {
  sentinels: Array<{ host: string; port: number }>;
  name: string;
  username?: string;
  password?: string;
  sentinelPassword?: string;
  db: number;
}

const SENTINEL_SCHEME = 'redis+sentinel:';

/** The sentinel target of a `redis+sentinel://` URL, or null for a direct URL. Throws on a malformed sentinel URL. */
export function sentinelTarget(url: string): SentinelTarget | null {
  if (!url.startsWith(`${SENTINEL_SCHEME}//`)) return null;
  const rest = url.slice(SENTINEL_SCHEME.length + 2);
  const at = rest.lastIndexOf('@', rest.indexOf('/') < 0 ? rest.length : rest.indexOf('/'));
  const auth = at >= 0 ? rest.slice(0, at) : '';
  const afterAuth = at >= 0 ? rest.slice(at + 1) : rest;
  const slash = afterAuth.indexOf('/');
  if (slash < 0) throw new Error('a redis+sentinel:// URL names the master after the hosts: redis+sentinel://h1:26379,h2:26379/mymaster');
  const hosts = afterAuth.slice(0, slash);
  const [path, query = ''] = afterAuth.slice(slash + 1).split('?') as [string, string?];
  const name = decodeURIComponent(path);
  if (!/^[A-Za-z0-9._-]{1,100}$/u.test(name)) throw new Error(`"${name}" is not a sentinel master name`);
  const sentinels = hosts.split(',').map((h) => {
    const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/u.exec(h.trim());
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new Error(`"${h}" is not host:port`);
    return { host: m[1]!.replace(/^\[|\]$/gu, ''), port: Number(m[2]) };
  });
  if (sentinels.length === 0) throw new Error('a redis+sentinel:// URL lists at least one sentinel');
  const params = new URLSearchParams(query);
  const db = Number(params.get('db') ?? 0);
  if (!Number.isInteger(db) || db < 0 || db > 15) throw new Error('db must be 0-15');
  const target: SentinelTarget = { sentinels, name, db };
  if (auth !== '') {
    const colon = auth.indexOf(':');
    const user = decodeURIComponent(colon < 0 ? auth : auth.slice(0, colon));
    const pass = colon < 0 ? '' : decodeURIComponent(auth.slice(colon + 1));
    if (user !== '') target.username = user;
    if (pass !== '') target.password = pass;
  }
  const sp = params.get('sentinelPassword');
  if (sp) target.sentinelPassword = sp;
  return target;
}

/**
 * ioredis options for the URL: the sentinel options, or nothing (a direct URL is given to
 * ioredis as the URL itself). `extra` are merged over them.
 */
export function sentinelOptions(t: SentinelTarget): RedisOptions {
  return {
    sentinels: t.sentinels,
    name: t.name,
    db: t.db,
    ...(t.username ? { username: t.username } : {}),
    ...(t.password ? { password: t.password } : {}),
    ...(t.sentinelPassword ? { sentinelPassword: t.sentinelPassword } : {}),
    // No failoverDetector: see the module's comment (it could end a connection for good).
    failoverDetector: false,
    sentinelRetryStrategy: (times: number) => Math.min(100 * times, 1000),
  };
}

/** Connection options for BullMQ (which takes an options object): `{url}` for one server, the sentinel options otherwise. */
export function connectionOptions(url: string, extra: RedisOptions = {}): RedisOptions & { url?: string } {
  const t = sentinelTarget(url);
  return t ? { ...sentinelOptions(t), ...extra } : { url, ...extra };
}
