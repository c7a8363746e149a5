/**
 * Every command of the shell blocks of the README, docs/watches.md, docs/webhooks.md and
 * docs/operations.md, run as a new user would
 * run it on this checkout: against `npm start` (started with the environment of the watches
 * recipe's own line, `SANDBOX_CACHE_SECONDS=30 npm start`), through bash, in a folder of the
 * checkout, with the system's PATH (so `npx` is the system npm's and the project's Node 24
 * comes from the checkout). What a command cannot take as printed is filled in as the user
 * would: the key `npm start` printed, the port it listens on, and the ids earlier commands
 * printed (`req_…`, `we_…`, `wat_…`, `acct_…`, `key_…`, the docs' sample ids, `<account>` and
 * `<endpoint>`, `<request_id>`); a synopsis line runs without its optional `[--…]` parts, once per choice of an
 * `a|b` subcommand. Each
 * command must exit 0; the ones whose output the docs promise are checked for it (the CSV's
 * line count, the 409 of a reused Idempotency-Key, the SDK snippet's output, the CLI outside
 * the checkout). The watches recipe is followed to its end: its receiver (the docs' own
 * `node -e` line) prints a `watch.matched` event of the watch the recipe made.
 *
 * A command that is not run is listed in NOT_RUN with the reason; a command the docs gain that
 * is neither run nor listed fails the test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import { freePort } from '../../scripts/lib/local-redis.ts';
import { runCommand, type Ran } from '../support/commands.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = ['README.md', 'docs/watches.md', 'docs/webhooks.md', 'docs/operations.md'] as const;
const WORK = join(ROOT, 'test-artifacts/docs-commands');

/** Commands not run here, and why. */
const NOT_RUN: Array<[RegExp, string]> = [
  [/^npm ci && npm (start|test)$/u, 'npm ci is what made this checkout; the service is started once below (as `npm start` runs it), and npm test is the run this test is part of'],
  [/^npm start$/u, 'the service is started once below, as `npm start` runs it'],
  [/^(?:[A-Z_]+=\S+ )*npm test -- /u, 'Jest inside Jest: this is how this very file is run'],
  [/^rm -rf \.local$/u, "would delete this checkout's local state; test/scripts/start.test.ts starts from an empty local folder"],
  [/docker compose /u, 'needs a Docker engine; test/ops/manifests.test.ts validates the compose file offline'],
  [/^curl -H "Authorization: Bearer <key>" "http:\/\/localhost:8080\//u, 'a search of the compose fleet above (needs a Docker engine)'],
  [/^(cd deploy\/k8s\/|cp secrets\.env\.example |kubectl )/u, 'a Kubernetes deployment (needs a cluster); test/ops/manifests.test.ts validates the manifests offline'],
  ...(spawnSync('jq', ['--version']).status === 0 ? [] : [[/\| jq /u, 'jq is not installed on this machine'] as [RegExp, string]]),
];

/** The line that starts the service in the watches recipe: its variables are the service's. */
const START_LINE = /^((?:[A-Z_]+=\S+ )+)npm start$/u;
const COMMAND = /^(?:[A-Z_]+=\S+ )*(curl|npx|npm|node|echo|export|wc|rm|cd|cp|kubectl|docker|CURSOR_SECRET=\$\(openssl)\b/u;

interface Command { doc: string; line: string }

/** The commands of a document's sh blocks, in order: continuation lines joined, output lines and comments left out. */
function commandsOf(doc: string): Command[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const out: Command[] = [];
  for (const block of text.matchAll(/^```sh\n([\s\S]*?)\n```$/gmu)) {
    const lines = block[1]!.split('\n');
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i]!;
      while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
      line = line.replace(/\s{2,}# .*$/u, '').trim();
      if (!COMMAND.test(line)) continue;
      // A synopsis: without its optional parts, once per choice of subcommand.
      const plain = line.replace(/ \[--[^\]]*\]/gu, '');
      const choice = / (\w+(?:\|\w+)+) /u.exec(plain);
      if (choice) for (const c of choice[1]!.split('|')) out.push({ doc, line: plain.replace(choice[0], ` ${c} `) });
      else out.push({ doc, line: plain });
    }
  }
  return out;
}

