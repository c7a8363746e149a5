/**
 * @module history-charge
 * Charging a sold-history read as a search (history-charge.lua, after the ledger and charge
 * functions every charge uses: ledger.ts's CHARGE_LUA): one request when the answer has rows,
 * none when it has none, refused when the allowance is used up. One script: the check and the
 * charge cannot be split by another call of the account.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { guardedWithin } from '../redis.ts';
import { CHARGE_LUA } from './ledger.ts';

type Charging = Redis & { lstHistoryCharge(...args: (string | number)[]): Promise<string> };

export function chargeHistoryRead(redis: Redis, prefix: string, input: { account: string; mode: 'live' | 'sandbox'; allowance: number; charge: boolean }): Promise<'ok' | 'quota_exceeded'> {
  const r = redis as Charging;
  if (typeof r.lstHistoryCharge !== 'function') {
    redis.defineCommand('lstHistoryCharge', { numberOfKeys: 0, lua: `${CHARGE_LUA}\n${readFileSync(new URL('./history-charge.lua', import.meta.url), 'utf8')}` });
  }
  return guardedWithin(async () => (await r.lstHistoryCharge(prefix, input.account, input.mode, input.allowance, input.charge ? '1' : '0')) as 'ok' | 'quota_exceeded');
}
