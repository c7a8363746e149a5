/**
 * @module retention
 * `HISTORY_RETENTION_DAYS`: rows filed under a day older than the retention leave the archive.
 * Months wholly before the cutoff are dropped as partitions (no row-by-row delete, no bloat);
 * the month the cutoff falls in loses its older days by DELETE; the listing claims go with
 * them. Several processes may run it at once: an advisory lock lets one work.
 * Also the archive's size for the metrics.
 */
import type { HistoryDb } from './db.ts';
import { MODES } from './migrations.ts';

export interface PruneOutcome {
  droppedPartitions: string[];
  deletedRows: number;
}

export async function pruneArchive(db: HistoryDb, retentionDays: number, now = new Date()): Promise<PruneOutcome | null> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString().slice(0, 10);
  const cutoffMonth = `y${cutoff.slice(0, 4)}m${cutoff.slice(5, 7)}`;
  const client = await db.pool.connect();
  try {
    const lock = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`listings-history-prune:${db.schema}`]);
    if (!lock.rows[0]?.ok) return null;
    try {
      const dropped: string[] = [];
      const parts = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         JOIN pg_namespace n ON n.oid = p.relnamespace WHERE n.nspname = $1 AND p.relname = ANY($2::text[])`,
        [db.schema, MODES.map((m) => `sold_rows_${m}`)],
      );
      for (const { name } of parts.rows) {
        const m = /_(y\d{4}m\d{2})$/u.exec(name);
        if (m && m[1]! < cutoffMonth) {
          await client.query(`DROP TABLE IF EXISTS ${db.table(name)}`);
          dropped.push(name);
        }
      }
      const del = await client.query(`DELETE FROM ${db.table('sold_rows')} WHERE sold_on < $1::date`, [cutoff]);
      await client.query(`DELETE FROM ${db.table('sold_keys')} WHERE sold_on < $1::date`, [cutoff]);
      return { droppedPartitions: dropped, deletedRows: del.rowCount ?? 0 };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`listings-history-prune:${db.schema}`]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

export interface ArchiveSize {
  /** Rows per mode (the planner's estimate: exact counts of a large archive cost a full scan). */
  rows: Record<string, number>;
  /** Bytes of tables and indexes per mode. */
  bytes: Record<string, number>;
  /** Month partitions per mode. */
  partitions: Record<string, number>;
}

export async function archiveSize(db: HistoryDb): Promise<ArchiveSize> {
  const res = await db.pool.query<{ mode: string; rows: string; bytes: string; parts: string }>(
    `SELECT p.relname AS mode, coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint AS rows,
            coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes, count(c.oid) AS parts
     FROM pg_class p JOIN pg_namespace n ON n.oid = p.relnamespace
     LEFT JOIN pg_inherits i ON i.inhparent = p.oid LEFT JOIN pg_class c ON c.oid = i.inhrelid
     WHERE n.nspname = $1 AND p.relname = ANY($2::text[]) GROUP BY p.relname`,
    [db.schema, MODES.map((m) => `sold_rows_${m}`)],
  );
  const out: ArchiveSize = { rows: {}, bytes: {}, partitions: {} };
  for (const m of MODES) {
    const r = res.rows.find((x) => x.mode === `sold_rows_${m}`);
    out.rows[m] = Number(r?.rows ?? 0);
    out.bytes[m] = Number(r?.bytes ?? 0);
    out.partitions[m] = Number(r?.parts ?? 0);
  }
  return out;
}
