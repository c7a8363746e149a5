/**
 * The docs give the workers' sweep its true stale threshold (they once said about 2.5
 * minutes where the defaults make it 203 s). The worker computes it with `sweepStaleMs` of
 * @listings/config, docs/config.md is generated with it (test/docs/config.test.ts keeps that
 * file exact), and here every paragraph of the docs that speaks of the sweep and staleness must
 * give the figure the defaults make, so changing a default or the formula fails until the prose
 * follows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSweepStaleMs, FIELDS, sweepStaleMs } from '@listings/config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function markdown(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return markdown(join(dir, e.name));
    return e.name.endsWith('.md') ? [join(dir, e.name)] : [];
  });
}

test('the formula, at the defaults: 30 s × 5 + 1 s × 8 + 15 s × 3 = 203 s', () => {
  expect([FIELDS.lockDurationMs.default, FIELDS.attempts.default, FIELDS.backoffMs.default, FIELDS.httpTimeoutMs.default]).toEqual(['30000', '3', '1000', '15000']);
  expect(defaultSweepStaleMs()).toBe(203_000);
  expect(sweepStaleMs({ lockDurationMs: 3000, attempts: 2, backoffMs: 50, httpTimeoutMs: 2000 })).toBe(3000 * 4 + 50 * 4 + 2000 * 2);
});

test('every paragraph on the sweep\'s stale threshold gives the defaults\' figure', () => {
  const figure = `${defaultSweepStaleMs() / 1000} s`;
  const paragraphs: Array<{ file: string; text: string }> = [];
  for (const file of ['README.md', ...markdown('docs')]) {
    for (const text of readFileSync(join(ROOT, file), 'utf8').split(/\n\s*\n/u)) {
      if (/sweep/iu.test(text) && /\bstale\b/iu.test(text)) paragraphs.push({ file, text });
    }
  }
  // docs/config.md (generated) and the two in docs/operations.md (a lost last second, a failover).
  expect(paragraphs.length).toBeGreaterThanOrEqual(3);
  expect(paragraphs.filter((p) => !p.text.includes(figure)).map((p) => `${p.file}: ${p.text.slice(0, 120)}`)).toEqual([]);
  const all = paragraphs.map((p) => p.text).join('\n');
  expect(all).not.toMatch(/2\.5 min/u);
});
