-- Changes one endpoint of the mode in place: `rotate` (ARGV[4] is the new secret), `enable`
-- (also clears the failure state and, when nothing else is disabled, the warning) or `disable`.
-- KEYS: endpoints hash, account hash. ARGV: id, mode, op, value. Returns the new JSON, or false.
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
local e = cjson.decode(raw)
if e.mode ~= ARGV[2] then return false end
if ARGV[3] == 'rotate' then
  e.secret = ARGV[4]
elseif ARGV[3] == 'enable' then
  e.enabled = true
  e.failing_since = cjson.null
  e.disabled_reason = cjson.null
elseif ARGV[3] == 'disable' then
  e.enabled = false
else
  return redis.error_reply('unknown endpoint change')
end
local out = cjson.encode(e)
redis.call('HSET', KEYS[1], ARGV[1], out)
if ARGV[3] == 'enable' then clear_warning_if_healthy() end
return out
