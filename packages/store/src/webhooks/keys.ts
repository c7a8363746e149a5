/**
 * @module webhooks/keys
 * The Redis keys of webhooks (the rest of the data model's are in ../keys.ts):
 *
 * | key                                   | type   | holds                                                        |
 * |---------------------------------------|--------|--------------------------------------------------------------|
 * | wh:acct:<account>                     | hash   | webhook endpoint id → JSON (url, mode, events, secret, state); its presence makes settle.lua write the outbox |
 * | wh:log:<endpoint>                     | list   | the endpoint's last 50 delivery attempts, 7 days             |
 * | wh:acct:<account>:circ:<endpoint>     | hash   | the endpoint's circuit breaker: fails, open_until, probe, probe_until (shared by all workers) |
 * | wh:acct:<account>:busy                | zset   | the account's deliveries in flight (delivery id → lease end, ms) |
 * | wh:acct:<account>:busy:<endpoint>     | zset   | the endpoint's deliveries in flight (delivery id → lease end, ms) |
 * | wh:acct:<account>:dlv:<delivery id>   | hash   | a delivery's attempts begun (`n`) and deferrals in a row (`d`), for its retry window |
 * | wh:acct:<account>:done:<delivery id>  | string | a delivery that reached its endpoint, 24 h (its BullMQ job is removed once complete) |
 * | events                                | stream | the outbox: a job of an account with endpoints settled (collections/settle.lua writes it) |
 * | acct:<account> `webhook_warning`      | field  | an endpoint of the account was disabled (../keys.ts's account hash) |
 * | idem:<account>:<key hash>             | hash   | a create's Idempotency-Key: `fp` = `webhook_endpoint|<mode>|<body>`, `endpoint` = id (shared with searches and batches) |
 *
 * ../keys.ts's `Keys` carries them under their older names (webhookEndpoints … events), made
 * from this table.
 */
export function webhookKeys(prefix: string) {
  return {
    endpoints: (account: string) => `${prefix}wh:acct:${account}`,
    log: (endpoint: string) => `${prefix}wh:log:${endpoint}`,
    circuit: (account: string, endpoint: string) => `${prefix}wh:acct:${account}:circ:${endpoint}`,
    accountBusy: (account: string) => `${prefix}wh:acct:${account}:busy`,
    endpointBusy: (account: string, endpoint: string) => `${prefix}wh:acct:${account}:busy:${endpoint}`,
    delivery: (account: string, deliveryId: string) => `${prefix}wh:acct:${account}:dlv:${deliveryId}`,
    delivered: (account: string, deliveryId: string) => `${prefix}wh:acct:${account}:done:${deliveryId}`,
    events: () => `${prefix}events`,
  };
}

export type WebhookKeys = ReturnType<typeof webhookKeys>;
