-- Claims a period for a run: the run of that period when there is one already (resumed: a
-- duplicate trigger, or a worker's retry), else, when the watch is active, a new run. A period
-- whose trigger comes only after a later period was claimed (its worker died before claiming
-- it, and the next period came first) gets a run recorded `skipped` at once: it never runs, so
-- the rows are always compared in period order and nothing is charged for it. A trigger older
-- than every run kept is a no-op (nothing can tell whether it ran). Keeps the last ARGV[3] runs.
-- KEYS: watch, runs, run order. ARGV: period, new run JSON, runs kept, late run JSON.
-- Returns {'claimed', json} | {'resume', json} | {'late', json} | {'gone'} | {'paused'} | {'stale'}.
if redis.call('EXISTS', KEYS[1]) == 0 then return {'gone'} end
local existing = redis.call('HGET', KEYS[2], ARGV[1])
if existing then return {'resume', existing} end
local st = redis.call('HMGET', KEYS[1], 'status', 'last_period')
if st[1] ~= 'active' then return {'paused'} end
local period = tonumber(ARGV[1])
local kind, json = 'claimed', ARGV[2]
if period <= (tonumber(st[2]) or 0) then
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[3]) and oldest[2] and period < tonumber(oldest[2]) then return {'stale'} end
  kind, json = 'late', ARGV[4]
else
  redis.call('HSET', KEYS[1], 'last_period', ARGV[1])
end
redis.call('HSET', KEYS[2], ARGV[1], json)
redis.call('ZADD', KEYS[3], period, ARGV[1])
local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[3])
if over > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[3], 0, over - 1)) do
    redis.call('HDEL', KEYS[2], old, old .. ':m')
    redis.call('ZREM', KEYS[3], old)
  end
end
return {kind, json}
