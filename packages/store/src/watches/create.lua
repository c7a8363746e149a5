-- A new watch, unless the account has `max` of the mode, or the one an idempotency key created.
-- KEYS: watch, account's zset, idempotency record, schedule marks. ARGV: 1 id, 2 max, 3 key hash
-- ('' = none), 4 fingerprint, 5 record ttl ms, 6 deadline (0 = none), 7 watch key prefix, 8… the
-- watch's fields and values. Returns {'created'|'replay', id} | {'full'} | {'conflict'} | {'gone'} | {'expired'}.
-- Starts with now.lua (`now`).
local deadline = tonumber(ARGV[6]) or 0
if deadline > 0 and now > deadline then return {'expired'} end
-- The same call sent again (a resend after a dropped connection): recorded already.
if redis.call('EXISTS', KEYS[1]) == 1 then return {'created', ARGV[1]} end
if ARGV[3] ~= '' then
  local rec = redis.call('HMGET', KEYS[3], 'fp', 'watch')
  if rec[1] then
    if rec[1] == ARGV[4] and rec[2] then
      if redis.call('EXISTS', ARGV[7] .. rec[2]) == 1 then return {'replay', rec[2]} end
      return {'gone'}
    end
    return {'conflict'}
  end
end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return {'full'} end
redis.call('HSET', KEYS[1], unpack(ARGV, 8))
redis.call('ZADD', KEYS[2], now, ARGV[1])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[3], 'fp', ARGV[4], 'watch', ARGV[1])
  redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[5]))
end
redis.call('ZADD', KEYS[4], now, ARGV[1])
return {'created', ARGV[1]}
