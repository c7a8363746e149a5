-- The fleet-wide figures of the api's /metrics in one round trip, read only (store.fleet()).
-- ARGV: 1 number of marketplaces, 2 number of modes, then for each marketplace: the key prefix of
-- its BullMQ queue (`<prefix>bull:collect-<token>:`), then for each mode: its queue-depth key and
-- its upstream-count key without the day (`<prefix>upstream:<mode>:<token>:`).
-- Returns for each marketplace: {wait, active, delayed, failed, prioritized, timestamp of the
-- oldest job waiting to start (-1 when none), then for each mode: open collections, upstream
-- fetches today}. The counts are the ones BullMQ's getJobCounts reads (a v5 marker at the tail
-- of the wait list is not a job); today is the UTC day of the Redis clock, as upstream-take.lua
-- counts it.
local n, m = tonumber(ARGV[1]), tonumber(ARGV[2])
local day = math.floor(tonumber(redis.call('TIME')[1]) / 86400)
local out = {}
local a = 3
for _ = 1, n do
  local q = ARGV[a]
  a = a + 1
  local waiting = redis.call('LLEN', q .. 'wait')
  local tail = -1
  local last = redis.call('LINDEX', q .. 'wait', tail)
  if last and string.sub(last, 1, 2) == '0:' then
    waiting = waiting - 1
    tail = -2
    last = redis.call('LINDEX', q .. 'wait', tail)
  end
  local oldest = -1
  if last then oldest = tonumber(redis.call('HGET', q .. last, 'timestamp') or '-1') or -1 end
  local row = {
    waiting,
    redis.call('LLEN', q .. 'active'),
    redis.call('ZCARD', q .. 'delayed'),
    redis.call('ZCARD', q .. 'failed'),
    redis.call('ZCARD', q .. 'prioritized'),
    oldest,
  }
  for _ = 1, m do
    row[#row + 1] = tonumber(redis.call('GET', ARGV[a]) or '0')
    row[#row + 1] = tonumber(redis.call('GET', ARGV[a + 1] .. day) or '0')
    a = a + 2
  end
  out[#out + 1] = row
end
return out
