/**
 * @module sim/kit
 * What every marketplace simulator implements, and the fault switches they share.
 * Generic faults (latency, 429, 5xx, truncated body, hang) are applied by the server;
 * faults that need the marketplace's own markup (bot wall, login wall, changed layout)
 * are rendered by the simulator itself.
 */
import type { IncomingHttpHeaders } from 'node:http';

export const FAULTS = ['none', 'bot_wall', 'login_wall', 'http_429', 'http_5xx', 'truncated', 'layout_changed', 'hang'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultSettings {
  fault: Fault;
  /** Added delay before every answer, milliseconds. */
  latencyMs: number;
  /** Apply `fault` to this many next requests, then return to none; omitted = until changed. */
  times?: number;
}

export interface SimRequest {
  method: string;
  /** Path below the simulator's mount point, starting with `/`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The market's drift step (sim/drift.ts): 0, or unset, serves the usual listings. */
  driftStep?: number;
}

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export type MarkupFault = 'bot_wall' | 'login_wall' | 'layout_changed';

export interface Simulator {
  handle(req: SimRequest): SimResponse | Promise<SimResponse>;
  /** The marketplace's own page or payload for a fault that needs its markup. */
  renderFault(fault: MarkupFault, req: SimRequest): SimResponse;
}

/** A deterministic 32-bit PRNG (mulberry32) seeded from a string, for reproducible listings. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
