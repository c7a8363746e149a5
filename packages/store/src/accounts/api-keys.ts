/**
 * @module api-keys
 * An account's API keys (decisions.md "Accounts and keys"): issued, listed, revoked, rotated.
 * A key is shown once, when issued, and stored only as a SHA-256 hash (`key:<sha256>`, and the
 * account's `acct:<id>:keys`: keys.ts); a revoked key's hash is deleted, so it answers 401 at
 * once (authenticate.ts reads it).
 */
import type { Redis } from 'ioredis';
import { guarded } from '../redis.ts';
import { hashApiKey, newApiKey, newId, type KeyKind } from '../ids.ts';
import { AccountError, type Account, type IssuedKey, type KeyInfo } from './account.ts';
import type { accountKeys } from './keys.ts';

/** `must`: the account, or an AccountError when there is none. */
export function createApiKeys(redis: Redis, keys: ReturnType<typeof accountKeys>, must: (id: string) => Promise<Account>) {
  function issueKey(account: string, kind: KeyKind, label = ''): Promise<IssuedKey> {
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
  }

  function revokeKey(account: string, keyId: string): Promise<void> {
    return guarded(async () => {
      const raw = await redis.hget(keys.accountKeys(account), keyId);
      if (!raw) throw new AccountError(`no key ${keyId} on account ${account}`);
      const { hash } = JSON.parse(raw) as { hash: string };
      await redis.multi().del(keys.apiKey(hash)).hdel(keys.accountKeys(account), keyId).exec();
    });
  }

  return {
    issueKey,
    revokeKey,

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

    /** Issues a new key of the same kind and revokes the old one, in that order. */
    async rotateKey(account: string, keyId: string): Promise<IssuedKey> {
      const raw = await guarded(() => redis.hget(keys.accountKeys(account), keyId));
      if (!raw) throw new AccountError(`no key ${keyId} on account ${account}`);
      const old = JSON.parse(raw) as KeyInfo;
      const fresh = await issueKey(account, old.kind, old.label);
      await revokeKey(account, keyId);
      return fresh;
    },
  };
}
