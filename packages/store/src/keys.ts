/**
 * @module keys
 * Every Redis key of the data model, in one object: each store part's keys are listed, with
 * their type and lifetime, in the keys.ts beside it (accounts/, ledger/, searches/,
 * collections/, results/, upstream/, batches/, watches/); the webhooks' are below. All keys
 * start with the store's prefix so that several deployments or test suites share one Redis
 * without touching each other.
 *
 * | key                                   | type   | holds                                            |
 * |---------------------------------------|--------|--------------------------------------------------|
 * | wh:acct:<account>                     | hash   | webhook endpoint id → JSON (url, mode, events, secret, state) |
 * | wh:log:<endpoint>                     | list   | the endpoint's last 50 delivery attempts, 7 days |
 * | wh:acct:<account>:circ:<endpoint>     | hash   | the endpoint's circuit breaker: fails, open_until, probe, probe_until (shared by all workers) |
 * | wh:acct:<account>:busy                | zset   | the account's deliveries in flight (delivery id → lease end, ms) |
 * | wh:acct:<account>:busy:<endpoint>     | zset   | the endpoint's deliveries in flight (delivery id → lease end, ms) |
 * | wh:acct:<account>:dlv:<delivery id>   | hash   | a delivery's attempts begun (`n`) and deferrals in a row (`d`), for its retry window |
 * | wh:acct:<account>:done:<delivery id>  | string | a delivery that reached its endpoint, 24 h (its BullMQ job is removed once complete) |
 * | events                                | stream | webhook outbox: a job of an account with endpoints settled (settle.lua) |
 */
import { accountKeys } from './accounts/keys.ts';
import { batchKeys } from './batches/keys.ts';
import { collectionKeys } from './collections/keys.ts';
import { ledgerKeys } from './ledger/keys.ts';
import { resultKeys } from './results/keys.ts';
import { searchKeys } from './searches/keys.ts';
import { upstreamKeys } from './upstream/keys.ts';

export type Keys = ReturnType<typeof createKeys>;

export function createKeys(prefix: string) {
  return {
    prefix,
    ...accountKeys(prefix),
    ...ledgerKeys(prefix),
    ...searchKeys(prefix),
    ...collectionKeys(prefix),
    ...resultKeys(prefix),
    ...upstreamKeys(prefix),
    ...batchKeys(prefix),
    webhookEndpoints: (account: string) => `${prefix}wh:acct:${account}`,
    webhookLog: (endpoint: string) => `${prefix}wh:log:${endpoint}`,
    webhookCircuit: (account: string, endpoint: string) => `${prefix}wh:acct:${account}:circ:${endpoint}`,
    webhookBusy: (account: string) => `${prefix}wh:acct:${account}:busy`,
    webhookEndpointBusy: (account: string, endpoint: string) => `${prefix}wh:acct:${account}:busy:${endpoint}`,
    webhookDelivery: (account: string, deliveryId: string) => `${prefix}wh:acct:${account}:dlv:${deliveryId}`,
    webhookDelivered: (account: string, deliveryId: string) => `${prefix}wh:acct:${account}:done:${deliveryId}`,
    events: () => `${prefix}events`,
  };
}
