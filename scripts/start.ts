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
 * The sold history archive (docs/history.md): HISTORY_DATABASE_URL when set; otherwise an
 * embedded PostgreSQL (PGlite, from npm) served on a free port with its data in `.local/history`.
 * CURSOR_SECRET: from the environment, else made once and kept in `.local/cursor-secret`, so
 * cursors stay valid across restarts. On a first start (no accounts under KEY_PREFIX) it
 * creates a local account with a sandbox key and prints the key once with ready `curl` lines.
 * Ctrl-C (or SIGTERM) stops the api and worker (they finish what they hold), the simulators,
 * then the private Redis. `--name=value` flags are settings too (`npm start -- --port=9000`).
 *
 * Defaults that differ from a deployment's: HOST 127.0.0.1 (not reachable from the network),
 * the worker's health port chosen free, sandbox collection from the local simulators, and
 * sandbox webhook endpoints allowed on http://127.0.0.1 (WEBHOOK_SANDBOX_LOOPBACK), sandbox
 * watches every 10 s or more (WATCH_SANDBOX_MIN_SECONDS) and the simulated market moving a
 * step a minute (SIM_DRIFT_SECONDS), so a watch can be tried in minutes.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { ConfigError, flagsToEnv, loadConfig, scrubText, scrubUrl } from '@listings/config';
import { connectRedis, createAccounts, EvictingRedisError, refuseEvictingRedis, whenReady } from '@listings/store';
import { findRedisServer, INSTALL_HINT } from '@listings/testing';
import { localCursorSecret, localDir, ROOT } from './lib/local-state.ts';
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
    // The archive's database last: the worker writes what it holds while it drains.
    await Promise.all(services.filter((s) => s.name !== 'postgres').map((s) => s.stop('SIGTERM', killAfterMs)));
    await Promise.all(services.filter((s) => s.name === 'postgres').map((s) => s.stop('SIGTERM', killAfterMs)));
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
  console.error(`[start] ${scrubText(message)}`);
  return stopAll(code);
}

/** Any process ending on its own ends the whole start: a half-running service misleads. */
function watch(s: Service, why: () => string | null = () => null): void {
  void s.exited.then(async ({ code, signal }) => {
    // A Ctrl-C reaches every process of the terminal at once; let our own handler run first.
    await new Promise((r) => setTimeout(r, 200));
    if (!stopping) await fail(why() ?? `${s.name} exited (${signal ?? `code ${code}`}); stopping everything`);
  });
}

const portInUse = (what: string, host: string, port: number, setting: string): string =>
  `port ${port} on ${host} (${what}) is in use by another process; stop it or choose another port with ${setting}=… (or \`npm start -- --${setting.toLowerCase().replaceAll('_', '-')}=…\`)`;

