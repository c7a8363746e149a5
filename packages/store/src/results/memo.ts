/**
 * @module results/memo
 * Result bodies an api process keeps in memory, by result id, so that hits of the same result
 * are answered without reading it again (../searches/hit-bodies.ts).
 */

/** Bytes of result bodies an api process keeps in memory (hits of the same result answered without reading it again). */
const RESULT_BODY_MEMO_BYTES = 64 * 1024 * 1024;
/**
 * How long a kept body may answer hits: a hit's script has just confirmed the result exists in
 * Redis and keeps it at least a day, so the body is never served past the result's expiry.
 */
const RESULT_BODY_MEMO_MS = 10 * 60_000;

/**
 * Result bodies by result id, bounded by bytes (least recently used first out). Results are
 * immutable by id, so a kept body is the stored one; it is only served for a hit whose script
 * confirmed the result still exists.
 */
export class ResultBodyMemo {
  private readonly bodies = new Map<string, { body: Buffer; until: number }>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  constructor(maxBytes = RESULT_BODY_MEMO_BYTES, maxAgeMs = RESULT_BODY_MEMO_MS) {
    this.maxBytes = maxBytes;
    this.maxAgeMs = maxAgeMs;
  }

  get(rid: string, now = Date.now()): Buffer | undefined {
    const e = this.bodies.get(rid);
    if (!e) return undefined;
    if (e.until < now) {
      this.drop(rid);
      return undefined;
    }
    // Most recently used last.
    this.bodies.delete(rid);
    this.bodies.set(rid, e);
    return e.body;
  }

  set(rid: string, body: Buffer, now = Date.now()): void {
    if (body.length > this.maxBytes / 8) return;
    this.drop(rid);
    this.bodies.set(rid, { body, until: now + this.maxAgeMs });
    this.bytes += body.length;
    for (const [old] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(old);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.bodies.size, bytes: this.bytes };
  }

  private drop(rid: string): void {
    const e = this.bodies.get(rid);
    if (!e) return;
    this.bodies.delete(rid);
    this.bytes -= e.body.length;
  }
}
