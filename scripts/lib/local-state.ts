/**
 * @module local-state
 * The `.local/` folder of a checkout (gitignored): what `npm start` keeps between runs on this
 * machine. The cursor secret (so cursors stay valid across restarts), the private Redis's data
 * (AOF) and where that Redis listens while it runs (so the admin command line finds it without
 * REDIS_URL). `LISTINGS_LOCAL_DIR` moves the folder (tests use a temporary one).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function localDir(env: Record<string, string | undefined>): string {
  return env.LISTINGS_LOCAL_DIR || join(ROOT, '.local');
}

/**
 * The cursor secret kept in `<local>/cursor-secret`, made once (48 random bytes, hex) and
 * readable only by its owner. Returns whether it was made by this call.
 */
export function localCursorSecret(dir: string): { secret: string; created: boolean } {
  const file = join(dir, 'cursor-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return { secret, created: false };
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, created: true };
}

/** What a running private Redis left for others to find: `<local>/redis.json`. */
export interface RedisRecord {
  url: string;
  port: number;
  /** The redis-server process. */
  pid: number;
  /** The `npm start` process that runs it. */
  owner?: number;
}

export function redisRecordFile(dir: string): string {
  return join(dir, 'redis.json');
}

export function readRedisRecord(dir: string): RedisRecord | null {
  try {
    const r = JSON.parse(readFileSync(redisRecordFile(dir), 'utf8')) as Partial<RedisRecord>;
    if (typeof r.url === 'string' && typeof r.port === 'number' && typeof r.pid === 'number') return r as RedisRecord;
  } catch {
    // absent or unreadable: no private Redis recorded
  }
  return null;
}

export function writeRedisRecord(dir: string, rec: RedisRecord): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(redisRecordFile(dir), `${JSON.stringify(rec)}\n`);
}

export function clearRedisRecord(dir: string): void {
  rmSync(redisRecordFile(dir), { force: true });
}

/** Whether a process with this id is alive (signal 0 checks without signalling). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

