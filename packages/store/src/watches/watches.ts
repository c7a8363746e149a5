/**
 * @module watches
 * Watches (docs/watches.md): saved searches of an account that run on a schedule. This module
 * is their Redis side; the api validates and answers (apps/api/src/services/watches.ts), the
 * workers run them (apps/worker/src/watches.ts), BullMQ job schedulers time them
 * (schedules.ts).
 *
 * Its Redis keys are listed in keys.ts beside it, its scripts are the `.lua` files beside it.
 *
 * Every change that must not half-happen is one script: a create (plan limit, idempotency,
 * schedule mark), an update, a delete (with its runs and seen rows), the claim of a period (at
 * most one run per period: a duplicate trigger of the period, or of an older one, changes
 * nothing; a late one is recorded skipped), the comparison of a run's rows with those seen before (written once per run, so a
 * run resumed after a crash finds the same matches), and each change of a run's record.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { NO_RULES, type WatchRules } from '@listings/contract';
import type { KeyKind } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { guarded, guardedWithin, SCRIPT_DEADLINE_MS, StorageUnavailableError } from '../redis.ts';
import { watchKeys } from './keys.ts';

export { watchKeys };

export { NO_RULES, type WatchRules };

export type WatchStatus = 'active' | 'paused';

export interface WatchRecord {
  id: string;
  account: string;
  mode: KeyKind;
  name: string | null;
  /** The search as shown back: `endpoint`, `q`, and every parameter of the route (defaults applied). */
  search: Record<string, unknown>;
  /** The validated search (contract `Search`) as JSON: what each run submits. */
  searchJson: string;
  everySeconds: number;
  rules: WatchRules;
  endpointId: string | null;
  notifyOnFirstRun: boolean;
  status: WatchStatus;
  createdAt: string;
  updatedAt: string;
  /** Highest period claimed (ms; 0 = none). */
  lastPeriod: number;
  /** A run has recorded the rows seen (the baseline). */
  baselined: boolean;
}

/** A row a run reported, as kept with the run (the event carries the whole row). */
export interface MatchSummary {
  id: string;
  reason: 'new' | 'price_drop';
  title: string | null;
  link: string | null;
  displayed_price: { amount: number; currency: string } | null;
  previous_price: { amount: number; currency: string } | null;
}

export type RunStatus = 'running' | 'complete' | 'failed' | 'skipped';

/** What happened to a run's event. */
export type EventDelivery = 'queued' | 'no_endpoint' | 'endpoint_missing' | 'endpoint_disabled' | 'not_subscribed';

export interface RunRecord {
  /** The period (its scheduled time, ms since epoch): at most one run per period. */
  period: number;
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  /** The run's search job (an ordinary job of the account). */
  request_id: string | null;
  credits: number;
  cached: boolean;
  /** Rows of the page the run read. */
  rows: number | null;
  /** The first run: it recorded what is there and reported nothing (unless asked). */
  baseline: boolean;
  /** A later period's run compared its rows first; this one compared nothing. */
  superseded: boolean;
  matches: MatchSummary[];
  /** The `watch.matched` event of this run, when it found anything (decided when claimed, so a resumed run keeps it). */
  event_id: string;
  /** The event as sent, until it is queued for delivery. */
  event: string | null;
  event_delivery: EventDelivery | null;
  error: { code: string; message: string } | null;
}

/** One row of a run's page, as the comparison needs it. */
export interface ComparedRow {
  id: string;
  /** The displayed price in cents, or null (no price, or not USD). */
  cents: number | null;
  /** Whether the row passes the watch's rules. */
  passes: boolean;
}

export interface Comparison {
  /** `baseline`: the first run, nothing reported (unless notify); `superseded`: a later run compared first. */
  kind: 'baseline' | 'applied' | 'superseded';
  found: Array<{ id: string; reason: 'new' | 'price_drop'; previousCents: number | null }>;
}

export type CreateWatchOutcome =
  | { kind: 'created' | 'replay'; watch: WatchRecord }
  | { kind: 'full' | 'conflict' | 'gone' };

