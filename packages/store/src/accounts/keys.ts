/**
 * @module accounts/keys
 * The Redis keys of accounts and their API keys (the data model's other keys: ../keys.ts):
 *
 * | key                    | type | holds                                                        |
 * |------------------------|------|--------------------------------------------------------------|
 * | acct:<id>              | hash | account: name, plan, status, origins, extra_<mode>, charged_<mode> (charge.lua's, ../ledger), webhook_warning |
 * | acct:<id>:keys         | hash | key id → JSON {hash, kind, created, label}                   |
 * | accounts               | set  | account ids                                                  |
 * | key:<sha256>           | hash | account, kind (live/sandbox), key id                         |
 * | rl:<account>           | zset | calls of the last 60 s, scored by time (rate limit, auth.lua; a search's member is its job id) |
 */
export function accountKeys(prefix: string) {
  return {
    account: (id: string) => `${prefix}acct:${id}`,
    accountKeys: (id: string) => `${prefix}acct:${id}:keys`,
    accounts: () => `${prefix}accounts`,
    apiKey: (hash: string) => `${prefix}key:${hash}`,
  };
}
