/**
 * The admin command line as an operator runs it: a child process (`node scripts/admin.ts`)
 * against the test Redis under a prefix of its own, beside a running app on the same prefix,
 * so every change a command makes is checked where it matters: on the API. Every command's
 * happy path goes through the child process; most refusals call runAdmin() (the function the
 * entry runs, same argv, same environment, same exit code) in this process, because each
 * child costs a Node start plus loading the store, and there are dozens of refusals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import { writeRedisRecord } from '../../scripts/lib/local-state.ts';
import { runAdminInline, runCommand } from '../support/commands.ts';
import { startStack, settle, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN = join(ROOT, 'scripts/admin.ts');
const NO_JOB = `/v1/jobs/req_${'A'.repeat(22)}`;

interface Run {
  /** Null when the child was killed (its 20 s timeout). */
  code: number | null;
  stdout: string;
  stderr: string;
  json: Record<string, unknown>;
}

let stack: Stack;
let prefix: string;
let emptyLocal: string;

function environment(env: Record<string, string | undefined>): Record<string, string> {
  const base: Record<string, string | undefined> = { ...process.env, REDIS_URL: testRedisUrl(), KEY_PREFIX: prefix, LISTINGS_LOCAL_DIR: emptyLocal, ...env };
  for (const [k, v] of Object.entries(base)) if (v === undefined) delete base[k];
  return base as Record<string, string>;
}

/** The command line in a child process, as `npm run admin -- …` runs it. */
async function admin(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const { code, stdout, stderr } = await runCommand(process.execPath, [ADMIN, ...args], { env: environment(env), cwd: ROOT, timeoutMs: 20_000 });
  return { code, stdout, stderr, json: args.includes('--json') && code === 0 ? (JSON.parse(stdout) as Record<string, unknown>) : {} };
}

/** The same command through runAdmin() in this process. */
async function inline(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const { code, stdout, stderr } = await runAdminInline(args, environment(env));
  const json = args.includes('--json') && code === 0 ? (JSON.parse(stdout) as Record<string, unknown>) : {};
  return { code, stdout, stderr, json };
}

async function ok(args: string[], run = admin): Promise<Run> {
  const r = await run(args);
  if (r.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r;
}

/** Setup: an account (in this process; `accounts create` itself is tested as a child). */
async function newAccount(plan = 'pro'): Promise<string> {
  const r = await ok(['accounts', 'create', '--name', 'Acme Resale', '--plan', plan, '--json'], inline);
  return (r.json.account as { id: string }).id;
}

async function issue(account: string, ...extra: string[]): Promise<{ id: string; key: string }> {
  const r = await ok(['keys', 'issue', account, ...extra, '--json'], inline);
  return r.json.key as { id: string; key: string };
}

/** Status of an authenticated call that reaches the handler (404 request_not_found) or is refused. */
async function authStatus(key: string, headers: Record<string, string> = {}): Promise<{ status: number; code: unknown }> {
  const r = await stack.get(NO_JOB, key, headers);
  return { status: r.status, code: ((await r.json()) as { error?: { code?: string } }).error?.code };
}

beforeAll(async () => {
  prefix = uniquePrefix('admin');
  emptyLocal = mkdtempSync(join(tmpdir(), 'listings-admin-'));
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, env: { KEY_PREFIX: prefix } });
});
afterAll(async () => {
  await stack?.close();
  rmSync(emptyLocal, { recursive: true, force: true });
});

test('help lists every command; no command is usage help too', async () => {
  const [help, none] = await Promise.all([admin(['help']), inline([], { REDIS_URL: undefined })]);
  expect(help.code).toBe(0);
  for (const c of ['accounts create', 'accounts list', 'accounts show', 'accounts plan', 'plans', 'suspend', 'restore', 'extra', 'origins', 'keys issue', 'keys list', 'keys rotate', 'keys revoke']) {
    expect(help.stdout).toContain(c);
  }
  expect(none.code).toBe(0);
  expect(none.stdout).toBe(help.stdout);
});

