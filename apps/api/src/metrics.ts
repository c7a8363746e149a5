/**
 * @module metrics (api)
 * What an api process tells Prometheus, in one registry per process (prom-client; the choice
 * is explained in docs/operations.md):
 * - every request, timed, by method, route template (`/v1/jobs/:id`, never the raw path, so
 *   IDs cannot explode the label set) and status: rate and latency come from one histogram;
 * - every search recorded (single searches and batch items alike) by marketplace, mode and
 *   outcome of the submit script: `hit` / `miss` / `joined` give the cache hit ratio, the
 *   refusals (`queue_full`, `daily_limit`, ...) show backpressure at work;
 * - the fleet's shared state read from Redis, for every marketplace: queue jobs by state, age
 *   of the oldest waiting collection, collections open against the queue-full threshold, and
 *   today's upstream fetches against the daily limit. These are the same figures on every api
 *   replica (aggregate with `max by (marketplace)`); the api exports them because it always
 *   runs, whereas a marketplace's workers may be scaled down or dead exactly when its queue
 *   matters. They are read in one round trip (store's `readFleet`, one script) at most once per
 *   `METRICS_READ_INTERVAL_MS`; scrapes in between and at the same time share that read, so
 *   the number of scrapes never multiplies the load on Redis.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { oncePerInterval } from '@listings/config';
import { TOKENS } from '@listings/contract';
import { FLEET_QUEUE_STATES, readFleet, type Mode, type Store, type SubmitOutcome } from '@listings/store';
import type { Services } from '../services.ts';

export interface ApiMetrics {
  registry: Registry;
  /** Times every request; install before the routes. */
  middleware: RequestHandler;
  /**
   * Records one closed request (what `middleware` does when the response closes): its method,
   * the route template Express matched, its status (`aborted` when its answer was not all
   * written) and its duration in seconds.
   */
  observeRequest(req: Request, res: Response, seconds: number): void;
  /**
   * Puts the fleet's queue and limit figures into their gauges (before a scrape): from Redis at
   * most once per METRICS_READ_INTERVAL_MS, shared by every scrape in between.
   */
  refreshFleet(): Promise<void>;
}

