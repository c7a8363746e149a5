/**
 * @module mkt_c/session
 * The adapter's in-memory cache of marketplace sessions (access token + CSRF token from
 * `/v1/initialize`), keyed by base URL so the live site and each simulator keep their own.
 * One bootstrap runs at a time per base URL; concurrent collections wait for it. A session is
 * refreshed before its JWT `exp` (minus a margin) and dropped when the marketplace refuses it.
 */
import { BlockedError, LayoutChangedError, TransientUpstreamError } from '@listings/contract';
import { looksLikeChallenge } from './parse.ts';

export interface MktCSession {
  accessToken: string;
  csrf: string;
  /** From the token's `exp` claim; null when the token carries none (kept until refused). */
  expiresAtMs: number | null;
}

/** Refresh this long before `exp`, so a token never expires between check and use. */
export const REFRESH_MARGIN_MS = 60 * 60 * 1000;

/** `exp` of a JWT in milliseconds, or null when the token is not a readable JWT. */
export function jwtExpiryMs(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Reads the `/v1/initialize` answer `{ accessToken, csrf, isBot }`. */
export function readInitialize(body: string): MktCSession {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (err) {
    if (body.trimStart().startsWith('<') && looksLikeChallenge(body)) throw new BlockedError('challenge page instead of a session');
    throw new TransientUpstreamError('session answer is not complete JSON', { cause: err });
  }
  const o = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>) : {};
  if (o.isBot === true) throw new BlockedError('the marketplace flagged this client as a bot (isBot)');
  if (typeof o.accessToken !== 'string' || o.accessToken.length === 0 || typeof o.csrf !== 'string' || o.csrf.length === 0) {
    throw new LayoutChangedError('session answer has no accessToken/csrf');
  }
  return { accessToken: o.accessToken, csrf: o.csrf, expiresAtMs: jwtExpiryMs(o.accessToken) };
}

export class SessionCache {
  #sessions = new Map<string, MktCSession>();
  #pending = new Map<string, Promise<MktCSession>>();

  /** The cached session for a base URL when it is still good at `nowMs`, else null. */
  current(baseUrl: string, nowMs: number): MktCSession | null {
    const s = this.#sessions.get(baseUrl);
    if (!s) return null;
    if (s.expiresAtMs !== null && s.expiresAtMs - REFRESH_MARGIN_MS <= nowMs) return null;
    return s;
  }

  /** A new session from `bootstrap`, shared with any bootstrap already running for the URL. */
  obtain(baseUrl: string, bootstrap: () => Promise<MktCSession>): Promise<MktCSession> {
    const running = this.#pending.get(baseUrl);
    if (running) return running;
    const p = bootstrap()
      .then((s) => {
        this.#sessions.set(baseUrl, s);
        return s;
      })
      .finally(() => this.#pending.delete(baseUrl));
    this.#pending.set(baseUrl, p);
    return p;
  }

  /** Forgets a session the marketplace refused (only if it is still the cached one). */
  drop(baseUrl: string, session: MktCSession): void {
    if (this.#sessions.get(baseUrl) === session) this.#sessions.delete(baseUrl);
  }
}
