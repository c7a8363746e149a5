/**
 * @module mkt_c/session
 * The adapter's in-memory cache of marketplace sessions (access token + CSRF token from
 * `/v1/initialize`), keyed by base URL (the live site and each simulator keep their own) within
 * each HTTP identity. One bootstrap runs at a time per key; concurrent collections wait for it.
 * A session is refreshed before its JWT `exp` (minus a margin) and dropped when refused.
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

/**
 * Sessions by HTTP identity and base URL. The identity (the HttpClient a collection is given:
 * one cookie jar, one proxy) is part of the key because the token was earned with that
 * identity's edge cookie and address; a retired identity is a new object, so it bootstraps
 * afresh, and entries of dropped identities are garbage-collected with them.
 */
export class SessionCache {
  #sessions = new WeakMap<object, Map<string, MktCSession>>();
  #pending = new WeakMap<object, Map<string, Promise<MktCSession>>>();

  #map<V>(store: WeakMap<object, Map<string, V>>, identity: object): Map<string, V> {
    let m = store.get(identity);
    if (!m) store.set(identity, (m = new Map()));
    return m;
  }

  /** The cached session when it is still good at `nowMs`, else null. */
  current(identity: object, baseUrl: string, nowMs: number): MktCSession | null {
    const s = this.#sessions.get(identity)?.get(baseUrl);
    if (!s) return null;
    if (s.expiresAtMs !== null && s.expiresAtMs - REFRESH_MARGIN_MS <= nowMs) return null;
    return s;
  }

  /** A new session from `bootstrap`, shared with any bootstrap already running for the same key. */
  obtain(identity: object, baseUrl: string, bootstrap: () => Promise<MktCSession>): Promise<MktCSession> {
    const pending = this.#map(this.#pending, identity);
    const running = pending.get(baseUrl);
    if (running) return running;
    const p = bootstrap()
      .then((s) => {
        this.#map(this.#sessions, identity).set(baseUrl, s);
        return s;
      })
      .finally(() => pending.delete(baseUrl));
    pending.set(baseUrl, p);
    return p;
  }

  /** Forgets a session the marketplace refused (only if it is still the cached one). */
  drop(identity: object, baseUrl: string, session: MktCSession): void {
    const m = this.#sessions.get(identity);
    if (m?.get(baseUrl) === session) m.delete(baseUrl);
  }
}
