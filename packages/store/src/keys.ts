/**
 * @module keys
 * Every Redis key of the data model, in one place. All keys start with the store's prefix so
 * that several deployments or test suites share one Redis without touching each other.
 *
 * | key                                   | type   | holds                                            |
 * |---------------------------------------|--------|--------------------------------------------------|
 * | acct:<id>                             | hash   | account: name, plan, status, origins, extra_<mode>, charged_<mode> |
 * | acct:<id>:keys                        | hash   | key id → JSON {hash, kind, created, label}       |
 * | accounts                              | set    | account ids                                      |
 * | key:<sha256>                          | hash   | account, kind (live/sandbox), key id             |
 * | rl:<account>                          | zset   | calls of the last 60 s, scored by time (rate limit; a search's member is its job id) |
 * | ledger:<account>:<mode>               | hash   | charges per hour (`<hour>` → n), `t` their sum, `o` first hour held: rolling 30 days (ledger.lua) |
 * | usage:<account>:<mode>                | zset   | (before the ledger) charged job ids by time; folded into the ledger on first use |
 * | pending:<account>:<mode>              | zset   | pending job ids (reservations, pending cap)      |
 * | idem:<account>:<key hash>             | hash   | fingerprint + job/batch id, 24 h                 |
 * | job:<id>                              | hash   | job record, kept 24 h after settling             |
 * | coll:<id>, coll:<id>:jobs             | hash, set | one collection (single flight) and its jobs   |
 * | inflight:<mode>:<page identity>       | string | the collection running for that search page      |
 * | cache:<mode>:<page identity>          | string | result id, 15 minutes                            |
 * | result:<rid>, result:<rid>:hidden     | string | result JSON and facts kept for summaries, 24 h   |
 * | cstate:<key>                          | string | adapter state behind a cursor, 24 h              |
 * | qdepth:<mode>:<token>                 | string | collections queued or running (backpressure)     |
 * | upstream:<mode>:<token>:<day>         | string | upstream fetches today (daily limit)             |
 * | unqueued                              | zset   | collections recorded but not yet on the queue    |
 * | open                                  | zset   | collections not yet settled, by creation time    |
 * | batch:<id>                            | hash   | batch: account, mode, created, fp, total, lease; pending (decremented by settle.lua, not read) |
 * | batch:<id>:items                      | list   | item JSON in index order: endpoint, q, job id, search |
 * | batch:<id>:out                        | hash   | index → how the item was submitted (job, rejected:<code>, not_submitted) |
 * | batch:<id>:facts                      | hash   | index → rows and summary of a complete item      |
 * | settled                               | channel| job ids (`|<result id>` when complete; `b:<batch>`) as they settle |
 * | wh:acct:<account>                     | hash   | webhook endpoint id → JSON (url, mode, events, secret, state) |
 * | wh:log:<endpoint>                     | list   | the endpoint's last 50 delivery attempts, 7 days |
 * | wh:acct:<account>:circ:<endpoint>     | hash   | the endpoint's circuit breaker: fails, open_until, probe, probe_until (shared by all workers) |
 * | wh:acct:<account>:busy                | zset   | the account's deliveries in flight (delivery id → lease end, ms) |
 * | wh:acct:<account>:busy:<endpoint>     | zset   | the endpoint's deliveries in flight (delivery id → lease end, ms) |
 * | wh:acct:<account>:dlv:<delivery id>   | hash   | a delivery's attempts begun (`n`) and deferrals in a row (`d`), for its retry window |
 * | wh:acct:<account>:done:<delivery id>  | string | a delivery that reached its endpoint, 24 h (its BullMQ job is removed once complete) |
 * | events                                | stream | webhook outbox: a job of an account with endpoints settled (settle.lua) |
 * | wat:<id>, wat:<id>:runs(:order), wat:<id>:seen(:at), wat:acct:<account>:<mode>, wat:sched | | watches: made by watches.ts (its table) |
 */
export interface Keys {
  prefix: string;
  account(id: string): string;
  accountKeys(id: string): string;
  accounts(): string;
  apiKey(hash: string): string;
  job(id: string): string;
  coll(id: string): string;
  collJobs(id: string): string;
  result(rid: string): string;
  resultHidden(rid: string): string;
  cursorState(key: string): string;
  queueDepth(mode: string, token: string): string;
  unqueued(): string;
  open(): string;
  pending(account: string, mode: string): string;
  usage(account: string, mode: string): string;
  ledger(account: string, mode: string): string;
  batch(id: string): string;
  batchItems(id: string): string;
  batchOutcomes(id: string): string;
  batchFacts(id: string): string;
  idempotency(account: string, keyHash: string): string;
  settledChannel(): string;
  webhookEndpoints(account: string): string;
  webhookLog(endpoint: string): string;
  webhookCircuit(account: string, endpoint: string): string;
  webhookBusy(account: string): string;
  webhookEndpointBusy(account: string, endpoint: string): string;
  webhookDelivery(account: string, deliveryId: string): string;
  webhookDelivered(account: string, deliveryId: string): string;
  events(): string;
}

export function createKeys(prefix: string): Keys {
  return {
    prefix,
    account: (id) => `${prefix}acct:${id}`,
    accountKeys: (id) => `${prefix}acct:${id}:keys`,
    accounts: () => `${prefix}accounts`,
    apiKey: (hash) => `${prefix}key:${hash}`,
    job: (id) => `${prefix}job:${id}`,
    coll: (id) => `${prefix}coll:${id}`,
    collJobs: (id) => `${prefix}coll:${id}:jobs`,
    result: (rid) => `${prefix}result:${rid}`,
    resultHidden: (rid) => `${prefix}result:${rid}:hidden`,
    cursorState: (key) => `${prefix}cstate:${key}`,
    queueDepth: (mode, token) => `${prefix}qdepth:${mode}:${token}`,
    unqueued: () => `${prefix}unqueued`,
    open: () => `${prefix}open`,
    pending: (account, mode) => `${prefix}pending:${account}:${mode}`,
    usage: (account, mode) => `${prefix}usage:${account}:${mode}`,
    ledger: (account, mode) => `${prefix}ledger:${account}:${mode}`,
    batch: (id) => `${prefix}batch:${id}`,
    batchItems: (id) => `${prefix}batch:${id}:items`,
    batchOutcomes: (id) => `${prefix}batch:${id}:out`,
    batchFacts: (id) => `${prefix}batch:${id}:facts`,
    idempotency: (account, keyHash) => `${prefix}idem:${account}:${keyHash}`,
    settledChannel: () => `${prefix}settled`,
    webhookEndpoints: (account) => `${prefix}wh:acct:${account}`,
    webhookLog: (endpoint) => `${prefix}wh:log:${endpoint}`,
    webhookCircuit: (account, endpoint) => `${prefix}wh:acct:${account}:circ:${endpoint}`,
    webhookBusy: (account) => `${prefix}wh:acct:${account}:busy`,
    webhookEndpointBusy: (account, endpoint) => `${prefix}wh:acct:${account}:busy:${endpoint}`,
    webhookDelivery: (account, deliveryId) => `${prefix}wh:acct:${account}:dlv:${deliveryId}`,
    webhookDelivered: (account, deliveryId) => `${prefix}wh:acct:${account}:done:${deliveryId}`,
    events: () => `${prefix}events`,
  };
}
