/**
 * @module watches (worker)
 * The runs of watches (docs/watches.md), by the worker fleet. BullMQ's job scheduler of a watch
 * (store/watch-schedules.ts) triggers each period once; the run of a period is then:
 *
 * 1. **Claimed** in Redis (one script): the period's run when there is one (a run resumed after
 *    its worker died, or a trigger that came twice: it runs once), else a new run when the watch
 *    is active. A period whose trigger comes after a later period's (its worker died before
 *    claiming it) is recorded skipped, superseded, without running: rows are compared in period
 *    order, and nothing is charged for it.
 * 2. **Submitted** as an ordinary search job of the account, exactly as the api records one
 *    (idempotency, cache, allowance, pending cap, single flight, queue), under an internal
 *    idempotency key of the watch and period: a resumed run finds the same job, so a run is
 *    charged at most once, when its search completes. A run the allowance or the pending cap
 *    refuses is recorded `skipped`, and charged nothing.
 * 3. **Waited for**: until the job settles (woken by the `settled` channel, read again every few
 *    seconds in case a message was missed).
 * 4. **Compared** with the rows the watch has seen (one script, kept with the run: a resumed run
 *    finds the same answer): new rows, and rows whose displayed price fell, that pass the rules.
 *    The first run records a baseline and reports nothing unless the watch asks for it.
 * 5. **Finished**: the run's record is written complete, with its `watch.matched` event when it
 *    found anything; the event is then queued for delivery to the watch's endpoint (signed and
 *    retried like every webhook event; a repeat queues nothing new) and the run marked so.
 *
 * A worker killed at any step leaves its job to BullMQ's stalled-job recovery: another worker
 * resumes the same run from where the records say it stands. The sweep applies schedule
 * changes an api process could not (watch-schedules.ts).
 */
import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@listings/config';
import { API_ERRORS, displayedCents, JOB_ERRORS, passesRules, readStoredSearch, type ApiErrorCode, type JobErrorCode, type Row } from '@listings/contract';
import {
  base62, bullConnection, createAccounts, createSearchRecorder, createSettledWaiters, createWatches, createWatchSchedules, createWebhooks, describeSearch, queuePrefix, REFUSALS, WATCH_QUEUE,
  type CollectionQueues, type EventDelivery, type JobRecord, type MatchSummary, type RunRecord, type Store, type SubmitOutcome, type WatchRecord, type WatchRunJobData,
} from '@listings/store';
import { watchMatchedEvent, type WatchMatch, type WebhookEvent } from '@listings/webhooks';
import type { WebhookHandle } from './webhooks.ts';

/** What a run's job did: the run's status, or why it ran nothing. */
export type RunOutcome = 'complete' | 'failed' | 'skipped' | 'duplicate' | 'paused' | 'gone';

/** A run still waiting for its search after this long gives its job back for a retry (which resumes it). */
const SETTLE_BOUND_MS = 15 * 60_000;
/** Between reads of a pending job when no `settled` message came. */
const RECHECK_MS = 3000;
/** BullMQ's stall limit for runs: in effect none; a run resumes after any number of worker deaths. */
const MAX_STALLS = 1_000_000;

export interface WatchHooks {
  /** Every run job's outcome (metrics, tests). */
  onRun?(outcome: RunOutcome, watchId: string, period: number): void;
}

export interface WatchHandle {
  /** Runs one trigger of a watch's period as the BullMQ worker would (tests: a duplicate trigger). */
  runPeriod(watchId: string, period: number, everyMs?: number): Promise<RunOutcome>;
  /** Applies schedule changes left by api processes (also on a timer). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

function apiError(code: ApiErrorCode): { code: string; message: string } {
  return { code, message: API_ERRORS[code].message };
}

export function startWatches(config: Config, store: Store, logger: Logger, deps: { webhooks: WebhookHandle; queues: CollectionQueues; hooks?: WatchHooks }): WatchHandle {
  const watches = createWatches(store.redis, store.keys);
  const schedules = createWatchSchedules(config.redisUrl, config.keyPrefix, watches);
  const accounts = createAccounts(store.redis, config.keyPrefix);
  const endpoints = createWebhooks(store.redis, store.keys, { maxEndpoints: config.webhookMaxEndpoints });
  // The one recording path of searches (@listings/store record-search.ts: the api's search route and batches use it too).
  const recorder = createSearchRecorder({
    store, queues: deps.queues, settings: config,
    onEnqueueFailed: (collectionId, err) => logger.warn({ collectionId, err: (err as Error).message }, 'enqueue failed; the worker sweep will queue it'),
  });
  // The `settled` subscription of @listings/store, as the api's `wait` polls have it.
  const waiter = createSettledWaiters(config.redisUrl, store.keys.settledChannel(), 'listings-watch-settled');
  const retentionMs = config.watchSeenDays * 86_400_000;
  let closing = false;

  /** Records the run's end unless another worker did; the run as it then stands (null: the watch is gone). */
  async function finish(w: WatchRecord, run: RunRecord, change: Partial<RunRecord>): Promise<RunRecord | null> {
    const next: RunRecord = { ...run, ...change, finished_at: new Date().toISOString() };
    if (await watches.setRun(w.id, next, 'running')) return next;
    return watches.run(w.id, run.period);
  }

