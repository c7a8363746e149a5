import { API_ERRORS } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { PARAM_TABLES } from './params.ts';
import { ROUTES } from './routes.ts';

type Op = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { description: string }> };
const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, Op>> };

test('is OpenAPI 3.1 and describes every route, the jobs route, batches, watches and the sold history, nothing else', () => {
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths).sort()).toEqual([
    ...ROUTES.map((r) => `/v1/${r.id}`), '/v1/batches', '/v1/batches/{batch_id}', '/v1/jobs/{request_id}', '/v1/watches', '/v1/watches/{watch_id}', '/v1/watches/{watch_id}/runs',
    '/v1/history/mkt_a/sold', '/v1/history/mkt_b/sold', '/v1/history/mkt_c/sold',
  ].sort());
});

test.each(ROUTES.map((r) => r.id))('%s lists exactly the parameters of its table plus Idempotency-Key', (id) => {
  const params = doc.paths[`/v1/${id}`]!.get!.parameters!;
  expect(params.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(PARAM_TABLES[id]!.map((s) => s.name));
  expect(params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')).toBe(true);
});

test('every error code a response names is in the catalog, with its status', () => {
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      for (const [status, r] of Object.entries(op.responses)) {
        for (const m of r.description.matchAll(/`([a-z_]+)`:/gu)) {
          const code = m[1] as keyof typeof API_ERRORS;
          expect(API_ERRORS[code]).toBeDefined();
          expect(String(API_ERRORS[code].status)).toBe(status);
        }
      }
    }
  }
});
