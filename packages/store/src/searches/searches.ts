/**
 * @module searches
 * A search recorded: a job for the caller, in one script (submit.lua) that checks the
 * Idempotency-Key, the allowance (../ledger), the pending cap, the daily limit and the queue
 * bound (../upstream), then answers from the cache (a hit, charged at once) or opens or joins a
 * collection (a miss, reserved until it settles: ../collections). `search` does it in the same
 * round trip as the key's check and rate limit (search.lua, after ../accounts' auth.lua).
 * Its keys are in keys.ts beside it.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { AUTH_LUA, parseAuth, type AuthOutcome } from '../accounts/authenticate.ts';
import { newId, type Mode } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { CHARGE_LUA } from '../ledger/ledger.ts';
import { guarded, guardedWithin, SCRIPT_DEADLINE_MS, StorageUnavailableError } from '../redis.ts';
import { SubmitAnswers, textBut, type SubmitOutcome } from './answers.ts';

export type { SubmitOutcome };

const lua = (name: string): string => readFileSync(new URL(`./${name}.lua`, import.meta.url), 'utf8');

export interface SubmitInput {
  mode: Mode;
  account: string;
  route: string;
  q: string;
  page: number;
  pageId: string;
  token: string;
  idempotencyKeyHash: string | null;
  fingerprint: string;
  allowance: number;
  pendingCap: number;
  dailyLimit: number | null;
  queueMax: number | null;
  searchJson: string;
  /** False when this mode cannot collect right now: a miss answers 'unavailable'. */
  collectable: boolean;
  /** When the script must no longer record anything (ms since epoch); default: SCRIPT_DEADLINE_MS from now. */
  deadlineMs?: number;
  batchId?: string;
  /** Use this job id (batches pre-allocate theirs); a new one otherwise. */
  jobId?: string;
}

/**
 * One search call in one round trip (search.lua): the key checked and the call counted,
 * then the search recorded for the key's account with its plan's figures. `mode` is the kind the
 * key's text names (`lk_live_…`, `lk_sandbox_…`); the mode-dependent figures are for it.
 */
export interface SearchCallInput extends Omit<SubmitInput, 'account' | 'allowance' | 'pendingCap' | 'fingerprint'> {
  keyHash: string;
  rateLimit: number;
  rateWindowMs: number;
  /** The fingerprint without its mode (the script puts the key's mode in front). */
  fingerprintTail: string;
  /** Allowance of sandbox keys (live keys take their plan's). */
  sandboxAllowance: number;
  /** Every plan: its live allowance and pending cap; the first is the default for unknown names. */
  plans: ReadonlyArray<{ name: string; allowance: number; pendingCap: number }>;
}

/** The search was not recorded when `submit` is absent (the key was refused, limited, or of another kind). */
export type SearchCallOutcome =
  | { auth: AuthOutcome; submit: SubmitOutcome; mismatch?: false }
  | { auth: AuthOutcome; submit: null; mismatch: boolean };

export interface JobRecord {
  id: string;
  account: string;
  mode: Mode;
  route: string;
  q: string;
  page: number;
  status: 'pending' | 'complete' | 'failed';
  cached: boolean;
  credits: 0 | 1;
  error: string | null;
  resultId: string | null;
  collectionId: string | null;
  batchId: string | null;
  createdMs: number;
}

