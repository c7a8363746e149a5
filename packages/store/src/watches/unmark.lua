-- Drops a schedule mark once applied, unless it changed meanwhile (then it is applied again).
-- KEYS: schedule marks. ARGV: id, the mark as read. Returns 1 when dropped.
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
