/**
 * @module support/commands
 * Commands the suites run to their end, with what they printed: a child process
 * (`runCommand`: the `listings` bin, an entry script, npm), or the admin command line in this
 * process (`runAdminInline`: the function `npm run admin` calls, its lines captured as a
 * child's output would be).
 */
import { execFile } from 'node:child_process';
import { runAdmin } from '../../scripts/lib/admin-cli.ts';

export interface Ran {
  /** The exit code; null when the process was killed (a timeout) or never started. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  /** The child's whole environment (the parent's when absent). */
  env?: NodeJS.ProcessEnv;
  /** Killed after this long (none when absent). */
  timeoutMs?: number;
}

/** Runs `file` with `args` to its end. */
export function runCommand(file: string, args: readonly string[], opts: RunOptions = {}): Promise<Ran> {
  return new Promise((done) => {
    execFile(file, [...args], { cwd: opts.cwd, env: opts.env, timeout: opts.timeoutMs ?? 0, maxBuffer: 32 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
    });
  });
}

/** The admin command line in this process, with `env` as its environment; each line it writes ends with a newline. */
export async function runAdminInline(args: readonly string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, env, { out: (t) => { stdout += `${t}\n`; }, err: (t) => { stderr += `${t}\n`; } });
  return { code, stdout, stderr };
}
