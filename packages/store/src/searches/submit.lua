-- Record one search call atomically (a function: submit-main.lua calls it alone, search.lua
-- after authenticating the key in the same script): idempotency, cache hit (charge), quota with pending
-- reservations, pending cap, daily upstream limit, queue-full backpressure, single-flight
-- collection, pending job. Nothing is written unless the call is accepted.
-- A (the arguments, as ARGV of submit-main.lua): 1 prefix, 2 mode, 3 account, 4 job id, 5 route, 6 q, 7 page, 8 page identity,
--       9 token, 10 idempotency key hash ('' = none), 11 fingerprint, 12 allowance,
--       13 pending cap, 14 daily limit (-1 = none), 15 queue max (-1 = none),
--       16 collection id, 17 search JSON, 18 record ttl ms, 19 batch id ('' = none),
--       20 collection possible ('1' | '0': a miss answers 'unavailable'),
--       21 body read by the caller ('1': a hit returns '' for the result JSON; the caller GETs
--          `result:<rid>` itself, because reading 35 KB into Lua costs more than the script),
--       22 deadline (ms since epoch; 0 = none): past it the script changes nothing and returns
--          {'expired'}, so a call its caller stopped waiting for is never recorded or charged
-- `extra` (search.lua): the account's extra requests of the mode, when the caller has read them
-- already.
-- Returns {'expired'} | {'resent', job} | {'conflict'} | {'replay', job} | {'quota_exceeded'} | {'too_many_pending'} |
--   {'daily_limit'} | {'queue_full'} | {'unavailable'} | {'hit', job, result JSON, rid} |
--   {'miss', job, coll, new(0|1)}
local function submit_call(A, now, extra)
  local p, mode, acct, job = A[1], A[2], A[3], A[4]
  local route, q, page, pid, token = A[5], A[6], A[7], A[8], A[9]
  local idem, fp = A[10], A[11]
  local allowance, cap = tonumber(A[12]), tonumber(A[13])
  local daily, qmax = tonumber(A[14]), tonumber(A[15])
  local coll, search, ttl, batch = A[16], A[17], tonumber(A[18]), A[19]
  local collectable = A[20] == '1'
  local bodyElsewhere = A[21] == '1'
  local deadline = tonumber(A[22]) or 0
  local DAY = 86400000

  if deadline > 0 and now > deadline then return {'expired'} end
  -- The same call sent again (ioredis resends a command whose answer a dropped connection
  -- lost): its job id is already recorded, so it changes nothing and answers that job.
  if redis.call('EXISTS', p .. 'job:' .. job) == 1 then return {'resent', job} end

  local idemKey = p .. 'idem:' .. acct .. ':' .. idem
  if idem ~= '' then
    local rec = redis.call('HMGET', idemKey, 'fp', 'job')
    if rec[1] then
      if rec[1] ~= fp then return {'conflict'} end
      return {'replay', rec[2]}
    end
  end

  local pending = p .. 'pending:' .. acct .. ':' .. mode
  local acctKey = p .. 'acct:' .. acct
  local used = ledger_count(p, acct, mode, now)
  local held = redis.call('ZCARD', pending)
  if extra == nil then extra = redis.call('HGET', acctKey, 'extra_' .. mode) end
  extra = tonumber(extra or '0')
  if used + held >= allowance + extra then return {'quota_exceeded'} end

  local jobKey = p .. 'job:' .. job
  local function remember()
    if idem ~= '' then
      redis.call('HSET', idemKey, 'fp', fp, 'job', job)
      redis.call('PEXPIRE', idemKey, DAY)
    end
  end

  local cacheKey = p .. 'cache:' .. mode .. ':' .. pid
  local rid = redis.call('GET', cacheKey)
  if rid then
    local body = ''
    -- The result's time to live tells whether it exists (-2: gone) and whether it must be extended.
    local left = redis.call('PTTL', p .. 'result:' .. rid)
    if left == -2 then
      body = false
    elseif not bodyElsewhere then
      body = redis.call('GET', p .. 'result:' .. rid)
    end
    if body then
      -- A compact record: a hit is settled when created, and a single search has no batch.
      if batch == '' then
        redis.call('HSET', jobKey, 'account', acct, 'mode', mode, 'route', route, 'q', q, 'page', page,
          'status', 'complete', 'cached', '1', 'credits', '1', 'result', rid, 'created', now)
      else
        redis.call('HSET', jobKey, 'account', acct, 'mode', mode, 'route', route, 'q', q, 'page', page,
          'status', 'complete', 'cached', '1', 'credits', '1', 'result', rid, 'created', now, 'batch', batch)
      end
      redis.call('PEXPIRE', jobKey, ttl)
      -- The result must outlive this job's record. Extending it by an hour more than needed,
      -- and only when it would expire sooner, spares most hits two writes (and their AOF).
      if left < ttl then
        redis.call('PEXPIRE', p .. 'result:' .. rid, ttl + 3600000)
        redis.call('PEXPIRE', p .. 'result:' .. rid .. ':hidden', ttl + 3600000)
      end
      charge(p, acct, mode, now, allowance, used)
      remember()
      return {'hit', job, body, rid}
    end
  end

  if not collectable then return {'unavailable'} end
  if held >= cap then return {'too_many_pending'} end
  if daily >= 0 then
    local day = math.floor(now / DAY)
    local n = tonumber(redis.call('GET', p .. 'upstream:' .. mode .. ':' .. token .. ':' .. day) or '0')
    if n >= daily then return {'daily_limit'} end
  end

  local flightKey = p .. 'inflight:' .. mode .. ':' .. pid
  local existing = redis.call('GET', flightKey)
  local new = 0
  if existing then
    coll = existing
  else
    local depthKey = p .. 'qdepth:' .. mode .. ':' .. token
    if qmax >= 0 and tonumber(redis.call('GET', depthKey) or '0') >= qmax then return {'queue_full'} end
    redis.call('HSET', p .. 'coll:' .. coll, 'status', 'pending', 'mode', mode, 'token', token, 'route', route,
      'pid', pid, 'search', search, 'created', now)
    redis.call('SET', flightKey, coll)
    redis.call('INCR', depthKey)
    redis.call('ZADD', p .. 'unqueued', now, coll)
    redis.call('ZADD', p .. 'open', now, coll)
    new = 1
  end
  redis.call('SADD', p .. 'coll:' .. coll .. ':jobs', job)
  redis.call('HSET', jobKey, 'account', acct, 'mode', mode, 'route', route, 'q', q, 'page', page,
    'status', 'pending', 'cached', '0', 'credits', '0', 'coll', coll, 'allowance', allowance,
    'created', now, 'batch', batch)
  redis.call('PEXPIRE', jobKey, ttl)
  redis.call('ZADD', pending, now, job)
  redis.call('PEXPIRE', pending, ttl)
  remember()
  return {'miss', job, coll, new}
end