test('accounts create, list and show (text and --json)', async () => {
  const created = await ok(['accounts', 'create', '--name', 'Shop One', '--plan', 'starter']);
  const id = /Created account (acct_\w+)/u.exec(created.stdout)![1]!;
  expect(created.stdout).toContain('plan starter');
  const byDefault = await ok(['accounts', 'create', '--name', 'Shop Two', '--json']);
  expect(byDefault.json.account).toMatchObject({ name: 'Shop Two', plan: 'free', status: 'active', origins: [], extra: { live: 0, sandbox: 0 } });

  const [list, listJson, show] = await Promise.all([ok(['accounts', 'list']), ok(['accounts', 'list', '--json'], inline), ok(['accounts', 'show', id, '--json'])]);
  expect(list.stdout).toMatch(new RegExp(`${id}\\s+Shop One\\s+starter\\s+active`, 'u'));
  const ids = (listJson.json.accounts as Array<{ id: string }>).map((a) => a.id);
  expect(ids).toEqual(expect.arrayContaining([id, (byDefault.json.account as { id: string }).id]));
  expect(show.json).toMatchObject({
    account: { id, name: 'Shop One', plan: 'starter', status: 'active' },
    usage: {
      live: { allowance_30d: 5000, completed_30d: 0, pending: 0, extra_left: 0, charged_total: 0 },
      sandbox: { allowance_30d: 1000, completed_30d: 0, pending: 0, extra_left: 0, charged_total: 0 },
    },
    keys: [],
  });
});

test('plans lists every plan with this deployment\'s allowances, pending caps, the rate limit and the accounts on each', async () => {
  const own = `plans_${Date.now()}`;
  const env = { KEY_PREFIX: own, PLAN_ALLOWANCES: 'free=250,business=150000', SANDBOX_ALLOWANCE: '400' };
  const here = (a: string[]): Promise<Run> => inline(a, env);
  await ok(['accounts', 'create', '--name', 'On scale', '--plan', 'scale'], here);
  await ok(['accounts', 'create', '--name', 'Also on scale', '--plan', 'scale'], here);
  const [text, json] = await Promise.all([ok(['plans'], (a) => admin(a, env)), ok(['plans', '--json'], here)]);
  expect(text.stdout).toMatch(/^PLAN\s+ALLOWANCE \(30 DAYS\)\s+PENDING CAP\s+RATE LIMIT\s+ACCOUNTS$/mu);
  expect(text.stdout).toMatch(/^free\s+250\s+10\s+60 calls\/min\s+0$/mu);
  expect(text.stdout).toMatch(/^business\s+150,000\s+100\s+60 calls\/min\s+0$/mu);
  expect(text.stdout).toMatch(/^scale\s+500,000\s+200\s+60 calls\/min\s+2$/mu);
  expect(text.stdout).toContain('Sandbox keys have their own allowance: 400 searches over 30 days');
  expect(json.json).toEqual({
    plans: [
      { name: 'free', allowance_30d: 250, pending_cap: 10, rate_limit_per_minute: 60, accounts: 0 },
      { name: 'starter', allowance_30d: 5000, pending_cap: 25, rate_limit_per_minute: 60, accounts: 0 },
      { name: 'pro', allowance_30d: 25000, pending_cap: 50, rate_limit_per_minute: 60, accounts: 0 },
      { name: 'business', allowance_30d: 150000, pending_cap: 100, rate_limit_per_minute: 60, accounts: 0 },
      { name: 'scale', allowance_30d: 500000, pending_cap: 200, rate_limit_per_minute: 60, accounts: 2 },
    ],
    sandbox_allowance_30d: 400,
  });
  expect((await inline(['plans', 'pro'], env)).code).toBe(2);
});

test('accounts create and plan refuse bad input with usage (2); unknown accounts fail (1)', async () => {
  const id = await newAccount('free');
  const [noName, emptyName, badPlan, planBad, planUnknown, showUnknown, moved] = await Promise.all([
    inline(['accounts', 'create', '--plan', 'pro']),
    inline(['accounts', 'create', '--name', '  ']),
    inline(['accounts', 'create', '--name', 'X', '--plan', 'gold']),
    inline(['accounts', 'plan', id, 'gold']),
    inline(['accounts', 'plan', 'acct_nope', 'pro']),
    admin(['accounts', 'show', 'acct_nope']),
    admin(['accounts', 'plan', id, 'business', '--json']),
  ]);
  expect([noName.code, emptyName.code, badPlan.code, planBad.code]).toEqual([2, 2, 2, 2]);
  expect(noName.stderr).toContain('--name is required');
  expect(badPlan.stderr).toContain('unknown plan "gold"');
  expect(planBad.stderr).toContain('usage: npm run admin -- accounts plan <account> <plan>');
  expect([planUnknown.code, showUnknown.code]).toEqual([1, 1]);
  expect(showUnknown.stderr).toContain('no account acct_nope');
  expect(moved.code).toBe(0);
  expect(moved.json.account).toMatchObject({ id, plan: 'business' });
});

