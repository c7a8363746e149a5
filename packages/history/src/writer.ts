/**
 * @module writer
 * Writes one settled page's rows to the archive in one statement: each row claims its
 * (mode, marketplace, listing id) in `sold_keys`; rows that claim it are inserted, rows
 * already archived only move their `last_seen` forward. A row written twice, by a repeated
 * search, a retried job or two writers at once, is one row. Rows whose sold date is older than
 * the retention are not written (they would be deleted at once).
 */
import type { HistoryDb } from './db.ts';
import { ensurePartitions, type ArchiveMode } from './migrations.ts';
import type { ArchiveRow } from './rows.ts';

export interface ArchiveBatch {
  mode: ArchiveMode;
  marketplace: string;
  /** When the page was collected (ISO 8601): first_seen of new rows, last_seen of all. */
  seenAt: string;
  rows: readonly ArchiveRow[];
}

export interface WriteOutcome {
  inserted: number;
  /** Rows already archived (last_seen moved forward where it was older). */
  repeated: number;
  /** Rows older than the retention, not written. */
  expired: number;
}

const DAY_MS = 86_400_000;

/** The day a row is filed under: its sold date, or the day it was seen when it has none (or one after it). */
export function soldOn(row: Pick<ArchiveRow, 'sold_date'>, seenAt: string): string {
  const seenDay = seenAt.slice(0, 10);
  if (row.sold_date !== null && row.sold_date <= seenDay && row.sold_date >= '2000-01-01') return row.sold_date;
  return seenDay;
}

export interface Writer {
  write(batch: ArchiveBatch): Promise<WriteOutcome>;
}

export function createWriter(db: HistoryDb, opts: { retentionDays: number }): Writer {
  const known = new Set<string>();
  const S = db.S;
  return {
    async write(batch) {
      if (batch.mode !== 'live' && batch.mode !== 'sandbox') throw new Error(`unknown archive mode ${String(batch.mode)}`);
      const seen = new Date(batch.seenAt);
      if (Number.isNaN(seen.getTime())) throw new Error('seenAt is not a timestamp');
      const cutoff = new Date(Date.now() - opts.retentionDays * DAY_MS).toISOString().slice(0, 10);
      const rows: Array<ArchiveRow & { sold_on: string }> = [];
      let expired = 0;
      for (const r of batch.rows) {
        const on = soldOn(r, batch.seenAt);
        if (on < cutoff) expired++;
        else rows.push({ ...r, sold_on: on });
      }
      if (rows.length === 0) return { inserted: 0, repeated: 0, expired };
      await ensurePartitions(db, batch.mode, rows.map((r) => r.sold_on), known);
      const res = await db.pool.query<{ inserted: string; claimed: string }>(
        `WITH x AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
             id text, sold_on date, sold_date date, sold_date_text text, title text, link text, image text,
             price numeric, currency text, price_text text, shipping numeric, shipping_currency text, shipping_text text,
             condition text, condition_code text, condition_id integer, category_id bigint, brand_id bigint, brand text, size text)
         ),
         claimed AS (
           INSERT INTO ${S}.sold_keys (mode, marketplace, listing_id, sold_on)
           SELECT $2, $3, x.id, x.sold_on FROM x
           ON CONFLICT DO NOTHING
           RETURNING listing_id
         ),
         ins AS (
           INSERT INTO ${S}.sold_rows (mode, marketplace, listing_id, sold_on, sold_date, sold_date_text, title, link, image,
             price_amount, price_currency, price_text, shipping_amount, shipping_currency, shipping_text,
             condition, condition_code, condition_id, category_id, brand_id, brand, size, first_seen, last_seen)
           SELECT $2, $3, x.id, x.sold_on, x.sold_date, x.sold_date_text, x.title, x.link, x.image,
             x.price, x.currency, x.price_text, x.shipping, x.shipping_currency, x.shipping_text,
             x.condition, x.condition_code, x.condition_id, x.category_id, x.brand_id, x.brand, x.size, $4, $4
           FROM x JOIN claimed c ON c.listing_id = x.id
           ON CONFLICT DO NOTHING
           RETURNING 1
         ),
         upd AS (
           UPDATE ${S}.sold_rows r SET last_seen = $4
           FROM ${S}.sold_keys k
           WHERE k.mode = $2 AND k.marketplace = $3 AND k.listing_id IN (SELECT id FROM x)
             AND NOT EXISTS (SELECT 1 FROM claimed c WHERE c.listing_id = k.listing_id)
             AND r.mode = k.mode AND r.marketplace = k.marketplace AND r.listing_id = k.listing_id AND r.sold_on = k.sold_on
             AND r.last_seen < $4
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM upd) AS touched`,
        [JSON.stringify(rows), batch.mode, batch.marketplace, seen.toISOString()],
      );
      const inserted = Number(res.rows[0]?.inserted ?? 0);
      return { inserted, repeated: rows.length - inserted, expired };
    },
  };
}
