/**
 * @module bodies
 * How result bodies (and their hidden facts) are kept in Redis: gzip-compressed, a seventh to
 * an eighth of the JSON (a 39 KB page keeps about 5.5 KB for its 24 hours; docs/operations.md
 * "Redis memory"). The JSON the jobs API returns is the stored one, byte for byte: compression
 * is internal to the store, which unpacks every body it reads. A value written before bodies
 * were compressed (plain JSON, which never starts with gzip's magic bytes 1f 8b) reads as it is.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

/** gzip level 6: within 10 % of level 9's size at a fraction of its time (one compression per collected page). */
const LEVEL = 6;

/**
 * For `npm run bench memory` only: the storage of before this change (bodies plain, a settled
 * collection kept 24 h, delivered webhook jobs and completed collection jobs kept as BullMQ left
 * them), so that the benchmark measures the figure before beside the figure now in the same run.
 * Never set by the services.
 */
export const legacyStorage = { on: false };

/** Whether a stored value is a packed body (gzip magic) rather than plain JSON. */
export function isPacked(stored: Buffer): boolean {
  return stored.length >= 2 && stored[0] === 0x1f && stored[1] === 0x8b;
}

/** The form a body is stored in. */
export function packBody(json: string | Buffer): Buffer {
  if (legacyStorage.on) return Buffer.from(json);
  return gzipSync(json, { level: LEVEL });
}

/** The JSON bytes of a stored body (packed or, written before packing, plain). */
export function unpackBody(stored: Buffer): Buffer {
  return isPacked(stored) ? gunzipSync(stored) : stored;
}

/** `unpackBody` for a value that may be absent. */
export function unpackOrNull(stored: Buffer | null): Buffer | null {
  return stored === null ? null : unpackBody(stored);
}
