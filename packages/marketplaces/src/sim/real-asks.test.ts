/**
 * The sandbox catalogue is grounded in real asks: sim/real-asks.json is what its captures give
 * (regenerated here from test/golden), and every catalogue entry the real listings of the
 * captures read as, with eight or more of them, asks around their real median; captures added
 * since the file was written count too.
 */
import { readFileSync } from 'node:fs';
import { readKeywords } from './catalog.ts';
import { REAL_ASKS_FILE, realAsks, type RealAsks } from './real-asks.ts';

const committed = JSON.parse(readFileSync(REAL_ASKS_FILE, 'utf8')) as RealAsks;

test('sim/real-asks.json still agrees with its captures (run `node packages/marketplaces/src/sim/real-asks.ts` to rewrite it)', () => {
  const fresh = realAsks(committed.read);
  expect(fresh.read).toEqual(committed.read);
  // Every entry measured on eight or more asks is still read so, at the same median within 10 %.
  for (const [label, e] of Object.entries(committed.entries).filter(([, x]) => x.n >= 8)) {
    expect([label, fresh.entries[label]?.what]).toEqual([label, e.what]);
    expect(Math.abs(fresh.entries[label]!.median - e.median) / e.median).toBeLessThanOrEqual(0.1);
  }
  // The real listings of every kind of capture page took part.
  for (const token of ['mkt_a', 'mkt_b', 'mkt_e']) expect(committed.read.some((c) => c.includes(`${token}/`))).toBe(true);
});

const grounded = Object.entries(realAsks().entries).filter(([, e]) => e.n >= 8);

test('enough entries are measured to matter: phones, laptops, clothing, cards, comics, audio, cars', () => {
  expect(grounded.map(([, e]) => e.what).sort()).toEqual(expect.arrayContaining(['car', 'category', 'product']));
  expect(grounded.length).toBeGreaterThanOrEqual(10);
});

describe.each(grounded)('%s', (label, entry) => {
  test('the catalogue draws its asks from a band holding the real median', () => {
    // The real titles read as this entry again: the band is the entry's own.
    const title = entry.examples[0]!.replace(/^\$[0-9.]+ /u, '');
    const plan = readKeywords(title);
    expect(plan.label).toBe(label);
    expect(entry.median).toBeGreaterThanOrEqual(plan.band[0]);
    expect(entry.median).toBeLessThanOrEqual(plan.band[1]);
  });
});
