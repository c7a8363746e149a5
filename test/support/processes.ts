/**
 * @module processes
 * Real service processes for multi-process tests and benchmarks: the api
 * (`apps/api/src/main.ts`), the worker (`apps/worker/src/main.ts`) and the simulator server
 * (`scripts/simulators.ts`), each started on the project's pinned Node through
 * `node_modules/.bin/node`. A group tracks what it started and kills it all on stop, and with
 * SIGKILL when the parent exits, so a failing test leaves no process behind. The last lines of
 * each process's output are kept to explain a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const NODE = `${ROOT}node_modules/.bin/node`;
export const API_MAIN = `${ROOT}apps/api/src/main.ts`;
export const WORKER_MAIN = `${ROOT}apps/worker/src/main.ts`;
export const SIMULATORS_MAIN = `${ROOT}scripts/simulators.ts`;

const KEEP_LINES = 60;

export interface Proc {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** The last lines the process wrote (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `re` in the process's output. */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends a signal; resolves when the process has ended (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/** A port free at the time of asking (the process given it binds it moments later). */
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

export interface SpawnOptions {
  env?: Record<string, string>;
  args?: string[];
  /** Where the output goes besides the kept lines: 'keep' (default) or 'ignore' (not read at all). */
  stdio?: 'keep' | 'ignore';
  /** Lines of output kept for `output()` (the last 60 unless said). */
  keepLines?: number;
}

export class ProcessGroup {
  readonly procs: Proc[] = [];
  private readonly onExit = (): void => {
    for (const p of this.procs) if (p.alive()) p.child.kill('SIGKILL');
  };

  constructor() {
    process.on('exit', this.onExit);
  }

  /** Starts `node <script>` with exactly `env` (plus PATH and HOME) as its environment. */
  spawn(name: string, script: string, opts: SpawnOptions = {}): Proc {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...opts.env };
    const child = spawn(NODE, [script, ...(opts.args ?? [])], { cwd: ROOT, env, stdio: opts.stdio === 'ignore' ? 'ignore' : ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const watchers = new Set<() => void>();
    let text = '';
    const take = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const parts = text.split('\n');
      text = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > (opts.keepLines ?? KEEP_LINES)) lines.shift();
      }
      for (const w of [...watchers]) w();
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const exited = new Promise<number | string>((resolve) => {
      child.once('exit', (code, signal) => {
        for (const w of [...watchers]) w();
        resolve(code ?? signal ?? 'unknown');
      });
    });
    const alive = (): boolean => child.exitCode === null && child.signalCode === null;
    const proc: Proc = {
      name,
      pid: child.pid ?? -1,
      child,
      exited,
      alive,
      output: () => [...lines, text].join('\n').trim(),
      waitForOutput(re, timeoutMs = 10_000) {
        return new Promise((resolve, reject) => {
          const check = (): void => {
            const m = re.exec([...lines, text].join('\n'));
            if (m) done(() => resolve(m));
            else if (!alive()) done(() => reject(new Error(`${name} exited before printing ${re}:\n${proc.output()}`)));
          };
          const timer = setTimeout(() => done(() => reject(new Error(`${name} did not print ${re} within ${timeoutMs} ms:\n${proc.output()}`))), timeoutMs);
          const done = (f: () => void): void => {
            clearTimeout(timer);
            watchers.delete(check);
            f();
          };
          watchers.add(check);
          check();
        });
      },
      async stop(signal = 'SIGTERM', graceMs = 5000) {
        if (!alive()) return;
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      },
    };
    this.procs.push(proc);
    return proc;
  }

  /** Stops every process still running (SIGTERM, then SIGKILL after `graceMs`). */
  async stopAll(graceMs = 3000): Promise<void> {
    await Promise.all(this.procs.map((p) => p.stop('SIGTERM', graceMs)));
    process.off('exit', this.onExit);
  }

  /** Runs `body`; when it fails, the error carries what the processes wrote lately (it explains most failures). */
  async explained(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (err) {
      (err as Error).message += `\n\nprocess output:\n${this.report()}`;
      throw err;
    }
  }

  /** Everything the processes wrote lately, for a failure message. */
  report(): string {
    return this.procs.map((p) => `--- ${p.name} (pid ${p.pid}, ${p.alive() ? 'running' : `exited ${p.child.exitCode ?? p.child.signalCode}`}) ---\n${p.output()}`).join('\n');
  }
}

/** Polls `url` until it answers 200; fails early when `proc` exits. 40 s: a process starting while the whole suite loads both cores took over 15. */
export async function waitForHttp(url: string, proc: Proc, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.alive()) throw new Error(`${proc.name} exited before ${url} answered:\n${proc.output()}`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await r.arrayBuffer();
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts the simulator server process; resolves with its URL once it listens (40 s, as waitForHttp: a start on two loaded cores took over 10). */
export async function startSimulatorProcess(group: ProcessGroup, name = 'simulators'): Promise<{ proc: Proc; url: string }> {
  const proc = group.spawn(name, SIMULATORS_MAIN, { args: ['--port=0'] });
  const m = await proc.waitForOutput(/simulators listening at (http:\/\/\S+)/u, 40_000);
  return { proc, url: m[1]! };
}

/**
 * Starts `script` listening on a free port (given in `portVar`) and waits for its `/readyz`.
 * A free port is only free until someone takes it: another suite's process can bind it between
 * the check and the spawn, and ours then exits with EADDRINUSE. That (and only that) is
 * retried on a new port, up to five times; any other early exit fails at once.
 */
async function startOnFreePort(group: ProcessGroup, name: string, script: string, portVar: string, env: Record<string, string>, opts: Omit<SpawnOptions, 'env'>): Promise<{ proc: Proc; url: string; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const proc = group.spawn(name, script, { ...opts, env: { HOST: '127.0.0.1', ...env, [portVar]: String(port) } });
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${url}/readyz`, proc);
      // The answer may have come from the process that took the port, while ours was exiting.
      if (!proc.alive()) throw new Error(`${name} exited as ${url}/readyz answered:\n${proc.output()}`);
      return { proc, url, port };
    } catch (err) {
      if (attempt >= 5 || proc.alive() || !proc.output().includes('EADDRINUSE')) throw err;
    }
  }
}

/** Starts an api process on a free port; resolves once `/readyz` answers 200. */
export async function startApiProcess(group: ProcessGroup, name: string, env: Record<string, string>, opts: Omit<SpawnOptions, 'env'> = {}): Promise<{ proc: Proc; url: string; port: number }> {
  return startOnFreePort(group, name, API_MAIN, 'PORT', env, opts);
}

/** Starts a worker process with its health endpoint on a free port; resolves once it is ready. */
export async function startWorkerProcess(group: ProcessGroup, name: string, env: Record<string, string>, opts: Omit<SpawnOptions, 'env'> = {}): Promise<{ proc: Proc; healthUrl: string }> {
  const { proc, url } = await startOnFreePort(group, name, WORKER_MAIN, 'WORKER_METRICS_PORT', env, opts);
  return { proc, healthUrl: url };
}