  /** The run's search as an ordinary job of the account, recorded and queued as the api records a client's. */
  function submit(w: WatchRecord, plan: string, period: number): Promise<SubmitOutcome> {
    return recorder.recordAndQueue({
      mode: w.mode, account: w.account, plan, search: describeSearch(readStoredSearch(w.searchJson), w.searchJson),
      // Internal, per watch and period (a `.` never appears in a client key's hash): a resumed run replays its job.
      idempotencyKeyHash: `watch.${w.id}.${period}`,
    });
  }

  /** The job once settled; throws (the run's job is retried, and resumes) after SETTLE_BOUND_MS or when closing. */
  async function settled(jobId: string): Promise<JobRecord> {
    const deadline = Date.now() + SETTLE_BOUND_MS;
    for (;;) {
      const wait = waiter.wait(jobId, RECHECK_MS);
      const job = await store.getJob(jobId).catch((err: unknown) => {
        wait.cancel();
        throw err;
      });
      if (!job) {
        wait.cancel();
        throw new Error(`the run's job ${jobId} is gone`);
      }
      if (job.status !== 'pending') {
        wait.cancel();
        return job;
      }
      await wait.done;
      if (closing) throw new Error('worker closing; the run resumes elsewhere');
      if (Date.now() > deadline) throw new Error(`the run's job ${jobId} is still pending; the run resumes on a retry`);
    }
  }

  /** Steps 2-4 of a run still running; the run as finished (or as another worker left it), null when the watch is gone. */
  async function execute(w: WatchRecord, started: RunRecord): Promise<RunRecord | null> {
    let run = started;
    let jobId = run.request_id;
    if (jobId === null) {
      const acct = await accounts.get(w.account);
      if (!acct || acct.status !== 'active') return finish(w, run, { status: 'skipped', error: apiError('account_suspended') });
      const outcome = await submit(w, acct.plan, run.period);
      // A refusal carries the API's code of it (REFUSALS); what the account's limits refuse is skipped, free.
      switch (outcome.kind) {
        case 'quota_exceeded':
        case 'too_many_pending':
          return finish(w, run, { status: 'skipped', error: apiError(REFUSALS[outcome.kind]) });
        case 'daily_limit':
        case 'queue_full':
        case 'unavailable':
          return finish(w, run, { status: 'failed', error: apiError(REFUSALS[outcome.kind]) });
        case 'conflict':
          // An internal key cannot conflict unless its record was tampered with: no client asked, so no idempotency_conflict.
          logger.error({ watchId: w.id, period: run.period }, 'watch run key conflict; run failed');
          return finish(w, run, { status: 'failed', error: apiError('collection_unavailable') });
        case 'miss':
          jobId = outcome.jobId;
          break;
        case 'hit':
        case 'replay':
          jobId = outcome.jobId;
          break;
      }
      const withJob: RunRecord = { ...run, request_id: jobId };
      if (!(await watches.setRun(w.id, withJob, 'running'))) return watches.run(w.id, run.period);
      run = withJob;
    }

    const job = await settled(jobId);
    if (job.status === 'failed') {
      const code = job.error ?? 'upstream_error';
      return finish(w, run, { status: 'failed', credits: 0, cached: job.cached, error: { code, message: JOB_ERRORS[code as JobErrorCode] ?? 'The search failed.' } });
    }
    const resultJson = job.resultId ? await store.getResultJson(job.resultId) : null;
    const rows = resultJson === null ? [] : ((JSON.parse(resultJson) as { data?: Row[] }).data ?? []);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const compared = await watches.compare(w.id, run.period, rows.map((r) => ({ id: r.id, cents: displayedCents(r), passes: passesRules(r, w.rules) })), {
      notifyOnFirstRun: w.notifyOnFirstRun, retentionMs, maxSeen: config.watchSeenMax,
    });
    if (compared === null) return null;
    const matches: WatchMatch[] = compared.found.filter((f) => byId.has(f.id)).map((f) => ({
      reason: f.reason,
      previous_price: f.previousCents === null ? null : { amount: f.previousCents / 100, currency: 'USD' },
      row: byId.get(f.id)!,
    }));
    const summaries: MatchSummary[] = matches.map((m) => ({
      id: m.row.id,
      reason: m.reason,
      title: typeof m.row.title === 'string' ? m.row.title.slice(0, 300) : null,
      link: typeof m.row.link === 'string' ? m.row.link : null,
      displayed_price: (m.row.displayed_price as MatchSummary['displayed_price'] | undefined) ?? null,
      previous_price: m.previous_price,
    }));
    let event: string | null = null;
    let delivery: EventDelivery | null = null;
    if (matches.length > 0) {
      if (w.endpointId === null) delivery = 'no_endpoint';
      else {
        event = JSON.stringify(watchMatchedEvent(run.event_id, {
          watch: { id: w.id, name: w.name, search: w.search },
          run: { scheduled_at: new Date(run.period).toISOString(), request_id: jobId, rows: rows.length },
          matches,
        }, w.mode === 'sandbox', new Date()));
      }
    }
    return finish(w, run, {
      status: 'complete', credits: job.credits, cached: job.cached, rows: rows.length, baseline: compared.kind === 'baseline', superseded: compared.kind === 'superseded',
      matches: summaries, event, event_delivery: delivery, error: null,
    });
  }

