/**
 * @module watch-schedules
 * When watches run: one BullMQ job scheduler per active watch on the `watches` queue (under
 * `<prefix>bull`), id = the watch's id, `every` = its interval. BullMQ keeps one delayed job per
 * scheduler and adds the next when one starts, so each period is triggered once across any
 * number of workers and restarts; the period's run is then claimed in Redis (watches.ts CLAIM),
 * so a trigger that comes twice (a stalled job taken over, a scheduler applied twice) runs
 * nothing more.
 *
 * A change of a watch that concerns its schedule (create, interval, pause, resume, delete) is
 * marked in `wat:sched` by the same script that makes it; `apply` brings BullMQ in line with the
 * watch as it is then (scheduler upserted when active, removed otherwise) and drops the mark
 * unless it changed meanwhile. The api applies a change at once; the workers' sweep applies
 * marks older than a grace (an api that died in between), so no watch is left unscheduled and
 * no deleted or paused one keeps a scheduler.
 */
import { Queue, type JobSchedulerTemplateOptions } from 'bullmq';
import { queuePrefix } from './queues.ts';
import { bullConnection } from './redis.ts';
import type { Watches } from './watches.ts';

export const WATCH_QUEUE = 'watches';

/** What each scheduled job carries. */
export interface WatchRunJobData {
  watchId: string;
  account: string;
}

/**
 * A run's job: retried with backoff when it fails (a Redis fault, a collection that never
 * settled in time); every retry resumes the same run of the same period. Done jobs are removed,
 * failed ones kept a week for operators.
 */
export const WATCH_RUN_JOB_OPTIONS: JobSchedulerTemplateOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600, count: 10000 },
};

export interface WatchSchedules {
  /** Brings the watch's BullMQ scheduler in line with the watch; what it did. */
  apply(id: string): Promise<'scheduled' | 'removed' | 'none'>;
  /** Applies the marks older than `olderThanMs` (the sweep); how many. */
  applyDue(olderThanMs: number): Promise<number>;
  /** When the watch runs next (ms since epoch), or null when it has no scheduler. */
  next(id: string): Promise<number | null>;
  /** The `watches` queue (workers' metrics, tests). */
  queue(): Queue<WatchRunJobData>;
  close(): Promise<void>;
}

export function createWatchSchedules(redisUrl: string, keyPrefix: string, watches: Watches): WatchSchedules {
  let conn: ReturnType<typeof bullConnection> | null = null;
  let q: Queue<WatchRunJobData> | null = null;
  const queue = (): Queue<WatchRunJobData> => {
    if (!q) {
      // Made on first use: an api that never touches a watch opens no connection for it.
      conn = bullConnection(redisUrl, 'listings-watch-schedules');
      q = new Queue<WatchRunJobData>(WATCH_QUEUE, { connection: conn, prefix: queuePrefix(keyPrefix) });
      q.on('error', () => undefined);
    }
    return q;
  };

  async function apply(id: string): Promise<'scheduled' | 'removed' | 'none'> {
    const mark = await watches.scheduleMark(id);
    if (mark === null) return 'none';
    const w = await watches.byId(id);
    let did: 'scheduled' | 'removed';
    if (w && w.status === 'active') {
      await queue().upsertJobScheduler(id, { every: w.everySeconds * 1000 }, { name: 'run', data: { watchId: id, account: w.account }, opts: WATCH_RUN_JOB_OPTIONS });
      did = 'scheduled';
    } else {
      await queue().removeJobScheduler(id);
      did = 'removed';
    }
    await watches.unmarkSchedule(id, mark);
    return did;
  }

  return {
    apply,
    async applyDue(olderThanMs) {
      const ids = await watches.marksOlderThan(olderThanMs);
      for (const id of ids) await apply(id);
      return ids.length;
    },
    async next(id) {
      const s = await queue().getJobScheduler(id);
      return s?.next ?? null;
    },
    queue,
    async close() {
      if (q) await q.close();
      conn?.disconnect();
    },
  };
}
