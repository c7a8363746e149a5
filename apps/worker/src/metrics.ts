/**
 * @module metrics (worker)
 * What a worker process tells Prometheus, and its health endpoint, on WORKER_METRICS_PORT:
 * - `/healthz`: the process is alive and no Redis connection of it has ended for good (503 otherwise);
 * - `/readyz`: Redis answers, every queue of the process is consumed by a running BullMQ
 *   worker, and the process is not draining (503 otherwise);
 * - `/metrics` (bearer METRICS_TOKEN when set): every run of the processor by marketplace,
 *   outcome (`complete`, `failed`, `retry`, `already_settled`) and error code (the job error
 *   of a failed collection, the collection error of an attempt thrown back for a retry), as a
 *   counter and as a latency histogram, plus the process's own figures. Fleet-wide queue and
 *   limit gauges come from the api (see apps/api/src/metrics.ts for why);
 *   and every upstream page read by marketplace, mode and reading outcome (the drift guard);
 *   and the walls live sessions met by marketplace (each retires and renews the session).
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { metricsAuthorized } from '@listings/config';
import { lostConnectionHealth, type MemoryWatch, type Store } from '@listings/store';
import type { Reading } from './processor.ts';
import type { JobRun, WorkerHandle } from './worker.ts';

/** Seconds: simulator pages take milliseconds, a live page with retries up to a minute. */
const RUN_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80];

export interface WorkerMetrics {
  registry: Registry;
  /** Give to startWorker as `onRun`. */
  onRun(run: JobRun): void;
  /** Give to startWorker as `onReading` (the drift metric). */
  onReading(reading: Reading): void;
  /** The store to read a failed collection's error code from, once the worker runs; the Redis memory watch for its gauges. */
  attach(store: Store, memory?: MemoryWatch): void;
}

export function createWorkerMetrics(marketplaces: readonly string[]): WorkerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ process: 'worker', serves: marketplaces.join(',') });
  collectDefaultMetrics({ register: registry, prefix: 'listings_worker_' });
  const registers = [registry];
  const runs = new Counter({
    name: 'listings_collection_runs_total',
    help: 'Runs of the processor by marketplace, outcome (complete, failed, retry, already_settled) and error code (empty when complete).',
    labelNames: ['marketplace', 'outcome', 'code'] as const,
    registers,
  });
  const seconds = new Histogram({
    name: 'listings_collection_run_seconds',
    help: 'Time of one processor run (upstream fetch, parsing, settle) by marketplace, outcome and error code.',
    labelNames: ['marketplace', 'outcome', 'code'] as const,
    buckets: RUN_BUCKETS,
    registers,
  });
  const readings = new Counter({
    name: 'listings_page_readings_total',
    help: 'Upstream pages read by marketplace, mode and reading outcome (read, past_last_page, blocked, layout_changed, implausible, non_us, filter_not_applied, unreachable, other): drift is layout_changed (format not recognized) plus implausible (recognized, fields moved); read and past_last_page are normal answers.',
    labelNames: ['marketplace', 'mode', 'outcome'] as const,
    registers,
  });
  const walls = new Counter({
    name: 'listings_session_walls_total',
    help: 'Bot or login walls met by marketplace and mode; each retires the session that met it (new identity, cookies, next proxy).',
    labelNames: ['marketplace', 'mode'] as const,
    registers,
  });
  let store: Store | null = null;
  const record = (run: JobRun, code: string): void => {
    const labels = { marketplace: run.token, outcome: run.outcome, code };
    runs.inc(labels);
    seconds.observe(labels, run.ms / 1000);
  };
  return {
    registry,
    onReading(r) {
      readings.inc({ marketplace: r.token, mode: r.mode, outcome: r.outcome });
      // The processor retires the session on exactly these (a BlockedError).
      if (r.outcome === 'blocked') walls.inc({ marketplace: r.token, mode: r.mode });
    },
    attach(s, memory) {
      store = s;
      if (memory) redisMemoryGauges(registers, memory);
    },
    onRun(run) {
      if (run.outcome !== 'failed') return record(run, run.code ?? '');
      // The processor settled it failed; the job error code is on the collection record.
      if (!store) return record(run, 'unknown');
      store.redis.hget(store.keys.coll(run.collectionId), 'error').then(
        (code) => record(run, code || 'unknown'),
        () => record(run, 'unknown'),
      );
    },
  };
}

