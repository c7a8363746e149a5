-- clear_warning_if_healthy(): clears the account's warning when none of its endpoints is
-- disabled by the service any more, for the scripts that start with it.
-- KEYS[1]: endpoints hash, KEYS[2]: account hash.
local function clear_warning_if_healthy()
  for _, raw in ipairs(redis.call('HVALS', KEYS[1])) do
    local o = cjson.decode(raw)
    if not o.enabled and o.disabled_reason ~= nil and o.disabled_reason ~= cjson.null then return end
  end
  redis.call('HDEL', KEYS[2], 'webhook_warning')
end
