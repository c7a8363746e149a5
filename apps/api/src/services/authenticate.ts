/**
 * @module authenticate (service)
 * Who is calling (interface section 5), from the key alone: the key is looked up by its hash,
 * the account's status, plan and allowed origins read, and the call counted in the account's
 * rolling 60-second window (decisions.md "Rate limit"), in one Redis round trip. What an
 * answer then carries (RateLimit headers, CORS, the refusal) is the middleware's
 * (middleware/auth.ts); the search routes check the key inside the script that records the
 * search instead (submit-search.ts).
 */
import { RATE_LIMIT } from '@listings/contract';
import { base62, hashApiKey, type AuthOutcome, type KeyKind } from '@listings/store';
import type { Services } from '../composition-root.ts';

/** The account a call is made for, and with which kind of key. */
export interface Caller {
  account: string;
  mode: KeyKind;
  plan: string;
}

/** The kind a key's text names (`lk_live_…`, `lk_sandbox_…`). */
export function keyKindOf(key: string): KeyKind {
  return key.startsWith('lk_sandbox_') ? 'sandbox' : 'live';
}

/** A fresh member of the rate-limit window for this call. */
export function rateMember(): string {
  return base62(8);
}

/** Checks a key and counts the call in its account's window. */
export function checkKey(services: Services, key: string): Promise<AuthOutcome> {
  return services.store.authenticate(hashApiKey(key), RATE_LIMIT.limit, RATE_LIMIT.windowSeconds * 1000, rateMember());
}

/** The caller an accepted key stands for. */
export function callerOf(auth: Extract<AuthOutcome, { keyKind: KeyKind }>): Caller {
  return { account: auth.account, mode: auth.keyKind, plan: auth.plan };
}
