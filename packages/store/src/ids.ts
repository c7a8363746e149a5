/**
 * @module ids
 * Random identifiers and API keys. IDs are a type prefix plus 22 base62 characters (131 bits).
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(n: number): string {
  const bytes = randomBytes(n * 2);
  let out = '';
  for (let i = 0; out.length < n && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62];
  }
  while (out.length < n) out += ALPHABET[randomBytes(1)[0]! % 62];
  return out;
}

export type IdKind = 'req' | 'col' | 'bat' | 'acct' | 'key' | 'res';

export function newId(kind: IdKind): string {
  return `${kind}_${base62(22)}`;
}

const ID_SHAPE = /^(req|col|bat|acct|key|res)_[0-9A-Za-z]{22}$/u;

/** Whether `value` has the shape of an ID of that kind (a malformed ID answers 404 without a lookup). */
export function isId(kind: IdKind, value: string): boolean {
  return ID_SHAPE.test(value) && value.startsWith(`${kind}_`);
}

export type KeyKind = 'live' | 'sandbox';

const KEY_SHAPE = /^lk_(live|sandbox)_[0-9A-Za-z]{32}$/u;

export function newApiKey(kind: KeyKind): string {
  return `lk_${kind}_${base62(32)}`;
}

export function isApiKeyShape(value: string): boolean {
  return KEY_SHAPE.test(value);
}

/** Keys are stored only as this hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function hashIdempotencyKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
