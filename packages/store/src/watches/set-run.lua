-- Replaces a run's record, only while the watch exists and the run's status is ARGV[3] (so a
-- run finished by one worker is never reopened by another that resumed it).
-- KEYS: watch, runs. ARGV: period, new JSON, expected status. Returns 1, or 0.
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cur = redis.call('HGET', KEYS[2], ARGV[1])
if not cur then return 0 end
if cjson.decode(cur).status ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
