/**
 * @module authenticate
 * An API key checked and its call counted against the account's rolling 60-second rate limit
 * (auth.lua's function): alone (auth-main.lua), or as the first half of a search's one round
 * trip (`AUTH_LUA`, put before ../searches/search.lua). Its keys are accounts/keys.ts's.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { KeyKind } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { guardedWithin } from '../redis.ts';

const lua = (name: string): string => readFileSync(new URL(`./${name}.lua`, import.meta.url), 'utf8');

/** auth.lua's function `auth_call`, put before the scripts that check a key. */
export const AUTH_LUA = lua('auth');

export type AuthOutcome =
  | { kind: 'invalid' }
  | { kind: 'suspended'; account: string }
  | { kind: 'ok' | 'limited'; account: string; keyKind: KeyKind; plan: string; origins: string[]; remaining: number; resetMs: number; warning: string | null };

/** auth.lua's answer (its first 8 entries) as an outcome. */
export function parseAuth(r: readonly unknown[]): AuthOutcome {
  const kind = String(r[0]);
  if (kind === 'invalid') return { kind: 'invalid' };
  if (kind === 'suspended') return { kind: 'suspended', account: String(r[1]) };
  const origins = String(r[4] ?? '');
  return {
    kind: kind === 'limited' ? 'limited' : 'ok',
    account: String(r[1]),
    keyKind: String(r[2]) as KeyKind,
    plan: String(r[3]),
    origins: origins === '' ? [] : (JSON.parse(origins) as string[]),
    remaining: Math.max(0, Number(r[5])),
    resetMs: Math.max(0, Number(r[6])),
    // Set when a webhook endpoint of the account was disabled (webhooks.ts).
    warning: r[7] ? String(r[7]) : null,
  };
}

type AuthRedis = Redis & { lstAuth(...args: (string | number)[]): Promise<unknown[]> };

export function createAuthentication(redisConn: Redis, keys: Keys) {
  const redis = redisConn as AuthRedis;
  if (typeof redis.lstAuth !== 'function') redis.defineCommand('lstAuth', { numberOfKeys: 0, lua: `${AUTH_LUA}\n${lua('auth-main')}` });
  return {
    /** Looks up a key by hash and counts the call against the account's rate limit. */
    authenticate(keyHash: string, limit: number, windowMs: number, member: string): Promise<AuthOutcome> {
      return guardedWithin(async () => parseAuth(await redis.lstAuth(keys.prefix, keyHash, limit, windowMs, member)));
    },
  };
}
