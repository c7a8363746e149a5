/**
 * @module ids
 * Random identifiers and API keys. IDs are a type prefix plus 22 base62 characters (131 bits).
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes are drawn from the CSPRNG 4 KiB at a time and handed out once each (as
 * Node's randomUUID does): every request makes several IDs, and one `randomBytes` call per
 * ID cost a system call and ~4 % of a cache hit's CPU time.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

function randomByte(): number {
  if (offset >= pool.length) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  return pool[offset++]!;
}

/** `n` random base62 characters (bytes ≥ 248 are skipped, so every character is equally likely). */
export function base62(n: number): string {
  let out = '';
  while (out.length < n) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out;
}

export type IdKind = 'req' | 'col' | 'bat' | 'acct' | 'key' | 'res' | 'wat';

export function newId(kind: IdKind): string {
  return `${kind}_${base62(22)}`;
}

const ID_SHAPE = /^(req|col|bat|acct|key|res|wat)_[0-9A-Za-z]{22}$/u;

/** Whether `value` has the shape of an ID of that kind (a malformed ID answers 404 without a lookup). */
export function isId(kind: IdKind, value: string): boolean {
  return ID_SHAPE.test(value) && value.startsWith(`${kind}_`);
}

export type KeyKind = 'live' | 'sandbox';

/** A mode of the service (its data apart): the kind of key a call is made with. */
export type Mode = KeyKind;

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
