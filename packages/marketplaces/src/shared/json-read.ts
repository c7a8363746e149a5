/**
 * @module shared/json-read
 * Small readers shared by the adapters that read marketplace JSON (mkt_b, mkt_c): every
 * value is `unknown` until one of these says what it is.
 */
export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string with something in it, trimmed; else null. */
export function nonEmpty(v: unknown): string | null {
  return typeof v === 'string' && v.trim().length > 0 ? v.trim() : null;
}

/** `1234567` → `1,234,567` (by hand: Intl formatting would cost more than the rest of a parse). */
export function groupedDigits(whole: number): string {
  const digits = String(whole);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}