test('keys issue prints the key once; list shows only previews; the keys work on the api', async () => {
  const id = await newAccount();
  const text = await ok(['keys', 'issue', id, '--label', 'ci']);
  const live = /^\s+(lk_live_\w{32})$/mu.exec(text.stdout)![1]!;
  expect(text.stdout).toContain('only time the key is shown');
  const sandbox = (await ok(['keys', 'issue', id, '--sandbox', '--json'])).json.key as { id: string; key: string };
  expect(sandbox.key).toMatch(/^lk_sandbox_\w{32}$/u);

  const [list, listJson] = await Promise.all([ok(['keys', 'list', id]), ok(['keys', 'list', id, '--json'], inline)]);
  expect(list.stdout).not.toContain(live);
  expect(list.stdout).not.toContain(sandbox.key);
  expect(list.stdout).toMatch(/live\s+lk_live_\w{4}…\s+\S+\s+ci/u);
  expect(JSON.stringify(listJson.json)).not.toContain(sandbox.key.slice(11));
  expect((listJson.json.keys as Array<{ kind: string; label: string }>).map((k) => [k.kind, k.label])).toEqual([['live', 'ci'], ['sandbox', '']]);

  expect(await authStatus(live)).toEqual({ status: 404, code: 'request_not_found' });
  expect(await authStatus(sandbox.key)).toEqual({ status: 404, code: 'request_not_found' });
});

test('keys revoke: the key answers 401 on the running api at once; rotate: old 401, new works', async () => {
  const id = await newAccount();
  const a = await issue(id, '--sandbox', '--label', 'first');
  const b = await issue(id);
  expect((await authStatus(a.key)).status).toBe(404);

  const revoked = await ok(['keys', 'revoke', id, a.id]);
  expect(revoked.stdout).toContain(`Revoked key ${a.id}`);
  expect(await authStatus(a.key)).toEqual({ status: 401, code: 'invalid_api_key' });

  const rotated = await ok(['keys', 'rotate', id, b.id, '--json']);
  const fresh = rotated.json.key as { id: string; key: string; kind: string };
  expect(rotated.json.revoked).toBe(b.id);
  expect(fresh.kind).toBe('live');
  expect(fresh.id).not.toBe(b.id);
  expect(await authStatus(b.key)).toEqual({ status: 401, code: 'invalid_api_key' });
  expect(await authStatus(fresh.key)).toEqual({ status: 404, code: 'request_not_found' });

  const keys = (await ok(['keys', 'list', id, '--json'], inline)).json.keys as Array<{ id: string }>;
  expect(keys.map((k) => k.id)).toEqual([fresh.id]);

  const [again, rotateGone, unknownAcct, missingArg, issueUnknown] = await Promise.all([
    admin(['keys', 'revoke', id, a.id]),
    inline(['keys', 'rotate', id, b.id]),
    inline(['keys', 'list', 'acct_nope']),
    admin(['keys', 'revoke', id]),
    inline(['keys', 'issue', 'acct_nope', '--sandbox']),
  ]);
  expect([again.code, rotateGone.code, unknownAcct.code, missingArg.code, issueUnknown.code]).toEqual([1, 1, 1, 2, 1]);
  expect(again.stderr).toContain(`no key ${a.id} on account ${id}`);
  expect(unknownAcct.stderr).toContain('no account acct_nope');
  expect(missingArg.stderr).toContain('usage: npm run admin -- keys revoke <account> <key-id>');
});

test('suspend answers 403 account_suspended on every key; restore gives them back', async () => {
  const id = await newAccount();
  const k = await issue(id, '--sandbox');
  const s = await ok(['suspend', id]);
  expect(s.stdout).toContain('is suspended');
  expect(await authStatus(k.key)).toEqual({ status: 403, code: 'account_suspended' });
  const again = await ok(['accounts', 'suspend', id, '--json'], inline);
  expect(again.json.account).toMatchObject({ status: 'suspended' });
  await ok(['restore', id]);
  expect(await authStatus(k.key)).toEqual({ status: 404, code: 'request_not_found' });
  const [unknown, extraArg] = await Promise.all([inline(['restore', 'acct_nope']), inline(['suspend', id, 'more'])]);
  expect(unknown.code).toBe(1);
  expect(extraArg.code).toBe(2);
});

test('origins: the listed browser origins pass, others answer 403; an empty list clears', async () => {
  const id = await newAccount();
  const k = await issue(id);
  const set = await ok(['origins', id, 'https://shop.example', 'http://localhost:3000', '--json']);
  expect(set.json.account).toMatchObject({ origins: ['https://shop.example', 'http://localhost:3000'] });
  expect((await authStatus(k.key, { origin: 'https://shop.example' })).status).toBe(404);
  expect(await authStatus(k.key, { origin: 'https://other.example' })).toEqual({ status: 403, code: 'origin_not_allowed' });
  const cleared = await ok(['accounts', 'origins', id]);
  expect(cleared.stdout).toContain('Cleared the allowed origins');
  expect(await authStatus(k.key, { origin: 'https://shop.example' })).toEqual({ status: 403, code: 'origin_not_allowed' });
  expect((await authStatus(k.key)).status).toBe(404);
  const [bad, path] = await Promise.all([inline(['origins', id, 'shop.example']), inline(['origins', id, 'https://shop.example/path'])]);
  expect([bad.code, path.code]).toEqual([2, 2]);
  expect(path.stderr).toContain('scheme://host[:port] only');
});

