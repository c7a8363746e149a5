/**
 * @module services
 * The processes `npm start` runs: each a child on this same Node (process.execPath) running a
 * real entry file, its output shown line by line with the process's name in front, pino's JSON
 * lines made readable (`[api] GET /v1/mkt_a/sold?q=iphone → 202 (9 ms)`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Service {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves when the process has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** Resolves with the first output line matching `re`; rejects if the process ends first. */
  waitForLine(re: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** Sends `signal`, then SIGKILL after `graceMs`; resolves once the process has ended. */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<void>;
}

/**
 * The line scripts/simulators.ts prints once it listens (its LISTENING_LINE, checked equal by
 * test/scripts/start.test.ts; not imported from there, which would load every adapter here).
 */
export const SIMULATORS_LINE = /^simulators listening at (http:\/\/\S+)$/mu;

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'svc', 'req', 'res', 'responseTime', 'reqId']);

/** One output line as shown: pino JSON shortened, anything else as it came. */
export function formatLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof o.level !== 'number') return line;
  const level = LEVELS[o.level] ?? String(o.level);
  const req = o.req as { method?: string; url?: string } | undefined;
  const res = o.res as { statusCode?: number } | undefined;
  if (req?.method && res?.statusCode !== undefined) {
    const ms = typeof o.responseTime === 'number' ? ` (${Math.round(o.responseTime)} ms)` : '';
    return `${req.method} ${req.url ?? ''} → ${res.statusCode}${ms}`;
  }
  const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !QUIET.has(k)));
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${level === 'info' ? '' : `${level} `}${String(o.msg ?? '')}${extra}`;
}

export function startService(name: string, entry: string, opts: { env: NodeJS.ProcessEnv; args?: string[]; cwd: string; print: (line: string) => void }): Service {
  const child = spawn(process.execPath, [entry, ...(opts.args ?? [])], { env: opts.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const listeners = new Set<(line: string) => void>();
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    });
    child.once('error', () => {
      ended = true;
      resolve({ code: 127, signal: null });
    });
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      for (const l of listeners) l(line);
      opts.print(`[${name}] ${formatLine(line)}`);
    });
  }
  return {
    name,
    pid: child.pid ?? -1,
    child,
    exited,
    alive: () => !ended,
    waitForLine(re, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`${name} printed no line matching ${re} within ${timeoutMs / 1000} s`)), timeoutMs);
        const onLine = (line: string): void => {
          const m = re.exec(line);
          if (m) finish(null, m);
        };
        function finish(err: Error | null, m?: RegExpExecArray): void {
          clearTimeout(timer);
          listeners.delete(onLine);
          if (err) reject(err);
          else resolve(m!);
        }
        listeners.add(onLine);
        void exited.then(({ code, signal }) => finish(new Error(`${name} exited (${signal ?? `code ${code}`}) before it was ready`)));
      });
    },
    async stop(signal, graceMs) {
      if (ended) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; rejects when `service` ends first or after `timeoutMs`. */
export async function waitReady(service: Service, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (service.alive()) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await r.arrayBuffer();
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${service.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const { code, signal } = await service.exited;
  throw new Error(`${service.name} exited (${signal ?? `code ${code}`}) before it was ready`);
}
