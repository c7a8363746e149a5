/**
 * @module start
 * `npm start`: the whole service on this machine in one command. The simulator server, an api
 * and a worker, each as a child process running its real entry file (`scripts/simulators.ts`,
 * `apps/api/src/main.ts`, `apps/worker/src/main.ts`) on this same Node, exactly as they run in
 * containers: what you try locally is what deploys, and a crash in one is seen, named and
 * stops the rest instead of taking a shared process down silently.
 *
 * Redis: REDIS_URL when set; otherwise a private `redis-server` with its data in `.local/redis`
 * (scripts/lib/local-redis.ts); with neither, it prints what to install and exits 1.
 * CURSOR_SECRET: from the environment, else made once and kept in `.local/cursor-secret`, so
 * cursors stay valid across restarts. On a first start (no accounts under KEY_PREFIX) it
 * creates a local account with a sandbox key and prints the key once with ready `curl` lines.
 * Ctrl-C (or SIGTERM) stops the api and worker (they finish what they hold), the simulators,
 * then the private Redis. `--name=value` flags are settings too (`npm start -- --port=9000`).
 *
 * Defaults that differ from a deployment's: HOST 127.0.0.1 (not reachable from the network),
 * the worker's health port chosen free, and sandbox collection from the local simulators.
 */
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { ConfigError, flagsToEnv, loadConfig } from '@listings/config';
import { connectRedis, createAccounts, whenReady } from '@listings/store';
import { findRedisServer, INSTALL_HINT } from '@listings/testing';
import { localCursorSecret, localDir, redactUrl, ROOT } from './lib/local-state.ts';
import { freePort, startLocalRedis, type LocalRedis } from './lib/local-redis.ts';
import { SIMULATORS_LINE, startService, waitReady, type Service } from './lib/services.ts';

const READY_MS = 60_000;
const say = (line: string): void => console.log(line);

const env: Record<string, string | undefined> = { ...process.env, ...flagsToEnv(process.argv.slice(2)) };
const local = localDir(env);
const services: Service[] = [];
let privateRedis: LocalRedis | null = null;
let redis: Redis | null = null;
let stopping = false;
/** How long a process may take to close before SIGKILL: its own grace (SHUTDOWN_GRACE_MS) and a margin. */
let killAfterMs = 30_000;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    const started = services.length > 0 || privateRedis !== null;
    if (started) say('[start] stopping…');
    await Promise.all(services.map((s) => s.stop('SIGTERM', killAfterMs)));
    redis?.disconnect();
    if (privateRedis) await privateRedis.stop();
    if (started) say('[start] stopped');
  }
  process.exit(code);
}

let signals = 0;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    signals++;
    if (signals === 1) {
      void stopAll(0);
      return;
    }
    // A second Ctrl-C: stop waiting for a clean close.
    for (const s of services) if (s.alive()) s.child.kill('SIGKILL');
    if (privateRedis) process.kill(privateRedis.pid, 'SIGKILL');
    process.exit(130);
  });
}

function fail(message: string, code = 1): Promise<never> {
  console.error(`[start] ${message}`);
  return stopAll(code);
}

/** Any process ending on its own ends the whole start: a half-running service misleads. */
function watch(s: Service): void {
  void s.exited.then(async ({ code, signal }) => {
    // A Ctrl-C reaches every process of the terminal at once; let our own handler run first.
    await new Promise((r) => setTimeout(r, 200));
    if (!stopping) await fail(`${s.name} exited (${signal ?? `code ${code}`}); stopping everything`);
  });
}

