/**
 * The SDK, the MCP server and the CLI as npm packages, outside the repository: `npm pack` of
 * each (its `prepack` compiles src/ to dist/ with tsc and points `exports` at dist/,
 * `postpack` puts package.json back; packages/sdk/README.md, "Publishing"), the tarballs
 * installed into a fresh project, then the installed SDK imported and the installed `listings`
 * bin run by Node 24 (`process.execPath`), `listings mcp` included, and a consumer
 * type-checked against the shipped .d.ts.
 *
 * The packs run on a copy of packages/sdk, packages/mcp and packages/cli (with tsconfig.base.json and a link
 * to the repository's node_modules for tsc, @types and the dependencies' types), not in place:
 * the checkout is shared, and an in-place pack rewrites package.json for a moment.
 *
 * No network: the fresh project gets a package-lock.json built from the repository's
 * (the same versions, `resolved` and `integrity` of openapi-fetch, commander, cli-table3, …)
 * and `npm ci --offline` takes the tarballs from the npm cache `npm ci` of the repository
 * filled. If that cache lacks them (ENOTCACHED), or npm is not on PATH, the tests print why
 * and skip.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand, type Ran } from '../support/commands.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const WORKSPACES = { 'packages/sdk': '@listings/sdk', 'packages/mcp': '@listings/mcp', 'packages/cli': '@listings/cli' } as const;
type Workspace = keyof typeof WORKSPACES;

const SETUP_MS = 150_000;

const dir = mkdtempSync(join(tmpdir(), 'listings-pack-'));
const copy = join(dir, 'repo');
const out = join(dir, 'tarballs');
const project = join(dir, 'project');
let skipped: string | undefined;
const tarballs: Partial<Record<Workspace, string>> = {};

/** The environment of child npm and node processes: none of the parent `npm test`'s npm_* settings. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/iu.test(k)));
  return { ...env, ...extra };
}

function run(cmd: string, args: string[], cwd: string, env = childEnv()): Promise<Ran> {
  return runCommand(cmd, args, { cwd, env });
}

interface LockEntry { version: string; resolved?: string; integrity?: string; link?: boolean; name?: string; license?: string; engines?: Record<string, string>; bin?: Record<string, string>; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }>; dev?: boolean; devOptional?: boolean; peer?: boolean }

/**
 * The fresh project's package-lock.json: both tarballs, and every package they need at the
 * version and place the repository's lockfile has (a dependency nested under a workspace,
 * like the CLI's commander 15, nested under that package's install directory).
 */
