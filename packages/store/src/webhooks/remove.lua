-- Deletes one endpoint of the mode with its log and circuit.
-- KEYS: endpoints hash, account hash, log, circuit. ARGV: id, mode. Returns 1, or 0 when none.
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw or cjson.decode(raw).mode ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[3], KEYS[4])
clear_warning_if_healthy()
return 1
