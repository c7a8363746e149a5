/**
 * What a delivered webhook leaves in Redis: its BullMQ job is removed once it completes (the
 * job holds the event's body, kilobytes), the deliveries log has the attempt, and a marker of a
 * few bytes kept 24 hours makes the same event queued again (an outbox entry dispatched twice)
 * deliver nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { bullConnection, createWebhooks, queuePrefix } from '@listings/store';
import { jobSettledEvent } from '@listings/webhooks';
import { registerWebhookRoutes } from '../../apps/api/src/routes/webhooks.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

let stack: Stack;
let server: http.Server;
const received: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['listings-event-id']));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerWebhookRoutes], env: { WEBHOOK_SANDBOX_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await stack?.close();
  server?.close();
});

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 20_000; !(await check());) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('a delivered event\'s job is removed, the log and a 24 h marker kept; queued again it is not delivered again', async () => {
  const { account, key } = await stack.newKey();
  const { store } = stack.services;
  const webhooks = createWebhooks(store.redis, store.keys, { maxEndpoints: 10 });
  const endpoint = (await webhooks.create(account, 'sandbox', `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, ['job.settled'], true))!;
  const r = (await (await stack.get('/v1/mkt_a/sold?q=delivered+once', key)).json()) as { request_id: string };
  const eventId = `evt_job_${r.request_id.replace(/^req_/u, '')}`;
  const deliveryId = `${eventId}.${endpoint.id}`;
  await until('delivered', async () => received.includes(eventId));
  await until('logged', async () => (await webhooks.deliveries(endpoint.id)).some((d) => d.event_id === eventId));

  const connection = bullConnection(stack.config.redisUrl, 'delivered-test');
  const queue = new Queue('webhooks', { connection, prefix: queuePrefix(stack.config.keyPrefix) });
  try {
    await until('job removed', async () => (await queue.getJob(deliveryId)) === undefined);
    const marker = store.keys.webhookDelivered(account, deliveryId);
    const ttl = await store.redis.pttl(marker);
    expect(ttl).toBeGreaterThan(23 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await webhooks.notDelivered(account, [deliveryId, `${eventId}.we_other`])).toEqual([`${eventId}.we_other`]);

    // The same event queued again (an outbox entry dispatched twice): nothing queued, nothing delivered.
    const job = (await store.getJob(r.request_id))!;
    await stack.worker!.webhooks.queueEvent!(account, [endpoint.id], jobSettledEvent({ request_id: job.id, status: 'complete', credits: 1, cached: false }, true, new Date()));
    expect(await queue.getJob(deliveryId)).toBeUndefined();
    // A later event to the same endpoint is delivered: by then the repeat would have been too.
    const later = (await (await stack.get('/v1/mkt_a/sold?q=delivered+later', key)).json()) as { request_id: string };
    await until('later delivered', async () => received.includes(`evt_job_${later.request_id.replace(/^req_/u, '')}`));
    expect(received.filter((id) => id === eventId)).toHaveLength(1);
  } finally {
    await queue.close();
    connection.disconnect();
  }
});
