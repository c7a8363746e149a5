/**
 * @module admin-config
 * The few settings the admin command line needs, read through the same field table as the api
 * and worker (`FIELDS` of @listings/config: same variables, defaults and checks), without the
 * ones it has no use for (CURSOR_SECRET, ports…). When REDIS_URL is unset and `npm start` is
 * running its private Redis on this checkout, that Redis is used, and the caller is told so.
 */
import { ConfigError, FIELDS, problemLine, type Config } from '@listings/config';
import { localDir, readRedisRecord, isAlive } from './local-state.ts';

export type AdminConfig = Pick<Config, 'redisUrl' | 'keyPrefix' | 'planAllowances' | 'sandboxAllowance' | 'keptPagesMax' | 'keptPagesHours' | 'keptPageMaxBytes' | 'webhookMaxEndpoints' | 'webhookSandboxLoopback'>;

type Needed = keyof AdminConfig;

interface FieldOf<K extends Needed> {
  env: string;
  default: string | undefined;
  parse: (raw: string) => Config[K];
}

/** Reads the admin's settings; throws ConfigError listing every bad one. */
export function loadAdminConfig(env: Record<string, string | undefined>): { config: AdminConfig; note: string | null } {
  const problems: string[] = [];
  let note: string | null = null;
  const source = { ...env };
  if (!source.REDIS_URL) {
    const rec = readRedisRecord(localDir(env));
    if (rec && isAlive(rec.pid)) {
      source.REDIS_URL = rec.url;
      note = `REDIS_URL is not set; using the private Redis of \`npm start\` at ${rec.url}.`;
      // As `npm start` runs its services: sandbox endpoints may be on this machine.
      source.WEBHOOK_SANDBOX_LOOPBACK ??= 'true';
    }
  }
  function read<K extends Needed>(k: K): Config[K] | undefined {
    const f = FIELDS[k] as unknown as FieldOf<K>;
    const raw = source[f.env] ?? f.default;
    if (raw === undefined) {
      problems.push(`${f.env} is required (the Redis of the deployment to administer; \`npm start\` without REDIS_URL runs its own, found while it runs).`);
      return undefined;
    }
    try {
      return f.parse(raw);
    } catch (err) {
      problems.push(problemLine(f.env, raw, err));
      return undefined;
    }
  }
  const config = {
    redisUrl: read('redisUrl'),
    keyPrefix: read('keyPrefix'),
    planAllowances: read('planAllowances'),
    sandboxAllowance: read('sandboxAllowance'),
    keptPagesMax: read('keptPagesMax'),
    keptPagesHours: read('keptPagesHours'),
    keptPageMaxBytes: read('keptPageMaxBytes'),
    webhookMaxEndpoints: read('webhookMaxEndpoints'),
    webhookSandboxLoopback: read('webhookSandboxLoopback'),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return { config: config as AdminConfig, note };
}
