/**
 * @module accounts
 * Accounts, plans and API keys (decisions.md "Accounts and keys"): create, list, suspend,
 * restore, extra requests, allowed browser origins here; issue, list, rotate and revoke keys in
 * api-keys.ts; a key checked and its call counted in authenticate.ts. Its keys are in keys.ts
 * beside it.
 */
import type { Redis } from 'ioredis';
import { isPlanName, type PlanName } from '@listings/contract';
import { guarded } from '../redis.ts';
import { newId, type KeyKind } from '../ids.ts';
import { AccountError, type Account, type IssuedKey, type KeyInfo } from './account.ts';
import { createApiKeys } from './api-keys.ts';
import { accountKeys } from './keys.ts';

export { AccountError, type Account, type IssuedKey, type KeyInfo };

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts(redis: Redis, prefix: string) {
  const keys = accountKeys(prefix);

  async function get(id: string): Promise<Account | null> {
    const h = await redis.hgetall(keys.account(id));
    if (!h.status) return null;
    return {
      id,
      name: h.name ?? '',
      plan: (h.plan ?? 'free') as PlanName,
      status: h.status as Account['status'],
      origins: h.origins ? (JSON.parse(h.origins) as string[]) : [],
      extra: { live: Number(h.extra_live ?? 0), sandbox: Number(h.extra_sandbox ?? 0) },
      createdAt: h.created ?? '',
    };
  }

  async function must(id: string): Promise<Account> {
    const a = await get(id);
    if (!a) throw new AccountError(`no account ${id}`);
    return a;
  }

  return {
    get: (id: string) => guarded(() => get(id)),
    ...createApiKeys(redis, keys, must),

    create(name: string, plan: string): Promise<Account> {
      if (!isPlanName(plan)) throw new AccountError(`unknown plan ${plan}`);
      return guarded(async () => {
        const id = newId('acct');
        await redis.multi()
          .hset(keys.account(id), { name, plan, status: 'active', origins: '[]', extra_live: 0, extra_sandbox: 0, created: new Date().toISOString() })
          .sadd(keys.accounts(), id)
          .exec();
        return must(id);
      });
    },

    list(): Promise<Account[]> {
      return guarded(async () => {
        const ids = (await redis.smembers(keys.accounts())).sort();
        const out: Account[] = [];
        for (const id of ids) {
          const a = await get(id);
          if (a) out.push(a);
        }
        return out;
      });
    },

    count(): Promise<number> {
      return guarded(() => redis.scard(keys.accounts()));
    },

    setPlan(id: string, plan: string): Promise<Account> {
      if (!isPlanName(plan)) throw new AccountError(`unknown plan ${plan}`);
      return guarded(async () => {
        await must(id);
        await redis.hset(keys.account(id), 'plan', plan);
        return must(id);
      });
    },

    setStatus(id: string, status: Account['status']): Promise<Account> {
      return guarded(async () => {
        await must(id);
        await redis.hset(keys.account(id), 'status', status);
        return must(id);
      });
    },

    addExtra(id: string, mode: KeyKind, n: number): Promise<Account> {
      if (!Number.isInteger(n) || n <= 0) throw new AccountError('extra requests must be a positive whole number');
      return guarded(async () => {
        await must(id);
        await redis.hincrby(keys.account(id), `extra_${mode}`, n);
        return must(id);
      });
    },

    setOrigins(id: string, origins: string[]): Promise<Account> {
      for (const o of origins) {
        let u: URL;
        try {
          u = new URL(o);
        } catch {
          throw new AccountError(`not an origin: ${o}`);
        }
        if (u.origin !== o) throw new AccountError(`not an origin (scheme://host[:port] only): ${o}`);
      }
      return guarded(async () => {
        await must(id);
        await redis.hset(keys.account(id), 'origins', JSON.stringify([...new Set(origins)]));
        return must(id);
      });
    },
  };
}
