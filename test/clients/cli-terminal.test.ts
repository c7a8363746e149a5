/**
 * What the `listings` CLI prints cannot be turned against the terminal or leak a secret: a
 * listing title, a condition, a search query or an API error message with terminal escapes
 * (`ESC [2K` then `\r`, a line break, C1 CSI, a right-to-left override, U+2028) is shown with
 * visible escapes on one line of its own, so no line is erased or forged; JSON output stays
 * valid JSON carrying the exact values; CSV written to a pipe stays exact; and a
 * LISTINGS_API_URL with credentials never reaches stderr. The API is a small fake answering
 * the SDK's calls with hostile values (a job's CSV written by the server's own CSV writer,
 * @listings/export); `main()` runs in this process.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { main } from '@listings/cli';
import { csvColumns, toCsvString } from '@listings/export';
import { terminalJson, terminalLine, terminalText } from '@listings/cli/terminal';

/** Characters a terminal acts on, other than LF: none may reach the output raw. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const EVIL_TITLE = 'Brass lamp\u001b[2K\rFORGED ROW  $1.00\nlisting_9  second line\u009b31m\u202eevil\u2028end';
const EVIL_CONDITION = 'Used\u001b]0;pwned\u0007\u007f';
const EVIL_MESSAGE = 'bad q\u001b[2K\r\nlistings: 0 rows · 0 credits · all fine\u202e';

const job = {
  request_id: 'req_evil1',
  status: 'complete',
  cached: false,
  credits: 1,
  result: {
    provider: 'mkt_a',
    count: 2,
    data: [
      { id: 'listing_1', title: EVIL_TITLE, displayed_price: { amount: 12.5, currency: 'USD' }, sold_date: '2025-01-02', condition: EVIL_CONDITION },
      { id: 'listing_2', title: 'Plain lamp', displayed_price: { amount: 20, currency: 'USD' }, sold_date: '2025-01-03', condition: 'New' },
    ],
  },
};

let server: Server;
let url: string;
let jobCsv: string;
beforeAll(async () => {
  jobCsv = await toCsvString([{ search_index: 0, q: 'brass lamp', endpoint: 'mkt_a/sold', rows: job.result.data }], csvColumns(['mkt_a/sold']));
  server = createServer((req, res) => {
    if (req.url === '/v1/jobs/req_evil1?format=csv') return res.setHeader('content-type', 'text/csv; charset=utf-8').end(jobCsv);
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/v1/jobs/req_evil1')) return res.end(JSON.stringify(job));
    if (req.url?.startsWith('/v1/jobs/req_failed')) {
      return res.end(JSON.stringify({ request_id: 'req_failed', status: 'failed', cached: false, credits: 0, error: { code: 'upstream_error\u001b[31m', message: EVIL_MESSAGE } }));
    }
    res.statusCode = 400;
    res.end(JSON.stringify({ error: { code: 'invalid_parameter', message: EVIL_MESSAGE, param: 'q\u001b[1A' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

class Capture extends Writable {
  text = '';
  isTTY: boolean;
  constructor(isTTY = false) {
    super();
    this.isTTY = isTTY;
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

async function run(args: string[], opts: { tty?: boolean; apiUrl?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new Capture(opts.tty ?? false);
  const err = new Capture(false);
  const code = await main(args, { out, err, env: { LISTINGS_API_KEY: `lk_sandbox_${'k'.repeat(32)}`, LISTINGS_API_URL: opts.apiUrl ?? url } });
  return { code, stdout: out.text, stderr: err.text };
}

test('terminalLine, terminalText and terminalJson', () => {
  expect(terminalLine('a\u001b[2K\rb\nc\td\u009b\u202e\u2028\u2066\u007f')).toBe('a\\x1b[2K\\rb\\nc\\td\\x9b\\u202e\\u2028\\u2066\\x7f');
  expect(terminalText('row one\u001b[1A\nrow two')).toBe('row one\\x1b[1A\nrow two');
  // Accents, CJK, emoji with joiners print as they are.
  expect(terminalLine('café 東京 👩‍💻')).toBe('café 東京 👩‍💻');
  const value = { title: EVIL_TITLE, c: EVIL_CONDITION };
  const json = terminalJson(JSON.stringify(value, null, 2));
  expect(json).not.toMatch(RAW_CONTROL);
  expect(JSON.parse(json)).toEqual(value);
});

test('a hostile title and condition: one table row each, every escape visible, no forged line', async () => {
  const r = await run(['job', 'req_evil1']);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toMatch(RAW_CONTROL);
  expect(r.stderr).not.toMatch(RAW_CONTROL);
  const lines = r.stdout.split('\n');
  // The job line, the table (top rule, header, two rows, bottom rule), the final newline.
  expect(lines.filter((l) => l.startsWith('│ listing_'))).toHaveLength(2);
  expect(lines.filter((l) => /FORGED ROW|second line/u.test(l))).toHaveLength(1);
  expect(lines.some((l) => /^\s*(FORGED|listing_9)/u.test(l))).toBe(false);
  expect(r.stdout).toContain('Brass lamp\\x1b[2K\\rFORGED');
  expect(r.stdout).toContain('Used\\x1b]0;pwned\\x07\\x7f');
});

test('--format json: valid JSON with the exact values, no raw C1, bidi or separator characters', async () => {
  const r = await run(['job', 'req_evil1', '--format', 'json']);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toMatch(RAW_CONTROL);
  expect(JSON.parse(r.stdout)).toEqual(job);
});

test('--format csv: exact values into a pipe, visible escapes on a terminal', async () => {
  const piped = await run(['job', 'req_evil1', '--format', 'csv']);
  // The server's bytes, CRLF line ends included (a CR inside a quoted title stays as it is).
  expect(piped.stdout).toBe(jobCsv);
  const records = parse(piped.stdout, { columns: true }) as Array<Record<string, string>>;
  expect(records[0]!.title).toBe(EVIL_TITLE);
  const tty = await run(['job', 'req_evil1', '--format', 'csv'], { tty: true });
  expect(tty.stdout).not.toMatch(RAW_CONTROL);
  expect(tty.stdout.trimEnd().split('\n')).toHaveLength(3);
  expect(tty.stdout).toContain('Brass lamp\\x1b[2K\\rFORGED ROW');
});

test('an API error message and a failed job\'s error print on one line, escapes visible', async () => {
  const refused = await run(['job', 'req_other']);
  expect(refused.code).toBe(3);
  expect(refused.stderr).not.toMatch(RAW_CONTROL);
  expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(refused.stderr).toContain('(param q\\x1b[1A)');
  const failed = await run(['job', 'req_failed']);
  expect(failed.code).toBe(4);
  expect(failed.stdout).not.toMatch(RAW_CONTROL);
  expect(failed.stdout.trimEnd().split('\n')).toHaveLength(1);
  expect(failed.stdout).toContain('upstream_error\\x1b[31m: bad q\\x1b[2K\\r\\nlistings: 0 rows');
});

test('a LISTINGS_API_URL with credentials never reaches the output', async () => {
  const password = 'pa55-cli-s3cret';
  const r = await run(['job', 'req_evil1'], { apiUrl: `http://operator:${password}@127.0.0.1:9` });
  expect(r.code).toBe(6);
  expect(r.stderr).toMatch(/network failure/u);
  expect(r.stderr).toContain('[redacted]');
  expect(`${r.stdout}${r.stderr}`).not.toContain(password);
}, 20_000);
