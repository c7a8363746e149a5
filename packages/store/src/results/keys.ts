/**
 * @module results/keys
 * The Redis keys of what a collection leaves (the data model's other keys: ../keys.ts):
 *
 * | key                                | type   | holds                                            |
 * |------------------------------------|--------|--------------------------------------------------|
 * | cache:<mode>:<page identity>       | string | result id, 15 minutes                            |
 * | result:<rid>, result:<rid>:hidden  | string | result JSON and facts kept for summaries, 24 h (packed: bodies.ts) |
 * | cstate:<key>                       | string | adapter state behind a cursor, 24 h              |
 */
export function resultKeys(prefix: string) {
  return {
    result: (rid: string) => `${prefix}result:${rid}`,
    resultHidden: (rid: string) => `${prefix}result:${rid}:hidden`,
    cursorState: (key: string) => `${prefix}cstate:${key}`,
  };
}
