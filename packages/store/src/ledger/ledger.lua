-- The usage ledger of an account and mode: charges counted in hourly buckets over a rolling
-- 30 days, so its size is bounded by the window (at most 720 buckets) and not by the number of
-- charges (a Scale plan's 500,000 a month are 720 small counters, not 500,000 members).
-- Key `ledger:<account>:<mode>`, a hash: field <hour> (hours since the epoch) → charges in that
-- hour; `t` → the sum of the buckets still held; `o` → every bucket below it has been dropped.
-- Granularity: a charge counts from its hour until the start of the hour 30 days (720 hours)
-- after it, so it leaves the window between 29 d 23 h and 30 d after it was made (never later).
-- Prepended, with charge.lua, to submit.lua and settle.lua.
local LEDGER_HOUR_MS = 3600000
local LEDGER_HOURS = 720

-- The first hour still inside the window at `now`.
local function ledger_first(now)
  return math.floor(now / LEDGER_HOUR_MS) - LEDGER_HOURS + 1
end

-- Charges recorded before the ledger existed were members of the sorted set
-- `usage:<account>:<mode>` (scored by time): folded into buckets once, then the set is dropped.
local function ledger_migrate(p, acct, mode, key, now)
  local old = p .. 'usage:' .. acct .. ':' .. mode
  if redis.call('EXISTS', old) == 0 then return end
  local first = ledger_first(now)
  local counts, total = {}, 0
  local scores = redis.call('ZRANGEBYSCORE', old, first * LEDGER_HOUR_MS, '+inf', 'WITHSCORES')
  for i = 2, #scores, 2 do
    local h = math.floor(tonumber(scores[i]) / LEDGER_HOUR_MS)
    counts[h] = (counts[h] or 0) + 1
    total = total + 1
  end
  for h, n in pairs(counts) do redis.call('HSET', key, tostring(h), n) end
  redis.call('HSET', key, 't', total, 'o', first)
  redis.call('PEXPIRE', key, (LEDGER_HOURS + 1) * LEDGER_HOUR_MS)
  redis.call('DEL', old)
end

-- The charges inside the window at `now`, dropping the buckets that left it.
local function ledger_count(p, acct, mode, now)
  local key = p .. 'ledger:' .. acct .. ':' .. mode
  local st = redis.call('HMGET', key, 't', 'o')
  if not st[1] then
    ledger_migrate(p, acct, mode, key, now)
    st = redis.call('HMGET', key, 't', 'o')
    if not st[1] then return 0 end
  end
  local total, oldest = tonumber(st[1]), tonumber(st[2])
  local first = ledger_first(now)
  if oldest < first then
    if first - oldest <= 48 then
      -- Once an hour for an active account: the few hours that just left the window.
      for h = oldest, first - 1 do
        local n = redis.call('HGET', key, tostring(h))
        if n then
          total = total - tonumber(n)
          redis.call('HDEL', key, tostring(h))
        end
      end
    else
      -- After a long quiet spell: look at what the ledger holds (at most 720 buckets).
      local all = redis.call('HGETALL', key)
      for i = 1, #all, 2 do
        local h = tonumber(all[i])
        if h and h < first then
          total = total - tonumber(all[i + 1])
          redis.call('HDEL', key, all[i])
        end
      end
    end
    redis.call('HSET', key, 't', total, 'o', first)
  end
  return total
end

-- Records one charge at `now` (after ledger_count has pruned the ledger).
local function ledger_add(p, acct, mode, now)
  local key = p .. 'ledger:' .. acct .. ':' .. mode
  if redis.call('HINCRBY', key, 't', 1) == 1 then redis.call('HSETNX', key, 'o', ledger_first(now)) end
  -- The ledger lives 721 hours past its newest hour: set when an hour's bucket is opened.
  if redis.call('HINCRBY', key, tostring(math.floor(now / LEDGER_HOUR_MS)), 1) == 1 then
    redis.call('PEXPIRE', key, (LEDGER_HOURS + 1) * LEDGER_HOUR_MS)
  end
end
