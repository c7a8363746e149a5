/**
 * @module watches/keys
 * The Redis keys of watches (the rest of the data model's are in ../keys.ts):
 *
 * | key                          | type   | holds                                                        |
 * |------------------------------|--------|--------------------------------------------------------------|
 * | wat:<id>                     | hash   | the watch: account, mode, name, search, every, rules, endpoint, notify, status, created, updated; run state `last_period` (highest period claimed), `applied_period` (highest period whose rows were compared), `baselined` |
 * | wat:acct:<account>:<mode>    | zset   | the account's watches of the mode by creation time (listing, plan limit) |
 * | wat:<id>:runs                | hash   | period (ms) → run JSON; `<period>:m` → the rows that run found new or cheaper (written once, with the comparison) |
 * | wat:<id>:runs:order          | zset   | periods of the runs kept (the last 50)                       |
 * | wat:<id>:seen                | hash   | row id → its last displayed price in cents ('' when none)    |
 * | wat:<id>:seen:at             | zset   | row id → when a run last saw it (ms): rows unseen for the retention, and the oldest beyond the bound, are forgotten |
 * | wat:sched                    | zset   | watch id → when its schedule last changed (ms): applied to BullMQ by the api at once, by the workers' sweep after a grace |
 * | idem:<account>:<key hash>    | hash   | a create's Idempotency-Key: `fp` = `watch|<mode>|<hash>`, `watch` = id (shared with searches and batches) |
 */
export function watchKeys(prefix: string) {
  return {
    watch: (id: string) => `${prefix}wat:${id}`,
    watchPrefix: `${prefix}wat:`,
    byAccount: (account: string, mode: string) => `${prefix}wat:acct:${account}:${mode}`,
    runs: (id: string) => `${prefix}wat:${id}:runs`,
    runOrder: (id: string) => `${prefix}wat:${id}:runs:order`,
    seen: (id: string) => `${prefix}wat:${id}:seen`,
    seenAt: (id: string) => `${prefix}wat:${id}:seen:at`,
    schedule: () => `${prefix}wat:sched`,
  };
}
