/**
 * @module postgres
 * The PostgreSQL the history tests run against: `HISTORY_TEST_DATABASE_URL`, else
 * `DATABASE_URL`, else the machine's server (`postgres://postgres@127.0.0.1:5432/test`, as on
 * this project's machines and in CI). Every suite works in its own schema, dropped at its end.
 * Tests that stop PostgreSQL start a private server (`startPrivatePostgres`: initdb and
 * pg_ctl of the machine's PostgreSQL, on a free port, in a temporary folder), never the
 * machine's own.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function testDatabaseUrl(): string {
  return process.env.HISTORY_TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** A schema name no other test uses (lowercase, as the archive requires). */
export function uniqueSchema(name = 't'): string {
  return `test_${name.replace(/[^a-z0-9_]/gu, '_')}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** The directory of PostgreSQL's server programs (initdb, pg_ctl, postgres), or null. */
export function findPostgresBin(): string | null {
  const onPath = spawnSync('pg_ctl', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0) {
    const which = spawnSync('sh', ['-c', 'dirname "$(readlink -f "$(command -v pg_ctl)")"'], { encoding: 'utf8' });
    if (which.status === 0 && which.stdout.trim() !== '') return which.stdout.trim();
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  dir: string;
  /** Stops the server at once (`pg_ctl stop -m immediate`); its data stays for `start`. */
  stop(): void;
  /** Stops it cleanly (`pg_ctl stop -m fast`: a checkpoint, no recovery at the next start); its data stays. */
  shutdown(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Stops it and removes its data. */
  destroy(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface PrivatePostgresOptions {
  /**
   * A folder to keep the server's data in between runs (made when missing, reused when it
   * holds a data directory); by default a new temporary folder.
   */
  dir?: string;
  /**
   * Server settings (`-c name=value`) in place of the tests' defaults (`fsync=off`,
   * `shared_buffers=32MB`, `max_connections=50`): a benchmark gives the deploy's.
   */
  settings?: Readonly<Record<string, string>>;
}

/**
 * A private PostgreSQL server on a free port of 127.0.0.1 (trust authentication, database
 * `postgres`, user `postgres`). PostgreSQL refuses to run as root: as root it runs as the
 * `postgres` system user (`runuser`).
 */
export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (bin === null) throw new Error('No PostgreSQL server programs (initdb, pg_ctl) found: install postgresql (Debian: apt-get install postgresql).');
  const port = await freePort();
  if (options.dir !== undefined) mkdirSync(options.dir, { recursive: true });
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'listings-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]): void => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const : [cmd, args] as const;
    const r = spawnSync(full[0], [...full[1]], { encoding: 'utf8', cwd: tmpdir() });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${(r.stderr || r.stdout).slice(0, 500)}`);
  };
  if (asRoot) {
    chmodSync(dir, 0o777);
    spawnSync('chown', ['postgres', dir]);
  }
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const settings = options.settings ?? { fsync: 'off', shared_buffers: '32MB', max_connections: '50' };
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} ${Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`).join(' ')}`;
  const start = (): void => run(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stopWith = (mode: 'immediate' | 'fast'): void => {
    const args = ['-D', data, '-m', mode, '-w', 'stop'];
    spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args] : args, { encoding: 'utf8' });
  };
  const stop = (): void => stopWith('immediate');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    shutdown: () => stopWith('fast'),
    start,
    destroy() {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
