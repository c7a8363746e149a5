-- Charges one completed search to its account: against the rolling 30-day allowance while it
-- lasts (the ledger, ledger.lua), else one extra request. Prepended with ledger.lua to
-- submit.lua (cache hits) and settle.lua (collections) when they are loaded, so both charge
-- the same way. `used`: the ledger's count when the caller has just read it (submit), else nil.
local function charge(p, acct, mode, now, allowance, used)
  local acctKey = p .. 'acct:' .. acct
  if used == nil then used = ledger_count(p, acct, mode, now) end
  if used < allowance then
    ledger_add(p, acct, mode, now)
  else
    redis.call('HINCRBY', acctKey, 'extra_' .. mode, -1)
    redis.call('HINCRBY', acctKey, 'extra_used_' .. mode, 1)
  end
  redis.call('HINCRBY', acctKey, 'charged_' .. mode, 1)
end
