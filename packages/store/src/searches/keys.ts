/**
 * @module searches/keys
 * The Redis keys of recorded searches (the data model's other keys: ../keys.ts). A search
 * recorded is a job; a miss joins or opens a collection (../collections/keys.ts), a hit is
 * answered by a result (../results/keys.ts):
 *
 * | key                          | type | holds                                              |
 * |------------------------------|------|----------------------------------------------------|
 * | job:<id>                     | hash | job record, kept 24 h after settling               |
 * | idem:<account>:<key hash>    | hash | fingerprint + job/batch id, 24 h (batches and watch creates share it) |
 */
export function searchKeys(prefix: string) {
  return {
    job: (id: string) => `${prefix}job:${id}`,
    idempotency: (account: string, keyHash: string) => `${prefix}idem:${account}:${keyHash}`,
  };
}
