/**
 * The SDK's committed types (packages/sdk/src/schema.ts) are what openapi-typescript makes of
 * the current OpenAPI description: regenerate with `npm run generate -w @listings/sdk`.
 */
import { readFileSync } from 'node:fs';
import { generateTypes, SCHEMA_FILE } from '../../packages/sdk/scripts/generate.ts';

test('packages/sdk/src/schema.ts is up to date with the OpenAPI description', async () => {
  const fresh = await generateTypes();
  const committed = readFileSync(SCHEMA_FILE, 'utf8');
  // A message that says what to run, not a 4,000-line diff.
  expect(committed === fresh ? 'up to date' : 'stale: run `npm run generate -w @listings/sdk`').toBe('up to date');
  expect(fresh).toContain('MktEListingsRow');
});
