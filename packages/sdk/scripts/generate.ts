/**
 * Generates what the SDK does not write by hand (`npm run generate -w @listings/sdk`):
 *
 * - src/schema.ts, the SDK's types, from the service's OpenAPI description with
 *   openapi-typescript (the `vehicle_make` values are the contract's);
 * - src/redact.ts and src/stats.js, copies of @listings/common's (the scrubber and the price
 *   figures the service computes with): the published SDK ships them with no dependency, and
 *   the service's packages never depend on the SDK.
 *
 * test/clients/sdk-types.test.ts fails when a committed file is not what this script writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument, VEHICLE_MAKES } from '@listings/contract';

export const SCHEMA_FILE = fileURLToPath(new URL('../src/schema.ts', import.meta.url));

const HEADER = `/**
 * Generated from the Listings OpenAPI 3.1 description by openapi-typescript
 * (npm run generate -w @listings/sdk). Do not edit by hand.
 */
`;

export async function generateTypes(): Promise<string> {
  const doc = JSON.parse(JSON.stringify(openApiDocument({ vehicleMakes: [...VEHICLE_MAKES] })));
  const ast = await openapiTS(doc, { alphabetize: false, exportType: false });
  return `${HEADER}${astToString(ast)}`;
}

const require = createRequire(import.meta.url);

/** The SDK's copies of @listings/common's modules: the SDK's file, the module it copies and that module's file. */
export const COPIES: ReadonlyArray<{ file: string; from: string; source: string }> = [
  { file: fileURLToPath(new URL('../src/redact.ts', import.meta.url)), from: '@listings/common/redact', source: require.resolve('@listings/common/redact') },
  { file: fileURLToPath(new URL('../src/stats.js', import.meta.url)), from: '@listings/common/stats', source: require.resolve('@listings/common/stats') },
];

/** The SDK's copy of `from`: the module's text with a line saying where it comes from (after a leading `// @ts-check`). */
export function copyOf(from: string): string {
  const text = readFileSync(COPIES.find((c) => c.from === from)!.source, 'utf8');
  const note = `// A copy of ${from} (packages/common), written by npm run generate -w @listings/sdk. Do not edit here.\n`;
  return text.startsWith('// @ts-check\n') ? `// @ts-check\n${note}${text.slice('// @ts-check\n'.length)}` : `${note}${text}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, await generateTypes());
  console.log(`wrote ${SCHEMA_FILE}`);
  for (const { file, from } of COPIES) {
    writeFileSync(file, copyOf(from));
    console.log(`wrote ${file}`);
  }
}
