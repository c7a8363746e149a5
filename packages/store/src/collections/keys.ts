/**
 * @module collections/keys
 * The Redis keys of collections, one upstream fetch that every search of the same page waits
 * on (the data model's other keys: ../keys.ts):
 *
 * | key                              | type      | holds                                           |
 * |----------------------------------|-----------|-------------------------------------------------|
 * | coll:<id>, coll:<id>:jobs        | hash, set | one collection (single flight) and its jobs     |
 * | inflight:<mode>:<page identity>  | string    | the collection running for that search page     |
 * | unqueued                         | zset      | collections recorded but not yet on the queue   |
 * | open                             | zset      | collections not yet settled, by creation time   |
 * | settled                          | channel   | job ids (`|<result id>` when complete; `b:<batch>`) as they settle (settle.lua) |
 */
export function collectionKeys(prefix: string) {
  return {
    coll: (id: string) => `${prefix}coll:${id}`,
    collJobs: (id: string) => `${prefix}coll:${id}:jobs`,
    unqueued: () => `${prefix}unqueued`,
    open: () => `${prefix}open`,
    settledChannel: () => `${prefix}settled`,
  };
}
