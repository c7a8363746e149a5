/**
 * Generates src/contract.ts, the JSON Schemas of the MCP tools, from the service's contract
 * (`npm run generate -w @listings/mcp`): each search route's inputs as its parameter table has
 * them (the OpenAPI description's query parameters, with their descriptions and the vehicle
 * makes mkt_e accepts), and the answers the tools return (a route's job, any job, a batch, a
 * watch, a watch's runs) as the OpenAPI components, each made self-contained: the components
 * it reaches copied under `$defs`. test/mcp/contract.test.ts fails when the committed file is
 * not what this script writes.
 *
 * Two changes from the OpenAPI text, both so that a client validating a tool's answer with a
 * plain JSON Schema validator accepts every answer the API gives: `oneOf` becomes `anyOf` (a
 * job's result is one of seven route results, and a page without rows fits both routes of one
 * marketplace), and the OpenAPI-only `example` keys are left out.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument, ROUTES, routeSchemaName } from '@listings/contract';
import { VEHICLE_MAKES } from '@listings/marketplaces';

export const CONTRACT_FILE = fileURLToPath(new URL('../src/contract.ts', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: Json };

const REF = /^#\/components\/schemas\/(.+)$/u;

/** A copy with `#/components/schemas/X` as `#/$defs/X`, `oneOf` as `anyOf`, no `example`. */
function localize(v: Json): Json {
  if (Array.isArray(v)) return v.map(localize);
  if (v === null || typeof v !== 'object') return v;
  const out: Schema = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'example') continue;
    if (k === '$ref' && typeof x === 'string') {
      const m = REF.exec(x);
      if (!m) throw new Error(`unexpected $ref ${x}`);
      out.$ref = `#/$defs/${m[1]}`;
    } else {
      out[k === 'oneOf' ? 'anyOf' : k] = localize(x);
    }
  }
  return out;
}

/** The component names a schema reaches, through refs of refs. */
function reached(components: Record<string, Json>, root: Json): string[] {
  const seen = new Set<string>();
  const walk = (v: Json): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') {
        const name = REF.exec(x)?.[1];
        if (name && !seen.has(name)) {
          if (!(name in components)) throw new Error(`no component ${name}`);
          seen.add(name);
          walk(components[name]!);
        }
      } else {
        walk(x);
      }
    }
  };
  walk(root);
  return [...seen].sort();
}

/**
 * A component as a self-contained schema: its own body at the top (a tool's input and output
 * schemas must be objects at the top, `type: object`), what it reaches under `$defs`.
 */
function selfContained(components: Record<string, Json>, name: string): Schema {
  const root = components[name];
  if (!root) throw new Error(`no component ${name}`);
  const defs = Object.fromEntries(reached(components, root).map((n) => [n, localize(components[n]!)]));
  const body = localize(root) as Schema;
  if (body.type !== 'object') throw new Error(`${name} is not an object schema`);
  return Object.keys(defs).length ? { ...body, $defs: defs } : body;
}

interface OpenApiParameter { name: string; in: string; required?: boolean; description?: string; schema: Schema }
interface OpenApiOperation { summary: string; description: string; parameters: OpenApiParameter[] }

export function contract(): Record<string, Json> {
  const doc = JSON.parse(JSON.stringify(openApiDocument({ vehicleMakes: [...VEHICLE_MAKES] }))) as {
    paths: Record<string, { get?: OpenApiOperation }>;
    components: { schemas: Record<string, Json> };
  };
  const components = doc.components.schemas;
  const routes = ROUTES.map((r) => {
    const op = doc.paths[`/v1/${r.id}`]!.get!;
    const properties: Schema = {};
    const required: string[] = [];
    for (const p of op.parameters.filter((x) => x.in === 'query')) {
      properties[p.name] = localize({ ...p.schema, ...(p.description ? { description: p.description } : {}) });
      if (p.required) required.push(p.name);
    }
    return {
      route: r.id,
      cursorPaging: r.cursorPaging,
      summary: op.summary,
      description: op.description,
      input: { type: 'object', properties, required, additionalProperties: false },
      output: selfContained(components, `${routeSchemaName(r.id)}Job`),
    };
  });
  const ref = (name: string): Schema => selfContained(components, name);
  return {
    routes,
    job: ref('Job'),
    batch: ref('Batch'),
    watchCreate: ref('WatchCreate'),
    watch: ref('Watch'),
    watchList: ref('WatchList'),
    watchRunList: ref('WatchRunList'),
  };
}

const HEADER = `/**
 * Generated from the Listings contract (packages/contract: the route and parameter tables,
 * the OpenAPI components) by scripts/generate.ts (npm run generate -w @listings/mcp).
 * Do not edit by hand.
 */
import type { ContractSchemas } from './contract-types.ts';

export const CONTRACT: ContractSchemas = `;

export function generateContract(): string {
  return `${HEADER}${JSON.stringify(contract(), null, 2)};\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONTRACT_FILE, generateContract());
  console.log(`wrote ${CONTRACT_FILE}`);
}