test('extra adds live or sandbox requests; bad counts are usage errors', async () => {
  const id = await newAccount();
  await ok(['extra', id, '25']);
  const sb = await ok(['accounts', 'extra', id, '7', '--sandbox', '--json'], inline);
  expect(sb.json.account).toMatchObject({ extra: { live: 25, sandbox: 7 } });
  const show = await ok(['accounts', 'show', id, '--json'], inline);
  expect(show.json.usage).toMatchObject({ live: { extra_left: 25 }, sandbox: { extra_left: 7 } });
  const [zero, word, negative, unknown] = await Promise.all([inline(['extra', id, '0']), inline(['extra', id, 'ten']), inline(['extra', id, '-3']), inline(['extra', 'acct_nope', '3'])]);
  expect([zero.code, word.code, negative.code, unknown.code]).toEqual([2, 2, 2, 1]);
  expect(zero.stderr).toContain('positive whole number');
});

test('accounts show counts a completed sandbox search apart from live usage', async () => {
  const id = await newAccount();
  const k = await issue(id, '--sandbox');
  const r = await stack.get('/v1/mkt_a/sold?q=admin+usage', k.key);
  expect(r.status).toBe(202);
  const body = (await r.json()) as { request_id: string };
  expect(await settle(stack, k.key, body.request_id)).toMatchObject({ status: 'complete', credits: 1 });
  const show = await ok(['accounts', 'show', id, '--json']);
  expect(show.json.usage).toMatchObject({
    live: { completed_30d: 0, pending: 0, charged_total: 0 },
    sandbox: { completed_30d: 1, pending: 0, charged_total: 1 },
  });
  const text = await ok(['accounts', 'show', id], inline);
  expect(text.stdout).toMatch(/completed \(30 days\)\s+0\s+1/u);
  expect(text.stdout).toMatch(new RegExp(`${k.id}\\s+sandbox`, 'u'));
});

test('usage errors exit 2, unreachable or missing Redis is reported plainly', async () => {
  const [unknown, sub, option, flagMisplaced, noRedis, badRedis, down] = await Promise.all([
    admin(['frobnicate']),
    inline(['keys', 'frob']),
    inline(['accounts', 'list', '--verbose']),
    inline(['accounts', 'list', '--sandbox']),
    inline(['accounts', 'list'], { REDIS_URL: undefined }),
    inline(['accounts', 'list'], { REDIS_URL: 'not a url' }),
    admin(['accounts', 'list'], { REDIS_URL: 'redis://127.0.0.1:1' }),
  ]);
  expect([unknown.code, sub.code, option.code, flagMisplaced.code, noRedis.code, badRedis.code]).toEqual([2, 2, 2, 2, 2, 2]);
  expect(unknown.stderr).toContain('unknown command "frobnicate"');
  expect(sub.stderr).toContain('keys takes issue, list, rotate, revoke');
  expect(flagMisplaced.stderr).toContain('--sandbox does not apply to accounts list');
  expect(noRedis.stderr).toContain('REDIS_URL is required');
  expect(badRedis.stderr).toContain('REDIS_URL="not a url"');
  expect(down.code).toBe(1);
  expect(down.stderr).toContain('cannot reach Redis at redis://127.0.0.1:1');
});

test('without REDIS_URL it finds the private Redis of a running `npm start`, and only while it runs', async () => {
  const local = mkdtempSync(join(tmpdir(), 'listings-admin-local-'));
  try {
    const url = new URL(testRedisUrl());
    writeRedisRecord(local, { url: testRedisUrl(), port: Number(url.port || 6379), pid: process.pid });
    const found = await inline(['accounts', 'list', '--json'], { REDIS_URL: undefined, LISTINGS_LOCAL_DIR: local });
    expect(found.code).toBe(0);
    expect(found.stderr).toContain('using the private Redis of `npm start`');
    writeRedisRecord(local, { url: testRedisUrl(), port: Number(url.port || 6379), pid: 2 ** 22 + 1 });
    const stale = await inline(['accounts', 'list'], { REDIS_URL: undefined, LISTINGS_LOCAL_DIR: local });
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain('REDIS_URL is required');
  } finally {
    rmSync(local, { recursive: true, force: true });
  }
});
