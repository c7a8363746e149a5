-- May this delivery make an attempt now? Checks, in order: its attempts (spent?), the
-- endpoint's circuit (open, or half-open with another probe out), and the in-flight bounds of
-- the endpoint and the account (expired leases dropped first). On 'go' it takes a lease in both
-- (until now + lease ms), counts the attempt, and, half-open, becomes the probe.
-- KEYS: circuit, endpoint busy, account busy, delivery. ARGV: delivery id, lease ms, endpoint
-- limit, account limit, max attempts, delivery record ttl ms.
-- Returns {'go', attempt, probe 0/1} | {'spent', attempts} | {'open', ms} | {'probing', ms} | {'busy', deferrals in a row}.
local id, lease = ARGV[1], tonumber(ARGV[2])
local begun = tonumber(redis.call('HGET', KEYS[4], 'n')) or 0
if begun >= tonumber(ARGV[5]) then return {'spent', begun} end
local c = redis.call('HMGET', KEYS[1], 'open_until', 'probe', 'probe_until')
local open_until = tonumber(c[1]) or 0
local probe = 0
if open_until > 0 then
  if now < open_until then return {'open', open_until - now} end
  local probe_until = tonumber(c[3]) or 0
  if c[2] and c[2] ~= id and probe_until > now then return {'probing', probe_until - now} end
  probe = 1
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if not redis.call('ZSCORE', KEYS[2], id) then
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) or redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[4]) then
    local d = redis.call('HINCRBY', KEYS[4], 'd', 1)
    redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[6]))
    return {'busy', d}
  end
end
redis.call('ZADD', KEYS[2], now + lease, id)
redis.call('ZADD', KEYS[3], now + lease, id)
redis.call('PEXPIRE', KEYS[2], lease * 2)
redis.call('PEXPIRE', KEYS[3], lease * 2)
if probe == 1 then redis.call('HSET', KEYS[1], 'probe', id, 'probe_until', now + lease) end
local n = redis.call('HINCRBY', KEYS[4], 'n', 1)
redis.call('HSET', KEYS[4], 'd', 0)
redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[6]))
return {'go', n, probe}