function consumerLock(): { manifest: object; lock: object } {
  const repo = (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const installDir = (loc: string): string => {
    for (const [ws, name] of Object.entries(WORKSPACES)) if (loc === ws || loc.startsWith(`${ws}/`)) return `node_modules/${name}${loc.slice(ws.length)}`;
    return loc;
  };
  const resolveFrom = (from: string, name: string): string | undefined => {
    for (let base = from; ;) {
      const loc = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (repo[loc] && !repo[loc].link) return loc;
      if (!base) return undefined;
      const i = base.lastIndexOf('/node_modules/');
      base = i >= 0 ? base.slice(0, i) : '';
    }
  };
  const dependencies: Record<string, string> = {};
  const packages: Record<string, unknown> = {};
  const queue: string[] = [];
  for (const [ws, name] of Object.entries(WORKSPACES) as [Workspace, string][]) {
    const file = tarballs[ws]!;
    const entry = repo[ws]!;
    const manifest = JSON.parse(readFileSync(join(copy, ws, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
    dependencies[name] = `file:${file}`;
    packages[`node_modules/${name}`] = {
      version: entry.version, resolved: `file:${file}`, integrity: `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`,
      license: entry.license, engines: entry.engines, dependencies: entry.dependencies,
      ...(manifest.bin ? { bin: Object.fromEntries(Object.entries(manifest.bin).map(([k, v]) => [k, v.replace(/^\.\//u, '')])) } : {}),
    };
    queue.push(ws);
  }
  while (queue.length > 0) {
    const from = queue.shift()!;
    const entry = repo[from]!;
    // Peers a package needs (the MCP SDK's zod) are installed beside it, as npm does.
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional);
    for (const name of new Set([...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), ...peers])) {
      if (Object.values(WORKSPACES).includes(name as never)) continue;
      const loc = resolveFrom(from, name);
      if (loc === undefined) {
        if (entry.optionalDependencies?.[name] || peers.includes(name)) continue;
        throw new Error(`package-lock.json has no ${name} for ${from}`);
      }
      const target = installDir(loc);
      if (packages[target]) continue;
      const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = repo[loc]!;
      const pkgName = loc.slice(loc.lastIndexOf('node_modules/') + 'node_modules/'.length);
      // The repository's lockfile leaves out registry URLs; without one npm would ask the registry.
      packages[target] = { resolved: `https://registry.npmjs.org/${pkgName}/-/${pkgName.split('/').pop()}-${kept.version}.tgz`, ...kept };
      queue.push(loc);
    }
  }
  const manifest = { name: 'listings-pack-consumer', version: '1.0.0', private: true, type: 'module', dependencies };
  return { manifest, lock: { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: { '': { name: manifest.name, version: manifest.version, dependencies }, ...packages } } };
}

beforeAll(async () => {
  try {
    execFileSync('npm', ['--version'], { env: childEnv(), stdio: 'pipe' });
  } catch {
    skipped = 'npm is not on PATH';
    return;
  }
  mkdirSync(join(copy, 'packages'), { recursive: true });
  mkdirSync(out);
  mkdirSync(project);
  cpSync(join(ROOT, 'tsconfig.base.json'), join(copy, 'tsconfig.base.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  for (const ws of Object.keys(WORKSPACES) as Workspace[]) {
    cpSync(join(ROOT, ws), join(copy, ws), { recursive: true, filter: (src) => !/[/\\](node_modules|dist|\.prepack-package\.json)$/u.test(src) });
    if (existsSync(join(ROOT, ws, 'node_modules'))) symlinkSync(join(ROOT, ws, 'node_modules'), join(copy, ws, 'node_modules'));
  }
  for (const ws of Object.keys(WORKSPACES) as Workspace[]) {
    const before = readFileSync(join(copy, ws, 'package.json'), 'utf8');
    const r = await run('npm', ['pack', '--pack-destination', out, '--loglevel', 'error'], join(copy, ws));
    if (r.code !== 0) throw new Error(`npm pack of ${ws} failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
    // postpack put package.json back, byte for byte.
    expect(readFileSync(join(copy, ws, 'package.json'), 'utf8')).toBe(before);
    expect(existsSync(join(copy, ws, '.prepack-package.json'))).toBe(false);
    const file = r.stdout.trim().split('\n').pop()!;
    tarballs[ws] = join(out, file);
    expect(existsSync(tarballs[ws]!)).toBe(true);
  }
  const { manifest, lock } = consumerLock();
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  const install = await run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel', 'error', '--engine-strict=false'], project);
  if (install.code !== 0) {
    if (/ENOTCACHED/u.test(install.stderr)) {
      skipped = `the npm cache lacks a dependency of the packed packages, so an offline install is impossible:\n${install.stderr.split('\n').find((l) => /request to/u.test(l)) ?? install.stderr}`;
      return;
    }
    throw new Error(`npm ci --offline failed (${install.code}):\n${install.stdout}\n${install.stderr}`);
  }
}, SETUP_MS);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function skip(): boolean {
  if (skipped) console.warn(`test/clients/pack.test.ts skipped: ${skipped}`);
  return skipped !== undefined;
}

const installed = (name: string, ...rest: string[]) => join(project, 'node_modules', name, ...rest);

test('the packed packages ship compiled JavaScript and types, with exports pointing at them', () => {
  if (skip()) return;
  for (const name of Object.values(WORKSPACES)) {
    const pkg = JSON.parse(readFileSync(installed(name, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(existsSync(installed(name, 'src'))).toBe(false);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      expect([subpath, target.default]).toEqual([subpath, expect.stringMatching(/^\.\/dist\/.+\.js$/u)]);
      expect([subpath, target.types]).toEqual([subpath, expect.stringMatching(/^\.\/dist\/.+\.d\.ts$/u)]);
      expect(existsSync(installed(name, target.default))).toBe(true);
      expect(existsSync(installed(name, target.types))).toBe(true);
    }
  }
  expect(readdirSync(installed('@listings/sdk', 'dist')).sort()).toEqual(['history.d.ts', 'history.js', 'index.d.ts', 'index.js', 'redact.d.ts', 'redact.js', 'schema.d.ts', 'schema.js', 'stats.d.ts', 'stats.js', 'watches.d.ts', 'watches.js', 'webhooks.d.ts', 'webhooks.js']);
  expect(readdirSync(installed('@listings/cli', 'dist')).sort()).toEqual(['history.d.ts', 'history.js', 'main.d.ts', 'main.js', 'mcp.d.ts', 'mcp.js', 'terminal.d.ts', 'terminal.js', 'watch.d.ts', 'watch.js']);
  expect(readdirSync(installed('@listings/mcp', 'dist')).filter((f) => f.endsWith('.js')).sort()).toEqual(['contract-types.js', 'contract.js', 'http.js', 'index.js', 'server.js', 'stdio.js', 'summary.js', 'tools.js']);
  // The CLI depends on the published SDK and MCP server by version range, never a workspace path.
  const cli = JSON.parse(readFileSync(installed('@listings/cli', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(cli.dependencies['@listings/sdk']).toMatch(/^\^\d+\.\d+\.\d+$/u);
  expect(cli.dependencies['@listings/mcp']).toMatch(/^\^\d+\.\d+\.\d+$/u);
  // Its only runtime dependency: openapi-fetch (and what openapi-fetch needs).
  const sdk = JSON.parse(readFileSync(installed('@listings/sdk', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(Object.keys(sdk.dependencies)).toEqual(['openapi-fetch']);
});

test('Node 24 imports the installed SDK from dist/ and it works (a client call, a webhook check)', async () => {
  if (skip()) return;
  const secret = 'whsec_pack';
  const body = '{"id":"evt_1","type":"job.settled"}';
  const t = Math.floor(Date.now() / 1000);
  const header = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  const script = `
    import { Listings, ListingsApiError, verifyWebhook } from '@listings/sdk';
    import { verifyWebhook as fromSubpath } from '@listings/sdk/webhooks';
    const seen = [];
    const fetch = async (req) => {
      seen.push({ url: req.url, auth: req.headers.get('authorization') });
      return new Response(JSON.stringify({ error: { code: 'request_not_found', message: 'no such job' } }), { status: 404, headers: { 'content-type': 'application/json', 'x-request-id': 'req_srv' } });
    };
    const listings = new Listings({ apiKey: 'lk_sandbox_pack', baseUrl: 'http://listings.invalid', fetch });
    let error;
    try { await listings.job('req_missing'); } catch (err) { error = err; }
    console.log(JSON.stringify({
      resolved: import.meta.resolve('@listings/sdk'),
      error: { isApiError: error instanceof ListingsApiError, code: error?.code, status: error?.status, requestId: error?.requestId },
      seen,
      ok: await verifyWebhook(${JSON.stringify(secret)}, ${JSON.stringify(header)}, ${JSON.stringify(body)}),
      altered: await fromSubpath(${JSON.stringify(secret)}, ${JSON.stringify(header)}, ${JSON.stringify(`${body} `)}),
    }));
  `;
  const r = await run(process.execPath, ['--input-type=module', '-e', script], project);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const got = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(got).toEqual({
    resolved: expect.stringMatching(/\/node_modules\/@listings\/sdk\/dist\/index\.js$/u),
    error: { isApiError: true, code: 'request_not_found', status: 404, requestId: 'req_srv' },
    seen: [{ url: 'http://listings.invalid/v1/jobs/req_missing', auth: 'Bearer lk_sandbox_pack' }],
    ok: { ok: true, timestamp: t },
    altered: { ok: false, reason: 'mismatch' },
  });
  expect(String(got.resolved)).toContain(project);
});

describe('the installed listings bin', () => {
  let server: Server;
  let url: string;
  const requests: { method?: string; url?: string; auth?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push({ method: req.method, url: req.url, auth: req.headers.authorization });
      res.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'req_srv' });
      res.end(JSON.stringify({ error: { code: 'request_not_found', message: 'no such job' } }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
  });

  const bin = () => join(project, 'node_modules', '.bin', 'listings');

  test('--help prints the usage', async () => {
    if (skip()) return;
    const r = await run(process.execPath, [bin(), '--help'], project);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: listings \[options\] \[command\]/mu);
    expect(r.stdout).toMatch(/^\s+search \[options\] <route> <q>/mu);
  });

  test('a command goes through the installed SDK to the API and exits by outcome', async () => {
    if (skip()) return;
    const noKey = await run(process.execPath, [bin(), 'job', 'req_missing'], project, childEnv({ LISTINGS_API_KEY: '', LISTINGS_API_URL: url }));
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('LISTINGS_API_KEY is not set');
    const r = await run(process.execPath, [bin(), 'job', 'req_missing'], project, childEnv({ LISTINGS_API_KEY: 'lk_sandbox_pack', LISTINGS_API_URL: url }));
    // Exit 3 (refused) needs the CLI to recognise the SDK's ListingsApiError: one SDK, the installed one.
    expect(r.stderr).toContain('404 request_not_found: no such job');
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('lk_sandbox_pack');
    expect(requests).toEqual([{ method: 'GET', url: '/v1/jobs/req_missing', auth: 'Bearer lk_sandbox_pack' }]);
  });

  test('`listings mcp` runs the installed MCP server over stdio: initialize, tools/list, a call refused by the API as a tool error', async () => {
    if (skip()) return;
    const child = spawn(process.execPath, [bin(), 'mcp'], { cwd: project, env: childEnv({ LISTINGS_API_KEY: 'lk_sandbox_pack', LISTINGS_API_URL: url }), stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString('utf8'); });
    const answers = new Map<number, { result?: Record<string, unknown>; error?: unknown }>();
    let buffered = '';
    const waiting = new Map<number, () => void>();
    child.stdout.on('data', (c: Buffer) => {
      buffered += c.toString('utf8');
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const msg = JSON.parse(buffered.slice(0, nl)) as { id?: number; result?: Record<string, unknown>; error?: unknown };
        buffered = buffered.slice(nl + 1);
        if (typeof msg.id === 'number') {
          answers.set(msg.id, msg);
          waiting.get(msg.id)?.();
        }
      }
    });
    const ask = (id: number, method: string, params: Record<string, unknown>): Promise<{ result?: Record<string, unknown>; error?: unknown }> => new Promise((done, fail) => {
      waiting.set(id, () => done(answers.get(id)!));
      child.once('exit', () => fail(new Error(`listings mcp exited before answering ${method}: ${stderr}`)));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
    const init = await ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack', version: '1' } });
    expect(init.result).toMatchObject({ serverInfo: { name: 'listings' }, capabilities: { tools: {} } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const list = await ask(2, 'tools/list', {});
    expect((list.result!.tools as Array<{ name: string }>).map((t) => t.name)).toContain('search_mkt_a_sold');
    const call = await ask(3, 'tools/call', { name: 'get_job', arguments: { request_id: 'req_missing', wait_seconds: 0 } });
    expect(call.result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'API error 404 request_not_found: no such job' }] });
    expect(JSON.stringify([...answers.values()])).not.toContain('lk_sandbox_pack');
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});

test('a TypeScript consumer type-checks against the shipped declarations', async () => {
  if (skip()) return;
  writeFileSync(join(project, 'consumer.ts'), [
    "import { Listings, verifyWebhook, type Result, type WebhookVerification } from '@listings/sdk';",
    "import { parseWebhook } from '@listings/sdk/webhooks';",
    "const listings = new Listings({ apiKey: 'lk_sandbox_x' });",
    "export const result: Promise<Result<'mkt_a/sold'>> = listings.search('mkt_a/sold', { q: 'iphone 13', condition: ['used'] });",
    "export const checked: Promise<WebhookVerification> = verifyWebhook('s', 'h', new Uint8Array());",
    'export const parsed: Promise<{ id: string }> = parseWebhook<{ id: string }>(\'s\', null, \'{}\');',
    '',
  ].join('\n'));
  writeFileSync(join(project, 'bad.ts'), "import { Listings } from '@listings/sdk';\nexport const n: number = new Listings({ apiKey: 'k' }).search('mkt_z/sold', {});\n");
  const tsconfig = (files: string[]) => JSON.stringify({ compilerOptions: { module: 'nodenext', target: 'es2024', lib: ['es2024', 'dom'], types: [], strict: true, noEmit: true }, files });
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  writeFileSync(join(project, 'tsconfig.json'), tsconfig(['consumer.ts']));
  const good = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
  expect(good.stdout + good.stderr).toBe('');
  expect(good.code).toBe(0);
  // And the types are real: a wrong route and a wrong result type are errors.
  writeFileSync(join(project, 'tsconfig.json'), tsconfig(['bad.ts']));
  const bad = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
  expect(bad.code).not.toBe(0);
  expect(bad.stdout).toMatch(/bad\.ts\(2,\d+\): error TS\d+/u);
}, 60_000);
