-- The time on Redis's clock, in ms since the epoch: `now` for the scripts that start with it.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