/** The README's TypeScript snippet of the SDK. */
function sdkSnippet(): string {
  const block = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)\n```$/gmu)].find((m) => m[1]!.includes("from '@listings/sdk'"));
  expect(block).toBeDefined();
  return block![1]!;
}

type Background = ReturnType<typeof background>;
let service: Background | undefined;
let receiver: Background | undefined;
const dirs: string[] = [];

/** Ctrl-C to the process group, as a terminal sends it; SIGKILL if it is still there 30 s later. */
async function stop(p: ChildProcess | undefined): Promise<void> {
  if (!p?.pid || p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((resolve) => p.once('exit', resolve));
  const signal = (s: NodeJS.Signals): void => {
    try {
      process.kill(-p.pid!, s);
    } catch {
      // already gone
    }
  };
  signal('SIGINT');
  const timer = setTimeout(() => signal('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

afterAll(async () => {
  await stop(receiver?.child);
  await stop(service?.child);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts `cmd` through bash in a process group of its own; its output so far, and a wait for a pattern in it. */
function background(cmd: string, env: NodeJS.ProcessEnv, cwd: string): { child: ChildProcess; output(): string; waitFor(re: RegExp, ms: number): Promise<RegExpExecArray> } {
  const child = spawn('bash', ['-c', cmd], { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiting = new Set<() => void>();
  for (const s of [child.stdout!, child.stderr!]) {
    s.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      for (const w of [...waiting]) w();
    });
  }
  return {
    child,
    output: () => out,
    waitFor(re, ms) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => { waiting.delete(check); reject(new Error(`no ${re} within ${ms} ms; output:\n${out}`)); }, ms);
        const check = (): void => {
          const m = re.exec(out);
          if (m) {
            clearTimeout(timer);
            waiting.delete(check);
            resolve(m);
          } else if (child.exitCode !== null) {
            clearTimeout(timer);
            waiting.delete(check);
            reject(new Error(`exited (${child.exitCode}) before ${re}; output:\n${out}`));
          }
        };
        waiting.add(check);
        check();
      });
    },
  };
}

test('every command of the README, docs/watches.md, docs/webhooks.md and docs/operations.md runs as written (or is listed with why not), the watches recipe to its event', async () => {
  const commands = DOCS.flatMap(commandsOf);
  expect(commands.length).toBeGreaterThan(30);
  const startLine = commands.find((c) => START_LINE.test(c.line));
  expect(startLine?.line).toBe('SANDBOX_CACHE_SECONDS=30 npm start');

  // The service, as `npm start` runs it, with the recipe's variables; its own Redis prefix and local folder.
  const local = mkdtempSync(join(tmpdir(), 'listings-docs-'));
  dirs.push(local);
  mkdirSync(WORK, { recursive: true });
  const port = await freePort();
  const recvPort = await freePort();
  const redis = { REDIS_URL: testRedisUrl(), KEY_PREFIX: uniquePrefix('docs') };
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'dumb', ...redis };
  const recipeEnv = Object.fromEntries(START_LINE.exec(startLine!.line)![1]!.trim().split(' ').map((kv) => kv.split('=') as [string, string]));
  const started = background('npm start', { ...base, ...recipeEnv, PORT: String(port), LISTINGS_LOCAL_DIR: local, LOG_LEVEL: 'warn' }, ROOT);
  service = started;
  const key = (await started.waitFor(/\n {2}(lk_sandbox_\w{32})\n/u, 90_000))[1]!;

  const env: NodeJS.ProcessEnv = { ...base, KEY: key };
  const ids: Record<string, string> = {};
  const SAMPLE = { req: /req_(?:\w{22}|…)|<request_id>/gu, we: /we_(?:\w{22}|…)|<endpoint>/gu, wat: /wat_(?:\w{22}|…)/gu, acct: /acct_(?:\w+|…)|<account>/gu, key: /key_(?:\w+|…)/gu };
  /** The line as this machine runs it: port, paths, key and the ids printed before. */
  const fill = (line: string): string => {
    let l = line
      .replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)
      .replaceAll('127.0.0.1:9000', `127.0.0.1:${recvPort}`)
      .replaceAll('.listen(9000)', `.listen(${recvPort})`)
      .replaceAll('/path/to/listings', ROOT)
      .replaceAll('lk_sandbox_…', key);
    for (const [kind, re] of Object.entries(SAMPLE)) {
      if (re.test(l)) {
        expect({ line, kind, printedBefore: ids[kind] !== undefined }).toEqual({ line, kind, printedBefore: true });
        l = l.replace(re, ids[kind]!);
      }
      re.lastIndex = 0;
    }
    return l;
  };
  const remember = (text: string): void => {
    for (const kind of Object.keys(SAMPLE)) {
      const all = [...text.matchAll(new RegExp(`\\b${kind}_\\w{6,}`, 'gu'))];
      if (all.length > 0) ids[kind] = all[all.length - 1]![0];
    }
  };

  const skipped: string[] = [];
  const ran: string[] = [];
  let last: Ran = { code: 0, stdout: '', stderr: '' };
  for (const { doc, line } of commands) {
    const why = NOT_RUN.find(([re]) => re.test(line));
    if (why || line === startLine!.line) {
      skipped.push(line);
      continue;
    }
    ran.push(line);
    const cwd = join(WORK, doc.replace(/\W/gu, '_'));
    mkdirSync(cwd, { recursive: true });
    const cmd = fill(line);
    if (cmd.startsWith('export ')) {
      // The variables of an export line hold for the commands after it.
      for (const [, k, v] of cmd.slice(7).matchAll(/([A-Z_]+)=(\S+)/gu)) env[k!] = v!.replace(/^\$KEY$/u, key);
      continue;
    }
    if (cmd.startsWith('node -e ')) {
      // The recipe's receiver, left running as its terminal would be.
      const recv = background(cmd, env, cwd);
      receiver = recv;
      await new Promise<void>((resolve, reject) => {
        const probe = (): void => {
          fetch(`http://127.0.0.1:${recvPort}/`, { method: 'POST', body: '{"probe":true}' }).then(() => resolve(), () => {
            if (recv.child.exitCode === null) setTimeout(probe, 100);
            else reject(new Error(`the receiver exited: ${recv.output()}`));
          });
        };
        probe();
      });
      continue;
    }
    if (cmd.includes('npx node try.ts')) writeFileSync(join(cwd, 'try.ts'), fill(sdkSnippet()));
    // The CLI outside the checkout is run outside it.
    const where = cmd.startsWith(`npx --prefix ${ROOT}`) ? mkdtempSync(join(tmpdir(), 'listings-outside-')) : cwd;
    if (where !== cwd) dirs.push(where);
    last = await runCommand('bash', ['-c', cmd], { env, cwd: where, timeoutMs: 120_000 });
    // The account's 60 calls a minute: a refused curl is sent again once the window has room,
    // as docs/errors.md advises (the SDK and CLI wait it out themselves).
    for (let waited = 0; cmd.startsWith('curl ') && last.stdout.includes('"code":"rate_limited"') && waited < 70_000; waited += 5000) {
      await new Promise((r) => setTimeout(r, 5000));
      last = await runCommand('bash', ['-c', cmd], { env, cwd: where, timeoutMs: 120_000 });
    }
    expect(last.stdout).not.toContain('"code":"rate_limited"');
    expect({ doc, line, code: last.code, stderr: last.code === 0 ? '' : last.stderr }).toEqual({ doc, line, code: 0, stderr: '' });
    remember(`${last.stdout}\n${last.stderr}`);

    // What the docs promise of some of them.
    if (cmd.startsWith('npx --prefix')) expect(last.stdout).toMatch(/│ id\s+│ title/u);
    if (cmd.includes('"Idempotency-Key: order-42"') && cmd.includes('adidas')) expect(JSON.parse(last.stdout)).toMatchObject({ error: { code: 'idempotency_conflict' } });
    if (cmd.includes('--format csv > iphone.csv')) {
      const rows = Number(/^(\d+) rows/mu.exec(last.stderr)![1]);
      const wc = await runCommand('wc', ['-l', 'iphone.csv'], { cwd });
      expect(wc.stdout.trim()).toBe(`${rows + 1} iphone.csv`);
    }
    if (cmd.includes('npx node try.ts')) expect(last.stdout).toMatch(/^\d+ \{ amount: [\d.]+, currency: 'USD' \}\n(\d+ \d+\n)+$/u);
    if (cmd.startsWith('npx listings watch create') && cmd.includes('--every 30s')) {
      // The recipe's watch: a run finds the moved market and the receiver prints its event.
      const id = /wat_\w{22}/u.exec(`${last.stdout}${last.stderr}`)![0];
      const event = await receiver!.waitFor(new RegExp(`^\\{"id":"evt_[^\\n]*"type":"watch\\.matched"[^\\n]*"${id}"[^\\n]*$`, 'mu'), 240_000);
      const matches = (JSON.parse(event[0]) as { data: { matches: Array<{ reason: string }> } }).data.matches;
      expect(matches.length).toBeGreaterThan(0);
    }
  }
  // Every command not run is one NOT_RUN names (or the start line, run above as the service).
  for (const line of skipped) expect({ line, known: line === startLine!.line || NOT_RUN.some(([re]) => re.test(line)) }).toEqual({ line, known: true });
  expect(last.code).toBe(0);
  if (process.env.DOCS_COMMANDS_LIST) process.stderr.write(`ran ${ran.length}:\n${ran.join('\n')}\nnot run ${skipped.length}:\n${skipped.join('\n')}\n`);
  expect(ran.length).toBeGreaterThan(40);
}, 420_000);
