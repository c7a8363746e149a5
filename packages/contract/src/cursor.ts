/**
 * @module cursor
 * Opaque, signed pagination cursors bound to the search they came from (decisions.md
 * "Pagination cursors"). A cursor carries the marketplace's own continuation token and, when
 * the adapter keeps state between pages (mkt_e de-duplication), the key of that state on the
 * server. Altered, foreign or mismatched cursors are refused with 422.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorPayload {
  /** Route the cursor belongs to. */
  r: string;
  /** searchIdentity() of the search that produced it. */
  h: string;
  /** The page it continues to. */
  p: number;
  /** The marketplace's continuation token (opaque to the core). */
  t: string;
  /** Server-side state key, when the adapter keeps state between pages. */
  s?: string;
}

const SIG_BYTES = 16;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest().subarray(0, SIG_BYTES);
}

export function signCursor(secret: string, payload: CursorPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload of a well-formed cursor with a valid signature, else null. Never throws. */
export function verifyCursor(secret: string, cursor: string): CursorPayload | null {
  const dot = cursor.indexOf('.');
  if (dot <= 0 || dot !== cursor.lastIndexOf('.')) return null;
  const body = cursor.slice(0, dot);
  const sig = Buffer.from(cursor.slice(dot + 1), 'base64url');
  if (sig.length !== SIG_BYTES || !timingSafeEqual(sig, mac(secret, body))) return null;
  try {
    const p: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof p !== 'object' || p === null) return null;
    const o = p as Record<string, unknown>;
    if (typeof o.r !== 'string' || typeof o.h !== 'string' || typeof o.t !== 'string') return null;
    if (typeof o.p !== 'number' || !Number.isInteger(o.p)) return null;
    if (o.s !== undefined && typeof o.s !== 'string') return null;
    return o as unknown as CursorPayload;
  } catch {
    return null;
  }
}
