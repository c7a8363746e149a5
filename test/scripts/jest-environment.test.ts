/**
 * The test environment's worker end (scripts/jest/leak-environment.cjs), in a Jest run of its
 * own: two workers, fixture test files written here. A worker whose files left nothing open
 * ends with process.exit once Jest has asked and its event loop has emptied, and Jest prints no
 * force-exit line; a worker whose file left a server listening never empties its loop, so Jest
 * still force-exits it and still says so: the quick end hides no leak.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FORCED = 'A worker process has failed to exit gracefully';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(files: Record<string, string>): { status: number | null; stderr: string; exitLog: string } {
  const dir = mkdtempSync(join(tmpdir(), 'listings-jest-env-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  // A fresh cache directory: with no timings Jest runs two files in two workers, not in band.
  const config = { rootDir: dir, testEnvironment: join(ROOT, 'scripts/jest/leak-environment.cjs'), testMatch: ['<rootDir>/*.test.cjs'], transform: {}, cacheDirectory: join(dir, 'cache') };
  writeFileSync(join(dir, 'jest.config.json'), JSON.stringify(config));
  const exitLog = join(dir, 'exit.log');
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/jest/bin/jest.js'), '--config', join(dir, 'jest.config.json'), '--maxWorkers', '2'], {
    cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, LISTINGS_EXIT_LOG: exitLog, LISTINGS_LEAK_LOG: '' },
  });
  return { status: r.status, stderr: r.stderr, exitLog: existsSync(exitLog) ? readFileSync(exitLog, 'utf8') : '' };
}

const clean = (n: number): string => `test('clean ${n}', async () => { await new Promise((r) => setTimeout(r, 50)); expect(${n}).toBe(${n}); });\n`;

test('workers that left nothing open end by process.exit, and Jest prints no force-exit line', () => {
  const r = run({ 'a.test.cjs': clean(1), 'b.test.cjs': clean(2) });
  expect(r.stderr).toContain('Tests:       2 passed, 2 total');
  expect(r.status).toBe(0);
  expect(r.stderr).not.toContain(FORCED);
  const ended = r.exitLog.split('\n').filter((l) => l.includes('ending with process.exit')).map((l) => l.split('\t')[0]);
  expect(new Set(ended).size).toBe(2);
}, 90_000);

test('a worker whose file left a server listening is still force-exited, and Jest says so', () => {
  const leaky = `const { createServer } = require('node:net');\ntest('leaves a server', async () => { await new Promise((r) => createServer().listen(0, '127.0.0.1', r)); });\n`;
  const r = run({ 'a.test.cjs': clean(1), 'leaky.test.cjs': leaky });
  expect(r.stderr).toContain('Tests:       2 passed, 2 total');
  expect(r.stderr).toContain(FORCED);
  // The clean worker still ended by itself; the leaky one never reached the end of its loop.
  const ended = r.exitLog.split('\n').filter((l) => l.includes('ending with process.exit'));
  expect(ended).toHaveLength(1);
  expect(r.exitLog).toMatch(/still running\t[^\n]*TCPServerWrap/u);
}, 90_000);
