-- Records an attempt's outcome on the endpoint: success clears `failing_since`; a failure sets
-- it if unset and disables the endpoint once it is older than ARGV[3] ms, setting the account's
-- warning. Returns 1 when this call disabled it.
-- KEYS: endpoints hash, account hash. ARGV: endpoint id, ok (1/0), disable after ms, reason.
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local e = cjson.decode(raw)
local disabled = 0
if ARGV[2] == '1' then
  e.failing_since = cjson.null
else
  if e.failing_since == nil or e.failing_since == cjson.null then e.failing_since = now end
  if e.enabled and now - e.failing_since >= tonumber(ARGV[3]) then
    e.enabled = false
    e.disabled_reason = ARGV[4]
    redis.call('HSET', KEYS[2], 'webhook_warning', 'webhook endpoint ' .. ARGV[1] .. ' was disabled: ' .. ARGV[4])
    disabled = 1
  end
end
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e))
return disabled
