import { describe, expect, it } from '@jest/globals';
import { isGrease, ja4, type ClientHello } from '../test/ja4.ts';

// The example ClientHello values of the JA4 specification (Chrome): 15 suites, 16 extensions.
const CHROME: ClientHello = {
  legacyVersion: 0x0303,
  ciphers: [0x0a0a, 0x1301, 0x1302, 0x1303, 0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc013, 0xc014, 0x009c, 0x009d, 0x002f, 0x0035],
  extensions: [0x1a1a, 0x0000, 0x0017, 0xff01, 0x000a, 0x000b, 0x0023, 0x0010, 0x0005, 0x000d, 0x0012, 0x0033, 0x002d, 0x002b, 0x001b, 0x4469, 0x0015, 0x2a2a],
  sni: 'example.com',
  alpn: ['h2', 'http/1.1'],
  supportedVersions: [0x3a3a, 0x0304, 0x0303],
  signatureAlgorithms: [0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601],
};

describe('ja4 (test support)', () => {
  it('computes the published Chrome example', () => {
    expect(ja4(CHROME).full).toBe('t13d1516h2_8daaf6152771_e5627efa2ab1');
  });

  it('says i without SNI, 00 without ALPN, and the legacy version without supported_versions', () => {
    const bare = { ...CHROME, sni: null, alpn: [], supportedVersions: [], extensions: CHROME.extensions.filter((e) => e !== 0x0000 && e !== 0x0010 && e !== 0x002b) };
    expect(ja4(bare).a).toBe('t12i151300');
  });

  it('recognises GREASE values only', () => {
    expect([0x0a0a, 0x1a1a, 0xfafa].every(isGrease)).toBe(true);
    expect([0x0a1a, 0x1301, 0x0000].some(isGrease)).toBe(false);
  });
});
