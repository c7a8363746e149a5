-- A sold-history read (GET /v1/history/{marketplace}/sold), charged as a search: refused when
-- the account's allowance of the mode is used up (completed plus pending against allowance plus
-- extra requests, as submit.lua counts it), else one request charged when the answer has rows
-- (charge.lua), nothing when it has none. Prepended with ledger.lua and charge.lua.
-- ARGV: 1 prefix, 2 account, 3 mode, 4 allowance, 5 charge ('1' | '0')
-- Returns 'ok' | 'quota_exceeded'.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local p, acct, mode = ARGV[1], ARGV[2], ARGV[3]
local allowance = tonumber(ARGV[4])
local used = ledger_count(p, acct, mode, now)
local held = redis.call('ZCARD', p .. 'pending:' .. acct .. ':' .. mode)
local extra = tonumber(redis.call('HGET', p .. 'acct:' .. acct, 'extra_' .. mode) or '0')
if used + held >= allowance + extra then return 'quota_exceeded' end
if ARGV[5] == '1' then charge(p, acct, mode, now, allowance, used) end
return 'ok'
