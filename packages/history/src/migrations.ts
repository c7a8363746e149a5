/**
 * @module migrations
 * The archive's schema, as numbered migrations applied in order at start (api and worker) and
 * in tests: each runs once, in its own transaction, under an advisory lock so processes
 * starting together apply it once. `history_migrations` records what ran.
 *
 * Layout (docs/history.md): `sold_rows` is partitioned by mode (`live`, `sandbox`: the two
 * archives never share a table), then each mode by month of `sold_on` (the sold date, or the
 * day the row was first seen when the marketplace gave none). A month's partition holds its
 * own full-text (GIN) and newest-first (btree) indexes, so a query reads only the months of
 * its range, and retention drops whole months. `sold_keys` holds one line per mode,
 * marketplace and listing id: the claim that makes a row written twice one row, whatever its
 * partition.
 */
import type { HistoryDb } from './db.ts';

export const MODES = ['live', 'sandbox'] as const;
export type ArchiveMode = (typeof MODES)[number];

/**
 * Price bands of the full-text index's price facet, whole USD (a band is `[bound, next bound)`;
 * band 0 is under the first bound). A price filter reads the bands it touches from the index
 * and tests the exact bounds on the matches. Fixed by migrations 2 and 3: changing them needs a
 * new migration that rebuilds the index.
 */
export const PRICE_BANDS: readonly number[] = [
  1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 125, 150, 200, 250, 300, 400, 500, 600, 750,
  1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 50000, 100000,
];
const PRICE_BANDS_SQL = `ARRAY[${PRICE_BANDS.join(',')}]::numeric[]`;

/** PostgreSQL's longest lexeme, in bytes: a term (marketplace, ':', word) longer than this is not indexed (migration 3). */
export const MAX_LEXEME_BYTES = 2047;

/** Migration n: SQL run with `$S` standing for the quoted schema. */
const MIGRATIONS: ReadonlyArray<{ id: number; name: string; sql: string }> = [
  {
    id: 1,
    name: 'sold rows partitioned by mode and month; listing claims',
    sql: `
CREATE TABLE $S.sold_keys (
  mode text NOT NULL,
  marketplace text NOT NULL,
  listing_id text NOT NULL,
  sold_on date NOT NULL,
  PRIMARY KEY (mode, marketplace, listing_id)
);
CREATE INDEX sold_keys_sold_on ON $S.sold_keys (sold_on);
CREATE TABLE $S.sold_rows (
  mode text NOT NULL,
  marketplace text NOT NULL,
  listing_id text NOT NULL,
  sold_on date NOT NULL,
  sold_date date,
  sold_date_text text,
  title text,
  link text,
  image text,
  price_amount numeric(12,2),
  price_currency text,
  price_text text,
  shipping_amount numeric(12,2),
  shipping_currency text,
  shipping_text text,
  condition text,
  condition_code text,
  condition_id integer,
  category_id bigint,
  brand_id bigint,
  brand text,
  size text,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  title_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, ''))) STORED,
  PRIMARY KEY (mode, marketplace, listing_id, sold_on)
) PARTITION BY LIST (mode);
CREATE TABLE $S.sold_rows_live PARTITION OF $S.sold_rows FOR VALUES IN ('live') PARTITION BY RANGE (sold_on);
CREATE TABLE $S.sold_rows_sandbox PARTITION OF $S.sold_rows FOR VALUES IN ('sandbox') PARTITION BY RANGE (sold_on);
CREATE INDEX sold_rows_title_tsv ON $S.sold_rows USING gin (title_tsv);
CREATE INDEX sold_rows_newest ON $S.sold_rows (marketplace, sold_on DESC, listing_id DESC);
`,
  },
  {
    id: 2,
    name: 'read paths: a covering newest-first index and a full-text index with the filters as facets',
    // The two ways a history read finds its rows (query.ts). 1. Newest first: a btree over
    // (marketplace, newest first) that carries what a match is tested on (the title's words,
    // price, condition) and nothing more (a narrow entry walks fast), so walking it never visits the table
    // (an index-only scan: the visibility map, which autovacuum keeps, says which pages need no
    // visit). 2. Rare matches: one GIN over the title's words and three facet lexemes (the
    // marketplace, the condition code, a price band), so the index alone narrows the rows to the
    // marketplace and filters asked, and the table is read for the matches only. The facet
    // lexemes start with "_", which the text parser never keeps in a word, so no query's word
    // can meet one.
    sql: `
CREATE FUNCTION $S.sold_facets(marketplace text, condition_code text, price numeric) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY['_m_' || marketplace, '_c_' || coalesce(condition_code, ''), '_p_' || coalesce(width_bucket(price, ${PRICE_BANDS_SQL})::text, '')]);
DROP INDEX $S.sold_rows_newest;
DROP INDEX $S.sold_rows_title_tsv;
CREATE INDEX sold_rows_walk ON $S.sold_rows (marketplace, sold_on DESC, listing_id DESC)
  INCLUDE (title_tsv, price_amount, condition_code);
CREATE INDEX sold_rows_search ON $S.sold_rows USING gin ((title_tsv || $S.sold_facets(marketplace, condition_code, price_amount)));
`,
  },
  {
    id: 3,
    name: 'full-text index of terms per marketplace',
    // Migration 2's full-text index shared each word's list among the marketplaces and found a
    // marketplace's rows through a facet lexeme of its own: the list of every row of the
    // marketplace, which a search reads through for each month however rare its words. Here
    // every term is the marketplace's own: `mkt_a:levis`, `mkt_a:_c_used` (condition),
    // `mkt_a:_p_12` (price band). A word's list holds that marketplace's rows only and no list
    // of a whole marketplace is read (on the bench's archive, a month of a rare product read
    // through it in 6-9 ms, where migration 2's took 10-17 ms). The marketplace prefix ends
    // with ':', and the facets' names start with '_', which the text parser keeps in no word:
    // no query word can meet a facet. A word too long for a lexeme once prefixed (PostgreSQL
    // keeps words of up to 2,047 bytes) has no term: the read asks the index for the query's
    // other words and tests every word on the rows. Building it reads every archived row once.
    // Migration 2's function stays: a process of the code before this one, still answering
    // during a rolling deploy, names it in its reads, which then go on without its index
    // (slower, not failed). A later migration may drop it.
    sql: `
CREATE FUNCTION $S.sold_terms(marketplace text, title_tsv tsvector, condition_code text, price numeric) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(SELECT marketplace || ':' || w FROM unnest(tsvector_to_array(title_tsv)) AS w WHERE octet_length(w) + octet_length(marketplace) < ${MAX_LEXEME_BYTES})
    || ARRAY[marketplace || ':_c_' || coalesce(condition_code, ''), marketplace || ':_p_' || coalesce(width_bucket(price, ${PRICE_BANDS_SQL})::text, '')]);
CREATE INDEX sold_rows_terms ON $S.sold_rows USING gin ($S.sold_terms(marketplace, title_tsv, condition_code, price_amount));
DROP INDEX $S.sold_rows_search;
`,
  },
];

