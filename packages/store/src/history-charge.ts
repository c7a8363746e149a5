/**
 * @module history-charge
 * Charging a sold-history read as a search (scripts/history-charge.lua, with the ledger and
 * charge functions every charge uses): one request when the answer has rows, none when it has
 * none, refused when the allowance is used up. One script: the check and the charge cannot
 * be split by another call of the account.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { guardedWithin } from './redis.ts';

const script = (name: string): string => readFileSync(new URL(`./scripts/${name}.lua`, import.meta.url), 'utf8');

type Charging = Redis & { lstHistoryCharge(...args: (string | number)[]): Promise<string> };

export function chargeHistoryRead(redis: Redis, prefix: string, input: { account: string; mode: 'live' | 'sandbox'; allowance: number; charge: boolean }): Promise<'ok' | 'quota_exceeded'> {
  const r = redis as Charging;
  if (typeof r.lstHistoryCharge !== 'function') {
    redis.defineCommand('lstHistoryCharge', { numberOfKeys: 0, lua: `${script('ledger')}\n${script('charge')}\n${script('history-charge')}` });
  }
  return guardedWithin(async () => (await r.lstHistoryCharge(prefix, input.account, input.mode, input.allowance, input.charge ? '1' : '0')) as 'ok' | 'quota_exceeded');
}
