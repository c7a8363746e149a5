/**
 * The MCP tools' JSON Schemas are the contract's: packages/mcp/src/contract.ts is what its
 * generator writes from the contract now (regenerate with `npm run generate -w @listings/mcp`),
 * each search tool takes exactly its route's parameters with the parameter table's types and
 * bounds, and the output schemas, compiled by the protocol SDK's own validator (what a client
 * checks answers with), accept the contract's example results and refuse a field the API
 * does not send.
 */
import { readFileSync } from 'node:fs';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { PARAM_TABLES, paramSchema, RESULT_EXAMPLES, ROUTES, type RouteId } from '@listings/contract';
import { TOOLS } from '@listings/mcp';
import { CONTRACT_FILE, generateContract } from '../../packages/mcp/scripts/generate.ts';

const validator = new AjvJsonSchemaValidator();
const tool = (name: string) => TOOLS.find((t) => t.name === name)!;
const searchTool = (route: RouteId) => tool(`search_${route.replace('/', '_')}`);

test('src/contract.ts is what the generator writes from the contract', () => {
  const committed = readFileSync(CONTRACT_FILE, 'utf8');
  expect(committed === generateContract() ? 'up to date' : 'stale: run `npm run generate -w @listings/mcp`').toBe('up to date');
});

test.each(ROUTES.map((r) => r.id))('search tool of %s: the route\'s parameters, their types and bounds as the parameter table has them', (route) => {
  const props = searchTool(route).inputSchema.properties as Record<string, Record<string, unknown>>;
  for (const spec of PARAM_TABLES[route]!) {
    const { description, ...schema } = props[spec.name]!;
    expect(typeof description).toBe('string');
    const expected = paramSchema(spec);
    // vehicle_make lists the identifiers mkt_e accepts as its items' enum (the OpenAPI description does the same).
    if (spec.name === 'vehicle_make') expect((schema.items as { enum: string[] }).enum.length).toBeGreaterThan(10);
    else expect(schema).toEqual(expected);
  }
  expect(searchTool(route).inputSchema).toMatchObject({ type: 'object', required: ['q'], additionalProperties: false });
});

test.each(ROUTES.map((r) => r.id))('output schemas of %s: the example job passes the route\'s tool and get_job; a field the API does not send fails', (route) => {
  const job = { request_id: 'req_pukAFLW9eOZLyc1exyfLEm', status: 'complete', credits: 1, cached: false, result: RESULT_EXAMPLES[route] };
  const own = validator.getValidator(searchTool(route).outputSchema);
  const any = validator.getValidator(tool('get_job').outputSchema);
  expect(own(job)).toMatchObject({ valid: true });
  expect(any(job)).toMatchObject({ valid: true });
  expect(own({ ...job, result: { ...job.result, surprise: 1 } }).valid).toBe(false);
  expect(any({ ...job, status: 'done' }).valid).toBe(false);
  // A page without rows fits both routes of a marketplace: get_job's schema takes it (anyOf, not the OpenAPI's oneOf).
  expect(any({ ...job, result: { ...job.result, data: [], count: 0 } })).toMatchObject({ valid: true });
  const pending = { request_id: 'req_GtYYBs1geKLY2MGhsFrcbU', status: 'pending', credits: 0, cached: false, poll_url: '/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU' };
  expect(own(pending)).toMatchObject({ valid: true });
});

test('every tool\'s schemas compile, are objects at the top, and its description names its cost', () => {
  for (const t of TOOLS) {
    expect(t.inputSchema.type).toBe('object');
    expect(t.outputSchema.type).toBe('object');
    expect(() => validator.getValidator(t.inputSchema)).not.toThrow();
    expect(() => validator.getValidator(t.outputSchema)).not.toThrow();
    expect(t.description).toMatch(/credit/u);
  }
});
