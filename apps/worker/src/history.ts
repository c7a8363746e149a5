/**
 * @module history (worker)
 * The sold history archive's side of a worker process (docs/history.md): the hand-off that
 * takes each settled sold page's rows to the `history-archive` queue (given to the processor
 * as `archive`), the writer that inserts them into PostgreSQL, the migrations (run at start,
 * retried in the background while PostgreSQL is away: a worker never waits for the archive
 * to collect), hourly retention, and the archive's figures for `/metrics`. Nothing here is on
 * a search's path: a failure is logged and counted, never a search's outcome.
 */
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import type { Config } from '@listings/config';
import { archiveSize, createArchiveHandoff, createHistoryDb, migrate, pruneArchive, startArchiveWriter, type ArchiveHandoff, type ArchiveSize, type ArchiveWriterHandle, type SettledPage } from '@listings/history';
import { queuePrefix } from '@listings/store';
import type { HistoryConnections } from './composition-root.ts';

export interface WorkerHistory {
  /** Give to the processor: hands a settled page's sold rows over; returns at once. */
  archive(page: SettledPage): void;
  handoff: ArchiveHandoff;
  /** The writer, once the migrations ran (null until then). */
  writer(): ArchiveWriterHandle | null;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

/**
 * Starts the archive's side on the composition root's two BullMQ connections (null without
 * HISTORY_DATABASE_URL, as the connections are); `close` closes what runs on them, the root
 * ends them.
 */
export function startHistory(config: Config, logger: Logger, connections: HistoryConnections | null, registry?: Registry): WorkerHistory | null {
  if (config.historyDatabaseUrl === null || connections === null) return null;
  const db = createHistoryDb({ url: config.historyDatabaseUrl, schema: config.historySchema, max: config.historyWriterConcurrency + 2 });
  const prefix = queuePrefix(config.keyPrefix);
  const { producer, consumer } = connections;
  let lastHandoffError = 0;
  const handoff = createArchiveHandoff(producer, {
    prefix,
    maxJobs: config.historyQueueMax,
    onError: (err) => {
      // At most one line a minute: a Redis that refuses hand-offs refuses them all.
      if (Date.now() - lastHandoffError > 60_000) logger.warn({ err: err.message }, 'history: could not hand rows to the archive queue; dropped (counted)');
      lastHandoffError = Date.now();
    },
  });
  let writer: ArchiveWriterHandle | null = null;
  let closed = false;
  let lastWriteError = 0;
  let pruneTimer: NodeJS.Timeout | null = null;
  let migrateTimer: NodeJS.Timeout | null = null;

  const prune = (): void => {
    pruneArchive(db, config.historyRetentionDays).then(
      (out) => {
        if (out && (out.deletedRows > 0 || out.droppedPartitions.length > 0)) logger.info(out, 'history: retention removed old rows');
      },
      (err: unknown) => logger.warn({ err: (err as Error).message }, 'history: retention did not run'),
    );
  };
  const begin = (): void => {
    migrate(db).then(
      (applied) => {
        if (closed) return;
        if (applied.length > 0) logger.info({ applied }, 'history: migrations applied');
        writer = startArchiveWriter(consumer, db, {
          prefix,
          retentionDays: config.historyRetentionDays,
          concurrency: config.historyWriterConcurrency,
          retryMaxMs: config.historyRetryMaxMs,
          onError: (err, unavailable) => {
            if (Date.now() - lastWriteError > 10_000) logger.warn({ err: err.message, unavailable }, unavailable ? 'history: PostgreSQL unavailable; the rows wait in the queue' : 'history: a write failed');
            lastWriteError = Date.now();
          },
        });
        prune();
        pruneTimer = setInterval(prune, HOUR);
        pruneTimer.unref();
      },
      (err: unknown) => {
        if (closed) return;
        // The first half minute quietly (a database starting beside the process: npm start), then as a warning.
        const early = performance.now() < 30_000;
        logger[early ? 'info' : 'warn']({ err: (err as Error).message }, 'history: migrations could not run yet (PostgreSQL unavailable?); retrying, the rows wait in the queue');
        migrateTimer = setTimeout(begin, early ? 1000 : 5000);
        migrateTimer.unref();
      },
    );
  };
  begin();

  if (registry) registerHistoryMetrics(registry, config, db, handoff, () => writer);

  return {
    archive: (page) => handoff.handoff(page),
    handoff,
    writer: () => writer,
    async close() {
      closed = true;
      if (pruneTimer) clearInterval(pruneTimer);
      if (migrateTimer) clearTimeout(migrateTimer);
      await handoff.close();
      await (writer as ArchiveWriterHandle | null)?.close();
      await db.close().catch(() => undefined);
    },
  };
}

/** The archive's gauges: read when scraped (the queue and PostgreSQL figures at most every 15 s). */
function registerHistoryMetrics(registry: Registry, config: Config, db: ReturnType<typeof createHistoryDb>, handoff: ArchiveHandoff, writer: () => ArchiveWriterHandle | null): void {
  const registers = [registry];
  let sizeRead: { at: number; value: Promise<ArchiveSize | null> } | null = null;
  const size = (): Promise<ArchiveSize | null> => {
    if (sizeRead === null || Date.now() - sizeRead.at > 15_000) sizeRead = { at: Date.now(), value: archiveSize(db).catch(() => null) };
    return sizeRead.value;
  };
  new Gauge({
    name: 'listings_history_queue_pages', help: 'Pages in the archive queue not yet written (waiting, delayed for a retry, or being written); HISTORY_QUEUE_MAX is its bound.', registers,
    async collect() { this.set(await handoff.depth().catch(() => -1)); },
  });
  new Gauge({ name: 'listings_history_queue_max', help: 'HISTORY_QUEUE_MAX: pages the archive queue holds before rows are dropped.', registers, collect() { this.set(config.historyQueueMax); } });
  new Gauge({
    name: 'listings_history_lag_seconds', help: 'Age of the oldest page in the archive queue not yet written (0 when none waits): how far the archive is behind.', registers,
    async collect() { const w = writer(); this.set(w ? await w.lagSeconds().catch(() => -1) : -1); },
  });
  new Gauge({
    name: 'listings_history_handed_rows', help: 'Rows this process handed to the archive queue since it started (a counter read as a gauge).', registers,
    collect() { this.set(handoff.counts.rows); },
  });
  new Gauge({
    name: 'listings_history_rows_dropped', help: 'Rows this process did not archive since it started, by reason: full (the queue was at HISTORY_QUEUE_MAX) or error (Redis refused the hand-off).', labelNames: ['reason'] as const, registers,
    collect() { this.set({ reason: 'full' }, handoff.counts.droppedFull); this.set({ reason: 'error' }, handoff.counts.droppedError); },
  });
  new Gauge({
    name: 'listings_history_written_rows', help: 'Rows this process wrote to the archive since it started, by outcome: inserted (new), repeated (already archived), expired (older than the retention).', labelNames: ['outcome'] as const, registers,
    collect() {
      const c = writer()?.counts;
      this.set({ outcome: 'inserted' }, c?.inserted ?? 0);
      this.set({ outcome: 'repeated' }, c?.repeated ?? 0);
      this.set({ outcome: 'expired' }, c?.expired ?? 0);
    },
  });
  new Gauge({
    name: 'listings_history_write_failures', help: 'Archive writes of this process that failed since it started: unavailable (PostgreSQL down; retried) or rejected (given up).', labelNames: ['kind'] as const, registers,
    collect() { const c = writer()?.counts; this.set({ kind: 'unavailable' }, c?.unavailable ?? 0); this.set({ kind: 'rejected' }, c?.rejected ?? 0); },
  });
  new Gauge({
    name: 'listings_history_archive_rows', help: 'Rows in the archive by mode (PostgreSQL\'s estimate; -1 when it cannot be read).', labelNames: ['mode'] as const, registers,
    async collect() { const s = await size(); for (const m of ['live', 'sandbox']) this.set({ mode: m }, s ? s.rows[m]! : -1); },
  });
  new Gauge({
    name: 'listings_history_archive_bytes', help: 'Bytes of the archive\'s tables and indexes by mode (-1 when it cannot be read).', labelNames: ['mode'] as const, registers,
    async collect() { const s = await size(); for (const m of ['live', 'sandbox']) this.set({ mode: m }, s ? s.bytes[m]! : -1); },
  });
}
