/**
 * The admin command line's webhook commands: register (secret printed once), list
 * without secrets, rotate, disable/enable, log, remove; and every refusal with its exit code.
 */
import type { Redis } from 'ioredis';
import { connectRedis, createAccounts, createWebhooks, whenReady } from '@listings/store';
import { createKeys } from '@listings/store/testing';
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import { runAdminInline } from '../support/commands.ts';

let redis: Redis;
const prefix = uniquePrefix('admin-wh');
let account: string;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
  account = (await createAccounts(redis, prefix).create('hooks', 'pro')).id;
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

async function adminWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string; json: Record<string, unknown> }> {
  const { code, stdout, stderr } = await runAdminInline(args, { REDIS_URL: testRedisUrl(), KEY_PREFIX: prefix, LISTINGS_LOCAL_DIR: '/nonexistent', ...env });
  return { code, stdout, stderr, json: args.includes('--json') && code === 0 ? (JSON.parse(stdout) as Record<string, unknown>) : {} };
}

const admin = (...args: string[]): ReturnType<typeof adminWith> => adminWith({}, ...args);

test('register, list, rotate, disable, enable, log and remove an endpoint', async () => {
  const added = await admin('webhooks', 'add', account, 'https://hooks.example.com/listings', '--events', 'job.settled', '--json');
  expect(added.code).toBe(0);
  const endpoint = added.json.endpoint as { id: string; secret: string; events: string[]; mode: string; enabled: boolean };
  expect(endpoint).toMatchObject({ events: ['job.settled'], mode: 'live', enabled: true });
  expect(endpoint.secret).toMatch(/^whsec_/u);

  const text = await admin('webhooks', 'list', account);
  expect(text.stdout).toContain(endpoint.id);
  expect(text.stdout).toContain('https://hooks.example.com/listings');
  expect(text.stdout).not.toContain(endpoint.secret);
  const listed = await admin('webhooks', 'list', account, '--json');
  expect(JSON.stringify(listed.json)).not.toContain('secret');
  expect((await admin('webhooks', 'list', account, '--sandbox')).stdout).toContain('No sandbox webhook endpoints');

  const rotated = await admin('webhooks', 'rotate', account, endpoint.id, '--json');
  const fresh = (rotated.json.endpoint as { secret: string }).secret;
  expect(fresh).toMatch(/^whsec_/u);
  expect(fresh).not.toBe(endpoint.secret);
  const stored = await createWebhooks(redis, createKeys(prefix), { maxEndpoints: 10 }).get(account, 'live', endpoint.id);
  expect(stored!.secret).toBe(fresh);

  expect((await admin('webhooks', 'disable', account, endpoint.id)).stdout).toContain('is disabled');
  expect((await admin('webhooks', 'list', account, '--json')).json.endpoints).toEqual([expect.objectContaining({ id: endpoint.id, enabled: false })]);
  expect((await admin('webhooks', 'enable', account, endpoint.id)).stdout).toContain('is enabled');
  expect((await admin('webhooks', 'log', account, endpoint.id)).stdout).toContain('No delivery attempts');

  expect((await admin('webhooks', 'remove', account, endpoint.id)).code).toBe(0);
  expect((await admin('webhooks', 'list', account)).stdout).toContain('No live webhook endpoints');
});

test('refusals: bad URLs, events, unknown accounts and endpoints', async () => {
  expect(await admin('webhooks', 'add', account, 'http://hooks.example.com/x')).toMatchObject({ code: 2 });
  expect(await admin('webhooks', 'add', account, 'https://10.0.0.5/x')).toMatchObject({ code: 2 });
  expect(await admin('webhooks', 'add', account, 'not a url')).toMatchObject({ code: 2 });
  expect(await admin('webhooks', 'add', account, 'https://hooks.example.com/x', '--events', 'job.done')).toMatchObject({ code: 2, stderr: expect.stringContaining('--events') });
  expect(await admin('webhooks', 'add', account, 'https://hooks.example.com/x', '--events', 'job.settled,job.settled')).toMatchObject({ code: 2 });
  expect(await admin('webhooks', 'add', 'acct_nope', 'https://hooks.example.com/x')).toMatchObject({ code: 1, stderr: expect.stringContaining('no account') });
  expect(await admin('webhooks', 'remove', account, 'we_nope')).toMatchObject({ code: 1, stderr: expect.stringContaining('no live webhook endpoint we_nope') });
  expect(await admin('webhooks', 'log', account)).toMatchObject({ code: 2 });
  expect(await admin('webhooks', 'list', account, '--events', 'job.settled')).toMatchObject({ code: 2, stderr: expect.stringContaining('--events does not apply') });
  expect(await admin('webhooks')).toMatchObject({ code: 2, stderr: expect.stringContaining('webhooks needs a subcommand') });
  // Sandbox endpoints may be plain http to 127.0.0.1 only where the operator allows it (WEBHOOK_SANDBOX_LOOPBACK), never live ones.
  expect(await admin('webhooks', 'add', account, 'http://127.0.0.1:9/hook', '--sandbox')).toMatchObject({ code: 2, stderr: expect.stringContaining('url must be https://.') });
  expect(await admin('webhooks', 'add', account, 'https://[::ffff:7f00:1]/hook', '--sandbox')).toMatchObject({ code: 2, stderr: expect.stringContaining('private, loopback') });
  expect(await admin('webhooks', 'add', account, 'https://169.254.169.254/hook', '--sandbox')).toMatchObject({ code: 2 });
  const allowed = { WEBHOOK_SANDBOX_LOOPBACK: 'true' };
  expect(await adminWith(allowed, 'webhooks', 'add', account, 'http://127.0.0.1:9/hook', '--sandbox')).toMatchObject({ code: 0 });
  expect(await adminWith(allowed, 'webhooks', 'add', account, 'http://127.0.0.1:9/hook')).toMatchObject({ code: 2 });
});
