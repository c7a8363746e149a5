/**
 * @module test/ja4
 * Reads a TLS ClientHello off the wire and computes its JA4 fingerprint, written from the
 * published JA4 specification (FoxIO, "JA4: TLS Client Fingerprint"):
 *
 *   JA4 = a_b_c
 *   a = protocol (`t` TCP, `q` QUIC) + TLS version (highest of supported_versions, else the
 *       ClientHello's legacy version: `13`, `12`, …) + `d` when SNI is present, `i` when not +
 *       2-digit cipher count + 2-digit extension count (both without GREASE, capped at 99) +
 *       first and last character of the first ALPN value (`00` without ALPN)
 *   b = first 12 hex of sha256 over the cipher suites as 4-digit hex, sorted, comma-joined
 *   c = first 12 hex of sha256 over the extensions as 4-digit hex, sorted, without SNI (0000)
 *       and ALPN (0010), comma-joined, then `_` and the signature algorithms in the order
 *       sent, comma-joined (no `_` part when there are none)
 *
 * GREASE values (0x?a?a with both bytes equal) are ignored everywhere. Test-only: it lets the
 * transport tests see what a bot manager sees.
 */
import { createHash } from 'node:crypto';

export interface ClientHello {
  /** Legacy version field (0x0303 for TLS 1.2 and 1.3). */
  legacyVersion: number;
  ciphers: number[];
  /** Extension types in the order sent. */
  extensions: number[];
  /** Host name of the server_name extension, or null. */
  sni: string | null;
  /** ALPN protocols in the order offered. */
  alpn: string[];
  supportedVersions: number[];
  signatureAlgorithms: number[];
}

/** True for the reserved GREASE values (RFC 8701): 0x0a0a, 0x1a1a, … 0xfafa. */
export function isGrease(v: number): boolean {
  return (v & 0x0f0f) === 0x0a0a && (v >> 8) === (v & 0xff);
}

/**
 * The length in bytes of the first complete TLS handshake message at the start of `buf` when
 * it has arrived (possibly spread over several records), else null. Only the plaintext
 * records before the handshake completes are read.
 */
export function clientHelloPayload(buf: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let off = 0;
  let total = -1;
  let have = 0;
  while (off + 5 <= buf.length) {
    if (buf[off] !== 22) throw new Error(`not a TLS handshake record (content type ${buf[off]})`);
    const len = buf.readUInt16BE(off + 3);
    if (off + 5 + len > buf.length) return null;
    parts.push(buf.subarray(off + 5, off + 5 + len));
    have += len;
    off += 5 + len;
    if (total < 0 && have >= 4) {
      const head = Buffer.concat(parts);
      if (head[0] !== 1) throw new Error(`first handshake message is not a ClientHello (type ${head[0]})`);
      total = 4 + head.readUIntBE(1, 3);
    }
    if (total >= 0 && have >= total) return Buffer.concat(parts).subarray(0, total);
  }
  return null;
}

/** Parses a ClientHello handshake message (type byte and 3-byte length included). */
export function parseClientHello(msg: Buffer): ClientHello {
  let p = 4;
  const u8 = (): number => msg.readUInt8((p += 1) - 1);
  const u16 = (): number => msg.readUInt16BE((p += 2) - 2);
  const legacyVersion = u16();
  p += 32; // random
  const sessionIdLen = u8();
  p += sessionIdLen;
  const cipherBytes = u16();
  const ciphers: number[] = [];
  for (const end = p + cipherBytes; p < end;) ciphers.push(u16());
  const compressionLen = u8();
  p += compressionLen;
  const hello: ClientHello = { legacyVersion, ciphers, extensions: [], sni: null, alpn: [], supportedVersions: [], signatureAlgorithms: [] };
  if (p >= msg.length) return hello;
  const extBytes = u16();
  const extEnd = p + extBytes;
  while (p < extEnd) {
    const type = u16();
    const len = u16();
    const body = msg.subarray(p, p + len);
    p += len;
    hello.extensions.push(type);
    if (type === 0x0000 && len >= 5) {
      // server_name_list: list length, name type (0 = host_name), name length, name
      const nameLen = body.readUInt16BE(3);
      hello.sni = body.subarray(5, 5 + nameLen).toString('ascii');
    } else if (type === 0x0010) {
      for (let q = 2; q < body.length;) {
        const l = body[q] as number;
        hello.alpn.push(body.subarray(q + 1, q + 1 + l).toString('latin1'));
        q += 1 + l;
      }
    } else if (type === 0x002b) {
      for (let q = 1; q + 1 < body.length; q += 2) hello.supportedVersions.push(body.readUInt16BE(q));
    } else if (type === 0x000d) {
      for (let q = 2; q + 1 < body.length; q += 2) hello.signatureAlgorithms.push(body.readUInt16BE(q));
    }
  }
  return hello;
}

const VERSIONS: Record<number, string> = { 0x0304: '13', 0x0303: '12', 0x0302: '11', 0x0301: '10', 0x0300: 's3', 0x0002: 's2' };

const hex4 = (v: number): string => v.toString(16).padStart(4, '0');
const hash12 = (s: string): string => (s === '' ? '000000000000' : createHash('sha256').update(s).digest('hex').slice(0, 12));
const count2 = (n: number): string => String(Math.min(n, 99)).padStart(2, '0');

function alpnChars(alpn: string | undefined): string {
  if (!alpn) return '00';
  const first = alpn[0] as string;
  const last = alpn[alpn.length - 1] as string;
  const alnum = /^[0-9A-Za-z]$/;
  if (alnum.test(first) && alnum.test(last)) return first + last;
  // Non-alphanumeric: the first and last hex digits of the value's bytes.
  const h = Buffer.from(alpn, 'latin1').toString('hex');
  return (h[0] as string) + (h[h.length - 1] as string);
}

/** The three parts of JA4 for a ClientHello received over TCP. */
export function ja4(hello: ClientHello): { a: string; b: string; c: string; full: string } {
  const ciphers = hello.ciphers.filter((c) => !isGrease(c));
  const extensions = hello.extensions.filter((e) => !isGrease(e));
  const versions = hello.supportedVersions.filter((v) => !isGrease(v));
  const version = versions.length > 0 ? Math.max(...versions) : hello.legacyVersion;
  const a = `t${VERSIONS[version] ?? '00'}${hello.sni !== null ? 'd' : 'i'}${count2(ciphers.length)}${count2(extensions.length)}${alpnChars(hello.alpn[0])}`;
  const b = hash12(ciphers.map(hex4).sort().join(','));
  const extList = extensions.filter((e) => e !== 0x0000 && e !== 0x0010).map(hex4).sort().join(',');
  const sigs = hello.signatureAlgorithms.filter((s) => !isGrease(s)).map(hex4).join(',');
  const c = hash12(sigs === '' ? extList : `${extList}_${sigs}`);
  return { a, b, c, full: `${a}_${b}_${c}` };
}