export type ClaimOutcome =
  | { kind: 'claimed' | 'resume' | 'late'; run: RunRecord }
  | { kind: 'gone' | 'paused' | 'stale' };

export interface WatchOptions {
  /** Runs kept per watch. @defaultValue 50 */
  runsKept?: number;
  /** How long an idempotency record of a create is kept. @defaultValue 24 h */
  idempotencyTtlMs?: number;
}

/** The new fields of a watch (all of it but its id, account and mode). */
export interface WatchFields {
  name: string | null;
  search: Record<string, unknown>;
  searchJson: string;
  everySeconds: number;
  rules: WatchRules;
  endpointId: string | null;
  notifyOnFirstRun: boolean;
}

export type WatchPatch = Partial<Pick<WatchRecord, 'name' | 'everySeconds' | 'rules' | 'endpointId' | 'notifyOnFirstRun' | 'status'>>;

export const RUNS_KEPT = 50;

/** The watches' scripts (the `.lua` files beside this module); those that start with `now` have now.lua before them. */
const lua = (name: string): string => readFileSync(new URL(`./${name}.lua`, import.meta.url), 'utf8');
const NOW = lua('now');
const CREATE = `${NOW}\n${lua('create')}`;
const UPDATE = `${NOW}\n${lua('update')}`;
const REMOVE = `${NOW}\n${lua('remove')}`;
const UNMARK = lua('unmark');
const CLAIM = lua('claim');
const SET_RUN = lua('set-run');
const COMPARE = lua('compare');









export type Watches = ReturnType<typeof createWatches>;

function parseWatch(id: string, h: Record<string, string>): WatchRecord | null {
  if (!h.account) return null;
  return {
    id,
    account: h.account,
    mode: h.mode as KeyKind,
    name: h.name ? h.name : null,
    search: JSON.parse(h.search ?? '{}') as Record<string, unknown>,
    searchJson: h.search_json ?? '{}',
    everySeconds: Number(h.every ?? 0),
    rules: { ...NO_RULES, ...(JSON.parse(h.rules ?? '{}') as Partial<WatchRules>) },
    endpointId: h.endpoint ? h.endpoint : null,
    notifyOnFirstRun: h.notify === '1',
    status: h.status === 'paused' ? 'paused' : 'active',
    createdAt: h.created ?? '',
    updatedAt: h.updated ?? h.created ?? '',
    lastPeriod: Number(h.last_period ?? 0),
    baselined: h.baselined === '1',
  };
}

/** The hash fields of what a create or an update sets. */
function fieldsOf(f: Partial<WatchFields> & { status?: WatchStatus }): string[] {
  const out: string[] = [];
  if (f.name !== undefined) out.push('name', f.name ?? '');
  if (f.search !== undefined) out.push('search', JSON.stringify(f.search));
  if (f.searchJson !== undefined) out.push('search_json', f.searchJson);
  if (f.everySeconds !== undefined) out.push('every', String(f.everySeconds));
  if (f.rules !== undefined) out.push('rules', JSON.stringify(f.rules));
  if (f.endpointId !== undefined) out.push('endpoint', f.endpointId ?? '');
  if (f.notifyOnFirstRun !== undefined) out.push('notify', f.notifyOnFirstRun ? '1' : '0');
  if (f.status !== undefined) out.push('status', f.status);
  return out;
}

