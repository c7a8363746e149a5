/**
 * @module local-redis
 * The private Redis of `npm start` when REDIS_URL is unset: the machine's `redis-server`
 * (found with findRedisServer() of @listings/testing) on a free loopback port, with its data
 * in `<local>/redis` and AOF on (`appendfsync everysec`), so accounts, keys and cursor state
 * survive a restart. startPrivateRedis() of @listings/testing is not used because it keeps its
 * data in a temporary folder that it deletes on stop: right for tests, wrong for a quick start
 * that promises "an account exists" on the next run.
 *
 * The server runs in its own process group, so a Ctrl-C in the terminal reaches the api and
 * worker first and Redis stays up until they have closed; then it is stopped with SIGTERM
 * (Redis flushes the AOF and exits). Where it listens is written to `<local>/redis.json` for
 * the admin command line; a server left behind by a start that was killed is adopted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { clearRedisRecord, isAlive, readRedisRecord, writeRedisRecord } from './local-state.ts';

export interface LocalRedis {
  url: string;
  pid: number;
  dataDir: string;
  /** True when a server left running by an earlier start was taken over. */
  adopted: boolean;
  stop(): Promise<void>;
}

/** A port free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Whether a Redis answers PING on the port. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let data = '';
    const done = (ok: boolean): void => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(1000, () => done(false));
    sock.once('connect', () => sock.write('PING\r\n'));
    sock.on('data', (b: Buffer) => {
      data += b.toString('latin1');
      if (data.includes('\r\n')) done(data.startsWith('+PONG'));
    });
    sock.once('error', () => done(false));
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

function handle(localDir: string, url: string, pid: number, dataDir: string, adopted: boolean): LocalRedis {
  return {
    url, pid, dataDir, adopted,
    async stop() {
      if (isAlive(pid)) {
        process.kill(pid, 'SIGTERM');
        if (!(await waitGone(pid, 10_000))) {
          process.kill(pid, 'SIGKILL');
          await waitGone(pid, 2000);
        }
      }
      clearRedisRecord(localDir);
    },
  };
}

/**
 * Starts (or adopts) the private Redis of this checkout. Throws when another `npm start` of
 * the same checkout still owns it, or when the server does not come up (its log is named).
 */
export async function startLocalRedis(localDir: string): Promise<LocalRedis> {
  const dataDir = join(localDir, 'redis');
  mkdirSync(dataDir, { recursive: true });
  const rec = readRedisRecord(localDir);
  if (rec && isAlive(rec.pid)) {
    if (rec.owner !== undefined && rec.owner !== process.pid && isAlive(rec.owner)) {
      throw new Error(`another \`npm start\` of this checkout (pid ${rec.owner}) is running with its Redis at ${rec.url}; stop it first, or give this one REDIS_URL.`);
    }
    if (await pings(rec.port)) {
      writeRedisRecord(localDir, { ...rec, owner: process.pid });
      return handle(localDir, rec.url, rec.pid, dataDir, true);
    }
  }
  const port = await freePort();
  const logFile = join(dataDir, 'redis.log');
  const child = spawn('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'no', '--dir', dataDir,
    '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '', '--logfile', logFile,
  ], { stdio: 'ignore', detached: true });
  const failed = new Promise<never>((_resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`redis-server exited at start (${signal ?? `code ${code}`}); see ${logFile}`)));
  });
  failed.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await Promise.race([pings(port), failed]);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on port ${port} within 10 s; see ${logFile}`);
    }
    await sleep(50);
  }
  const url = `redis://127.0.0.1:${port}`;
  writeRedisRecord(localDir, { url, port, pid: child.pid!, owner: process.pid });
  return handle(localDir, url, child.pid!, dataDir, false);
}
