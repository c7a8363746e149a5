/**
 * No secret in any log line: an api and a worker run as in production (the
 * Dockerfile's command, LOG_LEVEL info), with operator sessions carrying cookies and a proxy
 * with credentials. Searches with sandbox and live keys (as bearer tokens), cookies,
 * Idempotency-Keys, a wrong key, a webhook endpoint's secret, and a live collection whose proxy
 * refuses the connection (its error quotes the proxy) all happen; then every line both
 * processes printed is searched for each secret used. Lines were written (the test checks
 * some request lines are there), and none holds a secret.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis, createAccounts, whenReady } from '@listings/store';
import { testRedisUrl, uniquePrefix, dropPrefix } from '@listings/testing';
import { ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess, type Proc } from '../support/processes.ts';

const group = new ProcessGroup();
const prefix = uniquePrefix('logsecrets');
let redis: Redis;

afterAll(async () => {
  await group.stopAll();
  if (redis) {
    await dropPrefix(redis, prefix);
    await redis.quit();
  }
});

test('api and worker logs hold no API key, cookie, proxy credential or signing secret', async () => {
  redis = connectRedis(testRedisUrl(), { name: 'log-secrets-test' });
  await whenReady(redis);
  const accounts = createAccounts(redis, prefix);
  const acct = await accounts.create('logs', 'pro');
  const sandbox = (await accounts.issueKey(acct.id, 'sandbox')).secret;
  const live = (await accounts.issueKey(acct.id, 'live')).secret;
  const cookieValue = `sess_${randomBytes(12).toString('hex')}`;
  const proxyPassword = `pw${randomBytes(10).toString('hex')}`;
  const cursorSecret = randomBytes(24).toString('hex');
  const sim = await startSimulatorProcess(group);
  const env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: cursorSecret,
    SIMULATOR_URL: sim.url,
    LOG_LEVEL: 'info',
    JOB_BACKOFF_MS: '20',
    JOB_ATTEMPTS: '2',
    HTTP_TIMEOUT_MS: '1500',
    // The sandbox endpoint below is on 127.0.0.1 (where the operator allows it).
    WEBHOOK_SANDBOX_LOOPBACK: 'true',
    // Live collection through an operator session: cookies, and a proxy (nothing listens there) with credentials.
    UPSTREAM_SESSIONS: JSON.stringify({ mkt_a: [{ cookies: `ebay_s=${cookieValue}; dp1=${cookieValue}`, proxyUrl: `http://operator:${proxyPassword}@127.0.0.1:9` }] }),
  };
  const all = { keepLines: 1_000_000 };
  const [api, worker] = await Promise.all([startApiProcess(group, 'api', env, all), startWorkerProcess(group, 'worker', env, all)]);
  const call = (path: string, key: string | null, init: RequestInit = {}): Promise<Response> =>
    fetch(`${api.url}${path}`, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), cookie: `session=${cookieValue}`, ...(init.headers as Record<string, string> | undefined) } });

  // Searches that complete (sandbox), fail upstream (live, through the refusing proxy), and a wrong key.
  const a = await (await call('/v1/mkt_a/sold?q=vintage+camera', sandbox, { headers: { 'idempotency-key': `idem-${cookieValue}` } })).json() as { request_id: string };
  await call(`/v1/jobs/${a.request_id}?wait=10`, sandbox);
  const b = await (await call('/v1/mkt_a/sold?q=brass+telescope', live)).json() as { request_id: string };
  const settled = await (await call(`/v1/jobs/${b.request_id}?wait=15`, live)).json() as { status: string };
  expect(settled.status).toBe('failed');
  expect((await call('/v1/mkt_a/sold?q=x', `lk_live_${'A'.repeat(32)}`)).status).toBe(401);
  const hook = await (await call('/v1/webhook_endpoints', sandbox, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }) })).json() as { secret: string };
  expect(hook.secret).toMatch(/^whsec_/u);
  await new Promise((r) => setTimeout(r, 500));

  const logs: Array<[string, Proc]> = [['api', api.proc], ['worker', worker.proc]];
  const secrets: Record<string, string> = {
    'sandbox key': sandbox, 'live key': live, 'wrong key': `lk_live_${'A'.repeat(32)}`, cookie: cookieValue, 'proxy password': proxyPassword,
    'cursor secret': cursorSecret, 'webhook secret': hook.secret,
  };
  const found: string[] = [];
  for (const [name, proc] of logs) {
    const out = proc.output();
    for (const [what, value] of Object.entries(secrets)) if (out.includes(value)) found.push(`${what} in the ${name} log`);
  }
  expect(found).toEqual([]);
  // The lines were there to search: request logs on the api, the failed attempt on the worker.
  expect(api.proc.output()).toMatch(/"url":"\/v1\/mkt_a\/sold\?q=vintage\+camera"/u);
  // Request lines name the request and its status, never its headers (the secrets' carriers).
  expect(api.proc.output()).toMatch(/"method":"GET","url":"\/v1\/mkt_a\/sold\?q=vintage\+camera".*"statusCode":\d{3}/u);
  expect(api.proc.output()).not.toMatch(/"headers":|"authorization"|"cookie"/iu);
  expect(worker.proc.output()).toMatch(/collection attempt failed/u);
}, 60_000);
