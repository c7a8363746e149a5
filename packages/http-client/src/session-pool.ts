/**
 * @module session-pool
 * Several browser-like identities behind one HttpClient. Operators configure a marketplace
 * with a list of sessions (each a cookie header and/or a proxy); the pool hands them out in
 * turn, and when one is caught by a bot wall the caller retires it: its jar and connections
 * are dropped and its slot starts over as a fresh session: a new header identity, the
 * operator cookies seeded again (nothing the site set since), and the next of the pool's
 * proxies (the configured proxies in turn, so a walled exit address is left behind).
 *
 * Two ways to use it:
 * - Per job (what the worker does): `const s = pool.next()`, pass `s` as `ctx.http` so every
 *   request of the job goes out as the same identity, and on a BlockedError call
 *   `pool.retire(s)` before the retry.
 * - Per request (an adapter holding the pool): `pool.request(...)` takes the next session
 *   each time and tags the response with it; on a block page, `pool.retire(res.session)`.
 *
 * Retiring is idempotent: when two jobs on the same session are blocked at once, the slot is
 * renewed once. A retired handle keeps working and sends through its slot's current session,
 * so a job that still holds it simply moves on to the fresh identity.
 */
import type { HttpClient, UpstreamRequest, UpstreamResponse } from '@listings/contract';
import type { BrowserIdentity } from './browser-headers.ts';
import { createHttpClient, type HttpClientHandle } from './client.ts';
import type { HttpClientOptions, Transport } from './options.ts';

/** One identity of the pool: its own cookies and proxy. */
export interface SessionConfig {
  /** Operator cookie header lines for this identity (see HttpClientOptions.cookies). */
  cookies?: string;
  /** This identity's CONNECT proxy (see HttpClientOptions.proxyUrl). */
  proxyUrl?: string;
}

export interface SessionPoolOptions extends Omit<HttpClientOptions, 'cookies' | 'proxyUrl'> {
  /** At least one; `[{}]` is one direct session without cookies. */
  sessions: SessionConfig[];
}

/** A session handed out by the pool; an HttpClient of its own. */
export interface PoolSession extends HttpClient {
  /** Slot number in `sessions` (0-based). */
  readonly slot: number;
  /** Generation of the slot: 0 at start, +1 each time the slot was renewed. */
  readonly generation: number;
  /** True once retired (it then sends through the slot's renewed session). */
  readonly retired: boolean;
  /** The header identity the slot presents now (null with `browserHeaders: false`). */
  readonly identity: BrowserIdentity | null;
}

export interface PooledResponse extends UpstreamResponse {
  /** The session that carried the request: pass it to `retire` on a block. */
  session: PoolSession;
}

export interface SessionPool extends HttpClient {
  /** Number of slots. */
  readonly size: number;
  /** The transport every session of the pool uses. */
  readonly transport: Transport;
  /** The next session in round-robin order. */
  next(): PoolSession;
  /** Sends through the next session; the response names it. */
  request(req: UpstreamRequest, signal?: AbortSignal): Promise<PooledResponse>;
  /** Drops this session's identity and renews its slot (no-op when already retired). */
  retire(session: PoolSession): void;
  /** Closes every session's connections. */
  close(): void;
}

interface Slot {
  index: number;
  config: SessionConfig;
  /** Index into the pool's proxy list this slot uses now (-1: direct). */
  proxy: number;
  client: HttpClientHandle;
  session: PoolSession;
  generation: number;
}

export function createSessionPool(options: SessionPoolOptions): SessionPool {
  const { sessions, ...shared } = options;
  if (!Array.isArray(sessions) || sessions.length === 0) throw new RangeError('createSessionPool needs at least one session');
  const slots: Slot[] = [];
  const issued = new WeakSet<PoolSession>();
  let cursor = 0;

  function makeSession(slot: Slot): PoolSession {
    const generation = slot.generation;
    const session: PoolSession = {
      slot: slot.index,
      generation,
      get retired() {
        return slot.generation !== generation;
      },
      get identity() {
        return slot.client.identity;
      },
      // Always the slot's current client: a retired handle moves on to the renewed identity.
      request: (req, signal) => slot.client.request(req, signal),
    };
    issued.add(session);
    return session;
  }

  // Every distinct proxy configured, in order: a renewed slot moves on to the next one.
  const proxies = [...new Set(sessions.map((s) => s.proxyUrl).filter((p): p is string => typeof p === 'string' && p !== ''))];

  function open(slot: Pick<Slot, 'config' | 'proxy'>): HttpClientHandle {
    const { proxyUrl: _configured, ...rest } = slot.config;
    const proxyUrl = slot.proxy >= 0 ? proxies[slot.proxy] : undefined;
    return createHttpClient({ ...shared, ...rest, ...(proxyUrl ? { proxyUrl } : {}) });
  }

  for (const [index, config] of sessions.entries()) {
    const proxy = config.proxyUrl ? proxies.indexOf(config.proxyUrl) : -1;
    const slot = { index, config, proxy, client: open({ config, proxy }), generation: 0 } as Slot;
    slot.session = makeSession(slot);
    slots.push(slot);
  }

  function next(): PoolSession {
    const slot = slots[cursor] as Slot;
    cursor = (cursor + 1) % slots.length;
    return slot.session;
  }

  return {
    size: slots.length,
    transport: (slots[0] as Slot).client.transport,
    next,
    async request(req, signal) {
      const session = next();
      const res = await session.request(req, signal);
      return { ...res, session };
    },
    retire(session) {
      const slot = slots[session.slot];
      if (!slot || !issued.has(session) || session.retired) return;
      const old = slot.client;
      slot.generation += 1;
      if (slot.proxy >= 0) slot.proxy = (slot.proxy + 1) % proxies.length;
      slot.client = open(slot);
      slot.session = makeSession(slot);
      // Idle sockets of the old identity close at once; sockets busy with a request finish it
      // and are then closed by the agent's idle timeout, so requests in flight are not cut.
      setImmediate(() => old.closeIdle());
    },
    close() {
      for (const s of slots) s.client.close();
    },
  };
}

