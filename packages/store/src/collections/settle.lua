-- Settle one collection and every job waiting on it, exactly once: store the result, fill the
-- 15-minute cache, charge each complete job (allowance first, then extra requests) or release
-- its reservation, free the single-flight and queue-depth slots, and publish the settled jobs
-- (`<job>,<job>|<result id>` when complete: a woken poll reads its job and result at once).
-- A second call for the same collection (a job run twice) changes nothing.
-- ARGV: 1 prefix, 2 collection id, 3 outcome ('complete'|'failed'), 4 result id,
--       5 result JSON, 6 hidden JSON, 7 error code, 8 cache ttl ms, 9 record ttl ms,
--       10 cursor state key ('' = none), 11 cursor state JSON
-- Returns the settled job ids ({} when it was already settled or unknown).
local p, id, outcome, rid = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local cacheTtl, ttl = tonumber(ARGV[8]), tonumber(ARGV[9])
local c = p .. 'coll:' .. id
local meta = redis.call('HMGET', c, 'status', 'mode', 'token', 'pid')
if meta[1] ~= 'pending' then return {} end
local mode, token, pid = meta[2], meta[3], meta[4]
-- The first write frees memory (ZREM is not refused under OOM): once a script has written,
-- Redis lets it finish even past maxmemory, so work already accepted settles (and is charged
-- or released) when Redis is full, instead of staying pending until memory returns.
redis.call('ZREM', p .. 'open', id)
redis.call('ZREM', p .. 'unqueued', id)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

redis.call('HSET', c, 'status', outcome, 'settled', now, 'error', ARGV[7])
if outcome == 'complete' then
  redis.call('SET', p .. 'result:' .. rid, ARGV[5], 'PX', ttl)
  redis.call('SET', p .. 'result:' .. rid .. ':hidden', ARGV[6], 'PX', ttl)
  redis.call('SET', p .. 'cache:' .. mode .. ':' .. pid, rid, 'PX', cacheTtl)
  if ARGV[10] ~= '' then redis.call('SET', p .. 'cstate:' .. ARGV[10], ARGV[11], 'PX', ttl) end
end

local jobs = redis.call('SMEMBERS', c .. ':jobs')
for _, job in ipairs(jobs) do
  local jk = p .. 'job:' .. job
  local j = redis.call('HMGET', jk, 'account', 'allowance', 'batch')
  local acct = j[1]
  if acct then
    redis.call('ZREM', p .. 'pending:' .. acct .. ':' .. mode, job)
    if outcome == 'complete' then
      redis.call('HSET', jk, 'status', 'complete', 'credits', '1', 'result', rid, 'settled', now)
      charge(p, acct, mode, now, tonumber(j[2] or '0'))
    else
      redis.call('HSET', jk, 'status', 'failed', 'error', ARGV[7], 'settled', now)
    end
    redis.call('PEXPIRE', jk, ttl)
    -- Webhook outbox: only accounts with endpoints pay for it (keys.ts `events`).
    if redis.call('EXISTS', p .. 'wh:acct:' .. acct) == 1 then
      redis.call('XADD', p .. 'events', 'MAXLEN', '~', 1000000, '*', 'job', job, 'acct', acct, 'mode', mode, 'batch', j[3] or '')
    end
    if j[3] and j[3] ~= '' then
      redis.call('PUBLISH', p .. 'settled', 'b:' .. j[3])
    end
  end
end

local flight = p .. 'inflight:' .. mode .. ':' .. pid
if redis.call('GET', flight) == id then redis.call('DEL', flight) end
redis.call('DECR', p .. 'qdepth:' .. mode .. ':' .. token)
-- A settled collection is read only by a late run of its queue job (which then does nothing),
-- never by the jobs' readers: kept as long as BullMQ keeps its completed job (15 minutes).
local collTtl = math.min(ttl, 900000)
redis.call('PEXPIRE', c, collTtl)
redis.call('PEXPIRE', c .. ':jobs', collTtl)
if #jobs > 0 then
  local msg = table.concat(jobs, ',')
  if outcome == 'complete' then msg = msg .. '|' .. rid end
  redis.call('PUBLISH', p .. 'settled', msg)
end
return jobs
