-- Authenticate an API key and count the call against the account's rolling 60-second rate limit.
-- A function, prepended to auth-main.lua (a call of its own) and to search.lua (the same
-- check and count in the one round trip of a search).
-- Returns {'invalid'} | {'suspended', account} |
--   {'ok'|'limited', account, kind, plan, origins, remaining, reset_ms, webhook warning}
-- `once` (search.lua): `member` is the call's own job id, counted once however many times the
-- same call reaches Redis (ioredis resends a command whose answer a dropped connection lost), and
-- a resend whose first run was counted within the limit is not refused when the window filled
-- since. `extraField` (search.lua): a field of the account read with the others, returned second
-- (the mode's extra requests).
local function auth_call(p, keyHash, limit, window, member, now, once, extraField)
  local k = redis.call('HMGET', p .. 'key:' .. keyHash, 'account', 'kind')
  if not k[1] then return {'invalid'} end
  local a
  if extraField then
    a = redis.call('HMGET', p .. 'acct:' .. k[1], 'status', 'plan', 'origins', 'webhook_warning', extraField)
  else
    a = redis.call('HMGET', p .. 'acct:' .. k[1], 'status', 'plan', 'origins', 'webhook_warning')
  end
  if not a[1] then return {'invalid'} end
  if a[1] == 'suspended' then return {'suspended', k[1]} end
  local rl = p .. 'rl:' .. k[1]
  redis.call('ZREMRANGEBYSCORE', rl, '-inf', now - window)
  local n = redis.call('ZCARD', rl)
  local status = 'ok'
  if once then
    if n < limit then
      if redis.call('ZADD', rl, 'NX', now, member) == 1 then
        redis.call('PEXPIRE', rl, window)
        n = n + 1
      end
    elseif not redis.call('ZSCORE', rl, member) then
      -- Not counted when it first ran within the limit: a call of its own, refused.
      status = 'limited'
    end
  elseif n >= limit then
    status = 'limited'
  else
    redis.call('ZADD', rl, now, now .. ':' .. member)
    redis.call('PEXPIRE', rl, window)
    n = n + 1
  end
  local oldest = redis.call('ZRANGE', rl, 0, 0, 'WITHSCORES')
  local reset = window
  if oldest[2] then reset = tonumber(oldest[2]) + window - now end
  return {status, k[1], k[2], a[2] or '', a[3] or '', limit - n, reset, a[4] or ''}, a[5]
end
