/**
 * @module metrics (config)
 * What every process's `/metrics` shares (the api's route, the worker's health server):
 * - `metricsAuthorized`: the `METRICS_TOKEN` check, one rule for both (a bearer token compared
 *   in constant time; open when no token is set);
 * - `oncePerInterval`: how a figure read from Redis is read at most once per
 *   `METRICS_READ_INTERVAL_MS`, however many scrapes come (Prometheus replicas, a scraper
 *   gone wrong, anyone when the endpoint is open): scrapes at the same time join the read in
 *   flight, scrapes within the interval get its answer (a failed read too: a Redis that fails
 *   is not asked again sooner).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** True when `header` is `Bearer <token>` (compared in constant time), or no token is set. */
export function metricsAuthorized(token: string, header: string | undefined): boolean {
  if (token === '') return true;
  const m = /^Bearer +(\S+)$/iu.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * `read`, called at most once per `intervalMs` (timed from the start of a read), and never
 * twice at once: every call returns the promise of the read in flight, or of the last read
 * while it is younger than `intervalMs`, or starts a new one. `intervalMs` 0 reads at every
 * call that finds no read in flight.
 */
export function oncePerInterval<T>(read: () => Promise<T>, intervalMs: number, now: () => number = () => performance.now()): () => Promise<T> {
  let last: { startedAt: number; settled: boolean; value: Promise<T> } | null = null;
  return () => {
    if (last && (!last.settled || now() - last.startedAt < intervalMs)) return last.value;
    const entry = { startedAt: now(), settled: false, value: Promise.resolve().then(read) };
    const done = (): void => {
      entry.settled = true;
    };
    entry.value.then(done, done);
    last = entry;
    return entry.value;
  };
}
