-- Record how items of a batch were submitted and renew (or end) the submitter's lease, in one
-- step. Outcomes: 'job' (a job exists under the item's request id), 'rejected:<code>',
-- 'not_submitted'. While the lease runs, items without an outcome or job read as pending;
-- once it has lapsed (the submitter crashed) they read as failed `not_submitted`.
-- ARGV: 1 prefix, 2 batch id, 3 lease ms (0 = the submitter finished), 4.. index, outcome pairs
-- Returns 1, or 0 when the batch no longer exists.
local p, id, lease = ARGV[1], ARGV[2], tonumber(ARGV[3])
local bk = p .. 'batch:' .. id
local ttl = redis.call('PTTL', bk)
if ttl <= 0 then return 0 end
local out = bk .. ':out'
for i = 4, #ARGV, 2 do
  redis.call('HSET', out, ARGV[i], ARGV[i + 1])
end
if #ARGV >= 4 then redis.call('PEXPIRE', out, ttl) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', bk, 'lease', lease > 0 and (now + lease) or 0)
return 1
