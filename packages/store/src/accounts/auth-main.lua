-- Authenticate a key and count the call (auth.lua), as a call of its own.
-- ARGV: prefix, key hash, limit, window ms, unique member
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local a = auth_call(ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], now)
return a
