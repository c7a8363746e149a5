/**
 * @module address
 * Where a delivery may not go, decided by `ipaddr.js`, which keeps the IANA special-purpose
 * registries (IPv4 and IPv6) rather than a list of our own:
 *
 * - IPv4: anything but ordinary global unicast is refused: private, loopback, link-local (cloud
 *   metadata at 169.254.169.254), carrier-grade NAT, unspecified (0/8), broadcast, multicast,
 *   reserved and documentation ranges, benchmarking, AS112, AMT.
 * - IPv6 forms that carry an IPv4 address are judged by that address: IPv4-mapped
 *   (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`),
 *   NAT64's well-known prefix (`64:ff9b::/96`), 6to4 (`2002:AABB:CCDD::/48`) and Teredo
 *   (`2001:0::/32`: both its server and its client address, the latter stored inverted).
 * - The local-use NAT64 prefix `64:ff9b:1::/48` (RFC 8215) is refused whatever it carries: where
 *   it sits in the address depends on a translator's own prefix length, and only a network's own
 *   translator routes it.
 * - Any other IPv6 address must be global unicast (inside 2000::/3) and in no special range:
 *   loopback, unspecified, link-local, unique-local (fd00:ec2::254 included), site-local,
 *   multicast, discard, documentation, benchmarking, ORCHID and the other reserved blocks.
 *
 * Checked on every literal at registration and on every address a name resolves to when a
 * delivery connects (deliver.ts), so a name that turns private later (DNS rebinding) is refused.
 */
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

function v4FromWords(hi: number, lo: number): IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

function forbiddenV4(a: IPv4): boolean {
  return a.range() !== 'unicast';
}

/** The IPv4 addresses an IPv6 address carries (empty when none), or null when it must be refused outright. */
function embeddedV4(a: IPv6): IPv4[] | null {
  const p = a.parts;
  const range = a.range();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [v4FromWords(p[6]!, p[7]!)];
    case 'rfc6052':
      // 64:ff9b::/96 carries the address in its last 32 bits; the local-use 64:ff9b:1::/48 may carry it anywhere.
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? [v4FromWords(p[6]!, p[7]!)] : null;
    case '6to4': // 2002:AABB:CCDD::/48
      return [v4FromWords(p[1]!, p[2]!)];
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client XOR ffff:ffff>
      return [v4FromWords(p[2]!, p[3]!), v4FromWords(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
    default:
      break;
  }
  // IPv4-compatible ::a.b.c.d (deprecated, but a stack may still route it to the IPv4 address).
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 && range !== 'unspecified' && range !== 'loopback') return [v4FromWords(p[6]!, p[7]!)];
  return [];
}

function forbiddenV6(a: IPv6): boolean {
  const carried = embeddedV4(a);
  if (carried === null) return true;
  if (carried.length > 0) return carried.some(forbiddenV4);
  // Global unicast is 2000::/3; ipaddr.js names every special block inside it.
  return (a.parts[0]! & 0xe000) !== 0x2000 || a.range() !== 'unicast';
}

/** True when a delivery must not connect to this address (or it is not an address at all). */
export function isForbiddenAddress(ip: string): boolean {
  const literal = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Only the standard forms: inet_aton's (0x7f.1, 2130706433) are turned into dotted quads by the URL parser first.
  if (!ipaddr.IPv4.isValidFourPartDecimal(literal) && !ipaddr.IPv6.isValid(literal)) return true;
  let parsed: IPv4 | IPv6;
  try {
    parsed = ipaddr.parse(literal);
  } catch {
    return true;
  }
  // A zone (fe80::1%eth0) only ever names a link-local interface.
  if (parsed.kind() === 'ipv6' && (parsed as IPv6).zoneId !== undefined) return true;
  return parsed.kind() === 'ipv4' ? forbiddenV4(parsed as IPv4) : forbiddenV6(parsed as IPv6);
}

/** True for a loopback address in any form (127/8, ::1, or an IPv6 form carrying 127/8). */
export function isLoopbackAddress(ip: string): boolean {
  const literal = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(literal)) return false;
  const parsed = ipaddr.parse(literal);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'loopback';
  const carried = embeddedV4(parsed as IPv6);
  return parsed.range() === 'loopback' || (carried !== null && carried.some((a) => a.range() === 'loopback'));
}

/** Host names that always mean this machine (RFC 6761: `localhost` and every name under it, with or without the root dot). */
export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/u, '');
  return h === 'localhost' || h.endsWith('.localhost');
}
