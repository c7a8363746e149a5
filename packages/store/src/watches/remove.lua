-- Deletes the account's watch of the mode with its runs and seen rows, and marks its schedule
-- (for removal). KEYS: watch, account's zset, runs, run order, seen, seen at, schedule marks.
-- ARGV: account, mode, id. Returns 1, or 0 when there is no such watch.
-- Starts with now.lua (`now`).
local h = redis.call('HMGET', KEYS[1], 'account', 'mode')
if h[1] ~= ARGV[1] or h[2] ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1], KEYS[3], KEYS[4], KEYS[5], KEYS[6])
redis.call('ZREM', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[7], now, ARGV[3])
return 1
