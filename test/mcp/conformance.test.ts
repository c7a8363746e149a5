/**
 * The protocol's published conformance checks for servers (@modelcontextprotocol/conformance,
 * run offline: it is a client of the server under test) against `listings mcp --http`, every
 * scenario of the suite. Those testing what this server does not offer (fixture tools of the
 * reference server, resources, prompts, logging, completions, sampling, elicitation) are the
 * expected failures of ./conformance-baseline.yml; the runner exits non-zero when any other
 * scenario fails or one of those starts to pass. The scenarios that apply must pass with at
 * least one check each: initialize, ping, tools/list, several SSE streams of one session, and
 * the refusal of a rebound Host or a foreign Origin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../support/commands.ts';
import { ProcessGroup, ROOT, type Proc } from '../support/processes.ts';

const BIN_DIR = join(ROOT, 'node_modules/.bin');
const group = new ProcessGroup();
/** The runner writes its results under its working directory. */
const cwd = mkdtempSync(join(tmpdir(), 'listings-mcp-conformance-'));
let proc: Proc;
let url: string;

beforeAll(async () => {
  // No scenario calls one of our tools (they ask for the reference server's), so no API is needed behind it.
  proc = group.spawn('listings mcp --http', join(ROOT, 'packages/cli/bin/listings.js'), {
    args: ['mcp', '--http', '--port', '0'],
    env: { LISTINGS_API_KEY: 'lk_sandbox_conformance', LISTINGS_API_URL: 'http://127.0.0.1:9' },
  });
  url = (await proc.waitForOutput(/streamable HTTP on (http:\/\/127\.0\.0\.1:\d+\/mcp)/u, 30_000))[1]!;
});
afterAll(async () => {
  await group.stopAll();
  rmSync(cwd, { recursive: true, force: true });
});

const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];

test('the server scenarios that apply pass; the others fail only as the baseline says', async () => {
  await group.explained(async () => {
    const r = await runCommand(join(BIN_DIR, 'conformance'), ['server', '--url', url, '--suite', 'all', '--expected-failures', join(ROOT, 'test/mcp/conformance-baseline.yml')], {
      cwd,
      env: { PATH: `${BIN_DIR}:${process.env.PATH}`, HOME: process.env.HOME ?? '' },
      timeoutMs: 120_000,
    });
    const out = `${r.stdout}\n${r.stderr}`;
    expect({ code: r.code, tail: out.slice(-3000) }).toMatchObject({ code: 0 });
    expect(out).toMatch(/Baseline check passed/u);
    for (const scenario of APPLICABLE) expect(out).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`, 'u'));
  });
}, 150_000);
