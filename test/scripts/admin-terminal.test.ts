/**
 * What the admin command line prints cannot be turned against the operator's terminal or leak
 * a secret: a stored webhook URL and an account name carrying
 * terminal escapes (`ESC [2K` then `\r`, a line break and a forged row, C1 CSI, a right-to-left
 * override, U+2028) are shown with visible escapes inside their own row or line, in tables and
 * in sentences; `--json` stays valid JSON with the exact stored values; and a REDIS_URL with a
 * password, refused or unreachable, is never echoed with it.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { connectRedis, createAccounts, createWebhooks, whenReady } from '@listings/store';
import { createKeys } from '@listings/store/testing';
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import { runAdminInline, runCommand } from '../support/commands.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Characters a terminal acts on, other than LF: none may reach the output raw. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const EVIL_URL = 'https://hooks.example.com/x\u001b[2K\r\nwe_FORGED  live  enabled  job.settled  https://attacker.example/\u009b2J\u202e\u2028';
const EVIL_NAME = 'Acme\u001b[2K\rTotally Legit\nPlan      scale';

let redis: Redis;
const prefix = uniquePrefix('admin-term');
let account: string;
let endpointId: string;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
  account = (await createAccounts(redis, prefix).create(EVIL_NAME, 'pro')).id;
  // Stored as it came: the store does not judge a URL (an endpoint of an older rule, a bug elsewhere).
  const e = await createWebhooks(redis, createKeys(prefix), { maxEndpoints: 10 }).create(account, 'live', EVIL_URL, ['job.settled'], true);
  endpointId = e!.id;
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

function admin(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return runAdminInline(args, { REDIS_URL: testRedisUrl(), KEY_PREFIX: prefix, LISTINGS_LOCAL_DIR: '/nonexistent', ...env });
}

test('webhooks list: the hostile URL stays in its row, escapes visible, no forged row', async () => {
  const r = await admin(['webhooks', 'list', account]);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toMatch(RAW_CONTROL);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(2); // the header and the one endpoint
  expect(lines[1]!.startsWith(endpointId)).toBe(true);
  expect(lines.some((l) => l.startsWith('we_FORGED'))).toBe(false);
  expect(lines[1]).toContain('https://hooks.example.com/x\\x1b[2K\\r\\nwe_FORGED');
  expect(lines[1]).toContain('\\x9b2J\\u202e\\u2028');
});

test('webhooks list --json: valid JSON with the exact stored URL, nothing raw a terminal acts on', async () => {
  const r = await admin(['webhooks', 'list', account, '--json']);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toMatch(RAW_CONTROL);
  const body = JSON.parse(r.stdout) as { endpoints: Array<{ id: string; url: string }> };
  expect(body.endpoints).toEqual([expect.objectContaining({ id: endpointId, url: EVIL_URL })]);
});

test('sentences and key-value pages (accounts show, accounts list, webhooks disable) keep the values on their line', async () => {
  const show = await admin(['accounts', 'show', account]);
  expect(show.code).toBe(0);
  expect(show.stdout).not.toMatch(RAW_CONTROL);
  expect(show.stdout).toContain('Name      Acme\\x1b[2K\\rTotally Legit\\nPlan      scale\n');
  expect(show.stdout.split('\n').filter((l) => l.startsWith('Plan '))).toHaveLength(1);
  const list = await admin(['accounts', 'list']);
  expect(list.stdout).not.toMatch(RAW_CONTROL);
  expect(list.stdout.split('\n').filter((l) => l.startsWith('Plan '))).toHaveLength(0);
  const disabled = await admin(['webhooks', 'disable', account, endpointId]);
  expect(disabled.code).toBe(0);
  expect(disabled.stdout).not.toMatch(RAW_CONTROL);
});

test('a refused or unreachable REDIS_URL is shown without its password (in this process and as a child)', async () => {
  const pw = 'Adm1n-s3cret-PW';
  const refused = await admin(['accounts', 'list'], { REDIS_URL: `redis://:${pw}@redis.internal:notaport` });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/REDIS_URL=/u);
  expect(`${refused.stdout}${refused.stderr}`).not.toContain(pw);
  const sentinel = await admin(['accounts', 'list'], { REDIS_URL: `redis+sentinel://:${pw}@s1:26379,s2:x/m?sentinelPassword=${pw}` });
  expect(sentinel.code).toBe(2);
  expect(`${sentinel.stdout}${sentinel.stderr}`).not.toContain(pw);
  const unreachable = await admin(['accounts', 'list'], { REDIS_URL: `redis://:${pw}@127.0.0.1:9` });
  expect(unreachable.code).toBe(1);
  expect(unreachable.stderr).toMatch(/cannot reach Redis at redis:\/\/\[redacted\]@127\.0\.0\.1:9/u);
  expect(unreachable.stderr).not.toContain(pw);

  const env = { PATH: process.env.PATH ?? '', REDIS_URL: `redis://default:${pw}@redis.internal:notaport`, LISTINGS_LOCAL_DIR: '/nonexistent' };
  const ran = await runCommand(process.execPath, [resolve(ROOT, 'scripts/admin.ts'), 'accounts', 'list'], { cwd: ROOT, env, timeoutMs: 20_000 });
  const child = { code: ran.code, output: `${ran.stdout}${ran.stderr}` };
  expect(child.code).toBe(2);
  expect(child.output).toMatch(/REDIS_URL="redis:\/\/\[redacted\]@redis\.internal:notaport"/u);
  expect(child.output).not.toContain(pw);
});