  /** Step 5: the run's event queued for its endpoint (at most once more per resume: a repeat queues nothing new). */
  async function dispatch(w: WatchRecord, run: RunRecord): Promise<RunRecord> {
    let delivery: EventDelivery;
    const e = w.endpointId === null ? null : await endpoints.forDelivery(w.account, w.endpointId);
    if (w.endpointId === null) delivery = 'no_endpoint';
    else if (!e || e.mode !== w.mode) delivery = 'endpoint_missing';
    else if (!e.enabled) delivery = 'endpoint_disabled';
    else if (!e.events.includes('watch.matched')) delivery = 'not_subscribed';
    else {
      await deps.webhooks.queueEvent!(w.account, [e.id], JSON.parse(run.event!) as WebhookEvent);
      delivery = 'queued';
    }
    const done: RunRecord = { ...run, event: null, event_delivery: delivery };
    return (await watches.setRun(w.id, done, 'complete')) ? done : ((await watches.run(w.id, run.period)) ?? done);
  }

  async function runPeriod(watchId: string, period: number, everyMs?: number): Promise<RunOutcome> {
    const w = await watches.byId(watchId);
    if (!w) return 'gone';
    // A scheduler that does not match the watch (a change raced its application): applied again by the sweep.
    if (w.status !== 'active' || (everyMs !== undefined && everyMs !== w.everySeconds * 1000)) await watches.markSchedule(watchId);
    const fresh: RunRecord = {
      period, status: 'running', started_at: new Date().toISOString(), finished_at: null, request_id: null, credits: 0, cached: false, rows: null,
      baseline: false, superseded: false, matches: [], event_id: `evt_watch_${base62(22)}`, event: null, event_delivery: null, error: null,
    };
    const claim = await watches.claim(watchId, period, fresh);
    if (claim.kind !== 'claimed' && claim.kind !== 'resume' && claim.kind !== 'late') return claim.kind === 'stale' ? 'duplicate' : claim.kind;
    let run: RunRecord | null = claim.run;
    if (run.status === 'running') run = await execute(w, run);
    if (run === null) return 'gone';
    if (run.status === 'complete' && run.event !== null) run = await dispatch(w, run);
    if (run.status === 'running') throw new Error('the run is still running elsewhere');
    return run.status;
  }

  const connection = bullConnection(config.redisUrl, 'listings-watch-worker');
  const worker = new Worker<WatchRunJobData, RunOutcome>(WATCH_QUEUE, async (job: Job<WatchRunJobData>) => {
    const period = job.opts.prevMillis ?? Number(/:(\d+)$/u.exec(job.id ?? '')?.[1] ?? job.timestamp);
    const outcome = await runPeriod(job.data.watchId, period, (job.opts as { repeat?: { every?: number } }).repeat?.every);
    deps.hooks?.onRun?.(outcome, job.data.watchId, period);
    return outcome;
  }, {
    connection,
    prefix: queuePrefix(config.keyPrefix),
    // Named by process, so operators (and tests) see which worker holds a run.
    name: `watch-runner-${process.pid}`,
    concurrency: config.watchConcurrency,
    lockDuration: config.lockDurationMs,
    stalledInterval: config.stalledIntervalMs,
    maxStalledCount: MAX_STALLS,
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'watch worker connection error'));
  worker.on('failed', (job, err) => logger.warn({ watchId: job?.data.watchId, err: err.message, attempts: job?.attemptsMade }, 'watch run attempt failed; it resumes on a retry'));

  async function sweep(): Promise<void> {
    await schedules.applyDue(config.unqueuedGraceMs);
  }
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'watch schedule sweep failed')).finally(() => { sweeping = false; });
  }, config.sweepIntervalMs);

  return {
    runPeriod,
    sweep,
    async close() {
      closing = true;
      clearInterval(timer);
      await waiter.close();
      await worker.close();
      await schedules.close();
      connection.disconnect();
    },
  };
}
