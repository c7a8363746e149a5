/**
 * docs/errors.md against the catalog (fastify's errors.test.js, in spirit): every API error
 * code and every failed-job code is documented with the right HTTP status and Retry-After
 * figure, the page documents nothing the catalog lacks (except internal_error, the 500 that
 * should never happen), and every catalog code comes from the contract documents
 * (../shared/spec/interface.md or decisions.md), skipped loudly where ../shared is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_ERRORS, DEFAULT_RETRY_AFTER, JOB_ERRORS } from '@listings/contract';

const DOC = readFileSync(fileURLToPath(new URL('../../docs/errors.md', import.meta.url)), 'utf8');
const SPEC_DIR = fileURLToPath(new URL('../../../shared/spec/', import.meta.url));

/** The lines of one `## ` section of the page. */
function section(title: string): string[] {
  const parts = DOC.split(/^## /mu);
  const found = parts.find((p) => p.startsWith(`${title}\n`));
  if (!found) throw new Error(`docs/errors.md has no "## ${title}" section`);
  return found.split('\n');
}

/** Table rows whose first cell is a code: code → the row's other cells. */
function rows(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const m = /^\| `([a-z_]+)` \|(.*)\|$/u.exec(line);
    if (!m) continue;
    if (out.has(m[1]!)) throw new Error(`${m[1]} is documented twice`);
    out.set(m[1]!, m[2]!.split(' | ').map((c) => c.trim()));
  }
  return out;
}

const apiRows = rows(section('API error codes'));
const jobRows = rows(section('Failed-job codes'));
/** Codes whose Retry-After is computed where they are answered, not the table's default. */
const COMPUTED_RETRY = new Set(['rate_limited', 'upstream_daily_limit']);

test('every API error code is documented with its HTTP status', () => {
  for (const [code, { status }] of Object.entries(API_ERRORS)) {
    expect([code, apiRows.get(code)?.[0]]).toEqual([code, String(status)]);
  }
});

test('the Retry-After column matches: a figure on every 429/503, none elsewhere', () => {
  for (const [code, { status }] of Object.entries(API_ERRORS)) {
    const cell = apiRows.get(code)![3]!;
    if (status === 429 || status === 503) {
      expect([code, cell]).not.toEqual([code, 'none']);
      const fixed = DEFAULT_RETRY_AFTER[code as keyof typeof DEFAULT_RETRY_AFTER];
      if (!COMPUTED_RETRY.has(code)) expect([code, cell]).toEqual([code, String(fixed)]);
    } else {
      expect([code, cell]).toEqual([code, 'none']);
    }
  }
});

test('every failed-job code is documented', () => {
  for (const code of Object.keys(JOB_ERRORS)) expect([code, jobRows.has(code)]).toEqual([code, true]);
});

test('the page documents no code the catalog lacks (internal_error apart)', () => {
  const extraApi = [...apiRows.keys()].filter((c) => !(c in API_ERRORS));
  expect(extraApi).toEqual(['internal_error']);
  expect(apiRows.get('internal_error')![0]).toBe('500');
  expect([...jobRows.keys()].filter((c) => !(c in JOB_ERRORS))).toEqual([]);
});

const specPresent = existsSync(`${SPEC_DIR}interface.md`) && existsSync(`${SPEC_DIR}decisions.md`);
if (!specPresent) process.stderr.write(`SKIPPED the spec half of errors.test.ts: ${SPEC_DIR} is missing (it ships beside the checkout as ../shared).\n`);
(specPresent ? test : test.skip)('every catalog code appears in interface.md or decisions.md', () => {
  const spec = readFileSync(`${SPEC_DIR}interface.md`, 'utf8') + readFileSync(`${SPEC_DIR}decisions.md`, 'utf8');
  for (const code of [...Object.keys(API_ERRORS), ...Object.keys(JOB_ERRORS)]) {
    expect([code, spec.includes(`\`${code}\``)]).toEqual([code, true]);
  }
});
