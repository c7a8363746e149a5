/**
 * @module sessions
 * The HTTP identities collection goes out with, per mode and marketplace: live searches use
 * the operator's sessions (cookies, proxies) against the real site, through the transport
 * configured for the marketplace (`UPSTREAM_TRANSPORT`: `browser` by default, impersonating
 * desktop Chrome on the wire); sandbox searches use one session of the same transport against
 * the simulator server. Both go through the same client, transport, session pool and adapter
 * code, so the sandbox keeps exercising what live collection runs. A session that
 * meets a wall is retired by the processor and renewed by its pool (new identity, cookies,
 * next proxy); walls are counted per marketplace in the worker metrics.
 */
import type { Token } from '@listings/contract';
import type { Config } from '@listings/config';
import type { Marketplace } from '@listings/marketplaces';
import { createSessionPool, type SessionPool } from '@listings/http-client';

export interface Pool {
  client: SessionPool;
  baseUrl: string;
}

export interface Sessions {
  /** The pool for a mode and marketplace, or null when that mode cannot collect. */
  pool(mode: 'live' | 'sandbox', token: Token): Pool | null;
  close(): void;
}

export function createSessions(config: Config, marketplaces: Readonly<Record<Token, Marketplace>>): Sessions {
  const pools = new Map<string, Pool | null>();
  return {
    pool(mode, token) {
      const k = `${mode}:${token}`;
      if (!pools.has(k)) {
        let pool: Pool | null = null;
        if (mode === 'sandbox' && config.simulatorUrl) {
          // The marketplace's own transport, so sandbox searches exercise the very code live ones run.
          pool = { baseUrl: `${config.simulatorUrl}/${token}`, client: createSessionPool({ sessions: [{}], transport: config.transports[token], timeoutMs: config.httpTimeoutMs, retries: 0 }) };
        } else if (mode === 'live' && config.liveCollection) {
          const sessions = config.sessions[token] ?? [{}];
          pool = {
            baseUrl: config.liveBaseUrls[token] ?? marketplaces[token].liveBaseUrl,
            client: createSessionPool({ sessions: sessions.length > 0 ? sessions : [{}], transport: config.transports[token], timeoutMs: config.httpTimeoutMs }),
          };
        }
        pools.set(k, pool);
      }
      return pools.get(k) ?? null;
    },
    close() {
      for (const p of pools.values()) p?.client.close();
    },
  };
}
