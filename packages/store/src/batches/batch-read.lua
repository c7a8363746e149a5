-- A batch's items, how each was submitted and the facts of the complete ones, in one read.
-- KEYS: items list, outcomes hash, facts hash. Returns {items, outcomes (flat), facts (flat)}.
return { redis.call('LRANGE', KEYS[1], 0, -1), redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[3]) }
