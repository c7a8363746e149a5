-- Adds an endpoint unless the account already has `max` of the mode, or answers the one an
-- idempotency key created. Nothing is written past the deadline, on a conflict or a replay.
-- KEYS: endpoints hash, idempotency record. ARGV: id, JSON, mode, max, key hash ('' = none),
-- fingerprint, record ttl ms, deadline (ms since epoch, 0 = none).
-- Returns {'created', json} | {'replay', json} | {'gone'} | {'conflict'} | {'full'} | {'expired'}.
local deadline = tonumber(ARGV[8]) or 0
if deadline > 0 and now > deadline then return {'expired'} end
-- The same call sent again (a resend after a dropped connection): it is recorded already.
local mine = redis.call('HGET', KEYS[1], ARGV[1])
if mine then return {'created', mine} end
if ARGV[5] ~= '' then
  local rec = redis.call('HMGET', KEYS[2], 'fp', 'endpoint')
  if rec[1] then
    if rec[1] == ARGV[6] and rec[2] then
      local raw = redis.call('HGET', KEYS[1], rec[2])
      if raw then return {'replay', raw} end
      return {'gone'}
    end
    return {'conflict'}
  end
end
local n = 0
for _, raw in ipairs(redis.call('HVALS', KEYS[1])) do
  if cjson.decode(raw).mode == ARGV[3] then n = n + 1 end
end
if n >= tonumber(ARGV[4]) then return {'full'} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[2], 'fp', ARGV[6], 'endpoint', ARGV[1])
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[7]))
end
return {'created', ARGV[2]}
