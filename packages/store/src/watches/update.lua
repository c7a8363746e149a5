-- Changes fields of the account's watch of the mode; marks its schedule for BullMQ when asked.
-- KEYS: watch, schedule marks. ARGV: 1 account, 2 mode, 3 id, 4 mark schedule ('1'/'0'), 5… fields
-- and values. Returns 1, or 0 when there is no such watch.
-- Starts with now.lua (`now`).
local h = redis.call('HMGET', KEYS[1], 'account', 'mode')
if h[1] ~= ARGV[1] or h[2] ~= ARGV[2] then return 0 end
if #ARGV >= 5 then redis.call('HSET', KEYS[1], unpack(ARGV, 5)) end
if ARGV[4] == '1' then redis.call('ZADD', KEYS[2], now, ARGV[3]) end
return 1
