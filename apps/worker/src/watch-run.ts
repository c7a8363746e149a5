/**
 * @module watch-run
 * One trigger of a watch's period as a processor, `(job, signal) → outcome`, made of four
 * named steps (docs/watches.md; watches.ts wires it to BullMQ):
 *
 * 1. **claim** (one script): the period's run when there is one (a run resumed after its worker
 *    died, or a trigger that came twice: it runs once), else a new run when the watch is
 *    active. A period whose trigger comes after a later period's is recorded skipped,
 *    superseded, without running: rows are compared in period order, and nothing is charged.
 * 2. **submit**: the run's search recorded as an ordinary search job of the account, by the one
 *    recording path the api's searches take (@listings/store record-search.ts), under an
 *    internal idempotency key of the watch and period: a resumed run finds the same job, so a
 *    run is charged at most once, when its search completes. A run the allowance or the pending
 *    cap refuses is recorded `skipped`; one the marketplace's limits refuse, `failed`: free.
 * 3. **compare**: once the job settled (woken by the `settled` channel, read again every few
 *    seconds in case a message was missed), its rows compared with those the watch has seen
 *    (one script, kept with the run: a resumed run finds the same answer): new rows, and rows
 *    whose displayed price fell, that pass the rules. The run's record is written complete,
 *    with its `watch.matched` event when it found anything. The first run records a baseline
 *    and reports nothing unless the watch asks for it.
 * 4. **finish**: the event queued for delivery to the watch's endpoint (signed and retried like
 *    every webhook event; a repeat queues nothing new) and the run marked so.
 *
 * Each step writes the run's record only while the run is as it read it, so a run finished by
 * one worker is never reopened by another that resumed it. `processWatchRun` is the order of the
 * steps alone; the steps are `createWatchRunSteps`' (Redis, the recorder, the webhooks), or a
 * test's.
 */
import type { Logger } from 'pino';
import { API_ERRORS, displayedCents, JOB_ERRORS, passesRules, readStoredSearch, type ApiErrorCode, type JobErrorCode, type Row } from '@listings/contract';
import {
  base62, describeSearch, REFUSALS,
  type Accounts, type EventDelivery, type JobRecord, type MatchSummary, type RunRecord, type SearchRecorder, type Store, type Waiters, type WatchRecord, type Watches, type Webhooks,
} from '@listings/store';
import { watchMatchedEvent, type WatchMatch, type WebhookEvent } from '@listings/webhooks';

/** What a run's job did: the run's status, or why it ran nothing. */
export type RunOutcome = 'complete' | 'failed' | 'skipped' | 'duplicate' | 'paused' | 'gone';

/** One trigger of a watch's period (what the scheduler's BullMQ job carries). */
export interface WatchRunJob {
  watchId: string;
  /** The period: when it was scheduled (ms since epoch). */
  period: number;
  /** The scheduler's interval (ms), to tell a scheduler that no longer matches the watch. */
  everyMs?: number;
}

/** A step's result: the run to go on with, or where the run stands when this attempt stops (null: the watch is gone). */
export type StepResult = { next: RunRecord } | { stop: RunRecord | null };

export interface WatchRunSteps {
  /** The run of the job's period to work on, or why there is none. */
  claim(job: WatchRunJob): Promise<{ watch: WatchRecord; run: RunRecord } | { outcome: RunOutcome }>;
  /** A running run without a job: its search recorded (the run with its job), or the run ended refused. */
  submit(watch: WatchRecord, run: RunRecord, signal: AbortSignal): Promise<StepResult>;
  /** A running run with a job: once the job settled, its rows compared and the run ended. */
  compare(watch: WatchRecord, run: RunRecord, signal: AbortSignal): Promise<RunRecord | null>;
  /** A complete run holding its event: the event queued for the watch's endpoint. */
  finish(watch: WatchRecord, run: RunRecord): Promise<RunRecord>;
}