/** Whether `host:port` can be listened on right now: nothing else holds it. */
function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Whether the process `pid` holds the listening TCP socket of `port` (Linux: the socket's inode
 * in /proc/net/tcp{,6} among the process's open files); null where /proc cannot tell. A
 * `/readyz` that answers 200 proves nothing by itself: another process may hold the port.
 */
function listensOn(pid: number, port: number): boolean | null {
  try {
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text = '';
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n').slice(1)) {
        const f = line.trim().split(/\s+/u);
        // local_address is HEXIP:HEXPORT; state 0A is LISTEN; field 9 is the inode.
        if (f.length > 9 && f[3] === '0A' && Number.parseInt(f[1]!.split(':')[1]!, 16) === port) inodes.add(f[9]!);
      }
    }
    if (inodes.size === 0) return null;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      // Someone listens on the port, and our child has no open files to show: it has exited
      // (its listen failed) or is not ours to read. Either way the listener is not our child.
      return false;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/u.exec(target);
      if (m && inodes.has(m[1]!)) return true;
    }
    return false;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  // 0. The api's port first: a port in use is named before anything starts (a later failure
  // would read as the api crashing). Values that are not ports are left to the config check.
  const wantedHost = env.HOST ?? '127.0.0.1';
  const wanted = env.PORT === undefined ? 8080 : Number(env.PORT);
  if (Number.isInteger(wanted) && wanted > 0 && wanted < 65_536 && !(await portFree(wantedHost, wanted))) {
    return void (await fail(portInUse('the api', wantedHost, wanted, 'PORT')));
  }
  const wantedWorker = env.WORKER_METRICS_PORT === undefined ? null : Number(env.WORKER_METRICS_PORT);
  if (wantedWorker !== null && Number.isInteger(wantedWorker) && wantedWorker > 0 && wantedWorker < 65_536 && !(await portFree(wantedHost, wantedWorker))) {
    return void (await fail(portInUse("the worker's health and metrics", wantedHost, wantedWorker, 'WORKER_METRICS_PORT')));
  }

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

  // 1b. The sold history archive's PostgreSQL: the given one, or an embedded PGlite server with
  // its data in .local/history (scripts/pglite-server.ts; nothing to install). It starts beside
  // the rest rather than before: the api and worker run their migrations once it answers.
  let historyUrl = env.HISTORY_DATABASE_URL;
  let embeddedHistory: { dir: string; ready: Promise<unknown> } | null = null;
  if (historyUrl === undefined) {
    const dir = join(local, 'history');
    const port = await freePort();
    const pglite = startService('postgres', join(ROOT, 'scripts/pglite-server.ts'), { env: { ...env }, cwd: ROOT, print: (line) => say(line), args: [`--dir=${dir}`, `--port=${port}`, '--host=127.0.0.1'] });
    services.push(pglite);
    watch(pglite);
    historyUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const ready = pglite.waitForLine(/^pglite listening at postgres:\/\/\S+$/mu, READY_MS);
    ready.catch(() => undefined);
    embeddedHistory = { dir, ready };
  }

  // 2. Settings, checked once here so a bad value is named before anything starts.
  const secret = env.CURSOR_SECRET ? { secret: env.CURSOR_SECRET, created: false } : localCursorSecret(local);
  const apiPort = env.PORT === undefined ? 8080 : env.PORT === '0' ? await freePort() : Number(env.PORT);
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    REDIS_URL: redisUrl,
    HISTORY_DATABASE_URL: historyUrl,
    CURSOR_SECRET: secret.secret,
    HOST: env.HOST ?? '127.0.0.1',
    PORT: Number.isNaN(apiPort) ? env.PORT : String(apiPort),
    WORKER_METRICS_PORT: env.WORKER_METRICS_PORT ?? String(await freePort()),
    // Checked now with a stand-in; the simulators' real URL replaces it once they listen.
    SIMULATOR_URL: env.SIMULATOR_URL ?? 'http://127.0.0.1:1',
    // A developer's machine: sandbox webhook endpoints may be receivers on it (off by default, and in the production image).
    WEBHOOK_SANDBOX_LOOPBACK: env.WEBHOOK_SANDBOX_LOOPBACK ?? 'true',
    // Watches can be tried in minutes (docs/watches.md): sandbox watches every 10 s or more, and the simulated market moving a step a minute.
    WATCH_SANDBOX_MIN_SECONDS: env.WATCH_SANDBOX_MIN_SECONDS ?? '10',
    SIM_DRIFT_SECONDS: env.SIM_DRIFT_SECONDS ?? '60',
    // The embedded PGlite runs one connection's transaction at a time: a history read uses one connection.
    ...(embeddedHistory !== null ? { HISTORY_READ_CONNECTIONS: env.HISTORY_READ_CONNECTIONS ?? '1' } : {}),
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
    return void (await fail(`cannot reach Redis at ${scrubUrl(config.redisUrl)}; is it running? (unset REDIS_URL to use a private one)`));
  }
  // An evicting Redis is refused before anything starts (api and worker refuse it too).
  try {
    await refuseEvictingRedis(redis);
  } catch (err) {
    if (err instanceof EvictingRedisError) return void (await fail(`Redis at ${scrubUrl(config.redisUrl)}: ${err.message}`));
    say(`[start] could not read Redis's memory settings (${scrubText((err as Error).message)}); the api and worker check them again`);
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
  // Another process may take a port between the check above and the listen: each says so.
  const taken = { api: false, worker: false };
  void api.waitForLine(/EADDRINUSE/u, READY_MS).then(() => { taken.api = true; }, () => undefined);
  void worker.waitForLine(/EADDRINUSE/u, READY_MS).then(() => { taken.worker = true; }, () => undefined);
  const workerPort = Number(childEnv.WORKER_METRICS_PORT);
  const apiTaken = (): string => portInUse('the api', config.host, config.port, 'PORT');
  const workerTaken = (): string => portInUse("the worker's health and metrics", config.host, workerPort, 'WORKER_METRICS_PORT');
  watch(api, () => (taken.api ? apiTaken() : null));
  watch(worker, () => (taken.worker ? workerTaken() : null));
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const apiUrl = `http://${host}:${config.port}`;
  try {
    await Promise.all([
      waitReady(api, `${apiUrl}/readyz`, READY_MS),
      waitReady(worker, `http://${host}:${workerPort}/readyz`, READY_MS),
    ]);
  } catch (err) {
    // Let an EADDRINUSE line still on its way arrive before naming the failure.
    await new Promise((r) => setTimeout(r, 200));
    if (taken.api) return void (await fail(apiTaken()));
    if (taken.worker) return void (await fail(workerTaken()));
    return void (await fail((err as Error).message));
  }
  // A 200 from /readyz may come from another process on the port: it must be our child's socket.
  if (listensOn(api.pid, config.port) === false) return void (await fail(apiTaken()));
  if (listensOn(worker.pid, workerPort) === false) return void (await fail(workerTaken()));

  if (embeddedHistory) {
    try {
      await embeddedHistory.ready;
    } catch (err) {
      return void (await fail((err as Error).message));
    }
  }

  // 4. A first account on a first start; otherwise how to get a key.
  const accounts = createAccounts(redis, config.keyPrefix);
  const adminEnv = privateRedis ? '' : `REDIS_URL=${scrubUrl(config.redisUrl)} ${config.keyPrefix !== 'lst:' ? `KEY_PREFIX=${config.keyPrefix} ` : ''}`;
  const lines = [
    '',
    `listings is running. Ctrl-C stops everything.`,
    `  API          ${apiUrl}   (docs ${apiUrl}/v1/docs, OpenAPI ${apiUrl}/v1/openapi.json)`,
    `  Simulators   ${childEnv.SIMULATOR_URL}   (sandbox keys collect from these)`,
    `  Redis        ${scrubUrl(config.redisUrl)}${privateRedis ? `   (private, data in ${privateRedis.dataDir}${privateRedis.adopted ? ', left running by an earlier start' : ''})` : ''}  prefix ${config.keyPrefix}`,
    `  History      ${scrubUrl(historyUrl)}${embeddedHistory ? `   (embedded PGlite, data in ${embeddedHistory.dir})` : ''}`,
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