async function main(): Promise<void> {
  // 1. Redis: the given one, or a private one, or instructions.
  let redisUrl = env.REDIS_URL;
  if (!redisUrl) {
    if (!findRedisServer()) {
      console.error(INSTALL_HINT);
      process.exit(1);
    }
    try {
      privateRedis = await startLocalRedis(local);
    } catch (err) {
      return void (await fail((err as Error).message));
    }
    redisUrl = privateRedis.url;
  }

  // 2. Settings, checked once here so a bad value is named before anything starts.
  const secret = env.CURSOR_SECRET ? { secret: env.CURSOR_SECRET, created: false } : localCursorSecret(local);
  const apiPort = env.PORT === undefined ? 8080 : env.PORT === '0' ? await freePort() : Number(env.PORT);
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    REDIS_URL: redisUrl,
    CURSOR_SECRET: secret.secret,
    HOST: env.HOST ?? '127.0.0.1',
    PORT: Number.isNaN(apiPort) ? env.PORT : String(apiPort),
    WORKER_METRICS_PORT: env.WORKER_METRICS_PORT ?? String(await freePort()),
    // Checked now with a stand-in; the simulators' real URL replaces it once they listen.
    SIMULATOR_URL: env.SIMULATOR_URL ?? 'http://127.0.0.1:1',
  };
  let config;
  try {
    config = loadConfig(childEnv, []);
  } catch (err) {
    if (err instanceof ConfigError) return void (await fail(err.message, 2));
    throw err;
  }
  killAfterMs = config.shutdownGraceMs + 5000;

  redis = connectRedis(config.redisUrl, { name: 'listings-start' });
  try {
    await whenReady(redis, 5000);
  } catch {
    return void (await fail(`cannot reach Redis at ${redactUrl(config.redisUrl)}; is it running? (unset REDIS_URL to use a private one)`));
  }

  // 3. Processes: simulators first (sandbox collection needs their URL), then api and worker.
  const print = (line: string): void => say(line);
  if (env.SIMULATOR_URL === undefined) {
    const sim = startService('simulators', join(ROOT, 'scripts/simulators.ts'), { env: childEnv, cwd: ROOT, print, args: [`--port=${env.SIMULATOR_PORT ?? '0'}`, '--host=127.0.0.1'] });
    services.push(sim);
    watch(sim);
    try {
      childEnv.SIMULATOR_URL = (await sim.waitForLine(SIMULATORS_LINE, READY_MS))[1]!;
    } catch (err) {
      return void (await fail((err as Error).message));
    }
  }
  const api = startService('api', join(ROOT, 'apps/api/src/main.ts'), { env: childEnv, cwd: ROOT, print });
  const worker = startService('worker', join(ROOT, 'apps/worker/src/main.ts'), { env: childEnv, cwd: ROOT, print });
  services.push(api, worker);
  watch(api);
  watch(worker);
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const apiUrl = `http://${host}:${config.port}`;
  try {
    await Promise.all([
      waitReady(api, `${apiUrl}/readyz`, READY_MS),
      waitReady(worker, `http://${host}:${childEnv.WORKER_METRICS_PORT}/readyz`, READY_MS),
    ]);
  } catch (err) {
    const hint = api.alive() ? '' : ` (is port ${config.port} in use? choose another with PORT=…)`;
    return void (await fail(`${(err as Error).message}${hint}`));
  }

  // 4. A first account on a first start; otherwise how to get a key.
  const accounts = createAccounts(redis, config.keyPrefix);
  const adminEnv = privateRedis ? '' : `REDIS_URL=${redactUrl(config.redisUrl)} ${config.keyPrefix !== 'lst:' ? `KEY_PREFIX=${config.keyPrefix} ` : ''}`;
  const lines = [
    '',
    `listings is running. Ctrl-C stops everything.`,
    `  API          ${apiUrl}   (docs ${apiUrl}/v1/docs, OpenAPI ${apiUrl}/v1/openapi.json)`,
    `  Simulators   ${childEnv.SIMULATOR_URL}   (sandbox keys collect from these)`,
    `  Redis        ${redactUrl(config.redisUrl)}${privateRedis ? `   (private, data in ${privateRedis.dataDir}${privateRedis.adopted ? ', left running by an earlier start' : ''})` : ''}  prefix ${config.keyPrefix}`,
    `  Processes    ${services.map((s) => `${s.name} pid ${s.pid}`).join(', ')}${privateRedis ? `, redis pid ${privateRedis.pid}` : ''}`,
    '',
  ];
  if ((await accounts.count()) === 0) {
    const account = await accounts.create('local', 'pro');
    const key = await accounts.issueKey(account.id, 'sandbox', 'npm start');
    const auth = `-H "Authorization: Bearer ${key.secret}"`;
    lines.push(
      `First start: created the account ${account.id} (plan pro) with a sandbox key, shown this once:`,
      '',
      `  ${key.secret}`,
      '',
      'Search (answers 202 with a request_id), then poll the job, held open until it completes:',
      '',
      `  curl -s ${auth} "${apiUrl}/v1/mkt_a/sold?q=iphone"`,
      `  curl -s ${auth} "${apiUrl}/v1/jobs/<request_id>?wait=20"`,
      '',
      'The same search again within 15 minutes is a cache hit (200, "cached": true).',
      `More keys: ${adminEnv}npm run admin -- keys issue ${account.id} --sandbox`,
    );
  } else {
    const list = await accounts.list();
    const first = list[0]!;
    lines.push(
      `${list.length} account${list.length === 1 ? '' : 's'} already exist${list.length === 1 ? 's' : ''} (${first.id} "${first.name}"${list.length > 1 ? ', …' : ''}). Keys are shown only when issued; issue one with:`,
      '',
      `  ${adminEnv}npm run admin -- keys issue ${first.id} --sandbox`,
    );
  }
  if (secret.created) lines.push('', `Made a cursor secret in ${join(local, 'cursor-secret')} (kept for later starts).`);
  lines.push('');
  say(lines.join('\n'));
}

main().catch((err: unknown) => fail(`unexpected failure: ${err instanceof Error ? err.stack ?? err.message : String(err)}`));