export function createWatches(redis: Redis, keys: Keys, opts: WatchOptions = {}) {
  const k = watchKeys(keys.prefix);
  const runsKept = opts.runsKept ?? RUNS_KEPT;

  async function byId(id: string): Promise<WatchRecord | null> {
    return parseWatch(id, await redis.hgetall(k.watch(id)));
  }

  async function owned(account: string, mode: KeyKind, id: string): Promise<WatchRecord | null> {
    const w = await byId(id);
    return w && w.account === account && w.mode === mode ? w : null;
  }

  function parseRun(json: string): RunRecord {
    return JSON.parse(json) as RunRecord;
  }

  return {
    keys: k,

    /**
     * A new watch (`created`), the one the same idempotency key and body created (`replay`), or
     * why not: `full` (the account has `max` watches of the mode), `conflict` (the key was used
     * with another body, or for a search or a batch), `gone` (the key's watch was deleted). Redis
     * running it past its deadline (nothing written) is StorageUnavailableError `no`.
     */
    create(input: { id: string; account: string; mode: KeyKind; max: number; idempotencyKeyHash: string | null; fingerprint: string; fields: WatchFields; deadlineMs?: number }): Promise<CreateWatchOutcome> {
      return guardedWithin(async () => {
        const now = new Date().toISOString();
        const idem = input.idempotencyKeyHash ?? '';
        const r = (await redis.eval(
          CREATE, 4, k.watch(input.id), k.byAccount(input.account, input.mode), keys.idempotency(input.account, idem || '-'), k.schedule(),
          input.id, input.max, idem, input.fingerprint, opts.idempotencyTtlMs ?? 24 * 3_600_000, input.deadlineMs ?? Date.now() + SCRIPT_DEADLINE_MS, k.watchPrefix,
          'account', input.account, 'mode', input.mode, ...fieldsOf(input.fields), 'status', 'active', 'created', now, 'updated', now,
        )) as [string, string?];
        if (r[0] === 'expired') throw new StorageUnavailableError(new Error('Redis ran the create after its deadline: nothing was recorded'), 'no');
        if (r[0] === 'created' || r[0] === 'replay') {
          const w = await byId(r[1]!);
          if (!w) return { kind: 'gone' };
          return { kind: r[0], watch: w };
        }
        return { kind: r[0] as 'full' | 'conflict' | 'gone' };
      });
    },

    /** The account's watch of the mode, or null (unknown, deleted, another account's or the other mode's). */
    get(account: string, mode: KeyKind, id: string): Promise<WatchRecord | null> {
      return guarded(() => owned(account, mode, id));
    },

    /** Any watch by id (the runner: its job names it). */
    byId(id: string): Promise<WatchRecord | null> {
      return guarded(() => byId(id));
    },

    /** The account's watches of the mode, oldest first. */
    list(account: string, mode: KeyKind): Promise<WatchRecord[]> {
      return guarded(async () => {
        const ids = await redis.zrange(k.byAccount(account, mode), 0, -1);
        const all = await Promise.all(ids.map((id) => byId(id)));
        return all.filter((w): w is WatchRecord => w !== null);
      });
    },

    /** Changes fields; `reschedule` marks the schedule to be applied again. The watch after it, or null. */
    update(account: string, mode: KeyKind, id: string, patch: WatchPatch, reschedule: boolean): Promise<WatchRecord | null> {
      return guarded(async () => {
        const fields = [...fieldsOf(patch), 'updated', new Date().toISOString()];
        const ok = await redis.eval(UPDATE, 2, k.watch(id), k.schedule(), account, mode, id, reschedule ? '1' : '0', ...fields);
        return ok === 1 ? owned(account, mode, id) : null;
      });
    },

    /** Deletes the watch with its runs and seen rows; false when there is no such watch. */
    remove(account: string, mode: KeyKind, id: string): Promise<boolean> {
      return guarded(async () => (await redis.eval(REMOVE, 7, k.watch(id), k.byAccount(account, mode), k.runs(id), k.runOrder(id), k.seen(id), k.seenAt(id), k.schedule(), account, mode, id)) === 1);
    },

    /** Marks the watch's schedule to be applied (again) to BullMQ. */
    markSchedule(id: string): Promise<void> {
      return guarded(async () => {
        const [sec, micro] = await redis.time();
        await redis.zadd(k.schedule(), Number(sec) * 1000 + Math.floor(Number(micro) / 1000), id);
      });
    },

    /** When the watch's schedule was marked to be applied (ms), or null when it is applied. */
    scheduleMark(id: string): Promise<number | null> {
      return guarded(async () => {
        const s = await redis.zscore(k.schedule(), id);
        return s === null ? null : Number(s);
      });
    },

    /** Drops the mark read as `mark`, unless it changed since. */
    unmarkSchedule(id: string, mark: number): Promise<boolean> {
      return guarded(async () => (await redis.eval(UNMARK, 1, k.schedule(), id, mark)) === 1);
    },

    /** Watches whose schedule was marked more than `olderThanMs` ago (the sweep). */
    marksOlderThan(olderThanMs: number, limit = 100): Promise<string[]> {
      return guarded(async () => {
        const [sec, micro] = await redis.time();
        const now = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
        return redis.zrangebyscore(k.schedule(), '-inf', now - olderThanMs, 'LIMIT', 0, limit);
      });
    },

    /** See CLAIM: `fresh` is the new run; a late trigger records it `skipped`, superseded, never run. */
    claim(id: string, period: number, fresh: RunRecord): Promise<ClaimOutcome> {
      return guarded(async () => {
        const late: RunRecord = { ...fresh, status: 'skipped', superseded: true, finished_at: fresh.started_at };
        const r = (await redis.eval(CLAIM, 3, k.watch(id), k.runs(id), k.runOrder(id), period, JSON.stringify(fresh), runsKept, JSON.stringify(late))) as [string, string?];
        if (r[0] === 'claimed' || r[0] === 'resume' || r[0] === 'late') return { kind: r[0], run: parseRun(r[1]!) };
        return { kind: r[0] as 'gone' | 'paused' | 'stale' };
      });
    },

    /** Replaces a run's record while its status is still `expected`; false otherwise (or when the watch is gone). */
    setRun(id: string, run: RunRecord, expected: RunStatus): Promise<boolean> {
      return guarded(async () => (await redis.eval(SET_RUN, 2, k.watch(id), k.runs(id), run.period, JSON.stringify(run), expected)) === 1);
    },

    /** A run's record, or null. */
    run(id: string, period: number): Promise<RunRecord | null> {
      return guarded(async () => {
        const raw = await redis.hget(k.runs(id), String(period));
        return raw === null ? null : parseRun(raw);
      });
    },

    /** The watch's last `n` runs, newest first. */
    runs(id: string, n = runsKept): Promise<RunRecord[]> {
      return guarded(async () => {
        const periods = await redis.zrevrange(k.runOrder(id), 0, n - 1);
        if (periods.length === 0) return [];
        const raw = await redis.hmget(k.runs(id), ...periods);
        return raw.filter((x): x is string => x !== null).map(parseRun);
      });
    },

    /** See COMPARE; null when the watch was deleted. */
    compare(id: string, period: number, rows: readonly ComparedRow[], o: { notifyOnFirstRun: boolean; retentionMs: number; maxSeen: number; nowMs?: number }): Promise<Comparison | null> {
      return guarded(async () => {
        const args: Array<string | number> = [period, o.nowMs ?? Date.now(), o.retentionMs, o.maxSeen, o.notifyOnFirstRun ? '1' : '0', rows.length];
        for (const row of rows) args.push(row.id, row.cents === null ? '' : row.cents, row.passes ? '1' : '0');
        const r = (await redis.eval(COMPARE, 4, k.watch(id), k.runs(id), k.seen(id), k.seenAt(id), ...args)) as [string, string?];
        if (r[0] === 'gone') return null;
        const found = (r[1] ?? '').split('\n').filter(Boolean).map((line) => {
          const [reason, rowId, prev] = line.split('\t');
          return { id: rowId!, reason: reason === 'drop' ? 'price_drop' as const : 'new' as const, previousCents: prev ? Number(prev) : null };
        });
        return { kind: r[0] as Comparison['kind'], found };
      });
    },

    /** How many rows the watch remembers (tests, operators). */
    seenCount(id: string): Promise<number> {
      return guarded(() => redis.hlen(k.seen(id)));
    },
  };
}
