-- Compares a run's rows with those the watch has seen, once per run: a row not seen before is
-- new (reported from the second run on, or on the first when ARGV[5] is '1'), a row seen with a
-- higher price than now is cheaper; only rows that pass the rules are reported. Every row is
-- recorded as seen (with its price now), rows unseen for ARGV[3] ms and the oldest beyond
-- ARGV[4] are forgotten. A run whose period is older than one already compared (it finished
-- late) compares nothing. What was found is kept with the run (`<period>:m`), so a run resumed
-- after a crash gets the same answer.
-- KEYS: watch, runs, seen, seen at. ARGV: 1 period, 2 now ms, 3 retention ms, 4 most rows kept,
-- 5 notify on the first run, 6 n, then n triples: id, cents ('' = none), passes ('1'/'0').
-- Returns {'gone'} | {kind, found} where kind is baseline|applied|superseded and found is
-- lines `new\t<id>\t` / `drop\t<id>\t<previous cents>`.
if redis.call('EXISTS', KEYS[1]) == 0 then return {'gone'} end
local mkey = ARGV[1] .. ':m'
local stored = redis.call('HGET', KEYS[2], mkey)
if stored then
  local nl = string.find(stored, '\n', 1, true)
  return {string.sub(stored, 1, nl - 1), string.sub(stored, nl + 1)}
end
local st = redis.call('HMGET', KEYS[1], 'applied_period', 'baselined')
local period = tonumber(ARGV[1])
local kind = 'applied'
local out = {}
if period < (tonumber(st[1]) or 0) then
  kind = 'superseded'
else
  local report = st[2] == '1' or ARGV[5] == '1'
  if st[2] ~= '1' then kind = 'baseline' end
  local now = tonumber(ARGV[2])
  local n = tonumber(ARGV[6])
  for i = 0, n - 1 do
    local id, cents, passes = ARGV[7 + i * 3], ARGV[8 + i * 3], ARGV[9 + i * 3]
    local prev = redis.call('HGET', KEYS[3], id)
    if not prev then
      if report and passes == '1' then out[#out + 1] = 'new\t' .. id .. '\t' end
    elseif cents ~= '' and prev ~= '' and tonumber(cents) < tonumber(prev) then
      if passes == '1' then out[#out + 1] = 'drop\t' .. id .. '\t' .. prev end
    end
    redis.call('HSET', KEYS[3], id, cents)
    redis.call('ZADD', KEYS[4], now, id)
  end
  local function forget(ids)
    for i = 1, #ids, 500 do
      local chunk = {unpack(ids, i, math.min(i + 499, #ids))}
      redis.call('HDEL', KEYS[3], unpack(chunk))
      redis.call('ZREM', KEYS[4], unpack(chunk))
    end
  end
  forget(redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', '(' .. (now - tonumber(ARGV[3]))))
  local over = redis.call('ZCARD', KEYS[4]) - tonumber(ARGV[4])
  if over > 0 then forget(redis.call('ZRANGE', KEYS[4], 0, over - 1)) end
  redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[3]))
  redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[3]))
  redis.call('HSET', KEYS[1], 'applied_period', ARGV[1], 'baselined', '1')
end
local text = table.concat(out, '\n')
redis.call('HSET', KEYS[2], mkey, kind .. '\n' .. text)
return {kind, text}
