/**
 * @module logging
 * What every process's pino logger is built with, so no secret reaches a log line: API keys,
 * `Authorization` and `Proxy-Authorization` headers, cookies and `set-cookie`, operator session
 * cookies and proxy credentials. Two layers:
 * - `redact` paths for the fields that carry them (request and response headers as pino-http
 *   logs them, sessions, proxy URLs);
 * - a last pass over every string of a line (messages, error messages and stacks included)
 *   that replaces API keys, bearer tokens and the credentials of a URL (`//user:pass@host`),
 *   for secrets that arrive inside free text (an upstream error quoting its proxy URL).
 */
export const REDACTED = '[redacted]';

const SECRET_TEXT: ReadonlyArray<[RegExp, string]> = [
  [/\blk_(?:live|sandbox)_[0-9A-Za-z]+/gu, `lk_${REDACTED}`],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/giu, `$1 ${REDACTED}`],
  [/\/\/[^/\s:@"']+:[^/\s@"']*@/gu, `//${REDACTED}@`],
  [/\bwhsec_[0-9A-Za-z]+/gu, `whsec_${REDACTED}`],
];
const MAYBE_SECRET = /lk_|bearer|basic|@|whsec_/iu;

/** A string with every secret-looking part replaced. */
export function scrubText(s: string): string {
  if (!MAYBE_SECRET.test(s)) return s;
  let out = s;
  for (const [re, to] of SECRET_TEXT) out = out.replace(re, to);
  return out;
}

function scrubValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return scrubText(v);
  if (depth > 6 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => scrubValue(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = scrubValue(x, depth + 1);
  return out;
}

/** Header and field paths that carry secrets, as pino-http and our own log calls name them. */
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers["proxy-authorization"]', 'req.headers.cookie', 'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie', 'headers["set-cookie"]', 'headers["proxy-authorization"]',
  'authorization', 'cookie', 'cookies', 'proxyUrl', 'proxy', 'secret', 'key', 'apiKey',
  '*.authorization', '*.cookie', '*.cookies', '*.proxyUrl', '*.secret', '*.apiKey', 'sessions', '*.sessions',
  'config.cursorSecret', 'config.sessions', 'config.metricsToken',
];

/**
 * The pino options every process uses (merge with its own level and base). The `log` formatter
 * scrubs strings of each line; `err` objects are serialized first (pino's std serializer), so
 * their message and stack are scrubbed too.
 */
export function loggerOptions(level: string, svc: string): {
  level: string;
  base: { svc: string };
  redact: { paths: string[]; censor: string };
  formatters: { log(obj: Record<string, unknown>): Record<string, unknown> };
  hooks: { logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void): void };
} {
  return {
    level,
    base: { svc },
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    formatters: {
      log: (obj) => scrubValue(obj, 0) as Record<string, unknown>,
    },
    hooks: {
      // The message string (and printf arguments) of a call.
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)));
      },
    },
  };
}
