/**
 * The OpenAPI description as a contract for clients: it validates as OpenAPI 3.1
 * (the maintained @seriousme/openapi-schema-validator, which checks against the official 3.1
 * schema), every route's row and result shape is a closed schema, each route's example
 * validates against it, the webhooks section describes the three events (and the watch routes'
 * examples validate against their schemas), and every error code has
 * its advice. The checker names the row index and field of a mismatch.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { batchSettledEvent, jobSettledEvent, resultWithoutRows, watchMatchedEvent } from '@listings/webhooks';
import {
  API_ERROR_ADVICE, API_ERRORS, COMP_KINDS, JOB_ERROR_ADVICE, JOB_ERRORS, RESULT_EXAMPLES, ROUTES, checkResult, describeMismatches, openApiDocument, PARAM_TABLES,
  type RouteId,
} from '@listings/contract';

type Doc = {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>; responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>; 'x-codeSamples'?: Array<{ lang: string }> }>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string }; example: unknown }> } } }>;
  components: { schemas: Record<string, Record<string, unknown>> };
};
const doc = openApiDocument({ vehicleMakes: ['honda', 'toyota', 'land_rover'] }) as unknown as Doc;

test('validates as OpenAPI 3.1 against the official schema', async () => {
  const validator = new Validator();
  const res = await validator.validate(JSON.parse(JSON.stringify(doc)) as Parameters<Validator['validate']>[0]);
  expect(res.errors ?? []).toEqual([]);
  expect(res.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test('the validator refuses a broken description (the check can fail)', async () => {
  const broken = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  (broken.paths as Record<string, unknown>)['/v1/mkt_a/sold'] = { get: { responses: 'none' } };
  const res = await new Validator().validate(broken as Parameters<Validator['validate']>[0]);
  expect(res.valid).toBe(false);
});

test.each(ROUTES.map((r) => r.id))('%s: a closed row schema, its job schema and an example that validates', (id) => {
  const name = `Mkt${id.slice(4, 5).toUpperCase()}${id.endsWith('sold') ? 'Sold' : 'Listings'}`;
  const row = doc.components.schemas[`${name}Row`]!;
  expect(row.additionalProperties).toBe(false);
  expect(row.required).toEqual(Object.keys(row.properties as object));
  const ok = doc.paths[`/v1/${id}`]!.get!.responses['200']!.content!['application/json']!;
  expect(ok.schema).toEqual({ $ref: `#/components/schemas/${name}Job` });
  const example = RESULT_EXAMPLES[id as RouteId];
  expect((ok.example as { result: unknown }).result).toBe(example);
  expect(describeMismatches(checkResult(id as RouteId, example))).toBe('');
  expect(doc.paths[`/v1/${id}`]!.get!['x-codeSamples']!.map((s) => s.lang)).toEqual(['Shell', 'TypeScript']);
});

test('list parameters carry their allowed values; vehicle_make lists the makes given', () => {
  const params = doc.paths['/v1/mkt_e/listings']!.get!.parameters!;
  const make = params.find((p) => p.name === 'vehicle_make')!;
  expect(make).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', items: { enum: ['honda', 'land_rover', 'toyota'] } } });
  const cond = doc.paths['/v1/mkt_a/sold']!.get!.parameters!.find((p) => p.name === 'condition')!;
  expect(cond.schema).toMatchObject({ type: 'array', items: { enum: ['new', 'open_box', 'refurbished', 'used', 'for_parts'] } });
  const sort = doc.paths['/v1/mkt_c/sold']!.get!.parameters!.find((p) => p.name === 'sort')!;
  expect(sort.schema).toMatchObject({ enum: expect.arrayContaining(['recently_sold']), default: 'recently_sold' });
  expect(PARAM_TABLES['mkt_e/listings']!.length).toBe(params.filter((p) => p.in === 'query').length);
});

test('a mismatch names the row index and the field', () => {
  const example = structuredClone(RESULT_EXAMPLES['mkt_c/sold']!) as { data: Array<Record<string, unknown>> };
  example.data.push({ ...example.data[0]!, id: 'm2', condition_id: 9 });
  delete example.data[1]!.sold_date;
  example.data[0]!.extra_field = 1;
  const text = describeMismatches(checkResult('mkt_c/sold', example));
  expect(text).toContain('data[1].condition_id');
  expect(text).toContain('data[1].sold_date');
  expect(text).toContain('data[0].extra_field');
  expect(describeMismatches(checkResult('mkt_e/listings', { ...RESULT_EXAMPLES['mkt_e/listings']!, schema_version: 1 }))).toContain('result.schema_version');
  const noExtras = { ...RESULT_EXAMPLES['mkt_e/listings']! };
  delete noExtras.location;
  expect(describeMismatches(checkResult('mkt_e/listings', noExtras))).toContain('result.location');
});

test('webhooks: job.settled, batch.settled and watch.matched with their examples valid', async () => {
  expect(Object.keys(doc.webhooks).sort()).toEqual(['batch.settled', 'job.settled', 'watch.matched']);
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  for (const hook of Object.values(doc.webhooks)) {
    const body = hook.post.requestBody.content['application/json']!;
    const validate = ajv.compile({ $ref: `doc${body.schema.$ref}` });
    expect(validate(body.example) ? [] : validate.errors).toEqual([]);
  }
  // The events packages/webhooks builds validate against the schemas the section names.
  const check = (name: string, event: unknown): unknown => {
    const validate = ajv.getSchema(`doc#/components/schemas/${name}`) ?? ajv.compile({ $ref: `doc#/components/schemas/${name}` });
    return validate(event) ? [] : validate.errors;
  };
  const result = resultWithoutRows(JSON.stringify(RESULT_EXAMPLES['mkt_e/listings']));
  const now = new Date('2026-11-24T04:01:12.345Z');
  expect(check('JobSettledEvent', jobSettledEvent({ request_id: 'req_7mRq2h8VxPz1cT4yKbN0aQ', status: 'complete', credits: 1, cached: false, result }, true, now))).toEqual([]);
  expect(check('JobSettledEvent', jobSettledEvent({ request_id: 'req_7mRq2h8VxPz1cT4yKbN0aQ', status: 'failed', credits: 0, cached: false, error: { code: 'upstream_timeout', message: 'slow' } }, false, now))).toEqual([]);
  expect(check('BatchSettledEvent', batchSettledEvent({ batch_id: 'bat_2xVb8qLm4NcT0rYz6HwPjA', status: 'complete', created_at: now.toISOString(), counts: { pending: 0, complete: 2, failed: 1, rejected: 0 }, credits: 2 }, false, now))).toEqual([]);
  const row = (RESULT_EXAMPLES['mkt_a/listings'] as { data: Array<Record<string, unknown> & { id: string }> }).data[0]!;
  const watchEvent = watchMatchedEvent('evt_watch_7mRq2h8VxPz1cT4yKbN0aQ', {
    watch: { id: 'wat_4kVb8qLm4NcT0rYz6HwPjA', name: null, search: { endpoint: 'mkt_a/listings', q: 'leica m6' } },
    run: { scheduled_at: now.toISOString(), request_id: 'req_7mRq2h8VxPz1cT4yKbN0aQ', rows: 60 },
    matches: [{ reason: 'new', previous_price: null, row }, { reason: 'price_drop', previous_price: { amount: 10, currency: 'USD' }, row }],
  }, true, now);
  expect(check('WatchMatchedEvent', watchEvent)).toEqual([]);
  expect(check('WatchMatchedEvent', { ...watchEvent, data: { ...(watchEvent.data as object), matches: [] } })).not.toEqual([]);
  // A job event carrying rows does not match.
  expect(check('JobSettledEvent', jobSettledEvent({ request_id: 'req_x', status: 'complete', credits: 1, cached: false, result: RESULT_EXAMPLES['mkt_a/sold']! }, true, now))).not.toEqual([]);
});

test('every error code of the catalog is in the description with what to do', () => {
  for (const code of Object.keys(API_ERRORS)) {
    expect(API_ERROR_ADVICE[code as keyof typeof API_ERROR_ADVICE]).toBeTruthy();
    expect(doc.info.description).toContain(`\`${code}\``);
  }
  for (const code of Object.keys(JOB_ERRORS)) {
    expect(JOB_ERROR_ADVICE[code as keyof typeof JOB_ERROR_ADVICE]).toBeTruthy();
    expect(doc.info.description).toContain(`\`${code}\``);
  }
});

test('watches: every example of the watch routes validates against its schema', async () => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  let checked = 0;
  for (const path of ['/v1/watches', '/v1/watches/{watch_id}', '/v1/watches/{watch_id}/runs']) {
    for (const op of Object.values(doc.paths[path]!)) {
      for (const r of Object.values(op.responses)) {
        const body = r.content?.['application/json'];
        if (!body || body.example === undefined || !(body.schema as { $ref?: string }).$ref?.includes('Watch')) continue;
        const validate = ajv.compile({ $ref: `doc${(body.schema as { $ref: string }).$ref}` });
        expect(validate(body.example) ? [] : validate.errors).toEqual([]);
        checked++;
      }
    }
  }
  expect(checked).toBeGreaterThanOrEqual(4);
});

test('comps: the contract names the five kinds @listings/comps judges with, and each example comps block is compsOf its rows', async () => {
  const comps = await import('@listings/comps');
  expect([...COMP_KINDS]).toEqual([...comps.COMP_KINDS]);
  for (const r of ROUTES) {
    const example = RESULT_EXAMPLES[r.id] as { data: Array<Record<string, unknown>>; comps: unknown };
    expect({ route: r.id, comps: example.comps }).toEqual({ route: r.id, comps: comps.compsOf(example.data) });
  }
  const row = doc.components.schemas.MktASoldRow!;
  expect(Object.keys(row.properties as object).slice(-2)).toEqual(['comp_kind', 'comp_reasons']);
  const result = doc.components.schemas.MktEListingsResult!;
  expect(Object.keys(result.properties as object).slice(-2)).toEqual(['comp_version', 'comps']);
  // A row without its judgement, or with a sixth kind, does not validate.
  const example = structuredClone(RESULT_EXAMPLES['mkt_a/sold']!) as { data: Array<Record<string, unknown>> };
  example.data.push({ ...example.data[0]!, id: '2', comp_kind: 'case' });
  delete example.data[0]!.comp_reasons;
  const text = describeMismatches(checkResult('mkt_a/sold', example));
  expect(text).toContain('data[0].comp_reasons');
  expect(text).toContain('data[1].comp_kind');
});
