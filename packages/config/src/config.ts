/**
 * @module config
 * Every setting of api and worker in one table: its environment variable, default, parser and
 * doc line. `loadConfig()` reads the environment (and `--name=value` flags, which win), checks
 * every field, lists every bad one at once and deep-freezes the result. No other module reads
 * process.env. docs/config.md is generated from this table (`npm run docs:config`) and a test
 * keeps them in step.
 */
import { scrubText, scrubUrl } from './logging.ts';
import { DEFAULT_PLANS, DEFAULT_WATCH_LIMITS, TOKENS, type PlanName, type Token, PLAN_NAMES } from '@listings/contract';

type Parser<T> = (raw: string) => T;

interface Field<T> {
  env: string;
  doc: string;
  /** Default as the string an operator would write; undefined = required. */
  default: string | undefined;
  parse: Parser<T>;
}

function field<T>(env: string, def: string | undefined, parse: Parser<T>, doc: string): Field<T> {
  return { env, default: def, parse, doc };
}

const int = (min: number, max: number): Parser<number> => (raw) => {
  if (!/^-?\d+$/u.test(raw)) throw new Error('must be a whole number');
  const n = Number(raw);
  if (n < min || n > max) throw new Error(`must be from ${min} to ${max}`);
  return n;
};
const str: Parser<string> = (raw) => raw;
const bool: Parser<boolean> = (raw) => {
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no', ''].includes(raw)) return false;
  throw new Error('must be true or false');
};
const url: Parser<string> = (raw) => {
  const u = new URL(raw);
  return u.toString().replace(/\/$/u, '');
};
/** A PostgreSQL URL, or empty (no archive). */
const optionalPostgresUrl: Parser<string | null> = (raw) => {
  if (raw === '') return null;
  if (!/^postgres(ql)?:\/\//u.test(raw)) throw new Error('must start with postgres:// or postgresql://');
  new URL(raw);
  return raw;
};
const optionalUrl: Parser<string | null> = (raw) => (raw === '' ? null : url(raw));
/** A direct Redis URL, or a `redis+sentinel://h1:p1,h2:p2/master` URL (checked: hosts, ports, master name). */
const redisUrl: Parser<string> = (raw) => {
  if (!raw.startsWith('redis+sentinel://')) {
    if (!/^rediss?:\/\//u.test(raw)) throw new Error('must start with redis://, rediss:// or redis+sentinel://');
    return url(raw);
  }
  // User information up to the last `@` that leaves hosts, name and query behind it (a
  // password may hold `/` or `@`), so no part of it is ever taken for a host and echoed.
  const m = /^redis\+sentinel:\/\/(?:[^]*@)?([^/@?#]+)\/([A-Za-z0-9._-]{1,100})(\?[^#]*)?$/u.exec(raw);
  if (!m) throw new Error('is not redis+sentinel://host:port[,host:port…]/<master name>');
  for (const h of m[1]!.split(',')) {
    if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/u.test(h)) throw new Error(`"${h}" is not host:port`);
  }
  return raw;
};

/** `mkt_a=5,mkt_b=7` → per-token numbers; tokens not named get `fallback`. */
const perToken = (fallback: number | null, min = 0): Parser<Record<Token, number | null>> => (raw) => {
  const out = Object.fromEntries(TOKENS.map((t) => [t, fallback])) as Record<Token, number | null>;
  if (raw.trim() === '') return out;
  for (const part of raw.split(',')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (!k || v === undefined || !(TOKENS as readonly string[]).includes(k)) throw new Error(`"${part}" is not <token>=<number>`);
    out[k as Token] = v === 'none' ? null : int(min, 1e9)(v);
  }
  return out;
};
const perTokenUrl: Parser<Partial<Record<Token, string>>> = (raw) => {
  const out: Partial<Record<Token, string>> = {};
  if (raw.trim() === '') return out;
  for (const part of raw.split(',')) {
    const i = part.indexOf('=');
    const k = part.slice(0, i).trim();
    if (i < 0 || !(TOKENS as readonly string[]).includes(k)) throw new Error(`"${part}" is not <token>=<url>`);
    out[k as Token] = url(part.slice(i + 1).trim());
  }
  return out;
};
const tokens: Parser<Token[]> = (raw) => {
  if (raw === 'all' || raw === '') return [...TOKENS];
  const list = raw.split(',').map((s) => s.trim());
  for (const t of list) if (!(TOKENS as readonly string[]).includes(t)) throw new Error(`unknown marketplace ${t}`);
  return [...new Set(list)] as Token[];
};
const allowances: Parser<Record<PlanName, number>> = (raw) => {
  const out = Object.fromEntries(PLAN_NAMES.map((p) => [p, DEFAULT_PLANS[p].allowance])) as Record<PlanName, number>;
  if (raw.trim() === '') return out;
  for (const part of raw.split(',')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (!k || v === undefined || !(PLAN_NAMES as readonly string[]).includes(k)) throw new Error(`"${part}" is not <plan>=<number>`);
    out[k as PlanName] = int(0, 1e12)(v);
  }
  return out;
};
/** `free=3,pro=100` → watches per plan; plans not named keep DEFAULT_WATCH_LIMITS. */
const watchLimits: Parser<Record<PlanName, number>> = (raw) => {
  const out = { ...DEFAULT_WATCH_LIMITS };
  if (raw.trim() === '') return out;
  for (const part of raw.split(',')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (!k || v === undefined || !(PLAN_NAMES as readonly string[]).includes(k)) throw new Error(`"${part}" is not <plan>=<number>`);
    out[k as PlanName] = int(0, 1e6)(v);
  }
  return out;
};
/** JSON `{"mkt_a":[{"cookies":"a=b","proxyUrl":"http://..."}]}`: live sessions per marketplace. */
const sessions: Parser<Partial<Record<Token, Array<{ cookies?: string; proxyUrl?: string }>>>> = (raw) => {
  if (raw.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    // JSON.parse's own message quotes the text around the fault: a proxy password, say.
    throw new Error('is not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('must be a JSON object of token → list of sessions');
  for (const [k, list] of Object.entries(v)) {
    if (!(TOKENS as readonly string[]).includes(k) || !Array.isArray(list)) throw new Error(`bad entry ${k}`);
    list.forEach((session: unknown, i: number) => {
      const proxyUrl = (session as { proxyUrl?: unknown } | null)?.proxyUrl;
      if (proxyUrl === undefined) return;
      let ok: boolean;
      try {
        ok = typeof proxyUrl === 'string' && ['http:', 'https:'].includes(new URL(proxyUrl).protocol);
      } catch {
        ok = false;
      }
      // Named by its place, never echoed: it may carry credentials.
      if (!ok) throw new Error(`${k}[${i}].proxyUrl is not an http: or https: URL`);
    });
  }
  return v as Partial<Record<Token, Array<{ cookies?: string; proxyUrl?: string }>>>;
};

/** `browser`, `plain`, or per marketplace `mkt_a=plain,mkt_c=browser` (unnamed ones: browser). */
const transports: Parser<Record<Token, 'browser' | 'plain'>> = (raw) => {
  const check = (v: string): 'browser' | 'plain' => {
    if (v !== 'browser' && v !== 'plain') throw new Error(`"${v}" is not browser or plain`);
    return v;
  };
  const text = raw.trim();
  if (text === '' || !text.includes('=')) {
    const all = text === '' ? 'browser' : check(text);
    return Object.fromEntries(TOKENS.map((t) => [t, all])) as Record<Token, 'browser' | 'plain'>;
  }
  const out = Object.fromEntries(TOKENS.map((t) => [t, 'browser'])) as Record<Token, 'browser' | 'plain'>;
  for (const part of text.split(',')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (!k || v === undefined || !(TOKENS as readonly string[]).includes(k)) throw new Error(`"${part}" is not <token>=browser|plain`);
    out[k as Token] = check(v);
  }
  return out;
};

export const FIELDS = {
  redisUrl: field('REDIS_URL', undefined, redisUrl, 'Redis 7 connection URL shared by every api and worker process: `redis://[user:pass@]host:6379[/db]` (or `rediss://`), or Redis Sentinel as `redis+sentinel://[user:pass@]s1:26379,s2:26379,s3:26379/<master name>[?db=0&sentinelPassword=…]` (every connection follows a failover to the new primary by itself).'),
  keyPrefix: field('KEY_PREFIX', 'lst:', str, 'Prefix of every Redis key and BullMQ queue of this deployment.'),
  host: field('HOST', '0.0.0.0', str, 'Interface the api listens on.'),
  port: field('PORT', '8080', int(0, 65535), 'Port the api listens on (0 = any free port).'),
  metricsPort: field('WORKER_METRICS_PORT', '9464', int(0, 65535), 'Port of the worker health/metrics endpoint (0 = any free port).'),
  cursorSecret: field('CURSOR_SECRET', undefined, (raw) => {
    if (raw.length < 32) throw new Error('must be at least 32 characters');
    return raw;
  }, 'Secret that signs pagination cursors; the same on every api and worker process.'),
  logLevel: field('LOG_LEVEL', 'info', (raw) => {
    if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(raw)) throw new Error('must be a pino level');
    return raw;
  }, 'pino log level.'),
  trustProxy: field('TRUST_PROXY', 'false', bool, 'Trust X-Forwarded-* from the load balancer.'),
  planAllowances: field('PLAN_ALLOWANCES', '', allowances, 'Allowance per rolling 30 days by plan, e.g. `free=100,pro=25000`; plans not named keep their defaults (free 100, starter 5000, pro 25000, business 100000, scale 500000).'),
  sandboxAllowance: field('SANDBOX_ALLOWANCE', '1000', int(0, 1e12), 'Sandbox searches per rolling 30 days per account (counted apart from the live allowance).'),
  dailyLimits: field('UPSTREAM_DAILY_LIMITS', '', perToken(null), 'Live upstream fetches per marketplace per UTC day, e.g. `mkt_a=20000,mkt_e=5000`; unnamed = no limit.'),
  sandboxDailyLimits: field('SANDBOX_UPSTREAM_DAILY_LIMITS', '', perToken(null), 'The same for sandbox collection from the simulators.'),
  queueFull: field('QUEUE_FULL_THRESHOLDS', '', perToken(1000, 1), 'Collections queued or running per marketplace above which new searches answer 503 queue_full (default 1000 each).'),
  simulatorUrl: field('SIMULATOR_URL', '', optionalUrl, 'Root URL of the simulator server that sandbox keys collect from (`<url>/<token>`); empty = sandbox collection unavailable.'),
  liveBaseUrls: field('LIVE_BASE_URLS', '', perTokenUrl, 'Override of the real sites\' root URLs, e.g. `mkt_a=https://www.ebay.com`.'),
  liveCollection: field('LIVE_COLLECTION', 'true', bool, 'Whether live keys collect from the real marketplaces; false answers 503 collection_unavailable for live searches that miss the cache.'),
  workerMarketplaces: field('WORKER_MARKETPLACES', 'all', tokens, 'Queues this worker consumes: `all` or a list such as `mkt_a,mkt_c`.'),
  concurrency: field('WORKER_CONCURRENCY', '', perToken(4, 1), 'Collections run at once per marketplace per worker process (default 4).'),
  upstreamRatePerSecond: field('UPSTREAM_RATE', '', perToken(null, 1), 'Most collections started per second per marketplace across the fleet (BullMQ limiter); unnamed = unlimited.'),
  attempts: field('JOB_ATTEMPTS', '3', int(1, 10), 'Attempts per collection for transient upstream faults.'),
  backoffMs: field('JOB_BACKOFF_MS', '1000', int(0, 600000), 'First retry delay; doubles each attempt.'),
  lockDurationMs: field('JOB_LOCK_MS', '30000', int(1000, 600000), 'Lock held by a worker on a running collection; a killed worker\'s job is retried after this.'),
  stalledIntervalMs: field('JOB_STALLED_CHECK_MS', '15000', int(500, 600000), 'How often workers look for stalled collections.'),
  httpTimeoutMs: field('HTTP_TIMEOUT_MS', '15000', int(100, 120000), 'Timeout of one upstream request.'),
  transports: field('UPSTREAM_TRANSPORT', 'browser', transports, 'How live collection goes out, per marketplace: `browser` (wreq-js: desktop Chrome\'s TLS ClientHello and HTTP/2 on the wire) or `plain` (got over Node\'s TLS: for an unblocking proxy that terminates TLS itself). One value for all, or `mkt_a=plain,mkt_c=browser` (unnamed: browser). Sandbox collection from the simulators uses the same transport, so it exercises what live collection runs. See docs/http-client.md.'),
  sessions: field('UPSTREAM_SESSIONS', '', sessions, 'JSON: per marketplace, a list of live sessions `{cookies, proxyUrl}` (operator-supplied logged-in cookies and proxies), used round-robin.'),
  sweepIntervalMs: field('SWEEP_INTERVAL_MS', '5000', int(100, 600000), 'How often workers re-queue collections that an api process recorded but could not hand to the queue.'),
  unqueuedGraceMs: field('UNQUEUED_GRACE_MS', '5000', int(100, 600000), 'How long an api process has to confirm a recorded collection is queued before the worker sweep queues it itself.'),
  metricsToken: field('METRICS_TOKEN', '', str, 'Bearer token that `GET /metrics` (api port and worker metrics port) requires when set; empty = open, the default: for local runs, or where only the cluster network reaches the port; set it wherever the api port is public (the deploy/ secrets list it). Open or not, scrapes cost Redis at most one read per `METRICS_READ_INTERVAL_MS`. See docs/operations.md.'),
  metricsReadIntervalMs: field('METRICS_READ_INTERVAL_MS', '5000', int(0, 600000), 'The figures `/metrics` reads from Redis (the api\'s fleet-wide queue and limit gauges, a worker\'s webhook queue gauges) are read at most once per this interval, in one round trip; scrapes in between, and scrapes at the same time, share the last read. 0 = read at every scrape (scrapes at the same time still share one read).'),
  keptPagesMax: field('KEPT_PAGES_MAX', '500', int(0, 100000), 'Drift guard: most upstream pages kept that failed to read (newest kept; `npm run admin -- pages list`). 0 keeps none.'),
  keptPagesHours: field('KEPT_PAGES_HOURS', '168', int(1, 2160), 'Drift guard: hours a kept page (body, status, headers without cookies) is kept before it expires.'),
  keptPageMaxBytes: field('KEPT_PAGE_MAX_BYTES', '8388608', int(1024, 67108864), 'Drift guard: bytes of one kept page body (larger bodies are kept truncated, and say so).'),
  webhookMaxEndpoints: field('WEBHOOK_MAX_ENDPOINTS', '10', int(1, 100), 'Webhook endpoints an account may register per mode.'),
  webhookTimeoutMs: field('WEBHOOK_TIMEOUT_MS', '10000', int(500, 60000), 'Time a webhook receiver has to answer one delivery before the attempt counts as failed.'),
  webhookRetryHours: field('WEBHOOK_RETRY_HOURS', '24', int(1, 168), 'How long a failing delivery is retried (exponential backoff with jitter from 30 s, at most 2 h apart).'),
  webhookRetryFirstMs: field('WEBHOOK_RETRY_FIRST_MS', '30000', int(10, 600000), 'First retry delay of a failed webhook delivery; doubles each attempt up to 2 h, ±25 % jitter.'),
  webhookDisableAfterHours: field('WEBHOOK_DISABLE_AFTER_HOURS', '72', int(1, 720), 'An endpoint whose every delivery has failed for this long is disabled, and the account\'s answers carry a `Listings-Warning` header until it is fixed and re-enabled.'),
  webhookConcurrency: field('WEBHOOK_CONCURRENCY', '16', int(1, 256), 'Webhook deliveries in flight at once per worker process. Keep it above `WEBHOOK_ACCOUNT_IN_FLIGHT`, so one account never holds all of a worker\'s slots.'),
  webhookEndpointInFlight: field('WEBHOOK_ENDPOINT_IN_FLIGHT', '2', int(1, 256), 'Deliveries to one webhook endpoint in flight at once, fleet-wide; more wait (without spending an attempt).'),
  webhookAccountInFlight: field('WEBHOOK_ACCOUNT_IN_FLIGHT', '4', int(1, 1024), 'Deliveries of one account (all its endpoints) in flight at once, fleet-wide, so one account\'s slow or dead endpoints cannot hold every delivery slot; more wait (without spending an attempt).'),
  webhookCircuitFailures: field('WEBHOOK_CIRCUIT_FAILURES', '5', int(1, 1000), 'Failed delivery attempts in a row that open an endpoint\'s circuit: its deliveries then wait (without spending attempts) for `WEBHOOK_CIRCUIT_COOLDOWN_MS`, then one probe is sent; a success closes it.'),
  webhookCircuitCooldownMs: field('WEBHOOK_CIRCUIT_COOLDOWN_MS', '60000', int(100, 3600000), 'How long an open webhook circuit turns deliveries away before letting one probe through.'),
  webhookSandboxLoopback: field('WEBHOOK_SANDBOX_LOOPBACK', 'false', bool, 'Lets sandbox keys register webhook endpoints on `http://127.0.0.1:<port>` (a receiver on the developer\'s machine). On for `npm start`; keep it off wherever the worker\'s own loopback holds anything (every deployment: the production image leaves it off). Failed attempts to such endpoints are logged as `delivery_failed` with no status or time.'),
  planWatchLimits: field('PLAN_WATCH_LIMITS', '', watchLimits, 'Watches an account may keep per mode by plan, e.g. `free=3,pro=100`; plans not named keep their defaults (free 3, starter 25, pro 100, business 500, scale 2000). See docs/watches.md.'),
  watchSandboxMinSeconds: field('WATCH_SANDBOX_MIN_SECONDS', '900', int(1, 900), 'Shortest interval of a sandbox key\'s watch, in seconds (live watches: 900, every 15 minutes, to 86400). Lower it (`npm start` sets 10) to try watches on the simulators in minutes; with `SANDBOX_CACHE_SECONDS` below it, each run collects again.'),
  watchConcurrency: field('WATCH_CONCURRENCY', '16', int(1, 256), 'Watch runs in hand at once per worker process (a run mostly waits for its search to settle).'),
  watchSeenMax: field('WATCH_SEEN_MAX', '5000', int(100, 100000), 'Rows a watch remembers (id and last price) to tell new and cheaper rows; the longest unseen are forgotten first.'),
  watchSeenDays: field('WATCH_SEEN_DAYS', '30', int(1, 365), 'A row a watch has not seen for this many days is forgotten (reported as new if it comes back).'),
  sandboxCacheSeconds: field('SANDBOX_CACHE_SECONDS', '900', int(1, 900), 'How long a sandbox search result is cached (live results: 15 minutes, as the interface says). Lower it to see the simulators change between runs of a sandbox watch (docs/watches.md "Trying it in the sandbox").'),
  historyDatabaseUrl: field('HISTORY_DATABASE_URL', '', optionalPostgresUrl, 'PostgreSQL of the sold history archive (docs/history.md): `postgres://user[:password]@host:5432/database`. Workers hand every settled sold page\'s rows to it through a queue; the api reads it for `GET /v1/history/{marketplace}/sold`. Empty = no archive: nothing is kept and the history route answers 503 `service_unconfigured`. `npm start` sets it to an embedded PGlite server unless it is given.'),
  historySchema: field('HISTORY_SCHEMA', 'public', (raw) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/u.test(raw)) throw new Error('must be a plain lowercase SQL name');
    return raw;
  }, 'Schema of the archive\'s tables (created by the migrations at start).'),
  historyRetentionDays: field('HISTORY_RETENTION_DAYS', '730', int(1, 36500), 'Days of sold rows the archive keeps (by sold date, or the day first seen when the row has none); older months are dropped as partitions, checked hourly by the workers. The history route\'s `from` reaches back this far.'),
  historyQueueMax: field('HISTORY_QUEUE_MAX', '20000', int(1, 10000000), 'Most pages waiting in the archive queue (`history-archive`) while PostgreSQL is slow or down; beyond it a settled page\'s rows are not archived (counted in `listings_history_rows_dropped`), and searches go on. At about 50 rows of 400 bytes a page, 20,000 pages hold about 400 MB of Redis.'),
  historyWriterConcurrency: field('HISTORY_WRITER_CONCURRENCY', '2', int(1, 64), 'Archive writes in flight at once per worker process (one page\'s rows each, one statement).'),
  historyReadConnections: field('HISTORY_READ_CONNECTIONS', '2', int(1, 2), 'Connections one history read may use at once: with 2, the reads of a query that can go two at once (two months of the full-text path, two halves of the months block\'s rows) do, on a second connection when one is idle (docs/history.md). 1 for a server that runs one connection\'s transaction at a time: `npm start` sets it for its embedded PGlite.'),
  historyRetryMaxMs: field('HISTORY_RETRY_MAX_MS', '5000', int(100, 600000), 'While PostgreSQL is down, archive writes are retried without end, doubling from 0.5 s up to this far apart: the rows are written at most this long after it returns.'),
  shutdownGraceMs: field('SHUTDOWN_GRACE_MS', '25000', int(0, 600000), 'On SIGTERM: how long an api answers its in-flight requests, and a worker finishes its running collections, before exiting; a worker\'s unfinished collections are then retried elsewhere once their lock expires (JOB_LOCK_MS).'),
} as const;

type FieldValue<F> = F extends Field<infer T> ? T : never;
export type Config = { readonly [K in keyof typeof FIELDS]: FieldValue<(typeof FIELDS)[K]> };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** `--port=8081 --worker-marketplaces=mkt_a` → `{ PORT: '8081', WORKER_MARKETPLACES: 'mkt_a' }` */
export function flagsToEnv(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of argv) {
    const m = /^--([a-z0-9-]+)=(.*)$/u.exec(a);
    if (m) out[m[1]!.toUpperCase().replaceAll('-', '_')] = m[2]!;
  }
  return out;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

/** Settings whose values are secrets, or may hold them (proxy credentials in sessions). */
const SECRET_SETTING = /SECRET|TOKEN|PASSWORD|SESSIONS|COOKIE/u;

/**
 * A refused value as a problem line shows it: never for settings that hold secrets, and with
 * credentials, keys and tokens scrubbed from the others (a `REDIS_URL` with its password, in
 * any form: `redis://:pass@`, `redis+sentinel://…?sentinelPassword=…`).
 */
function echoValue(env: string, raw: string): string {
  const shown = scrubUrl(raw);
  return JSON.stringify(shown.length > 80 ? `${shown.slice(0, 80)}…` : shown);
}

/**
 * The problem line of a setting whose parser refused its value (`REDIS_URL="redis://[redacted]@h:x": …`,
 * `CURSOR_SECRET (value not shown): …`),
 * for loadConfig and every other reader of the table (the admin command line): the value shown
 * by `echoValue`, the parser's message scrubbed too.
 */
export function problemLine(env: string, raw: string, err: unknown): string {
  const why = scrubText(err instanceof Error ? err.message : String(err));
  return SECRET_SETTING.test(env) ? `${env} (value not shown): ${why}` : `${env}=${echoValue(env, raw)}: ${why}`;
}

/** Reads and checks every field; throws ConfigError listing all problems. */
export function loadConfig(env: Record<string, string | undefined> = process.env, argv: readonly string[] = process.argv.slice(2)): Config {
  const source = { ...env, ...flagsToEnv(argv) };
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(FIELDS) as [string, Field<unknown>][]) {
    const raw = source[f.env] ?? f.default;
    if (raw === undefined) {
      problems.push(`${f.env} is required: ${f.doc}`);
      continue;
    }
    try {
      out[key] = f.parse(raw);
    } catch (err) {
      problems.push(problemLine(f.env, raw, err));
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(out as Config);
}

/**
 * How long a collection may stay open before the workers' sweep asks BullMQ what became of it
 * (apps/worker/src/worker.ts): re-queued if its job is gone, settled `collection_unavailable`
 * if its queue gave up. Longer than every attempt can take: each holds its lock, waits out its
 * backoff and its upstream timeout (`SWEEP_STALE_FORMULA`).
 */
export function sweepStaleMs(c: Pick<Config, 'lockDurationMs' | 'attempts' | 'backoffMs' | 'httpTimeoutMs'>): number {
  return c.lockDurationMs * (c.attempts + 2) + c.backoffMs * 2 ** c.attempts + c.httpTimeoutMs * c.attempts;
}

/** `sweepStaleMs` in the settings' names, for the docs. */
export const SWEEP_STALE_FORMULA = '`JOB_LOCK_MS` × (`JOB_ATTEMPTS` + 2) + `JOB_BACKOFF_MS` × 2^`JOB_ATTEMPTS` + `HTTP_TIMEOUT_MS` × `JOB_ATTEMPTS`';

/** The value of a setting left at its default. */
function defaultOf<K extends keyof typeof FIELDS>(k: K): Config[K] {
  const f = FIELDS[k] as unknown as Field<Config[K]>;
  return f.parse(f.default!);
}

/** The sweep's stale threshold with every setting at its default, in ms (203 000). */
export function defaultSweepStaleMs(): number {
  return sweepStaleMs({ lockDurationMs: defaultOf('lockDurationMs'), attempts: defaultOf('attempts'), backoffMs: defaultOf('backoffMs'), httpTimeoutMs: defaultOf('httpTimeoutMs') });
}

/** The table as Markdown, for docs/config.md, and the figures worked out from several settings. */
export function configMarkdown(): string {
  const rows = Object.values(FIELDS).map((f) => `| \`${f.env}\` | ${f.default === undefined ? '**required**' : f.default === '' ? '(empty)' : `\`${f.default}\``} | ${f.doc} |`);
  const s = (ms: number): string => `${ms / 1000} s`;
  const derived = [
    '## Worked out from several settings', '',
    `- **The sweep's stale threshold**: a collection still open this long after it was recorded is looked at by the workers' sweep (re-queued if its queue lost its job, settled \`collection_unavailable\` if its queue gave up on it): ${SWEEP_STALE_FORMULA}. With the defaults: ${s(defaultOf('lockDurationMs'))} × ${defaultOf('attempts') + 2} + ${s(defaultOf('backoffMs'))} × ${2 ** defaultOf('attempts')} + ${s(defaultOf('httpTimeoutMs'))} × ${defaultOf('attempts')} = **${s(defaultSweepStaleMs())}**.`,
  ];
  return ['# Configuration', '', 'Every setting of the api and worker processes, read once at start from the environment', '(or from a `--name=value` flag: `--worker-marketplaces=mkt_a` sets `WORKER_MARKETPLACES`).', 'A bad value stops the process with a list of every problem. Generated from `packages/config/src/config.ts`.', '', '| Variable | Default | Meaning |', '|---|---|---|', ...rows, '', ...derived, ''].join('\n');
}

/** For process entry points: the configuration, or every problem printed and exit code 2. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env, argv: readonly string[] = process.argv.slice(2)): Config {
  try {
    return loadConfig(env, argv);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
