/**
 * @module ledger/keys
 * The Redis keys of charges (the data model's other keys: ../keys.ts; an account's extra
 * requests and charged total are fields of its `acct:<id>`, ../accounts/keys.ts):
 *
 * | key                        | type | holds                                                      |
 * |----------------------------|------|------------------------------------------------------------|
 * | ledger:<account>:<mode>    | hash | charges per hour (`<hour>` → n), `t` their sum, `o` first hour held: rolling 30 days (ledger.lua) |
 * | usage:<account>:<mode>     | zset | (before the ledger) charged job ids by time; folded into the ledger on first use |
 * | pending:<account>:<mode>   | zset | pending job ids (reservations, pending cap)                |
 */
export function ledgerKeys(prefix: string) {
  return {
    ledger: (account: string, mode: string) => `${prefix}ledger:${account}:${mode}`,
    usage: (account: string, mode: string) => `${prefix}usage:${account}:${mode}`,
    pending: (account: string, mode: string) => `${prefix}pending:${account}:${mode}`,
  };
}
