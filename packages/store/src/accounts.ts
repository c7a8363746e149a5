/**
 * @module accounts
 * Accounts, plans and API keys (decisions.md "Accounts and keys"): create, list, issue,
 * rotate, revoke, suspend, restore, extra requests, allowed browser origins. Keys are shown
 * once, when issued, and stored only as a SHA-256 hash; a revoked key's hash is deleted, so
 * it answers 401 at once.
 */
import type { Redis } from 'ioredis';
import { isPlanName, type PlanName } from '@listings/contract';
import { createKeys } from './keys.ts';
import { guarded, StoreRefusal } from './redis.ts';
import { hashApiKey, newApiKey, newId, type KeyKind } from './ids.ts';

export interface Account {
  id: string;
  name: string;
  plan: PlanName;
  status: 'active' | 'suspended';
  origins: string[];
  extra: { live: number; sandbox: number };
  createdAt: string;
}

export interface KeyInfo {
  id: string;
  kind: KeyKind;
  label: string;
  createdAt: string;
  /** First characters of the key, enough to recognize it, never enough to use it. */
  preview: string;
}

export interface IssuedKey extends KeyInfo {
  /** The key itself: shown once, never stored. */
  secret: string;
}

/** An unknown account or key, or a bad value: the caller's mistake, not a storage fault. */
export class AccountError extends StoreRefusal {}

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts(redis: Redis, prefix: string) {
  const keys = createKeys(prefix);

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

    issueKey(account: string, kind: KeyKind, label = ''): Promise<IssuedKey> {
      return guarded(async () => {
        await must(account);
        const secret = newApiKey(kind);
        const hash = hashApiKey(secret);
        const info: KeyInfo = { id: newId('key'), kind, label, createdAt: new Date().toISOString(), preview: `${secret.slice(0, secret.indexOf('_', 3) + 5)}…` };
        await redis.multi()
          .hset(keys.apiKey(hash), { account, kind, key_id: info.id })
          .hset(keys.accountKeys(account), info.id, JSON.stringify({ ...info, hash }))
          .exec();
        return { ...info, secret };
      });
    },

    listKeys(account: string): Promise<KeyInfo[]> {
      return guarded(async () => {
        await must(account);
        const all = await redis.hgetall(keys.accountKeys(account));
        return Object.values(all).map((v) => {
          const { hash: _hash, ...info } = JSON.parse(v) as KeyInfo & { hash: string };
          return info;
        }).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      });
    },

    revokeKey(account: string, keyId: string): Promise<void> {
      return guarded(async () => {
        const raw = await redis.hget(keys.accountKeys(account), keyId);
        if (!raw) throw new AccountError(`no key ${keyId} on account ${account}`);
        const { hash } = JSON.parse(raw) as { hash: string };
        await redis.multi().del(keys.apiKey(hash)).hdel(keys.accountKeys(account), keyId).exec();
      });
    },

    /** Issues a new key of the same kind and revokes the old one, in that order. */
    async rotateKey(account: string, keyId: string): Promise<IssuedKey> {
      const raw = await guarded(() => redis.hget(keys.accountKeys(account), keyId));
      if (!raw) throw new AccountError(`no key ${keyId} on account ${account}`);
      const old = JSON.parse(raw) as KeyInfo;
      const fresh = await this.issueKey(account, old.kind, old.label);
      await this.revokeKey(account, keyId);
      return fresh;
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
