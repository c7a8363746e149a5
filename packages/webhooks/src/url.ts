/**
 * @module url
 * Which URLs an endpoint may have, in both modes: `https://` only, no credentials, no fragment,
 * not `localhost` (nor `localhost.` or any name under it), and no literal address a delivery may
 * not reach (address.ts: private, loopback, link-local, CGNAT, multicast, reserved… in any IPv4
 * or IPv6 form). The one exception: where the operator allows it (WEBHOOK_SANDBOX_LOOPBACK, on
 * for `npm start`, off by default and in the production image), a sandbox endpoint may be
 * `http://127.0.0.1:<port>/…`, a receiver on the developer's machine. Names are checked again
 * on every delivery, where they resolve (deliver.ts).
 */
import { isIP } from 'node:net';
import { isForbiddenAddress, isLocalhostName } from './address.ts';

export type Mode = 'live' | 'sandbox';

export const MAX_URL_LENGTH = 2048;

export interface UrlRules {
  /** The operator allows sandbox endpoints on http://127.0.0.1 (WEBHOOK_SANDBOX_LOOPBACK). */
  sandboxLoopback?: boolean;
}

/** The sandbox loopback exception: plain http to 127.0.0.1 itself, nothing else. */
export function isSandboxLoopbackUrl(u: URL, mode: Mode, rules: UrlRules): boolean {
  return rules.sandboxLoopback === true && mode === 'sandbox' && u.protocol === 'http:' && u.hostname === '127.0.0.1';
}

/** The reason the URL is refused, or null when it may be registered. */
export function endpointUrlProblem(raw: unknown, mode: Mode, rules: UrlRules = {}): string | null {
  if (typeof raw !== 'string' || raw.length === 0) return 'url must be a string.';
  if (raw.length > MAX_URL_LENGTH) return `url must be at most ${MAX_URL_LENGTH} characters.`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'url is not a valid absolute URL.';
  }
  if (u.username || u.password) return 'url must not carry credentials.';
  if (u.hash) return 'url must not have a fragment.';
  if (isSandboxLoopbackUrl(u, mode, rules)) return null;
  if (u.protocol !== 'https:') {
    return mode === 'sandbox' && rules.sandboxLoopback === true ? 'url must be https://, or http://127.0.0.1 for a sandbox endpoint.' : 'url must be https://.';
  }
  const host = u.hostname.replace(/^\[|\]$/gu, '');
  if (isLocalhostName(host)) return 'url must not point at this machine.';
  if (isIP(host) !== 0 && isForbiddenAddress(host)) return 'url must not point at a private, loopback, link-local or reserved address.';
  return null;
}
