-- One search call in one round trip: authenticate the key and count the call (auth.lua), then
-- record the search (submit.lua) for the account the key belongs to, with its plan's allowance
-- and pending cap. Nothing is recorded unless the key is valid, the account active and the
-- call within the rate limit; past the deadline nothing at all is written.
-- ARGV: 1-22 as submit.lua's, except 3 (account), 11 (fingerprint) and 13 (pending cap), which
--   come from the key here: 11 is the fingerprint without its mode, 12 the sandbox allowance
--   (live keys take their plan's); 23 key hash, 24 rate limit, 25 window ms, 26.. the plans as
--   triples (name, live allowance, pending cap), the first one the default. The call's member
--   in the rate-limit window is its job id (ARGV[4]): a resent call is counted once.
-- Returns the auth answer (as auth.lua's, padded to 8 entries) followed by submit.lua's answer
--   when the call was 'ok' ('mismatch' in place of 'ok' when the key's kind is not ARGV[2]:
--   the call was counted, nothing recorded); {'expired'} past the deadline.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local deadline = tonumber(ARGV[22]) or 0
if deadline > 0 and now > deadline then return {'expired'} end

local a, extra = auth_call(ARGV[1], ARGV[23], tonumber(ARGV[24]), tonumber(ARGV[25]), ARGV[4], now, true, 'extra_' .. ARGV[2])
local out = {a[1], a[2] or '', a[3] or '', a[4] or '', a[5] or '', a[6] or 0, a[7] or 0, a[8] or ''}
if a[1] ~= 'ok' then return out end

local mode, plan = a[3], a[4]
-- The caller chose the mode's daily limit and collectability from the key's text: a key
-- stored with another kind (never issued so) is answered by the caller in two steps.
if mode ~= ARGV[2] then
  out[1] = 'mismatch'
  return out
end
local allowance, cap = ARGV[27], ARGV[28]
for i = 26, #ARGV, 3 do
  if ARGV[i] == plan then
    allowance, cap = ARGV[i + 1], ARGV[i + 2]
    break
  end
end
ARGV[3] = a[2]
ARGV[11] = mode .. '|' .. ARGV[11]
if mode == 'live' then ARGV[12] = allowance end
ARGV[13] = cap
-- The resend check (an EXISTS in submit_call) runs on every call, even when the rate limit just
-- counted this job id for the first time: that proves no earlier run only while the earlier
-- run's entry is still in the window, and a resend whose entry left it (a Redis clock far behind
-- the api's) must still be answered as the job it recorded, never charged again.
local r = submit_call(ARGV, now, extra)
for i = 1, #r do out[8 + i] = r[i] end
return out
