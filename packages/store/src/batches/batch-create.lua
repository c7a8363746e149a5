-- Record a batch and all its items in one step, before any item is handed to collection
-- (crash-safe creation, decisions.md "Batches"), or answer the batch already recorded under
-- the same Idempotency-Key. Nothing is written on a conflict or a replay.
-- ARGV: 1 prefix, 2 account, 3 mode, 4 batch id, 5 idempotency key hash ('' = none),
--       6 fingerprint of the expanded searches, 7 record ttl ms, 8 lease ms, 9 deadline (ms since
--       epoch, 0 = none: past it nothing is written), 10.. item JSON (one per item, in index order)
-- Returns {'created', batch id} | {'replay', batch id} | {'conflict'} | {'expired'}
local p, acct, mode, id, idem, fp = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local ttl, lease = tonumber(ARGV[7]), tonumber(ARGV[8])
local deadline = tonumber(ARGV[9]) or 0
local FIRST_ITEM = 10
do
  local t = redis.call('TIME')
  if deadline > 0 and tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > deadline then return {'expired'} end
end

-- The same call sent again (ioredis resends a command whose answer a dropped connection lost):
-- the batch is recorded already; recording its items twice would double them.
if redis.call('EXISTS', p .. 'batch:' .. id) == 1 then return {'created', id} end

local idemKey = p .. 'idem:' .. acct .. ':' .. idem
if idem ~= '' then
  -- The record is shared with the search routes (fields fp + job there): a key used on a
  -- search and then on a batch, or the reverse, is a conflict.
  local rec = redis.call('HMGET', idemKey, 'fp', 'batch')
  if rec[1] then
    if rec[1] == fp and rec[2] then return {'replay', rec[2]} end
    return {'conflict'}
  end
end

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local bk = p .. 'batch:' .. id
local items = bk .. ':items'
local n = #ARGV - (FIRST_ITEM - 1)
redis.call('HSET', bk, 'account', acct, 'mode', mode, 'created', now, 'fp', fp, 'total', n, 'lease', now + lease)
for i = FIRST_ITEM, #ARGV, 100 do
  redis.call('RPUSH', items, unpack(ARGV, i, math.min(i + 99, #ARGV)))
end
redis.call('PEXPIRE', bk, ttl)
redis.call('PEXPIRE', items, ttl)
if idem ~= '' then
  redis.call('HSET', idemKey, 'fp', fp, 'batch', id)
  redis.call('PEXPIRE', idemKey, ttl)
end
return {'created', id}