const MODES: readonly Mode[] = ['live', 'sandbox'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds; a `wait` poll may be held up to 20 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/** The outcome label of a submit: a miss that joined a collection already running is `joined`. */
export function submitOutcomeLabel(outcome: SubmitOutcome): string {
  if (outcome.kind === 'miss') return outcome.newCollection ? 'miss' : 'joined';
  return outcome.kind;
}

/**
 * The route template of a matched route: its path as registered, or for a route registered
 * as a regular expression (`/^\/v1\/jobs\/[^/]+$/u`) the path it stands for (`/v1/jobs/:id`).
 */
export function routeTemplate(route: { path?: unknown } | undefined): string {
  const path = route?.path;
  if (typeof path === 'string') return path;
  if (path instanceof RegExp) {
    return path.source.replace(/^\^|\$$/gu, '').replaceAll('[^/]+', ':id').replace(/\\(.)/gu, '$1');
  }
  return 'unmatched';
}

const byServices = new WeakMap<Services, ApiMetrics>();
const metered = new WeakSet<Store>();

/** Counts every submit outcome by wrapping the store's submit and search once (shared by searches and batches). */
function meterSubmits(store: Store, counter: Counter<'marketplace' | 'mode' | 'outcome'>): void {
  if (metered.has(store)) return;
  metered.add(store);
  const submit = store.submit;
  store.submit = async (input) => {
    const labels = { marketplace: input.token, mode: input.mode };
    try {
      const outcome = await submit(input);
      counter.inc({ ...labels, outcome: submitOutcomeLabel(outcome) });
      return outcome;
    } catch (err) {
      counter.inc({ ...labels, outcome: 'storage_unavailable' });
      throw err;
    }
  };
  // The search routes' one round trip: counted when the search was recorded (or refused by
  // the submit part), not when the key check refused the call, as with the two steps.
  const search = store.search;
  store.search = async (input) => {
    const labels = { marketplace: input.token, mode: input.mode };
    try {
      const outcome = await search(input);
      if (outcome.submit !== null) counter.inc({ ...labels, outcome: submitOutcomeLabel(outcome.submit) });
      return outcome;
    } catch (err) {
      counter.inc({ ...labels, outcome: 'storage_unavailable' });
      throw err;
    }
  };
}

/** The metrics of an api process's services (one registry per services object). */
export function apiMetrics(services: Services): ApiMetrics {
  const known = byServices.get(services);
  if (known) return known;
  const registry = new Registry();
  registry.setDefaultLabels({ process: 'api' });
  collectDefaultMetrics({ register: registry, prefix: 'listings_api_' });
  const registers = [registry];

  const http = new Histogram({
    name: 'listings_http_request_duration_seconds',
    help: 'Requests answered by the api, by method, route template and status (rate: the _count series).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const submits = new Counter({
    name: 'listings_search_submits_total',
    help: 'Searches recorded (single and batch items) by marketplace, mode and outcome: hit (cache, charged), miss (new collection), joined (shared a running collection), replay, or the refusal code.',
    labelNames: ['marketplace', 'mode', 'outcome'] as const,
    registers,
  });
  meterSubmits(services.store, submits);
  new Gauge({
    name: 'listings_wait_polls_held',
    help: '`wait` polls this process holds open right now.',
    registers,
    collect() {
      this.set(services.waiters.size());
    },
  });

  const queueJobs = new Gauge({ name: 'listings_queue_jobs', help: 'Collection jobs in a marketplace queue by BullMQ state (fleet-wide).', labelNames: ['marketplace', 'state'] as const, registers });
  const oldest = new Gauge({ name: 'listings_queue_oldest_waiting_seconds', help: 'Age of the oldest collection waiting to start in a marketplace queue; 0 when none waits (fleet-wide).', labelNames: ['marketplace'] as const, registers });
  const open = new Gauge({ name: 'listings_collections_open', help: 'Collections queued or running per marketplace and mode: the count checked against the queue-full threshold (fleet-wide).', labelNames: ['marketplace', 'mode'] as const, registers });
  const threshold = new Gauge({ name: 'listings_queue_full_threshold', help: 'Open collections per marketplace and mode at which new searches answer 503 queue_full (QUEUE_FULL_THRESHOLDS).', labelNames: ['marketplace'] as const, registers });
  const upstreamUsed = new Gauge({ name: 'listings_upstream_fetches_today', help: 'Upstream fetches taken today (UTC) per marketplace and mode: the count the daily limit stops at (fleet-wide).', labelNames: ['marketplace', 'mode'] as const, registers });
  const upstreamLimit = new Gauge({ name: 'listings_upstream_daily_limit', help: 'Daily upstream limit per marketplace and mode (UPSTREAM_DAILY_LIMITS, SANDBOX_UPSTREAM_DAILY_LIMITS); absent = no limit.', labelNames: ['marketplace', 'mode'] as const, registers });
  const scrapeErrors = new Counter({ name: 'listings_metrics_fleet_read_errors_total', help: 'Scrapes whose fleet figures could not be read from Redis (the gauges then hold nothing).', registers });

  const { config, store } = services;
  for (const token of TOKENS) {
    const max = config.queueFull[token];
    if (max !== null) threshold.set({ marketplace: token }, max);
    for (const mode of MODES) {
      const limit = (mode === 'live' ? config.dailyLimits : config.sandboxDailyLimits)[token];
      if (limit !== null) upstreamLimit.set({ marketplace: token, mode }, limit);
    }
  }

  // One script call for every marketplace and mode, bounded like every request's Redis calls
  // (a stalled Redis gives an empty scrape in time), at most once per interval.
  const fleet = oncePerInterval(() => readFleet(store.redis, config.keyPrefix, TOKENS, MODES), config.metricsReadIntervalMs);

  async function refreshFleet(): Promise<void> {
    try {
      const rows = await fleet();
      const now = Date.now();
      for (const row of rows) {
        for (const state of FLEET_QUEUE_STATES) queueJobs.set({ marketplace: row.token, state }, row.counts[state]);
        oldest.set({ marketplace: row.token }, row.oldestWaitingAt === null ? 0 : Math.max(0, (now - row.oldestWaitingAt) / 1000));
        for (const m of row.modes) {
          open.set({ marketplace: row.token, mode: m.mode }, m.open);
          upstreamUsed.set({ marketplace: row.token, mode: m.mode }, m.usedToday);
        }
      }
    } catch {
      // Stale figures would look like a healthy queue: show none, and count the failure.
      for (const g of [queueJobs, oldest, open, upstreamUsed]) g.reset();
      scrapeErrors.inc();
    }
  }

  const observeRequest = (req: Request, res: Response, seconds: number): void => {
    // The route template Express matched; unmatched paths share one label.
    const route = routeTemplate(req.route as { path?: unknown } | undefined);
    const method = METHODS.has(req.method) ? req.method : 'other';
    http.observe({ method, route, status: res.writableFinished ? String(res.statusCode) : 'aborted' }, seconds);
  };

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    res.once('close', () => observeRequest(req, res, (performance.now() - start) / 1000));
    next();
  };

  const metrics: ApiMetrics = { registry, middleware, observeRequest, refreshFleet };
  byServices.set(services, metrics);
  return metrics;
}