interface SearchScripts {
  lstSubmit(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  lstSearch(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  /** The same scripts answering bulk strings as Buffers: a hit's packed body comes back as stored. */
  lstSubmitBuffer(...args: (string | number | Buffer)[]): Promise<unknown[]>;
  lstSearchBuffer(...args: (string | number | Buffer)[]): Promise<unknown[]>;
}

const planArgsOf = new WeakMap<SearchCallInput['plans'], Array<string | number>>();

/** search.lua's plan arguments (triples), worked out once per plans array (the api passes the same one every call). */
function planArgs(plans: SearchCallInput['plans']): Array<string | number> {
  let args = planArgsOf.get(plans);
  if (!args) {
    args = plans.flatMap((x) => [x.name, x.allowance, x.pendingCap]);
    planArgsOf.set(plans, args);
  }
  return args;
}

/** The arguments of submit.lua, 1-22 (`bodyElsewhere`: the caller has a hit's body, or reads it beside the script: answers.ts). */
function submitArgs(p: string, recordTtlMs: number, input: Omit<SubmitInput, 'account' | 'allowance' | 'pendingCap' | 'fingerprint'>, jobId: string, acct: string, fingerprint: string, allowance: number | string, pendingCap: number | string, bodyElsewhere: boolean): Array<string | number> {
  return [
    p, input.mode, acct, jobId, input.route, input.q, input.page, input.pageId, input.token,
    input.idempotencyKeyHash ?? '', fingerprint, allowance, pendingCap,
    input.dailyLimit ?? -1, input.queueMax ?? -1, newId('col'), input.searchJson, recordTtlMs, input.batchId ?? '', input.collectable ? '1' : '0',
    bodyElsewhere ? '1' : '0', input.deadlineMs ?? Date.now() + SCRIPT_DEADLINE_MS,
  ];
}

/** A job's hash as a record (null when there is none). */
function jobRecord(id: string, h: Record<string, string>): JobRecord | null {
  if (!h.account) return null;
  return {
    id, account: h.account, mode: h.mode as Mode, route: h.route ?? '', q: h.q ?? '', page: Number(h.page ?? 1),
    status: h.status as JobRecord['status'], cached: h.cached === '1', credits: h.credits === '1' ? 1 : 0,
    error: h.error || null, resultId: h.result || null, collectionId: h.coll || null, batchId: h.batch || null, createdMs: Number(h.created ?? 0),
  };
}

export function createSearches(redisConn: Redis, keys: Keys, opts: { recordTtlMs: number }) {
  const redis = redisConn as Redis & SearchScripts;
  if (typeof redis.lstSubmit !== 'function') {
    redis.defineCommand('lstSubmit', { numberOfKeys: 0, lua: `${CHARGE_LUA}\n${lua('submit')}\n${lua('submit-main')}` });
    redis.defineCommand('lstSearch', { numberOfKeys: 0, lua: `${CHARGE_LUA}\n${AUTH_LUA}\n${lua('submit')}\n${lua('search')}` });
  }
  const answers = new SubmitAnswers(redis, keys);
  const args = submitArgs.bind(null, keys.prefix, opts.recordTtlMs);
  return {
    /** Result bodies kept in this process (figures for tests and metrics). */
    keptBodies: () => answers.kept,

    submit(input: SubmitInput): Promise<SubmitOutcome> {
      return guardedWithin(async () => {
        const jobId = input.jobId ?? newId('req');
        const page = `${input.mode}:${input.pageId}`;
        const held = answers.prepare(page);
        const a = args(input, jobId, input.account, input.fingerprint, input.allowance, input.pendingCap, held.knownRid !== undefined);
        // A hit's body comes back from the script only when the caller does not read it itself.
        const r = held.knownRid === undefined ? textBut(await redis.lstSubmitBuffer(...a), 2) : await redis.lstSubmit(...a);
        return answers.outcome(r, page, held);
      });
    },

    /**
     * A search call in one round trip (search.lua): key check, rate limit, then
     * idempotency, quota, cache and charge for the key's account. `submit` is null when the
     * call was refused before anything was recorded (invalid key, suspended, rate limited),
     * or when the key's stored kind is not the mode its text names (`mismatch`: the caller
     * records the search in a second call with the figures of the right mode).
     */
    search(input: SearchCallInput): Promise<SearchCallOutcome> {
      return guardedWithin(async () => {
        const jobId = input.jobId ?? newId('req');
        const page = `${input.mode}:${input.pageId}`;
        const held = answers.prepare(page);
        const a = [
          ...args(input, jobId, '', input.fingerprintTail, input.sandboxAllowance, '', held.knownRid !== undefined),
          input.keyHash, input.rateLimit, input.rateWindowMs, ...planArgs(input.plans),
        ];
        const r = held.knownRid === undefined ? textBut(await redis.lstSearchBuffer(...a), 10) : await redis.lstSearch(...a);
        if (String(r[0]) === 'expired') throw new StorageUnavailableError(new Error('Redis ran the search after its deadline: nothing was recorded'), 'no');
        const mismatch = String(r[0]) === 'mismatch';
        const auth = parseAuth(mismatch ? ['ok', ...r.slice(1, 8)] : r.slice(0, 8));
        if (auth.kind !== 'ok' || mismatch) return { auth, submit: null, mismatch };
        return { auth, submit: await answers.outcome(r.slice(8), page, held) };
      });
    },

    getJob(id: string): Promise<JobRecord | null> {
      return guarded(async () => jobRecord(id, await redis.hgetall(keys.job(id))));
    },
  };
}