/** One trigger of a period, step by step; throws to have the job retried (a retry resumes the run). */
export async function processWatchRun(steps: WatchRunSteps, job: WatchRunJob, signal: AbortSignal): Promise<RunOutcome> {
  const claimed = await steps.claim(job);
  if ('outcome' in claimed) return claimed.outcome;
  const { watch } = claimed;
  let run: RunRecord | null = claimed.run;
  if (run.status === 'running' && run.request_id === null) {
    const submitted = await steps.submit(watch, run, signal);
    run = 'next' in submitted ? submitted.next : submitted.stop;
    if ('stop' in submitted && run?.status === 'running') throw new Error('the run is still running elsewhere');
  }
  if (run?.status === 'running') run = await steps.compare(watch, run, signal);
  if (run === null) return 'gone';
  if (run.status === 'complete' && run.event !== null) run = await steps.finish(watch, run);
  if (run.status === 'running') throw new Error('the run is still running elsewhere');
  return run.status;
}

/** A run still waiting for its search after this long gives its job back for a retry (which resumes it). */
export const SETTLE_BOUND_MS = 15 * 60_000;
/** Between reads of a pending job when no `settled` message came. */
const RECHECK_MS = 3000;

export interface WatchRunDeps {
  watches: Watches;
  accounts: Pick<Accounts, 'get'>;
  endpoints: Pick<Webhooks, 'forDelivery'>;
  store: Pick<Store, 'getJob' | 'getResultJson'>;
  recorder: SearchRecorder;
  waiters: Pick<Waiters, 'wait'>;
  /** Queues an event for endpoints of an account (the webhook delivery queue). */
  queueEvent(account: string, endpointIds: readonly string[], event: WebhookEvent): Promise<void>;
  logger: Logger;
  /** How long rows unseen are remembered (ms), and the most rows remembered per watch. */
  seenRetentionMs: number;
  seenMax: number;
}

function apiError(code: ApiErrorCode): { code: string; message: string } {
  return { code, message: API_ERRORS[code].message };
}