export const LATEST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1]!.id;

/** Applies every migration not yet applied; returns the ids applied by this call. */
export async function migrate(db: HistoryDb): Promise<number[]> {
  const S = db.S;
  const client = await db.pool.connect();
  const applied: number[] = [];
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext($1))`, [`listings-history-migrate:${db.schema}`]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${S}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${S}.history_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await client.query<{ id: number }>(`SELECT id FROM ${S}.history_migrations`)).rows.map((r) => r.id));
      for (const m of MIGRATIONS) {
        if (done.has(m.id)) continue;
        await client.query('BEGIN');
        try {
          // A migration that builds an index reads the whole archive: no statement timeout of the pool's.
          await client.query('SET LOCAL statement_timeout = 0');
          await client.query(m.sql.replaceAll('$S', S));
          await client.query(`INSERT INTO ${S}.history_migrations (id, name) VALUES ($1, $2)`, [m.id, m.name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
        applied.push(m.id);
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`listings-history-migrate:${db.schema}`]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
  return applied;
}

/** First day of the month of `day` (YYYY-MM-DD) and of the month after. */
export function monthBounds(day: string): { from: string; to: string; suffix: string } {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return { from: `${y}-${pad(m)}-01`, to: `${ny}-${pad(nm)}-01`, suffix: `y${y}m${pad(m)}` };
}

/**
 * Makes sure the month partitions of `days` exist for `mode` (created on first use; a
 * partition made at the same moment by another writer is fine). `known` remembers what this
 * process has seen exist.
 */
export async function ensurePartitions(db: HistoryDb, mode: ArchiveMode, days: Iterable<string>, known: Set<string>): Promise<void> {
  const S = db.S;
  const months = new Map<string, { from: string; to: string; suffix: string }>();
  for (const d of days) {
    const b = monthBounds(d);
    if (!known.has(`${mode}:${b.suffix}`)) months.set(b.suffix, b);
  }
  for (const b of months.values()) {
    try {
      await db.pool.query(`CREATE TABLE IF NOT EXISTS ${S}.sold_rows_${mode}_${b.suffix} PARTITION OF ${S}.sold_rows_${mode} FOR VALUES FROM ('${b.from}') TO ('${b.to}')`);
    } catch (err) {
      // 42P07: created by another writer between IF NOT EXISTS and CREATE; 23505: the same race on the catalog.
      const code = (err as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw err;
    }
    known.add(`${mode}:${b.suffix}`);
  }
}
