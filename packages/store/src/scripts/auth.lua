-- Authenticate an API key and count the call against the account's rolling 60-second rate limit.
-- ARGV: prefix, key hash, limit, window ms, unique member
-- Returns {'invalid'} | {'suspended', account} |
--   {'ok'|'limited', account, kind, plan, origins, remaining, reset_ms, webhook warning}
local p, limit, window = ARGV[1], tonumber(ARGV[3]), tonumber(ARGV[4])
local k = redis.call('HMGET', p .. 'key:' .. ARGV[2], 'account', 'kind')
if not k[1] then return {'invalid'} end
local a = redis.call('HMGET', p .. 'acct:' .. k[1], 'status', 'plan', 'origins', 'webhook_warning')
if not a[1] then return {'invalid'} end
if a[1] == 'suspended' then return {'suspended', k[1]} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rl = p .. 'rl:' .. k[1]
redis.call('ZREMRANGEBYSCORE', rl, '-inf', now - window)
local n = redis.call('ZCARD', rl)
local status = 'ok'
if n >= limit then
  status = 'limited'
else
  redis.call('ZADD', rl, now, now .. ':' .. ARGV[5])
  redis.call('PEXPIRE', rl, window)
  n = n + 1
end
local oldest = redis.call('ZRANGE', rl, 0, 0, 'WITHSCORES')
local reset = window
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {status, k[1], k[2], a[2] or '', a[3] or '', limit - n, reset, a[4] or ''}
