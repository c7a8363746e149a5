-- An attempt is over: its leases are returned, and the circuit learns its outcome. A success
-- closes the circuit; a failure counts, and opens it (for ARGV[4] ms) at ARGV[3] failures in a
-- row, or at once when it was open already (a failed probe).
-- KEYS: circuit, endpoint busy, account busy. ARGV: delivery id, ok (1/0), failures, cooldown ms.
-- Returns 'closed' or 'open'.
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if ARGV[2] == '1' then
  redis.call('DEL', KEYS[1])
  return 'closed'
end
local fails = redis.call('HINCRBY', KEYS[1], 'fails', 1)
local was_open = (tonumber(redis.call('HGET', KEYS[1], 'open_until')) or 0) > 0
if was_open or fails >= tonumber(ARGV[3]) then
  redis.call('HSET', KEYS[1], 'open_until', now + tonumber(ARGV[4]))
  redis.call('HDEL', KEYS[1], 'probe', 'probe_until')
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) + 7 * 24 * 3600000)
if was_open or fails >= tonumber(ARGV[3]) then return 'open' end
return 'closed'
