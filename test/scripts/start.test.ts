/**
 * `npm start` as a person runs it: `node scripts/start.ts` in a process group of its own (like
 * a terminal's foreground job), its printed key and curl line used as printed, then Ctrl-C
 * (SIGINT to the whole group) and a check that every process it started has ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRedisServer, INSTALL_HINT, testRedisUrl, uniquePrefix } from '@listings/testing';
import { SIMULATORS_LINE } from '../../scripts/lib/services.ts';
import { freePort } from '../../scripts/lib/local-redis.ts';
import { readRedisRecord } from '../../scripts/lib/local-state.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START = join(ROOT, 'scripts/start.ts');
const READY_MS = 90_000;

interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  waitFor(re: RegExp, ms?: number): Promise<RegExpExecArray>;
}

const running: Started[] = [];
const dirs: string[] = [];

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'listings-start-'));
  dirs.push(d);
  return d;
}

function start(env: Record<string, string | undefined>): Started {
  const full: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'warn', ...env };
  for (const [k, v] of Object.entries(full)) if (v === undefined) delete full[k];
  const child = spawn(process.execPath, [START], { env: full as NodeJS.ProcessEnv, cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiting = new Set<() => void>();
  for (const s of [child.stdout!, child.stderr!]) {
    s.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      for (const w of waiting) w();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: Started = {
    child,
    output: () => out,
    exited,
    waitFor(re, ms = READY_MS) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const m = re.exec(out);
          if (m) {
            cleanup();
            resolve(m);
          }
        };
        const timer = setTimeout(() => { cleanup(); reject(new Error(`no ${re} within ${ms} ms; output:\n${out}`)); }, ms);
        const cleanup = (): void => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        waiting.add(check);
        void exited.then(() => { check(); cleanup(); reject(new Error(`start exited before ${re}; output:\n${out}`)); });
        check();
      });
    },
  };
  running.push(started);
  return started;
}

/** Ctrl-C: SIGINT to every process of the group, as a terminal sends it. */
async function ctrlC(s: Started): Promise<number | null> {
  process.kill(-s.child.pid!, 'SIGINT');
  return s.exited;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function pids(output: string): Record<string, number> {
  const line = /Processes\s+(.*)$/mu.exec(output)![1]!;
  return Object.fromEntries([...line.matchAll(/(\w+) pid (\d+)/gu)].map((m) => [m[1]!, Number(m[2])]));
}

const CURL = /curl -s -H "Authorization: Bearer (lk_sandbox_\w{32})" "(http:\/\/[^"]+\/v1\/mkt_a\/sold\?q=iphone)"/u;
const POLL = /curl -s -H "Authorization: Bearer lk_sandbox_\w{32}" "(http:\/\/[^"]+\/v1\/jobs\/)<request_id>(\?wait=20)"/u;

/** The printed search, then the printed poll line until the job settles. */
async function runPrinted(s: Started): Promise<{ key: string; jobId: string; base: string; body: Record<string, unknown> }> {
  const [, key, searchUrl] = await s.waitFor(CURL);
  const [, pollBase, pollQuery] = POLL.exec(s.output())!;
  const auth = { authorization: `Bearer ${key}` };
  const r = await fetch(searchUrl!, { headers: auth });
  expect(r.status).toBe(202);
  const pending = (await r.json()) as { request_id: string; poll_url: string };
  expect(`${new URL(searchUrl!).origin}${pending.poll_url}`).toBe(`${pollBase}${pending.request_id}`);
  let body: Record<string, unknown> = {};
  for (let i = 0; i < 10; i++) {
    body = (await (await fetch(`${pollBase}${pending.request_id}${pollQuery}`, { headers: auth })).json()) as Record<string, unknown>;
    if (body.status !== 'pending') break;
  }
  return { key: key!, jobId: pending.request_id, base: new URL(searchUrl!).origin, body };
}

