/**
 * @module kept-pages
 * Raw upstream pages that failed to read (drift guard), kept for operators: the body as the
 * marketplace sent it (gzip-compressed in Redis), its status, final URL and response headers
 * without cookies or credentials, and why the reading failed. Bounded in count and in age:
 * every entry expires on its own, and keeping one trims the index to the newest `maxCount`.
 *
 * | key               | type   | holds                                       |
 * |-------------------|--------|---------------------------------------------|
 * | kept              | zset   | kept page ids by time kept (ms)             |
 * | kept:<id>         | string | the page's facts (JSON), expires with age   |
 * | kept:<id>:body    | string | the body, gzip                              |
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import { base62 } from './ids.ts';
import { guarded } from './redis.ts';

export interface KeptPageFacts {
  /** When the page was kept (ISO). */
  at: string;
  mode: 'live' | 'sandbox';
  marketplace: string;
  route: string;
  q: string;
  page: number;
  collection: string;
  /** Reading outcome: blocked, layout_changed, non_us, filter_not_applied, other. */
  outcome: string;
  /** The failed job's code (upstream_error, upstream_blocked, filter_not_supported). */
  code: string;
  /** Why the reading failed, as the adapter or the plausibility check said. */
  reason: string;
  status: number;
  url: string;
  /** Response headers, cookies and credentials removed. */
  headers: Record<string, string>;
  /** Size of the body as received, in bytes. */
  bytes: number;
  /** The kept body is the first `maxBodyBytes` of a larger one. */
  truncated: boolean;
}

export interface KeptPage extends KeptPageFacts {
  id: string;
}

export interface KeptPages {
  keep(facts: Omit<KeptPageFacts, 'at' | 'bytes' | 'truncated' | 'headers'>, headers: Record<string, string | string[] | undefined>, body: string): Promise<string>;
  /** Newest first; `marketplace` filters. */
  list(opts?: { marketplace?: string; limit?: number }): Promise<KeptPage[]>;
  get(id: string): Promise<KeptPage | null>;
  /** The body as received (UTF-8 text), or null once it has expired. */
  body(id: string): Promise<Buffer | null>;
}

export interface KeptPagesOptions {
  maxCount: number;
  maxAgeMs: number;
  maxBodyBytes: number;
}

/** Header names that may carry a session or a credential: never kept. */
const SECRET_HEADER = /cookie|auth|token|session|secret|key|proxy|credential/iu;

/** Response headers with anything that may identify our session removed; values joined. */
export function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || SECRET_HEADER.test(name)) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function createKeptPages(redis: Redis, prefix: string, opts: KeptPagesOptions): KeptPages {
  const index = `${prefix}kept`;
  const factsKey = (id: string): string => `${prefix}kept:${id}`;
  const bodyKey = (id: string): string => `${prefix}kept:${id}:body`;
  const isId = (id: string): boolean => /^pg_[0-9A-Za-z]{1,40}$/u.test(id);
  // Pages kept in the same millisecond by this process keep their order (a tie in the index
  // would sort by the random id): each score is a little above the last.
  let lastScore = 0;

  return {
    keep(facts, headers, body) {
      return guarded(async () => {
        const id = `pg_${Date.now().toString(36)}${base62(8)}`;
        const raw = Buffer.from(body, 'utf8');
        const kept = raw.length > opts.maxBodyBytes ? raw.subarray(0, opts.maxBodyBytes) : raw;
        const record: KeptPageFacts = {
          ...facts, at: new Date().toISOString(), headers: keptHeaders(headers), bytes: raw.length, truncated: kept.length < raw.length,
        };
        const now = Date.now();
        const score = Math.max(now, lastScore + 0.01);
        lastScore = score;
        await redis.multi()
          .set(factsKey(id), JSON.stringify(record), 'PX', opts.maxAgeMs)
          .set(bodyKey(id), gzipSync(kept), 'PX', opts.maxAgeMs)
          .zadd(index, score, id)
          .zremrangebyscore(index, '-inf', now - opts.maxAgeMs)
          .exec();
        // Beyond the newest maxCount: drop from the index and delete now (they would expire anyway).
        const extra = await redis.zrange(index, 0, -(opts.maxCount + 1));
        if (extra.length > 0) {
          await redis.multi().zrem(index, ...extra).del(...extra.flatMap((x) => [factsKey(x), bodyKey(x)])).exec();
        }
        return id;
      });
    },
    list({ marketplace, limit = 50 } = {}) {
      return guarded(async () => {
        const ids = await redis.zrevrangebyscore(index, '+inf', Date.now() - opts.maxAgeMs);
        if (ids.length === 0) return [];
        const out: KeptPage[] = [];
        // Facts in slices, so a full index is read in a few round trips.
        for (let i = 0; i < ids.length && out.length < limit; i += 200) {
          const slice = ids.slice(i, i + 200);
          const values = await redis.mget(...slice.map(factsKey));
          slice.forEach((id, j) => {
            const v = values[j];
            if (!v || out.length >= limit) return;
            const facts = JSON.parse(v) as KeptPageFacts;
            if (marketplace === undefined || facts.marketplace === marketplace) out.push({ id, ...facts });
          });
        }
        return out;
      });
    },
    get(id) {
      if (!isId(id)) return Promise.resolve(null);
      return guarded(async () => {
        const v = await redis.get(factsKey(id));
        return v ? { id, ...(JSON.parse(v) as KeptPageFacts) } : null;
      });
    },
    body(id) {
      if (!isId(id)) return Promise.resolve(null);
      return guarded(async () => {
        const gz = await redis.getBuffer(bodyKey(id));
        return gz ? gunzipSync(gz) : null;
      });
    },
  };
}
