// A copy of @listings/common/redact (packages/common), written by npm run generate -w @listings/sdk. Do not edit here.
/**
 * @module @listings/common/redact
 * Secrets taken out of text before it is printed or logged. This is the one scrubber of the
 * project: the SDK's own error messages, the `listings` CLI, the api's and worker's log lines
 * and settings errors (through @listings/config), the admin command line and `npm start` all
 * use it. No dependency, so the published SDK carries it too: its `@listings/sdk/redact` is a
 * copy of this file (packages/sdk/scripts/generate.ts writes it; a test holds it to this one).
 * What goes:
 *
 * - the user information of any URL, with or without a user name and up to the last `@` of the
 *   authority: `redis://:pass@`, `redis://user:pass@`, `rediss://…`, `http://user:pass@` (a
 *   proxy), `redis+sentinel://user:pass@h1:26379,h2:26379/name`, `//token@`;
 * - a parameter or field whose name says it is a password, secret, token or API key, in any
 *   case and wherever it appears: `?sentinelPassword=…&password=…`, `METRICS_TOKEN=…`,
 *   `"password":"…"` inside JSON text;
 * - this service's API keys (`lk_live_…`, `lk_sandbox_…`), webhook signing secrets
 *   (`whsec_…`) and `Bearer` / `Basic` credentials.
 *
 * Each is replaced by `[redacted]` and the rest of the text stays as it was, so a log line
 * stays valid JSON. `scrubUrl` is for a value known to be one URL (a setting), and is stricter.
 */
export const REDACTED = '[redacted]';

/** Names of parameters and fields that hold a secret: `password`, `sentinelPassword`, `pass`, `pwd`, `CURSOR_SECRET`, `METRICS_TOKEN`, `api_key`, `credentials`… */
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]{0,40}(?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|credentials?)[A-Za-z0-9_.-]{0,40}`;

const SECRET_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\blk_(?:live|sandbox)_[0-9A-Za-z]+/gu, `lk_${REDACTED}`],
  [/\bwhsec_[0-9A-Za-z]+/gu, `whsec_${REDACTED}`],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/giu, `$1 ${REDACTED}`],
  // The user information of a URL: from `//` to the last `@` before the authority ends (a
  // slash, `?`, `#`, white space or a quote; `\"` is a quote escaped inside JSON text, part of it).
  [/\/\/(?:\\.|[^\s/?#"\\])*@/gu, `//${REDACTED}@`],
  // `name=value` (query strings, settings, free text): the value up to `&`, white space, a quote or `#`.
  [new RegExp(String.raw`\b(${SECRET_NAME})=(?:\\.|[^\s&"'#\\])*`, 'giu'), `$1=${REDACTED}`],
  // `"name": "value"` inside JSON text.
  [new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)"(?:\\.|[^"\\])*"`, 'giu'), `$1"${REDACTED}"`],
];

/** What every secret above has in it somewhere; text without any of these is returned as it is (one test). */
const MAYBE_SECRET = /lk_|whsec_|bearer|basic|@|pass|pwd|secret|token|api.?key|credential/iu;

/** Text with every secret-looking part replaced by `[redacted]`. */
export function scrubText(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  let out = text;
  for (const [re, to] of SECRET_TEXT) out = out.replace(re, to);
  return out;
}

/**
 * A value that is one URL (a `REDIS_URL`, a proxy URL) as it may be shown: everything from
 * `://` to the value's last `@` goes, even what `scrubText` would take for the end of the
 * authority (a password with a raw `/` in it), then `scrubText` (password parameters).
 */
export function scrubUrl(url: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^]*@/u.exec(url);
  return scrubText(m ? `${m[1]}${REDACTED}@${url.slice(m[0].length)}` : url);
}
