/**
 * What the SDK's generator writes is what is committed: the types (packages/sdk/src/schema.ts)
 * are what openapi-typescript makes of the current OpenAPI description, and the scrubber and
 * the price figures (src/redact.ts, src/stats.js) are copies of @listings/common's, the ones
 * the service uses. Regenerate with `npm run generate -w @listings/sdk`.
 */
import { readFileSync } from 'node:fs';
import { copyOf, COPIES, generateTypes, SCHEMA_FILE } from '../../packages/sdk/scripts/generate.ts';

test('packages/sdk/src/schema.ts is up to date with the OpenAPI description', async () => {
  const fresh = await generateTypes();
  const committed = readFileSync(SCHEMA_FILE, 'utf8');
  // A message that says what to run, not a 4,000-line diff.
  expect(committed === fresh ? 'up to date' : 'stale: run `npm run generate -w @listings/sdk`').toBe('up to date');
  expect(fresh).toContain('MktEListingsRow');
});

test('the SDK\'s redact and stats are copies of @listings/common\'s, line for line but the note that says so', () => {
  expect(COPIES.map((c) => c.from)).toEqual(['@listings/common/redact', '@listings/common/stats']);
  for (const { file, from, source } of COPIES) {
    const committed = readFileSync(file, 'utf8');
    expect([file, committed === copyOf(from) ? 'up to date' : 'stale: run `npm run generate -w @listings/sdk`']).toEqual([file, 'up to date']);
    // The copy is the module itself: take the one note line away and the original is left.
    const original = readFileSync(source, 'utf8');
    expect(committed.split('\n').filter((l) => !l.startsWith('// A copy of @listings/common/')).join('\n')).toBe(original);
  }
});