export function createWatchRunSteps(deps: WatchRunDeps): WatchRunSteps {
  const { watches, logger } = deps;

  /** Records the run's end unless another worker did; the run as it then stands (null: the watch is gone). */
  async function end(w: WatchRecord, run: RunRecord, change: Partial<RunRecord>): Promise<RunRecord | null> {
    const next: RunRecord = { ...run, ...change, finished_at: new Date().toISOString() };
    if (await watches.setRun(w.id, next, 'running')) return next;
    return watches.run(w.id, run.period);
  }

  /** The job once settled; throws (the run's job is retried, and resumes) after SETTLE_BOUND_MS or when the signal aborts. */
  async function settled(jobId: string, signal: AbortSignal): Promise<JobRecord> {
    const deadline = Date.now() + SETTLE_BOUND_MS;
    for (;;) {
      const wait = deps.waiters.wait(jobId, RECHECK_MS, signal);
      const job = await deps.store.getJob(jobId).catch((err: unknown) => {
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
      if (signal.aborted) throw new Error('worker closing; the run resumes elsewhere');
      if (Date.now() > deadline) throw new Error(`the run's job ${jobId} is still pending; the run resumes on a retry`);
    }
  }

  return {
    async claim({ watchId, period, everyMs }) {
      const w = await watches.byId(watchId);
      if (!w) return { outcome: 'gone' };
      // A scheduler that does not match the watch (a change raced its application): applied again by the sweep.
      if (w.status !== 'active' || (everyMs !== undefined && everyMs !== w.everySeconds * 1000)) await watches.markSchedule(watchId);
      const fresh: RunRecord = {
        period, status: 'running', started_at: new Date().toISOString(), finished_at: null, request_id: null, credits: 0, cached: false, rows: null,
        baseline: false, superseded: false, matches: [], event_id: `evt_watch_${base62(22)}`, event: null, event_delivery: null, error: null,
      };
      const claim = await watches.claim(watchId, period, fresh);
      if (claim.kind !== 'claimed' && claim.kind !== 'resume' && claim.kind !== 'late') return { outcome: claim.kind === 'stale' ? 'duplicate' : claim.kind };
      return { watch: w, run: claim.run };
    },

    async submit(w, run) {
      const acct = await deps.accounts.get(w.account);
      if (!acct || acct.status !== 'active') return { stop: await end(w, run, { status: 'skipped', error: apiError('account_suspended') }) };
      // The run's search as an ordinary job of the account, recorded and queued as the api records a client's.
      const outcome = await deps.recorder.recordAndQueue({
        mode: w.mode, account: w.account, plan: acct.plan, search: describeSearch(readStoredSearch(w.searchJson), w.searchJson),
        // Internal, per watch and period (a `.` never appears in a client key's hash): a resumed run replays its job.
        idempotencyKeyHash: `watch.${w.id}.${run.period}`,
      });
      // A refusal carries the API's code of it (REFUSALS); what the account's limits refuse is skipped, free.
      switch (outcome.kind) {
        case 'quota_exceeded':
        case 'too_many_pending':
          return { stop: await end(w, run, { status: 'skipped', error: apiError(REFUSALS[outcome.kind]) }) };
        case 'daily_limit':
        case 'queue_full':
        case 'unavailable':
          return { stop: await end(w, run, { status: 'failed', error: apiError(REFUSALS[outcome.kind]) }) };
        case 'conflict':
          // An internal key cannot conflict unless its record was tampered with: no client asked, so no idempotency_conflict.
          logger.error({ watchId: w.id, period: run.period }, 'watch run key conflict; run failed');
          return { stop: await end(w, run, { status: 'failed', error: apiError('collection_unavailable') }) };
        case 'miss':
        case 'hit':
        case 'replay': {
          const withJob: RunRecord = { ...run, request_id: outcome.jobId };
          if (!(await watches.setRun(w.id, withJob, 'running'))) return { stop: await watches.run(w.id, run.period) };
          return { next: withJob };
        }
      }
    },

    async compare(w, run, signal) {
      const jobId = run.request_id!;
      const job = await settled(jobId, signal);
      if (job.status === 'failed') {
        const code = job.error ?? 'upstream_error';
        return end(w, run, { status: 'failed', credits: 0, cached: job.cached, error: { code, message: JOB_ERRORS[code as JobErrorCode] ?? 'The search failed.' } });
      }
      const resultJson = job.resultId ? await deps.store.getResultJson(job.resultId) : null;
      const rows = resultJson === null ? [] : ((JSON.parse(resultJson) as { data?: Row[] }).data ?? []);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const compared = await watches.compare(w.id, run.period, rows.map((r) => ({ id: r.id, cents: displayedCents(r), passes: passesRules(r, w.rules) })), {
        notifyOnFirstRun: w.notifyOnFirstRun, retentionMs: deps.seenRetentionMs, maxSeen: deps.seenMax,
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
      return end(w, run, {
        status: 'complete', credits: job.credits, cached: job.cached, rows: rows.length, baseline: compared.kind === 'baseline', superseded: compared.kind === 'superseded',
        matches: summaries, event, event_delivery: delivery, error: null,
      });
    },

    async finish(w, run) {
      let delivery: EventDelivery;
      const e = w.endpointId === null ? null : await deps.endpoints.forDelivery(w.account, w.endpointId);
      if (w.endpointId === null) delivery = 'no_endpoint';
      else if (!e || e.mode !== w.mode) delivery = 'endpoint_missing';
      else if (!e.enabled) delivery = 'endpoint_disabled';
      else if (!e.events.includes('watch.matched')) delivery = 'not_subscribed';
      else {
        await deps.queueEvent(w.account, [e.id], JSON.parse(run.event!) as WebhookEvent);
        delivery = 'queued';
      }
      const done: RunRecord = { ...run, event: null, event_delivery: delivery };
      return (await watches.setRun(w.id, done, 'complete')) ? done : ((await watches.run(w.id, run.period)) ?? done);
    },
  };
}
