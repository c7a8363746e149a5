/**
 * @module queue
 * The archive's hand-off, off the search's path: a worker that settled a sold page hands its
 * rows to the BullMQ queue `history-archive` (`handoff`, never awaited by the search and never
 * throwing), and the archive writer (`startArchiveWriter`) inserts each job's rows in one
 * statement. While PostgreSQL is down the writer's jobs fail and are retried (attempts without
 * end, at most `HISTORY_RETRY_MAX_MS` apart), so the queue holds the rows and they are written
 * when it returns. The queue is bounded (`HISTORY_QUEUE_MAX` jobs waiting or delayed): beyond
 * it a page's rows are dropped and counted, never the search.
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { isUnavailable, type HistoryDb } from './db.ts';
import type { ArchiveMode } from './migrations.ts';
import { archiveRowsOf, HISTORY_MARKETPLACES, type ArchiveRow } from './rows.ts';
import { createWriter, type WriteOutcome } from './writer.ts';

export const ARCHIVE_QUEUE = 'history-archive';

export interface ArchiveJobData {
  mode: ArchiveMode;
  marketplace: string;
  seenAt: string;
  rows: ArchiveRow[];
}

/** A settled complete page, as the worker's processor reports it. */
export interface SettledPage {
  collectionId: string;
  mode: 'live' | 'sandbox';
  token: string;
  /** The route's kind: only `sold` pages are archived. */
  kind: string;
  result: { collected_at?: unknown; data?: unknown };
}

export interface HandoffCounts {
  /** Pages handed to the queue. */
  pages: number;
  /** Rows handed to the queue. */
  rows: number;
  /** Rows dropped because the queue was at its bound. */
  droppedFull: number;
  /** Rows dropped because Redis refused the hand-off. */
  droppedError: number;
}

export interface ArchiveHandoff {
  /** Hands a settled page's sold rows to the queue; returns at once, never throws. */
  handoff(page: SettledPage): void;
  /** Jobs waiting, delayed or running (read at most once a second). */
  depth(): Promise<number>;
  counts: HandoffCounts;
  /** Waits for the hand-offs in flight, then closes the queue. */
  close(): Promise<void>;
}

const RETRY_BASE_MS = 500;

/** Delay before retry n of a write that failed: doubling from half a second, at most `maxMs`. */
export function archiveRetryMs(attemptsMade: number, maxMs: number): number {
  return Math.min(maxMs, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attemptsMade - 1, 20)));
}

export function createArchiveHandoff(connection: Redis, opts: { prefix: string; maxJobs: number; onError?: (err: Error) => void }): ArchiveHandoff {
  const queue = new Queue<ArchiveJobData>(ARCHIVE_QUEUE, { connection, prefix: opts.prefix });
  queue.on('error', () => undefined);
  const counts: HandoffCounts = { pages: 0, rows: 0, droppedFull: 0, droppedError: 0 };
  const inFlight = new Set<Promise<void>>();
  let depthRead: { at: number; value: Promise<number> } | null = null;
  const depth = (): Promise<number> => {
    const now = Date.now();
    if (depthRead === null || now - depthRead.at > 1000) {
      const value = queue.getJobCountByTypes('waiting', 'delayed', 'active', 'prioritized');
      value.catch(() => undefined);
      depthRead = { at: now, value };
    }
    return depthRead.value;
  };
  const send = async (page: SettledPage, rows: ArchiveRow[]): Promise<void> => {
    if ((await depth()) >= opts.maxJobs) {
      counts.droppedFull += rows.length;
      return;
    }
    const seenAt = typeof page.result.collected_at === 'string' && !Number.isNaN(Date.parse(page.result.collected_at)) ? new Date(page.result.collected_at).toISOString() : new Date().toISOString();
    await queue.add('rows', { mode: page.mode, marketplace: page.token, seenAt, rows }, {
      // One job per collection: a page settled twice is handed over once.
      jobId: `${page.mode}-${page.collectionId}`,
      attempts: Number.MAX_SAFE_INTEGER,
      backoff: { type: 'archive' },
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
    });
    counts.pages++;
    counts.rows += rows.length;
  };
  return {
    counts,
    depth,
    handoff(page) {
      try {
        if (page.kind !== 'sold' || !HISTORY_MARKETPLACES.includes(page.token)) return;
        const rows = Array.isArray(page.result.data) ? archiveRowsOf(page.token, page.result.data) : [];
        if (rows.length === 0) return;
        const p = send(page, rows).catch((err: unknown) => {
          counts.droppedError += rows.length;
          opts.onError?.(err as Error);
        });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      } catch (err) {
        opts.onError?.(err as Error);
      }
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      await queue.close();
    },
  };
}

export interface WriterCounts {
  /** Jobs written. */
  jobs: number;
  inserted: number;
  repeated: number;
  expired: number;
  /** Writes that failed because PostgreSQL was unavailable (retried). */
  unavailable: number;
  /** Jobs given up on: their rows could not be written for a reason other than availability. */
  rejected: number;
}

export interface ArchiveWriterHandle {
  counts: WriterCounts;
  /** Seconds between the oldest unwritten page's hand-off and now (0 when none waits). */
  lagSeconds(): Promise<number>;
  /** Seconds between the last written page's hand-off and its write. */
  lastWriteLagSeconds(): number;
  close(): Promise<void>;
}

/** Attempts at a write that fails for a reason other than PostgreSQL's availability. */
const DATA_ATTEMPTS = 5;

export function startArchiveWriter(connection: Redis, db: HistoryDb, opts: {
  prefix: string; retentionDays: number; concurrency: number; retryMaxMs: number;
  onWrite?: (outcome: WriteOutcome, job: Job<ArchiveJobData>) => void; onError?: (err: Error, unavailable: boolean) => void;
}): ArchiveWriterHandle {
  const writer = createWriter(db, { retentionDays: opts.retentionDays });
  const counts: WriterCounts = { jobs: 0, inserted: 0, repeated: 0, expired: 0, unavailable: 0, rejected: 0 };
  let lastLag = 0;
  const worker = new Worker<ArchiveJobData>(ARCHIVE_QUEUE, async (job) => {
    try {
      const outcome = await writer.write(job.data);
      counts.jobs++;
      counts.inserted += outcome.inserted;
      counts.repeated += outcome.repeated;
      counts.expired += outcome.expired;
      lastLag = (Date.now() - job.timestamp) / 1000;
      opts.onWrite?.(outcome, job);
    } catch (err) {
      const unavailable = isUnavailable(err);
      opts.onError?.(err as Error, unavailable);
      if (unavailable) {
        counts.unavailable++;
        throw err;
      }
      // A job whose rows cannot be written (not for want of PostgreSQL) is tried a few times, then kept among the failed.
      if (job.attemptsMade + 1 >= DATA_ATTEMPTS) {
        counts.rejected++;
        throw new UnrecoverableError((err as Error).message);
      }
      throw err;
    }
  }, {
    connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
    settings: { backoffStrategy: (attemptsMade: number) => archiveRetryMs(attemptsMade, opts.retryMaxMs) },
  });
  worker.on('error', () => undefined);
  const queue = new Queue(ARCHIVE_QUEUE, { connection, prefix: opts.prefix });
  queue.on('error', () => undefined);
  return {
    counts,
    async lagSeconds() {
      const [waiting, delayed] = await Promise.all([queue.getJobs(['waiting'], 0, 0, true), queue.getJobs(['delayed'], 0, 0, true)]);
      const oldest = Math.min(...[...waiting, ...delayed].map((j) => j.timestamp));
      return Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0;
    },
    lastWriteLagSeconds: () => lastLag,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