afterAll(() => {
  for (const s of running) {
    try {
      process.kill(-s.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const d of dirs) {
    // A private Redis runs in its own process group: stop it too if a test failed half-way.
    const rec = readRedisRecord(d);
    if (rec && alive(rec.pid)) process.kill(rec.pid, 'SIGKILL');
    rmSync(d, { recursive: true, force: true });
  }
});

test('the simulators line start waits for is the one scripts/simulators.ts prints', async () => {
  const { LISTENING_LINE } = await import('../../scripts/simulators.ts');
  expect(SIMULATORS_LINE.source).toBe(LISTENING_LINE.source);
  expect(SIMULATORS_LINE.flags).toBe(LISTENING_LINE.flags);
});

test('with REDIS_URL: a first start prints a key and curl lines that work; Ctrl-C ends every process', async () => {
  const local = tempDir();
  const port = await freePort();
  const s = start({ REDIS_URL: testRedisUrl(), KEY_PREFIX: uniquePrefix('start'), PORT: String(port), LISTINGS_LOCAL_DIR: local });
  const { body, key, base } = await runPrinted(s);
  expect(body).toMatchObject({ status: 'complete', credits: 1, cached: false, result: { provider: 'mkt_a', query: 'iphone' } });
  expect(s.output()).toContain(`http://127.0.0.1:${port}`);
  expect(s.output()).toContain('npm run admin -- keys issue acct_');
  expect(existsSync(join(local, 'cursor-secret'))).toBe(true);
  // Without HISTORY_DATABASE_URL the sold history is kept in an embedded PGlite in .local/history.
  expect(s.output()).toContain(`(embedded PGlite, data in ${join(local, 'history')})`);
  const rows = (body.result as { data: unknown[] }).data.length;
  let history: Record<string, unknown> = {};
  for (let i = 0; i < 100 && history.count !== rows; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 200));
    history = (await (await fetch(`${base}/v1/history/mkt_a/sold?q=iphone`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
  }
  expect(history).toMatchObject({ marketplace: 'mkt_a', count: rows, credits: 1 });
  const procs = pids(s.output());
  expect(Object.keys(procs).sort()).toEqual(['api', 'postgres', 'simulators', 'worker']);

  expect(await ctrlC(s)).toBe(0);
  for (const [name, pid] of Object.entries(procs)) expect([name, alive(pid)]).toEqual([name, false]);
  expect(alive(-s.child.pid!)).toBe(false);
}, 90_000);

const withRedisServer = findRedisServer() ? test : test.skip;
if (!findRedisServer()) process.stderr.write('SKIPPED the private-Redis start test: no redis-server on PATH.\n');

withRedisServer('without REDIS_URL: a private Redis in .local keeps the account and key across restarts, and stops with the rest', async () => {
  const local = tempDir();
  const first = start({ REDIS_URL: undefined, PORT: String(await freePort()), LISTINGS_LOCAL_DIR: local });
  const { key, jobId, body } = await runPrinted(first);
  expect(body).toMatchObject({ status: 'complete', credits: 1 });
  expect(first.output()).toMatch(/private, data in .*redis/u);
  const procs = pids(first.output());
  expect(procs.redis).toBeGreaterThan(0);
  expect(existsSync(join(local, 'redis.json'))).toBe(true);
  expect(await ctrlC(first)).toBe(0);
  for (const pid of Object.values(procs)) expect(alive(pid)).toBe(false);
  expect(existsSync(join(local, 'redis.json'))).toBe(false);

  const port = await freePort();
  const again = start({ REDIS_URL: undefined, PORT: String(port), LISTINGS_LOCAL_DIR: local });
  await again.waitFor(/1 account already exists \((acct_\w+) "local"\)/u);
  expect(again.output()).not.toMatch(/lk_sandbox_/u);
  const r = await fetch(`http://127.0.0.1:${port}/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${key}` } });
  expect(r.status).toBe(200);
  expect(await r.json()).toMatchObject({ request_id: jobId, status: 'complete' });
  // The embedded archive in .local/history kept the first start's sold rows.
  const rows = (body.result as { data: unknown[] }).data.length;
  let history: Record<string, unknown> = {};
  for (let i = 0; i < 100 && history.count !== rows; i++) {
    if (i > 0) await new Promise((res) => setTimeout(res, 200));
    history = (await (await fetch(`http://127.0.0.1:${port}/v1/history/mkt_a/sold?q=iphone`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
  }
  expect(history).toMatchObject({ count: rows, credits: 1 });
  const procs2 = pids(again.output());
  expect(await ctrlC(again)).toBe(0);
  for (const pid of Object.values(procs2)) expect(alive(pid)).toBe(false);
}, 150_000);

test('with no REDIS_URL and no redis-server it says what to install and exits 1', async () => {
  const s = start({ REDIS_URL: undefined, PATH: '/nonexistent', LISTINGS_LOCAL_DIR: tempDir() });
  expect(await s.exited).toBe(1);
  expect(s.output().trim()).toBe(INSTALL_HINT);
});

/** A server that is not the api but answers 200 `{"status":"ready"}` on every path, /readyz included. */
async function impostor(port: number): Promise<{ hits: string[]; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.setHeader('Content-Type', 'application/json');
    res.end('{"status":"ready"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { hits, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

const PORT_IN_USE = (port: number): RegExp => new RegExp(`^\\[start\\] port ${port} on 127\\.0\\.0\\.1 \\(the api\\) is in use by another process; .*PORT=`, 'u');

test('with the port in use it names the port first, before starting anything, and exits 1', async () => {
  const port = await freePort();
  const other = await impostor(port);
  try {
    const s = start({ REDIS_URL: testRedisUrl(), KEY_PREFIX: uniquePrefix('start'), PORT: String(port), LISTINGS_LOCAL_DIR: tempDir() });
    expect(await s.exited).toBe(1);
    const lines = s.output().split('\n').filter((l) => l.trim() !== '');
    expect(lines[0]).toMatch(PORT_IN_USE(port));
    expect(s.output()).not.toMatch(/listings is running|lk_sandbox_|\[api\]|\[simulators\]/u);
    expect(other.hits).toEqual([]);
  } finally {
    await other.close();
  }
});

test('a port taken after the check: the other process\'s /readyz is never taken for the api; the port is named and start exits 1', async () => {
  // The simulators start first; the api is spawned right after their line and takes a while
  // to load: the impostor takes the port in between. On a loaded machine the api may still be
  // first (the impostor then meets EADDRINUSE): that start is stopped and the race run again.
  let port = 0;
  let s: Started | null = null;
  let other: Awaited<ReturnType<typeof impostor>> | null = null;
  for (let attempt = 0; attempt < 4 && other === null; attempt++) {
    port = await freePort();
    s = start({ REDIS_URL: testRedisUrl(), KEY_PREFIX: uniquePrefix('start'), PORT: String(port), LISTINGS_LOCAL_DIR: tempDir() });
    await s.waitFor(/\[simulators\] simulators listening at/u);
    try {
      other = await impostor(port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      await ctrlC(s);
    }
  }
  if (s === null || other === null) throw new Error('the api took the port first in every attempt: the race could not be set up');
  try {
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(new RegExp(PORT_IN_USE(port).source.slice(1), 'mu'));
    expect(s.output()).not.toMatch(/listings is running|lk_sandbox_/u);
  } finally {
    await other.close();
  }
}, 90_000);
