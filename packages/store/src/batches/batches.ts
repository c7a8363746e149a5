/**
 * @module batches
 * The Redis side of batches (interface 2.6, 4.7, 4.8). A batch and every one of its items are
 * recorded in one script before any item is handed to collection; each item then becomes an
 * ordinary job under the request id allocated at recording (the job hash carries `batch`, so
 * settle.lua wakes the batch's `wait` polls on `b:<batch id>`). An item's state is read from
 * its job when one exists, else from the outcome the submitter recorded, else from the
 * submitter's lease: still running → pending, lapsed (crashed) → failed `not_submitted`.
 *
 * Keys (keys.ts beside it): `batch:<id>` hash (account, mode, created, fp, total, lease; the item
 * jobs are the truth of item states), `batch:<id>:items` list (item JSON in index
 * order), `batch:<id>:out` hash (index → submission outcome), `batch:<id>:facts` hash
 * (index → rows and summary of a complete item, computed once). All kept as long as the batch.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Mode } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { guarded, guardedWithin, SCRIPT_DEADLINE_MS, StorageUnavailableError } from '../redis.ts';

const script = (name: string): string => readFileSync(new URL(`./${name}.lua`, import.meta.url), 'utf8');

interface BatchScripts {
  lstBatchCreate(...args: (string | number)[]): Promise<string[]>;
  lstBatchProgress(...args: (string | number)[]): Promise<number>;
  lstBatchRead(...keys: string[]): Promise<unknown[]>;
}

/** One item as recorded at creation. */
export interface BatchItemSpec {
  /** `<token>/<kind>`. */
  endpoint: string;
  /** The normalized `q`. */
  q: string;
  /** The request id the item's job has (or will have). */
  jobId: string;
  /** The validated search as JSON, kept so a resend can submit items never submitted. */
  searchJson: string;
}

export interface BatchRecord {
  id: string;
  account: string;
  mode: Mode;
  createdMs: number;
  total: number;
  /** Until when the submitter is presumed alive (Redis time, ms); 0 once it finished. */
  leaseUntilMs: number;
}

/**
 * How an item was submitted: `job` (its job exists), `rejected:<code>` (quota_exceeded,
 * too_many_pending), `not_submitted` (could not be handed to collection), or null (not yet
 * recorded: the submitter is running, or crashed before reaching it).
 */
export type ItemOutcome = 'job' | `rejected:${string}` | 'not_submitted';

export interface ItemFacts {
  rows: number;
  summary: unknown;
  /** The item's comps block (issue 27); absent in facts kept before it existed. */
  comps?: unknown;
}

export interface BatchItemState extends BatchItemSpec {
  index: number;
  outcome: ItemOutcome | null;
  /** Rows and summary stored for a complete item, or null when not computed yet. */
  facts: ItemFacts | null;
}

export type CreateBatchOutcome = { kind: 'created' | 'replay'; batchId: string } | { kind: 'conflict' };

export interface CreateBatchInput {
  batchId: string;
  account: string;
  mode: Mode;
  idempotencyKeyHash: string | null;
  /** Identity of the expanded, normalized searches: same key + same fingerprint = same batch. */
  fingerprint: string;
  items: readonly BatchItemSpec[];
  leaseMs: number;
  /** When the script must no longer record anything (ms since epoch); default: SCRIPT_DEADLINE_MS from now. */
  deadlineMs?: number;
}

export type Batches = ReturnType<typeof createBatches>;

interface WireItem {
  e: string;
  q: string;
  j: string;
  s: string;
}

/** A flat HGETALL answer (field, value, ...) as a record. */
function pairs(flat: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]!] = flat[i + 1]!;
  return out;
}

