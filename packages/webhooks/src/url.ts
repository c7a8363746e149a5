/**
 * @module url
 * Which URLs an endpoint may have. Live: `https://` only, no credentials, no literal address a
 * delivery may not reach (address.ts), not `localhost`. Sandbox: the same, or `http://` to
 * 127.0.0.1 (a receiver on the developer's machine). Names are checked again on every
 * delivery, where they resolve (deliver.ts).
 */
import { isIP } from 'node:net';
import { isForbiddenAddress } from './address.ts';

export type Mode = 'live' | 'sandbox';

export const MAX_URL_LENGTH = 2048;

/** The reason the URL is refused, or null when it may be registered. */
export function endpointUrlProblem(raw: unknown, mode: Mode): string | null {
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
  const host = u.hostname.replace(/^\[|\]$/gu, '');
  if (u.protocol === 'http:') {
    if (mode === 'sandbox' && host === '127.0.0.1') return null;
    return mode === 'sandbox' ? 'url must be https://, or http://127.0.0.1 for a sandbox endpoint.' : 'url must be https://.';
  }
  if (u.protocol !== 'https:') return 'url must be https://.';
  if (mode === 'live') {
    if (host === 'localhost' || host.endsWith('.localhost')) return 'url must not point at this machine.';
    if (isIP(host) !== 0 && isForbiddenAddress(host)) return 'url must not point at a private, loopback, link-local or reserved address.';
  }
  return null;
}
