/**
 * @module metrics (api)
 * What an api process tells Prometheus, in one registry per process (prom-client; the choice
 * is explained in docs/operations.md). The composition root builds it and injects it as the
 * api's observers (services/observers.ts): requests and searches are told to it as they
 * happen; nothing is wrapped to count them.
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
import type { Redis } from 'ioredis';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { oncePerInterval, type Config } from '@listings/config';
import { TOKENS } from '@listings/contract';
import { FLEET_QUEUE_STATES, readFleet, type MemoryWatch, type Mode, type SubmitOutcome } from '@listings/store';
import type { ApiObservers } from './services/observers.ts';

export interface ApiMetrics extends ApiObservers {
  registry: Registry;
  /**
   * Puts the fleet's queue and limit figures into their gauges (before a scrape): from Redis at
   * most once per METRICS_READ_INTERVAL_MS, shared by every scrape in between.
   */
  refreshFleet(): Promise<void>;
}

export interface ApiMetricsDeps {
  /** The connection the fleet figures are read on. */
  redis: Redis;
  /** `wait` polls this process holds right now. */
  heldWaits(): number;
  /** Redis's memory as this process reads it (the redis memory gauges). */
  memory?: MemoryWatch;
}

const STATE_VALUE = { ok: 0, high: 1, full: 2 } as const;

/**
 * Redis's memory as `watch` last read it: used and maximum bytes, the state (0 ok, 1 past the
 * warning threshold, 2 full: new searches refused) and whether the eviction policy is
 * `noeviction`. deploy/monitoring/redis-memory-alerts.yaml alerts on them.
 */
export function redisMemoryGauges(registers: Registry[], watch: MemoryWatch): void {
  new Gauge({ name: 'listings_redis_memory_used_bytes', help: 'Redis used_memory, as this process last read it (INFO memory, every second).', registers, collect() { const m = watch.current(); if (m) this.set(m.usedBytes); } });
  new Gauge({ name: 'listings_redis_memory_max_bytes', help: 'Redis maxmemory (0: none set).', registers, collect() { const m = watch.current(); if (m) this.set(m.maxBytes); } });
  new Gauge({ name: 'listings_redis_memory_state', help: 'Redis memory state: 0 ok, 1 past 80 % of maxmemory (warning), 2 full (past 90 % or an OOM answer: new searches and batches answer 503).', registers, collect() { this.set(STATE_VALUE[watch.state()]); } });
  new Gauge({ name: 'listings_redis_eviction_policy_ok', help: '1 when Redis maxmemory-policy is noeviction; 0 when it evicts (the process is not ready).', registers, collect() { this.set(watch.policyOk() ? 1 : 0); } });
}

const MODES: readonly Mode[] = ['live', 'sandbox'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds; a `wait` poll may be held up to 20 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/** The outcome label of a submit: a miss that joined a collection already running is `joined`. */
export function submitOutcomeLabel(outcome: SubmitOutcome | 'storage_unavailable'): string {
  if (outcome === 'storage_unavailable') return outcome;
  if (outcome.kind === 'miss') return outcome.newCollection ? 'miss' : 'joined';
  return outcome.kind;
}

/** The metrics of one api process. */
export function createApiMetrics(config: Config, deps: ApiMetricsDeps): ApiMetrics {
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
  new Gauge({
    name: 'listings_wait_polls_held',
    help: '`wait` polls this process holds open right now.',
    registers,
    collect() {
      this.set(deps.heldWaits());
    },
  });

  const queueJobs = new Gauge({ name: 'listings_queue_jobs', help: 'Collection jobs in a marketplace queue by BullMQ state (fleet-wide).', labelNames: ['marketplace', 'state'] as const, registers });
  const oldest = new Gauge({ name: 'listings_queue_oldest_waiting_seconds', help: 'Age of the oldest collection waiting to start in a marketplace queue; 0 when none waits (fleet-wide).', labelNames: ['marketplace'] as const, registers });
  const open = new Gauge({ name: 'listings_collections_open', help: 'Collections queued or running per marketplace and mode: the count checked against the queue-full threshold (fleet-wide).', labelNames: ['marketplace', 'mode'] as const, registers });
  const threshold = new Gauge({ name: 'listings_queue_full_threshold', help: 'Open collections per marketplace and mode at which new searches answer 503 queue_full (QUEUE_FULL_THRESHOLDS).', labelNames: ['marketplace'] as const, registers });
  const upstreamUsed = new Gauge({ name: 'listings_upstream_fetches_today', help: 'Upstream fetches taken today (UTC) per marketplace and mode: the count the daily limit stops at (fleet-wide).', labelNames: ['marketplace', 'mode'] as const, registers });
  const upstreamLimit = new Gauge({ name: 'listings_upstream_daily_limit', help: 'Daily upstream limit per marketplace and mode (UPSTREAM_DAILY_LIMITS, SANDBOX_UPSTREAM_DAILY_LIMITS); absent = no limit.', labelNames: ['marketplace', 'mode'] as const, registers });
  if (deps.memory) redisMemoryGauges(registers, deps.memory);
  const scrapeErrors = new Counter({ name: 'listings_metrics_fleet_read_errors_total', help: 'Scrapes whose fleet figures could not be read from Redis (the gauges then hold nothing).', registers });

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
  const fleet = oncePerInterval(() => readFleet(deps.redis, config.keyPrefix, TOKENS, MODES), config.metricsReadIntervalMs);

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

  return {
    registry,
    refreshFleet,
    onSubmit({ token, mode, outcome }) {
      submits.inc({ marketplace: token, mode, outcome: submitOutcomeLabel(outcome) });
    },
    onRequest({ method, route, status, seconds }) {
      http.observe({ method: METHODS.has(method) ? method : 'other', route, status }, seconds);
    },
  };
}
