/**
 * `listings mcp` refusing its command line: no key, a bad port, a port in use, an address that
 * is not a loopback one: each a one-line message and exit 2, no stack trace.
 */
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { runCommand } from '../support/commands.ts';
import { ROOT } from '../support/processes.ts';

const BIN_DIR = join(ROOT, 'node_modules/.bin');
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ PATH: `${BIN_DIR}:${process.env.PATH}`, HOME: process.env.HOME ?? '', LISTINGS_API_URL: 'http://127.0.0.1:9', ...extra });

let taken: Server;
let takenPort: number;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
  takenPort = (taken.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((done) => taken.close(done));
});

test.each([
  ['no LISTINGS_API_KEY', ['mcp'], {}, /^listings: LISTINGS_API_KEY is not set/mu],
  ['a port that is not a number', ['mcp', '--http', '--port', 'eighty'], { LISTINGS_API_KEY: 'lk_sandbox_x' }, /^listings: --port takes a port number from 0 to 65535, not "eighty"$/mu],
  ['a port out of range', ['mcp', '--http', '--port', '70000'], { LISTINGS_API_KEY: 'lk_sandbox_x' }, /--port takes a port number/u],
  ['a port in use', () => ['mcp', '--http', '--port', String(takenPort)], { LISTINGS_API_KEY: 'lk_sandbox_x' }, /^listings: port \d+ on 127\.0\.0\.1 is in use: pick another with --port/mu],
  ['an address that is not a loopback one', ['mcp', '--http', '--host', '0.0.0.0'], { LISTINGS_API_KEY: 'lk_sandbox_x' }, /Allowed choices are 127\.0\.0\.1, ::1, localhost/u],
] as const)('%s: exit 2 with a message', async (_name, args, extra, message) => {
  const r = await runCommand(join(BIN_DIR, 'listings'), typeof args === 'function' ? args() : [...args], { env: env(extra), timeoutMs: 30_000 });
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /u);
  expect(r.code).toBe(2);
});
