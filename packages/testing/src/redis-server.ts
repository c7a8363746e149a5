/**
 * @module redis-server
 * Starts a private `redis-server` child process from the machine's binary (no package, no
 * download): for `npm start` without REDIS_URL, for tests where no container runtime exists,
 * and for tests that stop or restart Redis (never the machine's own).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivateRedis {
  url: string;
  port: number;
  dir: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /** Kills the server (SIGKILL) and resolves once it has exited; its data directory stays, for `restart`. */
  kill(): Promise<void>;
  /** Kills the server and starts it again on the same port and data directory. */
  restart(): Promise<void>;
}

/** SIGKILL, resolved once the process has exited (at once when it already has). */
function killProcess(c: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGKILL');
  });
}

/** The `redis-server` binary on PATH, or null. */
export function findRedisServer(): string | null {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? 'redis-server' : null;
}

export const INSTALL_HINT =
  'No Redis found. Set REDIS_URL to a Redis 7 server, or install one: `apt-get install redis-server` ' +
  '(Debian/Ubuntu, as root), `brew install redis` (macOS); with Docker, `docker run -p 6379:6379 redis:7`.';

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

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = connect(port, '127.0.0.1');
      // Destroyed at once: a socket ended but never read keeps its handle open (jest then waits for it).
      sock.once('connect', () => { sock.destroy(); resolve(true); });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
}

/** Starts `redis-server` on a free port with AOF on (`appendfsync everysec`), in a temp dir. */
export async function startPrivateRedis(opts: { appendonly?: boolean; port?: number; args?: string[] } = {}): Promise<PrivateRedis> {
  if (!findRedisServer()) throw new Error(INSTALL_HINT);
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'listings-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
    '--appendonly', opts.appendonly === false ? 'no' : 'yes', '--appendfsync', 'everysec', '--protected-mode', 'no', ...(opts.args ?? [])];
  let child = spawn('redis-server', args, { stdio: 'ignore' });
  await waitForPort(port, child, 5000);
  const handle: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    get process() { return child; },
    async stop() {
      await killProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => killProcess(child),
    async restart() {
      await killProcess(child);
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await waitForPort(port, child, 5000);
    },
  };
  return handle;
}

export interface SentinelSet {
  /** `redis+sentinel://127.0.0.1:<s1>,…/<name>` */
  url: string;
  name: string;
  primary: PrivateRedis;
  replica: PrivateRedis;
  /** Every data server: the first primary, then its replicas (`replica` is the first of them). */
  servers: PrivateRedis[];
  sentinels: PrivateRedis[];
  /** Port of the server the sentinels currently call the primary. */
  currentPrimaryPort(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A primary, `replicas` replicas (one unless said) and `count` sentinels (`redis-server <conf> --sentinel`) on free ports
 * of 127.0.0.1, watching the primary as `name` with a quorum of 2 and fast failover settings
 * (down after 1 s). For failover tests; never touches any other Redis.
 */
export async function startSentinelSet(opts: { name?: string; count?: number; replicas?: number; minReplicasToWrite?: number } = {}): Promise<SentinelSet> {
  const name = opts.name ?? 'listings';
  // A primary with fewer replicas in sync than this refuses writes (NOREPLICAS): a primary the
  // sentinels have replaced while it still runs cannot take writes that would then be lost.
  const guard = opts.minReplicasToWrite ? ['--min-replicas-to-write', String(opts.minReplicasToWrite), '--min-replicas-max-lag', '10'] : [];
  const primary = await startPrivateRedis({ appendonly: true, args: guard });
  const replicas: PrivateRedis[] = [];
  for (let i = 0; i < (opts.replicas ?? 1); i++) replicas.push(await startPrivateRedis({ appendonly: true, args: ['--replicaof', '127.0.0.1', String(primary.port), ...guard] }));
  const replica = replicas[0]!;
  const sentinels: PrivateRedis[] = [];
  for (let i = 0; i < (opts.count ?? 3); i++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'listings-sentinel-'));
    const conf = join(dir, 'sentinel.conf');
    writeFileSync(conf, [
      `port ${port}`, 'bind 127.0.0.1', 'protected-mode no', `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 4000`,
      `sentinel parallel-syncs ${name} 1`,
    ].join('\n'));
    let child = spawn('redis-server', [conf, '--sentinel'], { stdio: 'ignore' });
    await waitForPort(port, child, 5000);
    sentinels.push({
      url: `redis://127.0.0.1:${port}`, port, dir,
      get process() { return child; },
      async stop() {
        await killProcess(child);
        rmSync(dir, { recursive: true, force: true });
      },
      kill: () => killProcess(child),
      async restart() {
        await killProcess(child);
        child = spawn('redis-server', [conf, '--sentinel'], { stdio: 'ignore' });
        await waitForPort(port, child, 5000);
      },
    });
  }
  const { Redis } = await import('ioredis');
  return {
    url: `redis+sentinel://${sentinels.map((x) => `127.0.0.1:${x.port}`).join(',')}/${name}`,
    name, primary, replica, sentinels, servers: [primary, ...replicas],
    async currentPrimaryPort() {
      const c = new Redis({ host: '127.0.0.1', port: sentinels[0]!.port, lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await c.connect();
        const addr = (await c.call('SENTINEL', 'get-master-addr-by-name', name)) as [string, string];
        return Number(addr[1]);
      } finally {
        c.disconnect();
      }
    },
    async stop() {
      for (const x of [...sentinels, ...replicas, primary]) await x.stop();
    },
  };
}
