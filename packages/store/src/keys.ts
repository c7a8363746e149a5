/**
 * @module keys
 * Every Redis key of the data model, in one object: each store part's keys are listed, with
 * their type and lifetime, in the keys.ts beside it (accounts/, ledger/, searches/,
 * collections/, results/, upstream/, batches/, watches/, webhooks/). All keys start with the
 * store's prefix so that several deployments or test suites share one Redis without touching
 * each other. The webhooks' keys keep their older names here (webhookEndpoints … events) for
 * the code that reads them on `Keys`; they are made by webhooks/keys.ts.
 */
import { accountKeys } from './accounts/keys.ts';
import { batchKeys } from './batches/keys.ts';
import { collectionKeys } from './collections/keys.ts';
import { ledgerKeys } from './ledger/keys.ts';
import { resultKeys } from './results/keys.ts';
import { searchKeys } from './searches/keys.ts';
import { upstreamKeys } from './upstream/keys.ts';
import { webhookKeys } from './webhooks/keys.ts';

export type Keys = ReturnType<typeof createKeys>;

export function createKeys(prefix: string) {
  const wh = webhookKeys(prefix);
  return {
    prefix,
    ...accountKeys(prefix),
    ...ledgerKeys(prefix),
    ...searchKeys(prefix),
    ...collectionKeys(prefix),
    ...resultKeys(prefix),
    ...upstreamKeys(prefix),
    ...batchKeys(prefix),
    webhookEndpoints: wh.endpoints,
    webhookLog: wh.log,
    webhookCircuit: wh.circuit,
    webhookBusy: wh.accountBusy,
    webhookEndpointBusy: wh.endpointBusy,
    webhookDelivery: wh.delivery,
    webhookDelivered: wh.delivered,
    events: wh.events,
  };
}
