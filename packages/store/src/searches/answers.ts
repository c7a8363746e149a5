/**
 * @module searches/answers
 * submit.lua's answer read as an outcome. A hit's body does not have to come through Lua: a
 * page answered from the cache before is most likely answered by the same stored result again,
 * so the process remembers, per page, the result id its last hit answered with, and keeps the
 * bodies of results answered recently (../results/memo.ts). For such a page the script does
 * not return the body (`bodyElsewhere`); it comes from memory, or from a read sent beside the
 * script.
 */
import type { Redis } from 'ioredis';
import type { Keys } from '../keys.ts';
import { StorageUnavailableError } from '../redis.ts';
import { unpackBody, unpackOrNull } from '../results/bodies.ts';
import { ResultBodyMemo } from '../results/memo.ts';

export type SubmitOutcome =
  | { kind: 'conflict' }
  /** `resent`: the same call reached Redis twice (not an Idempotency-Key replay); the job it recorded. */
  | { kind: 'replay'; jobId: string; resent?: boolean }
  | { kind: 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' }
  /** The result JSON as the worker stored it (UTF-8 bytes, unpacked: bodies.ts). */
  | { kind: 'hit'; jobId: string; resultJson: string | Buffer }
  | { kind: 'miss'; jobId: string; collectionId: string; newCollection: boolean };

/** Pages whose last result id an api process remembers (cleared when full: a cheap bound). */
const RESULT_ID_MEMO_SIZE = 10_000;

/** What the caller holds of a page's last result before the script runs: its body, or a read of it beside the script. */
export interface HeldBody {
  knownRid: string | undefined;
  kept: Buffer | undefined;
  beside: Promise<Buffer | null> | null;
}

/**
 * A script's answer read with the Buffer variant, as the text variant answers it, but for the
 * element at `body` (a hit's stored body, kept as bytes: it may be packed). An empty string
 * must stay falsy, as the text variant's is.
 */
export function textBut(r: readonly unknown[], body: number): unknown[] {
  return r.map((x, i) => (i !== body && Buffer.isBuffer(x) ? x.toString('utf8') : x));
}

export class SubmitAnswers {
  private readonly redis: Redis;
  private readonly keys: Keys;
  /** Page (mode + page identity) → the result id its last cache hit answered with. */
  private readonly lastResultIds = new Map<string, string>();
  /** Bodies of results answered recently, by result id (results are immutable by id). */
  private readonly bodies = new ResultBodyMemo();

  constructor(redis: Redis, keys: Keys) {
    this.redis = redis;
    this.keys = keys;
  }

  /** Result bodies kept in this process (figures for tests and metrics). */
  get kept(): { entries: number; bytes: number } {
    return this.bodies.size;
  }

  /** Before the script: what this process holds of the page's last result (the script returns the body when nothing is). */
  prepare(page: string): HeldBody {
    const knownRid = this.lastResultIds.get(page);
    const kept = knownRid === undefined ? undefined : this.bodies.get(knownRid);
    const beside = knownRid === undefined || kept !== undefined ? null : this.redis.getBuffer(this.keys.result(knownRid));
    beside?.catch(() => undefined); // its failure, if any, is the script's too and reported there
    return { knownRid, kept, beside };
  }

  /** submit.lua's answer (from `r[0]`) as an outcome, with the hit's body from memory, beside, or Redis. */
  async outcome(r: readonly unknown[], page: string, held: HeldBody): Promise<SubmitOutcome> {
    const kind = String(r[0]);
    if (kind === 'expired') throw new StorageUnavailableError(new Error('Redis ran the search after its deadline: nothing was recorded'), 'no');
    if (kind !== 'hit') this.lastResultIds.delete(page);
    switch (kind) {
      case 'conflict': return { kind };
      case 'replay': return { kind, jobId: String(r[1]) };
      // The same script call sent twice (a resend after a dropped connection): the job it recorded.
      case 'resent': return { kind: 'replay', jobId: String(r[1]), resent: true };
      case 'hit': return { kind, jobId: String(r[1]), resultJson: await this.hitBody(r, page, held) };
      case 'miss': return { kind, jobId: String(r[1]), collectionId: String(r[2]), newCollection: Number(r[3]) === 1 };
      default: return { kind: kind as 'quota_exceeded' | 'too_many_pending' | 'daily_limit' | 'queue_full' | 'unavailable' };
    }
  }

  private async hitBody(r: readonly unknown[], page: string, held: HeldBody): Promise<string | Buffer> {
    const rid = String(r[3]);
    if (this.lastResultIds.size >= RESULT_ID_MEMO_SIZE && !this.lastResultIds.has(page)) this.lastResultIds.clear();
    this.lastResultIds.set(page, rid);
    // The script returned the stored body (the Buffer variant of the script keeps it as stored).
    if (held.knownRid === undefined) return unpackBody(Buffer.isBuffer(r[2]) ? r[2] : Buffer.from(String(r[2]))).toString('utf8');
    // The script checked the result exists and keeps it a day: absent = Redis lost it.
    // Either way the hit is recorded and charged by now: a failure here must not tell the
    // client "nothing was recorded" (it would retry and pay twice), only that it may have been.
    let resultJson: Buffer | null;
    try {
      if (rid === held.knownRid && held.kept !== undefined) resultJson = held.kept;
      else resultJson = unpackOrNull(rid === held.knownRid ? await held.beside : await this.redis.getBuffer(this.keys.result(rid)));
    } catch (err) {
      throw new StorageUnavailableError(err instanceof StorageUnavailableError ? err.cause : err, 'unknown');
    }
    if (resultJson === null) throw new StorageUnavailableError(new Error(`result ${rid} is missing`), 'unknown');
    this.bodies.set(rid, resultJson);
    return resultJson;
  }
}
