-- Take one unit of a marketplace's daily upstream allowance, exact across any number of
-- workers. ARGV: 1 prefix, 2 mode, 3 token, 4 daily limit (-1 = none)
-- Returns {taken (1|0), used today}
local p, limit = ARGV[1], tonumber(ARGV[4])
local t = redis.call('TIME')
local day = math.floor((tonumber(t[1]) * 1000) / 86400000)
local k = p .. 'upstream:' .. ARGV[2] .. ':' .. ARGV[3] .. ':' .. day
local n = tonumber(redis.call('GET', k) or '0')
if limit >= 0 and n >= limit then return {0, n} end
n = redis.call('INCR', k)
redis.call('PEXPIRE', k, 2 * 86400000)
return {1, n}
