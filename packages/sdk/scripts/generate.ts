/**
 * Generates src/schema.ts, the SDK's types, from the service's OpenAPI description with
 * openapi-typescript (`npm run generate -w @listings/sdk`). test/clients/sdk-types.test.ts
 * fails when the committed file is not what this script writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '@listings/contract';
import { VEHICLE_MAKES } from '@listings/marketplaces';

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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, await generateTypes());
  console.log(`wrote ${SCHEMA_FILE}`);
}