export function createBatches(redisConn: Redis, keys: Keys, opts: { recordTtlMs: number }) {
  const redis = redisConn as Redis & BatchScripts;
  if (typeof redis.lstBatchCreate !== 'function') {
    redis.defineCommand('lstBatchCreate', { numberOfKeys: 0, lua: script('batch-create') });
    redis.defineCommand('lstBatchProgress', { numberOfKeys: 0, lua: script('batch-progress') });
    redis.defineCommand('lstBatchRead', { numberOfKeys: 3, lua: script('batch-read') });
  }
  const p = keys.prefix;

  return {
    /** Records the batch and its items atomically, or finds the batch of the same key. */
    create(input: CreateBatchInput): Promise<CreateBatchOutcome> {
      return guardedWithin(async () => {
        const wire = input.items.map((it) => JSON.stringify({ e: it.endpoint, q: it.q, j: it.jobId, s: it.searchJson } satisfies WireItem));
        const r = await redis.lstBatchCreate(p, input.account, input.mode, input.batchId, input.idempotencyKeyHash ?? '', input.fingerprint,
          opts.recordTtlMs, input.leaseMs, input.deadlineMs ?? Date.now() + SCRIPT_DEADLINE_MS, ...wire);
        if (r[0] === 'expired') throw new StorageUnavailableError(new Error('Redis ran the batch after its deadline: nothing was recorded'), 'no');
        if (r[0] === 'conflict') return { kind: 'conflict' };
        return { kind: r[0] as 'created' | 'replay', batchId: String(r[1]) };
      });
    },

    /**
     * Records outcomes of submitted items and renews the submitter's lease (`leaseMs` > 0), or
     * ends it (`leaseMs` 0). False when the batch no longer exists.
     */
    progress(batchId: string, outcomes: ReadonlyArray<readonly [number, ItemOutcome]>, leaseMs: number): Promise<boolean> {
      return guarded(async () => {
        const args = outcomes.flatMap(([i, o]) => [i, o]);
        return (await redis.lstBatchProgress(p, batchId, leaseMs, ...args)) === 1;
      });
    },

    /** The batch record and the current Redis time (ms), or null when unknown. */
    get(batchId: string): Promise<{ batch: BatchRecord; nowMs: number } | null> {
      return guarded(async () => {
        // Not MULTI: Redis out of memory refuses every command queued in one, reads too (redis-memory.ts).
        const [h, time] = await Promise.all([redis.hgetall(keys.batch(batchId)), redis.time()]);
        if (!h.account) return null;
        return {
          batch: {
            id: batchId,
            account: h.account,
            mode: h.mode as Mode,
            createdMs: Number(h.created ?? 0),
            total: Number(h.total ?? 0),
            leaseUntilMs: Number(h.lease ?? 0),
          },
          nowMs: Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000),
        };
      });
    },

    /** Every item with its recorded outcome and stored facts, in index order. */
    items(batchId: string): Promise<BatchItemState[]> {
      return guarded(async () => {
        // One read-only script (read at once, and answered when Redis is out of memory, which
        // refuses every command queued in a MULTI).
        const [list, outFlat, factsFlat] = (await redis.lstBatchRead(keys.batchItems(batchId), keys.batchOutcomes(batchId), keys.batchFacts(batchId))) as [string[], string[], string[]];
        const out = pairs(outFlat);
        const facts = pairs(factsFlat);
        return list.map((json, index) => {
          const w = JSON.parse(json) as WireItem;
          const f = facts[index];
          return {
            index,
            endpoint: w.e,
            q: w.q,
            jobId: w.j,
            searchJson: w.s,
            outcome: (out[index] as ItemOutcome | undefined) ?? null,
            facts: f === undefined ? null : (JSON.parse(f) as ItemFacts),
          };
        });
      });
    },

    /** Stores rows and summary of complete items (results never change once complete). */
    putFacts(batchId: string, entries: ReadonlyArray<readonly [number, ItemFacts]>): Promise<void> {
      return guarded(async () => {
        if (entries.length === 0) return;
        const ttl = await redis.pttl(keys.batch(batchId));
        if (ttl <= 0) return;
        const m = redis.multi();
        for (const [i, f] of entries) m.hset(keys.batchFacts(batchId), String(i), JSON.stringify(f));
        m.pexpire(keys.batchFacts(batchId), ttl);
        await m.exec();
      });
    },
  };
}
