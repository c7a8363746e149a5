/**
 * @module ledger
 * Charges: the usage ledger of an account and mode, charges counted in hourly buckets over a
 * rolling 30 days (ledger.lua), and the one way a completed search is charged (charge.lua):
 * against the allowance while it lasts, else one extra request. Both are Lua functions that
 * every charging script has before its own (`CHARGE_LUA`: searches/ when a hit is charged,
 * collections/ when a collection settles, history-charge.ts for a sold-history read). Its keys
 * are in keys.ts beside it; here too the read of an account's usage (usage.lua).
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Mode } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { guarded } from '../redis.ts';

const lua = (name: string): string => readFileSync(new URL(`./${name}.lua`, import.meta.url), 'utf8');

/** The ledger's and the charge's Lua functions (ledger.lua, charge.lua), put before every script that charges. */
export const CHARGE_LUA = `${lua('ledger')}\n${lua('charge')}`;

/** Hours in the rolling 30-day window of the usage ledger (ledger.lua). */
export const LEDGER_HOURS = 720;

/**
 * The charges a ledger hash (ledger.lua) holds inside the window at `nowMs`: the sum of
 * its hourly buckets from the 720th hour back, the current one included. Buckets the scripts
 * have not pruned yet are left out here the same way.
 */
export function ledgerCount(ledger: Readonly<Record<string, string>>, nowMs: number): number {
  const first = Math.floor(nowMs / 3_600_000) - LEDGER_HOURS + 1;
  let n = 0;
  for (const [field, value] of Object.entries(ledger)) {
    if (field === 't' || field === 'o') continue;
    if (Number(field) >= first) n += Number(value);
  }
  return n;
}

/** An account's usage of a mode over the rolling 30 days. */
export interface Usage {
  /** Searches charged (the ledger, and charges recorded before it). */
  completed30d: number;
  /** Searches reserved, not settled yet. */
  pending: number;
  extraLeft: number;
  chargedTotal: number;
}

type LedgerRedis = Redis & { lstUsage(...args: (string | number)[]): Promise<unknown[]> };

export function createLedger(redisConn: Redis, keys: Keys) {
  const redis = redisConn as LedgerRedis;
  if (typeof redis.lstUsage !== 'function') redis.defineCommand('lstUsage', { numberOfKeys: 4, lua: lua('usage') });
  return {
    /** Usage of an account over the rolling 30 days: completed (charged) and pending searches. */
    usage(account: string, mode: Mode): Promise<Usage> {
      return guarded(async () => {
        const now = Date.now();
        const [flat, before, pending, extra, charged] = await redis.lstUsage(keys.ledger(account, mode), keys.usage(account, mode), keys.pending(account, mode), keys.account(account), now - 30 * 86_400_000, mode) as [string[], number, number, string | null, string | null];
        const ledger: Record<string, string> = {};
        for (let i = 0; i + 1 < flat.length; i += 2) ledger[flat[i]!] = flat[i + 1]!;
        return { completed30d: ledgerCount(ledger, now) + Number(before), pending: Number(pending), extraLeft: Number(extra ?? 0), chargedTotal: Number(charged ?? 0) };
      });
    },
  };
}
