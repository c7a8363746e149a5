-- An account's usage of a mode, read at once (ledger.ts: `usage`). Reads only: one script, not a
-- MULTI, because Redis out of memory refuses every command queued in a MULTI (EXECABORT), reads
-- too, and an operator must still read charges then.
-- KEYS: 1 ledger, 2 usage (before the ledger), 3 pending, 4 account. ARGV: 1 since (ms), 2 mode.
-- Returns {ledger hash (flat), charges in the old set since ARGV[1], pending, extra requests, charged total}
return { redis.call('HGETALL', KEYS[1]), redis.call('ZCOUNT', KEYS[2], ARGV[1], '+inf'), redis.call('ZCARD', KEYS[3]),
  redis.call('HGET', KEYS[4], 'extra_' .. ARGV[2]), redis.call('HGET', KEYS[4], 'charged_' .. ARGV[2]) }
