/**
 * @module @listings/sdk/webhooks
 * Verifies the `Listings-Signature` header of a webhook delivery (docs/webhooks.md):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, with one or more `v1`
 * values (any one matching is enough: a rotated secret and its successor may both sign).
 *
 * Written on WebCrypto (`crypto.subtle`), so it runs wherever the SDK does (Node 24, Deno, Bun,
 * workers, browsers) and needs no dependency; the HMAC is checked with `crypto.subtle.verify`,
 * which compares in constant time.
 */

/** The header a delivery's signature comes in. */
export const WEBHOOK_SIGNATURE_HEADER = 'Listings-Signature';
/** How far (seconds) a delivery's timestamp may be from now, either way, by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookOptions {
  /** Largest accepted distance between the header's `t` and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The time to check `t` against (default: the clock). */
  now?: Date;
}

export type WebhookVerification =
  | { ok: true; /** The signed timestamp (unix seconds). */ timestamp: number }
  | { ok: false; reason: 'malformed' | 'too_old' | 'mismatch' };

/** Thrown by `parseWebhook` when a delivery does not verify. */
export class WebhookVerificationError extends Error {
  readonly reason: 'malformed' | 'too_old' | 'mismatch';
  constructor(reason: 'malformed' | 'too_old' | 'mismatch') {
    super(`webhook signature ${reason === 'too_old' ? 'timestamp is outside the tolerance' : reason === 'mismatch' ? 'does not match' : 'header is missing or malformed'}`);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

const HEX = /^[0-9a-f]{64}$/u;
const SECONDS = /^\d{1,12}$/u;
const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function signedBytes(timestamp: number, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const rest = typeof body === 'string' ? encoder.encode(body) : body;
  const out = new Uint8Array(prefix.length + rest.length);
  out.set(prefix, 0);
  out.set(rest, prefix.length);
  return out;
}

/**
 * Checks one delivery: the endpoint's secret, the `Listings-Signature` header value, and the
 * raw body exactly as received (a string, or the bytes: never re-serialized JSON). Resolves
 * to `{ ok: true, timestamp }`, or `{ ok: false, reason }`: `malformed` (no header, no `t`, or
 * no well-formed `v1`), `too_old` (`t` further than the tolerance from now, either way), or
 * `mismatch` (no `v1` is the HMAC of this body under this secret).
 */
export async function verifyWebhook(secret: string, header: string | null | undefined, body: string | Uint8Array, options: VerifyWebhookOptions = {}): Promise<WebhookVerification> {
  if (typeof header !== 'string' || header === '') return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const macs: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && SECONDS.test(value)) timestamp = Number(value);
    else if (key === 'v1' && HEX.test(value)) macs.push(value);
  }
  if (timestamp === undefined || macs.length === 0) return { ok: false, reason: 'malformed' };
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!(Math.abs(now - timestamp) <= tolerance)) return { ok: false, reason: 'too_old' };
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const data = signedBytes(timestamp, body);
  for (const mac of macs) {
    if (await crypto.subtle.verify('HMAC', key, hexBytes(mac), data)) return { ok: true, timestamp };
  }
  return { ok: false, reason: 'mismatch' };
}

/**
 * `verifyWebhook`, then the body parsed as JSON: the event (`id`, `type`, `created`, `data`,
 * …). Throws `WebhookVerificationError` (with its `reason`) when the delivery does not verify.
 */
export async function parseWebhook<T = unknown>(secret: string, header: string | null | undefined, body: string | Uint8Array, options: VerifyWebhookOptions = {}): Promise<T> {
  const result = await verifyWebhook(secret, header, body, options);
  if (!result.ok) throw new WebhookVerificationError(result.reason);
  return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as T;
}
