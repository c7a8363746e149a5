/**
 * @module batches/keys
 * The Redis keys of batches (the data model's other keys: ../keys.ts; each item is an ordinary
 * job, ../searches/keys.ts, and a resend's Idempotency-Key is an `idem:` record there too):
 *
 * | key                 | type | holds                                                              |
 * |---------------------|------|--------------------------------------------------------------------|
 * | batch:<id>          | hash | batch: account, mode, created, fp, total, lease; pending (decremented by settle.lua, not read) |
 * | batch:<id>:items    | list | item JSON in index order: endpoint, q, job id, search             |
 * | batch:<id>:out      | hash | index → how the item was submitted (job, rejected:<code>, not_submitted) |
 * | batch:<id>:facts    | hash | index → rows and summary of a complete item                       |
 */
export function batchKeys(prefix: string) {
  return {
    batch: (id: string) => `${prefix}batch:${id}`,
    batchItems: (id: string) => `${prefix}batch:${id}:items`,
    batchOutcomes: (id: string) => `${prefix}batch:${id}:out`,
    batchFacts: (id: string) => `${prefix}batch:${id}:facts`,
  };
}
