-- Record one search call (submit.lua) for a caller already authenticated.
local t = redis.call('TIME')
return submit_call(ARGV, tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
