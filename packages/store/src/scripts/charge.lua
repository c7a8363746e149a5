-- Charges one completed search to its account: against the rolling 30-day allowance while it
-- lasts, else one extra request. Prepended to submit.lua (cache hits) and settle.lua
-- (collections) when they are loaded, so both charge the same way.
local function charge(p, acct, mode, job, now, allowance)
  local MONTH_MS = 30 * 86400000
  local usage = p .. 'usage:' .. acct .. ':' .. mode
  local acctKey = p .. 'acct:' .. acct
  redis.call('ZREMRANGEBYSCORE', usage, '-inf', now - MONTH_MS)
  if redis.call('ZCARD', usage) < allowance then
    redis.call('ZADD', usage, now, job)
    redis.call('PEXPIRE', usage, MONTH_MS)
  else
    redis.call('HINCRBY', acctKey, 'extra_' .. mode, -1)
    redis.call('HINCRBY', acctKey, 'extra_used_' .. mode, 1)
  end
  redis.call('HINCRBY', acctKey, 'charged_' .. mode, 1)
end
