/**
 * @module sign
 * Signatures of webhook deliveries, in a scheme receivers already verify (docs/decisions.md,
 * "Webhooks"): the header
 * `Listings-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The
 * timestamp is inside the signed text, so a captured delivery cannot be replayed later than the
 * receiver's tolerance (5 minutes is the documented default). `v1` may appear more than once
 * while a rotated secret and its successor are both in use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Listings-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signature(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'malformed' | 'too_old' | 'mismatch' };

/**
 * Checks a delivery: the raw body exactly as received, the header value, the endpoint's
 * secret. Constant-time comparison; a timestamp outside the tolerance fails.
 */
export function verifySignature(secret: string, body: string, header: string | null | undefined, opts: { toleranceSeconds?: number; nowSeconds?: number } = {}): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  let t: number | null = null;
  const macs: string[] = [];
  for (const part of header.split(',')) {
    const i = part.indexOf('=');
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === 't' && /^\d{1,12}$/u.test(v)) t = Number(v);
    else if (k === 'v1' && /^[0-9a-f]{64}$/u.test(v)) macs.push(v);
  }
  if (t === null || macs.length === 0) return { ok: false, reason: 'malformed' };
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'too_old' };
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return macs.some((m) => timingSafeEqual(Buffer.from(m), expected)) ? { ok: true } : { ok: false, reason: 'mismatch' };
}
