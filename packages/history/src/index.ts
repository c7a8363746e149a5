/**
 * @module @listings/history
 * The sold history archive (docs/history.md): every sold row of every completed search, kept
 * in PostgreSQL per mode, marketplace and listing id, written off the search's path through a
 * BullMQ queue, and read by `GET /v1/history/{marketplace}/sold`.
 */
export { createHistoryDb, isUnavailable, ident, type HistoryDb, type HistoryDbOptions } from './db.ts';
export { migrate, ensurePartitions, monthBounds, MODES, LATEST_MIGRATION, type ArchiveMode } from './migrations.ts';
export { archiveRowsOf, conditionCode, HISTORY_CONDITIONS, HISTORY_MARKETPLACES, type ArchiveRow } from './rows.ts';
export { createWriter, soldOn, type ArchiveBatch, type WriteOutcome, type Writer } from './writer.ts';
export { querySold, type HistoryQuery, type HistoryRow, type HistoryAnswer, type MatchRow } from './query.ts';
export { ARCHIVE_QUEUE, archiveRetryMs, createArchiveHandoff, startArchiveWriter, type ArchiveHandoff, type ArchiveJobData, type ArchiveWriterHandle, type HandoffCounts, type SettledPage, type WriterCounts } from './queue.ts';
export { pruneArchive, archiveSize, type ArchiveSize, type PruneOutcome } from './retention.ts';