const STATE_VALUE = { ok: 0, high: 1, full: 2 } as const;

/** The api's Redis memory gauges (apps/api/src/metrics.ts), as this worker reads Redis. */
function redisMemoryGauges(registers: Registry[], watch: MemoryWatch): void {
  new Gauge({ name: 'listings_redis_memory_used_bytes', help: 'Redis used_memory, as this process last read it (INFO memory, every second).', registers, collect() { const m = watch.current(); if (m) this.set(m.usedBytes); } });
  new Gauge({ name: 'listings_redis_memory_max_bytes', help: 'Redis maxmemory (0: none set).', registers, collect() { const m = watch.current(); if (m) this.set(m.maxBytes); } });
  new Gauge({ name: 'listings_redis_memory_state', help: 'Redis memory state: 0 ok, 1 past 80 % of maxmemory (warning), 2 full (past 90 % or an OOM answer: new searches and batches answer 503).', registers, collect() { this.set(STATE_VALUE[watch.state()]); } });
  new Gauge({ name: 'listings_redis_eviction_policy_ok', help: '1 when Redis maxmemory-policy is noeviction; 0 when it evicts (the process is not ready).', registers, collect() { this.set(watch.policyOk() ? 1 : 0); } });
}

export interface HealthServerOptions {
  handle: WorkerHandle;
  metrics: WorkerMetrics;
  /** METRICS_TOKEN ('' = open). */
  token: string;
  draining(): boolean;
}

/** The worker's health and metrics endpoint (plain node:http: no Express in the worker). */
export function createHealthServer(opts: HealthServerOptions): Server {
  const json = (status: number, body: string): [number, Record<string, string>, string] => [status, { 'content-type': 'application/json', 'cache-control': 'no-store' }, body];
  return createServer((req, res) => {
    const send = ([status, headers, body]: [number, Record<string, string>, string]): void => {
      res.writeHead(status, headers).end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(json(405, '{"error":{"code":"method_not_allowed","message":"Only GET."}}'));
    if (path === '/healthz') {
      // A Redis connection that ended for good: alive, but never working again (the entry ends the process).
      const lost = lostConnectionHealth();
      return send(lost ? json(503, JSON.stringify(lost)) : json(200, '{"status":"ok"}'));
    }
    if (path === '/readyz') {
      if (opts.draining()) return send(json(503, '{"status":"draining"}'));
      if (!opts.handle.attached()) return send(json(503, '{"status":"unavailable","reason":"queues not attached"}'));
      opts.handle.store.redis.ping().then(
        () => {
          const memory = opts.handle.memory;
          // An evicting Redis loses collections and charges' records: not ready (@listings/store redis-memory.ts).
          if (!memory.policyOk()) return send(json(503, JSON.stringify({ status: 'unavailable', reason: `Redis maxmemory-policy is "${memory.current()?.policy ?? '?'}", not noeviction` })));
          // Short of memory, the worker still settles what was accepted: ready, and says so.
          const state = memory.state();
          send(json(200, state === 'ok' ? '{"status":"ready"}' : JSON.stringify({ status: 'ready', redis_memory: state })));
        },
        () => send(json(503, '{"status":"unavailable","reason":"Redis not reachable"}')),
      );
      return;
    }
    if (path === '/metrics') {
      // The api's rule (@listings/config): a bearer token compared in constant time.
      if (!metricsAuthorized(opts.token, req.headers.authorization)) {
        res.setHeader('www-authenticate', 'Bearer realm="metrics"');
        return send(json(401, '{"error":{"code":"invalid_api_key","message":"The metrics endpoint needs the operator\'s METRICS_TOKEN as a bearer token."}}'));
      }
      opts.metrics.registry.metrics().then(
        (text) => send([200, { 'content-type': opts.metrics.registry.contentType, 'cache-control': 'no-store' }, text]),
        () => send(json(500, '{"error":{"code":"internal_error","message":"metrics unavailable"}}')),
      );
      return;
    }
    send(json(404, '{"error":{"code":"not_found","message":"No such path."}}'));
  });
}
