/**
 * @module logging
 * What every process's pino logger is built with, so no secret reaches a log line: API keys,
 * `Authorization` and `Proxy-Authorization` headers, cookies and `set-cookie`, operator session
 * cookies and proxy credentials. Two layers:
 * - `redact` paths for the fields that carry them (request and response headers, sessions,
 *   proxy URLs; the api's request lines carry no headers at all);
 * - a last pass over each finished line (messages, error messages and stacks included) with
 *   the project's one scrubber (`scrubText` of @listings/common/redact: API keys, bearer tokens,
 *   webhook secrets, the credentials of any URL with or without a user name, password and
 *   token parameters), for secrets that arrive inside free text (an upstream error quoting its
 *   proxy URL, a Redis URL).
 */
import { REDACTED, scrubText, scrubUrl } from '@listings/common/redact';

export { REDACTED, scrubText, scrubUrl };

/** Header and field paths that carry secrets, as request serializers and our own log calls name them. */
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers["proxy-authorization"]', 'req.headers.cookie', 'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie', 'headers["set-cookie"]', 'headers["proxy-authorization"]',
  'authorization', 'cookie', 'cookies', 'proxyUrl', 'proxy', 'secret', 'key', 'apiKey',
  '*.authorization', '*.cookie', '*.cookies', '*.proxyUrl', '*.secret', '*.apiKey', 'sessions', '*.sessions',
  'config.cursorSecret', 'config.sessions', 'config.metricsToken',
  'password', '*.password', 'sentinelPassword', '*.sentinelPassword',
];

/**
 * The pino options every process uses (merge with its own level and base). `redact` censors
 * the fields that carry secrets; the `streamWrite` hook then scrubs the finished line, after
 * every serializer has run, so a secret inside free text (a message, an error's message or
 * stack, a URL with credentials) never reaches the output either. Scrubbing the line, not the
 * object, leaves serializers their raw inputs (a request and its response) and costs one
 * test of the line in the common case (`scrubText`'s quick check).
 */
export function loggerOptions(level: string, svc: string): {
  level: string;
  base: { svc: string };
  redact: { paths: string[]; censor: string };
  hooks: { streamWrite(line: string): string };
} {
  return {
    level,
    base: { svc },
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    hooks: { streamWrite: scrubText },
  };
}
