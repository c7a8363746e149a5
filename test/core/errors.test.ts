/**
 * The rows of interface section 7 that are not about one parameter's range: keys (401/403),
 * browser origins, paths (404), methods (405), the query-string limit (414), job IDs (404),
 * `wait` and `format` on jobs, `Idempotency-Key` syntax and cursors. Every answer carries
 * X-Request-Id; authenticated ones carry the RateLimit headers.
 *
 * Not ours: `origin_unavailable` (503) is answered by the edge in front of the api when it
 * cannot reach an api process; no api process can answer it. `service_unconfigured` (503) is
 * never answered either: configuration is checked in full when a process starts
 * (packages/config, loadConfig) and a bad setting stops it, and a mode that cannot collect
 * (no simulator for sandbox keys, live collection off) answers `collection_unavailable`
 * (limits.test.ts). The fuzz test (test/fuzz) checks that neither code ever appears.
 */
import { connect } from 'node:net';
import { ROUTES } from '@listings/contract';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { call, enc, expectError, expectRateHeaders, get, poll, rawExchange, submit, uniqueQ, uniqueQWithTotal } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES });
});
afterAll(async () => {
  await stack?.close();
});

const SEARCH_PATHS = ROUTES.map((r) => `/v1/${r.id}`);

describe('401 invalid_api_key, 403 account_suspended', () => {
  test('a missing, malformed, unknown or revoked key answers 401 on every route and on jobs', async () => {
    const { key, account } = await stack.newKey();
    const bad: Array<Array<[string, string]>> = [
      [],
      [['Authorization', '']],
      [['Authorization', 'Bearer']],
      [['Authorization', 'Bearer ']],
      [['Authorization', `Basic ${Buffer.from(`${key}:`).toString('base64')}`]],
      [['Authorization', key]],
      [['Authorization', `Bearer ${key}x`]],
      [['Authorization', `Bearer ${key.slice(0, -1)}`]],
      [['Authorization', `Bearer ${key.replace('lk_sandbox_', 'lk_live_')}`]],
      [['Authorization', `Bearer lk_sandbox_${'A'.repeat(32)}`]],
      [['Authorization', `Bearer ${key}`.toLowerCase()]],
      [['Authorization', `Bearer ${key}`], ['Authorization', `Bearer ${key}`]],
      [['Authorization', `Bearer ${key}`], ['Authorization', 'Bearer lk_sandbox_x']],
      [['Authorization', 'Bearer lk_sandbox_x'], ['Authorization', `Bearer ${key}`]],
      [['X-Api-Key', key]],
    ];
    for (const path of [...SEARCH_PATHS.map((p) => `${p}?q=a`), '/v1/jobs/req_0000000000000000000000']) {
      for (const headers of bad) {
        const a = await get(stack, path, null, headers);
        expect({ path, headers, status: a.status }).toEqual({ path, headers, status: 401 });
        expectError(a, 'invalid_api_key');
        expect(a.header('ratelimit')).toBeUndefined();
      }
    }
    const [k] = await stack.services.accounts.listKeys(account);
    expect((await get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`, key)).status).toBe(202);
    // The scheme name is case-insensitive (RFC 7235); the key is not.
    expect((await get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`, null, [['Authorization', `bearer ${key}`]])).status).toBe(202);
    await stack.services.accounts.revokeKey(account, k!.id);
    expectError(await get(stack, '/v1/mkt_a/sold?q=a', key), 'invalid_api_key');
  });

  test('a rotated key stops working at once and the new one works', async () => {
    const { key, account } = await stack.newKey();
    const [k] = await stack.services.accounts.listKeys(account);
    const fresh = await stack.services.accounts.rotateKey(account, k!.id);
    expectError(await get(stack, '/v1/jobs/req_0000000000000000000000', key), 'invalid_api_key');
    expectError(await get(stack, '/v1/jobs/req_0000000000000000000000', fresh.secret), 'request_not_found');
  });

  test('a suspended account answers 403 on every key and route until restored', async () => {
    const { key, account } = await stack.newKey();
    const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
    const job = await submit(stack, key, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`);
    await stack.services.accounts.setStatus(account, 'suspended');
    for (const path of [...SEARCH_PATHS.map((p) => `${p}?q=a`), `/v1/jobs/${job}`]) {
      expectError(await get(stack, path, key), 'account_suspended');
      expectError(await get(stack, path, live), 'account_suspended');
    }
    // A suspended account's calls are not validated first: its bad request is still a 403.
    expectError(await get(stack, '/v1/mkt_a/sold?page=0', key), 'account_suspended');
    await stack.services.accounts.setStatus(account, 'active');
    expect((await get(stack, `/v1/jobs/${job}`, key)).status).toBe(200);
  });
});

describe('403 origin_not_allowed, CORS', () => {
  test('an Origin not on the account\'s list answers 403; the default list is empty', async () => {
    const { key, account } = await stack.newKey();
    for (const path of [...SEARCH_PATHS.map((p) => `${p}?q=a`), '/v1/jobs/req_0000000000000000000000']) {
      const a = await get(stack, path, key, [['Origin', 'https://shop.example']]);
      expectError(a, 'origin_not_allowed');
      expectRateHeaders(a);
      expect(a.header('access-control-allow-origin')).toBeUndefined();
    }
    await stack.services.accounts.setOrigins(account, ['https://shop.example']);
    for (const origin of ['https://shop.example:443', 'http://shop.example', 'https://evil.example', 'https://shop.example.evil.example', 'null', '']) {
      expectError(await get(stack, '/v1/mkt_a/sold?q=a', key, [['Origin', origin]]), 'origin_not_allowed');
    }
  });

  test('an allowed Origin gets 202/200 with Access-Control-Allow-Origin and the exposed headers', async () => {
    const { key, account } = await stack.newKey();
    await stack.services.accounts.setOrigins(account, ['https://shop.example', 'http://localhost:3000']);
    const q = enc(uniqueQ('cors'));
    const a = await get(stack, `/v1/mkt_a/sold?q=${q}`, key, [['Origin', 'http://localhost:3000']]);
    expect(a.status).toBe(202);
    expect(a.header('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(a.header('vary')).toMatch(/Origin/u);
    const exposed = a.header('access-control-expose-headers')!.split(/,\s*/u).map((h) => h.toLowerCase());
    for (const h of ['x-request-id', 'location', 'retry-after', 'ratelimit', 'ratelimit-policy', 'idempotent-replayed']) expect(exposed).toContain(h);
    const done = await poll(stack, key, a.json!.request_id as string);
    const p = await get(stack, `/v1/jobs/${done.json!.request_id as string}`, key, [['Origin', 'https://shop.example']]);
    expect(p.status).toBe(200);
    expect(p.header('access-control-allow-origin')).toBe('https://shop.example');
    const hit = await get(stack, `/v1/mkt_a/sold?q=${q}`, key, [['Origin', 'https://shop.example']]);
    expect(hit.status).toBe(200);
    expect(hit.header('access-control-allow-origin')).toBe('https://shop.example');
  });

  test('a browser preflight answers 204 with the allowed methods and headers, without a key', async () => {
    const a = await call(stack.url, 'OPTIONS', '/v1/mkt_a/sold?q=a', { headers: [['Origin', 'https://shop.example'], ['Access-Control-Request-Method', 'GET'], ['Access-Control-Request-Headers', 'authorization,idempotency-key']] });
    expect(a.status).toBe(204);
    expect(a.header('access-control-allow-origin')).toBe('https://shop.example');
    expect(a.header('access-control-allow-headers')).toMatch(/Authorization/u);
    expect(a.header('access-control-allow-headers')).toMatch(/Idempotency-Key/u);
    expect(a.header('x-request-id')).toBeTruthy();
  });
});

describe('404 not_found, 405 method_not_allowed, 414 uri_too_long', () => {
  test('unknown paths, including the routes the interface says do not exist, answer 404 not_found with or without a key', async () => {
    const { key } = await stack.newKey();
    const paths = ['/', '/v1', '/v1/', '/v1/mkt_c/listings?q=a', '/v1/mkt_d/sold?q=a', '/v1/mkt_e/sold?q=a', '/v1/mkt_f/sold?q=a',
      '/v1/mkt_a/sold/?q=a', '/v1/mkt_a/sold/extra', '/v1/MKT_A/sold?q=a', '/v1/mkt_a/SOLD', '/v2/mkt_a/sold?q=a', '/mkt_a/sold?q=a',
      '/v1/jobs', '/v1/jobs/', '/v1/jobs/req_0000000000000000000000/extra', '/v1/search?q=a', '/favicon.ico', '/v1/mkt_a%2Fsold?q=a'];
    for (const path of paths) {
      for (const k of [null, key]) {
        const a = await get(stack, path, k);
        expectError(a, 'not_found');
      }
    }
    for (const m of ['POST', 'DELETE']) expectError(await call(stack.url, m, '/v1/nothing-here', { key }), 'not_found');
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])('%s on every search route and on jobs answers 405 with Allow: GET', async (method) => {
    const { key } = await stack.newKey();
    for (const path of [...SEARCH_PATHS.map((p) => `${p}?q=a`), '/v1/jobs/req_0000000000000000000000']) {
      for (const k of [null, key]) {
        const a = await call(stack.url, method, path, { key: k, ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { body: '{"q":"a"}', headers: [['Content-Type', 'application/json']] } : {}) });
        expect({ path, status: a.status }).toEqual({ path, status: 405 });
        expect(a.header('allow')).toBe('GET');
        expect(a.header('x-request-id')).toBeTruthy();
        if (method !== 'HEAD') expectError(a, 'method_not_allowed');
      }
    }
  });

  test.each(['POST', 'PUT', 'DELETE'])('%s on the probes and /metrics answers 405 with Allow: GET, as every route refuses a method', async (method) => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const a = await call(stack.url, method, path, {});
      expect({ path, status: a.status, allow: a.header('allow') }).toEqual({ path, status: 405, allow: 'GET' });
      expectError(a, 'method_not_allowed');
    }
  });

  test('a query string of 2,049 characters answers 414 on every path; 2,048 passes the length check', async () => {
    const { key, account } = await stack.newKey();
    const exactly = (n: number, head: string): string => head + 'x'.repeat(n - head.length);
    for (const path of [...SEARCH_PATHS, '/v1/jobs/req_0000000000000000000000', '/v1/nothing']) {
      for (const k of [null, key]) {
        const a = await get(stack, `${path}?${exactly(2049, 'q=')}`, k);
        expectError(a, 'uri_too_long');
      }
      // 2,048 passes the length check and is judged on its content: q is then too long.
      const ok = await get(stack, `${path}?${exactly(2048, 'q=')}`, key);
      expect(ok.status).not.toBe(414);
      if (path.startsWith('/v1/mkt_')) expectError(ok, 'unsupported_or_invalid_query', 'q');
    }
    // %-escapes count as sent, not decoded: 683 escaped characters are 2,049 characters.
    expectError(await get(stack, `/v1/mkt_a/sold?q=a&${exactly(2049 - 4, 'z=').replace(/x{3}/gu, '%41')}`, key), 'uri_too_long');
    // A valid search of exactly 2,048 characters is accepted; one character more is 414. (170
    // emoji are 2,040 characters once %-encoded but only 170 of q's 200.)
    const emoji = enc('😀'.repeat(170));
    const tail = uniqueQ('x').replace(' ', '').slice(0, 6).padEnd(6, 'z');
    expect(`q=${emoji}${tail}`).toHaveLength(2048);
    expect((await get(stack, `/v1/mkt_a/sold?q=${emoji}${tail}`, key)).status).toBe(202);
    expectError(await get(stack, `/v1/mkt_a/sold?q=${emoji}${tail}z`, key), 'uri_too_long');
    // Of all these calls only that one search was accepted.
    const u = await stack.services.store.usage(account, 'sandbox');
    expect(u.pending + u.completed30d).toBe(1);
  });
});

describe('requests HTTP itself cannot read', () => {
  const head = (s: string): Buffer => Buffer.from(s, 'latin1');
  const cases: Array<[string, number, string, Buffer]> = [
    ['a raw non-ASCII byte in the URL', 422, 'unsupported_or_invalid_query', Buffer.concat([head('GET /v1/mkt_a/sold?q='), Buffer.from([0xe9]), head(' HTTP/1.1\r\nHost: x\r\n\r\n')])],
    ['a space in the URL', 422, 'unsupported_or_invalid_query', head('GET /v1/mkt_a/sold?q=a b HTTP/1.1\r\nHost: x\r\n\r\n')],
    ['an unknown method', 422, 'unsupported_or_invalid_query', head('FOO /v1/mkt_a/sold?q=a HTTP/1.1\r\nHost: x\r\n\r\n')],
    ['no request line', 422, 'unsupported_or_invalid_query', head('HELLO\r\n\r\n')],
    ['CONNECT host:port (a proxy tunnel)', 422, 'unsupported_or_invalid_query', head('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')],
    ['CONNECT without Host', 422, 'unsupported_or_invalid_query', head('CONNECT example.com:443 HTTP/1.1\r\n\r\n')],
    ['CONNECT to a route', 422, 'unsupported_or_invalid_query', head('CONNECT /v1/mkt_a/sold HTTP/1.1\r\nHost: x\r\n\r\n')],
    ['a method alone', 422, 'unsupported_or_invalid_query', head('GET\r\n\r\n')],
    ['an unknown HTTP version', 422, 'unsupported_or_invalid_query', head('GET /v1/mkt_a/sold?q=a HTTP/9.9\r\nHost: x\r\n\r\n')],
    ['the HTTP/2 preface on HTTP/1.1', 422, 'unsupported_or_invalid_query', head('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')],
    ['binary bytes', 422, 'unsupported_or_invalid_query', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a])],
  ];
  test.each(cases)('%s answers %d %s with X-Request-Id and the error body', async (_what, status, code, bytes) => {
    const answer = await rawExchange(stack.api.port, bytes);
    const [headText, body] = answer.split('\r\n\r\n') as [string, string];
    expect(headText.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `, 'u'));
    expect(headText).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/iu);
    expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });
  });
  /**
   * Sends bytes without half-closing (rawExchange ends its side at once, and Node's server then
   * abandons a request still being served, as for any client that hung up) and reads until the
   * server closes (the requests say `Connection: close`).
   */
  const exchangeOpen = (port: number, bytes: Buffer): Promise<string> => new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(bytes);
  });
  test('request lines HTTP can read but no route serves reach the app: `*`, absolute-form and upgrade requests answer like any path', async () => {
    const { key } = await stack.newKey();
    const auth = `Authorization: Bearer ${key}\r\n`;
    const star = await rawExchange(stack.api.port, head(`OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    expect(star).toMatch(/^HTTP\/1\.1 404 /u);
    expect(star).toContain('"code":"not_found"');
    // An absolute-form target is read for its path, as HTTP/1.1 requires servers to accept.
    const absolute = await exchangeOpen(stack.api.port, head(`GET http://example.com/v1/jobs/req_0000000000000000000000 HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`));
    expect(absolute).toMatch(/^HTTP\/1\.1 404 /u);
    expect(absolute).toContain('"code":"request_not_found"');
    // No protocol switch is offered: an Upgrade request is answered as plain HTTP.
    const upgrade = await exchangeOpen(stack.api.port, head(`GET /v1/nowhere HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n`));
    expect(upgrade).toMatch(/^HTTP\/1\.1 404 /u);
    expect(upgrade).toMatch(/\r\nX-Request-Id: /iu);
  });
  test('empty lines before a request are skipped (RFC 9112 2.2); the request after them is served', async () => {
    const answer = await rawExchange(stack.api.port, head('\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /u);
  });
  test('a request head over 64 KiB keeps Node\'s 431 (no code of the catalog says it), with X-Request-Id', async () => {
    for (const bytes of [head(`GET /v1/mkt_a/sold?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), head(`GET /v1/mkt_a/sold?q=a HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(70_000)}\r\n\r\n`)]) {
      const answer = await rawExchange(stack.api.port, bytes);
      expect(answer).toMatch(/^HTTP\/1\.1 431 [^\r]*\r\n/u);
      expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/iu);
    }
  });
});

describe('jobs: 404 request_not_found, invalid_wait, format', () => {
  test('malformed, unknown, another account\'s and another mode\'s job ids answer 404 request_not_found', async () => {
    const { key, account } = await stack.newKey();
    const other = await stack.newKey();
    const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
    const secondSandbox = (await stack.services.accounts.issueKey(account, 'sandbox')).secret;
    const job = await submit(stack, key, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`);
    expect((await get(stack, `/v1/jobs/${job}`, key)).status).toBe(200);
    // Another key of the same account and mode reads the account's job.
    expect((await get(stack, `/v1/jobs/${job}`, secondSandbox)).status).toBe(200);
    const malformed = ['abc', 'req_', 'req_short', `${job}x`, job.slice(0, -1), job.replace('req_', 'col_'), job.replace('req_', 'REQ_'),
      'req_000000000000000000000!', enc(`${job} `), '%20', enc('req_ü000000000000000000000'), '..', '%2e%2e', 'req_0000000000000000000000%00', `${'a'.repeat(1500)}`, '%ZZ', '%E0%A4%A', `${job}%`];
    for (const id of malformed) {
      const a = await get(stack, `/v1/jobs/${id}`, key);
      expectError(a, 'request_not_found');
      expectRateHeaders(a);
    }
    // An ID that is not even valid %-encoding is still a malformed ID, and still needs a key.
    expectError(await get(stack, '/v1/jobs/%ZZ', null), 'invalid_api_key');
    expectError(await get(stack, '/v1/jobs/%ZZ', key, [['Origin', 'https://evil.example']]), 'origin_not_allowed');
    expectError(await get(stack, '/v1/jobs/req_0000000000000000000000', key), 'request_not_found');
    expectError(await get(stack, `/v1/jobs/${job}`, other.key), 'request_not_found');
    expectError(await get(stack, `/v1/jobs/${job}?wait=1`, other.key), 'request_not_found');
    expectError(await get(stack, `/v1/jobs/${job}`, live), 'request_not_found');
  });

  test('wait that is not a whole number 0-20 answers 422 invalid_wait; repeated answers duplicate_parameter; unknown parameters and format=xml are refused', async () => {
    const { key } = await stack.newKey();
    const job = await submit(stack, key, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`);
    for (const w of ['-1', '21', '1.5', 'abc', '', '1e1', '0x1', '+1', '%201', '99999999999999999999', '20.0']) {
      expectError(await get(stack, `/v1/jobs/${job}?wait=${w}`, key), 'invalid_wait', 'wait');
    }
    expectError(await get(stack, `/v1/jobs/${job}?wait=1&wait=1`, key), 'duplicate_parameter', 'wait');
    expectError(await get(stack, `/v1/jobs/${job}?format=xml`, key), 'unsupported_or_invalid_query', 'format');
    expectError(await get(stack, `/v1/jobs/${job}?format=CSV`, key), 'unsupported_or_invalid_query', 'format');
    expectError(await get(stack, `/v1/jobs/${job}?format=csv&format=csv`, key), 'duplicate_parameter', 'format');
    expectError(await get(stack, `/v1/jobs/${job}?q=a`, key), 'unsupported_or_invalid_query', 'q');
    expectError(await get(stack, `/v1/jobs/${job}?include=results`, key), 'unsupported_or_invalid_query', 'include');
    // The checks come before the job is looked up: an unknown job with a bad wait is still 422.
    expectError(await get(stack, '/v1/jobs/req_0000000000000000000000?wait=abc', key), 'invalid_wait', 'wait');
    for (const w of ['0', '00', '20']) expect((await get(stack, `/v1/jobs/${job}?wait=${w}`, key)).status).toBe(200);
  });
});

describe('422 invalid_idempotency_key', () => {
  test('a key that is not 1-128 printable ASCII characters without spaces is refused before anything is recorded', async () => {
    const { key, account } = await stack.newKey();
    // Spaces around a header value are not part of it (HTTP strips them), so only inner ones count.
    const bad: string[] = ['', 'has space', 'tab\there', 'x'.repeat(129), 'caf\u00e9', Buffer.from('naïve', 'utf8').toString('latin1')];
    for (const k of bad) {
      const a = await get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`, key, [['Idempotency-Key', k]]);
      expect({ k, status: a.status }).toEqual({ k, status: 422 });
      expectError(a, 'invalid_idempotency_key');
      expectRateHeaders(a);
    }
    // Two Idempotency-Key headers are one ambiguous key: refused, not one of them picked.
    expectError(await get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`, key, [['Idempotency-Key', 'a'], ['Idempotency-Key', 'b']]), 'invalid_idempotency_key');
    expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: 0 });
    // The bounds themselves are accepted.
    for (const k of ['x'.repeat(128), '!', '~'.repeat(5), 'a:b/c?d=e&f']) {
      expect((await get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ())}`, key, [['Idempotency-Key', k]])).status).toBe(202);
    }
  });
});

describe('cursors (422 unsupported_or_invalid_query, param cursor or page)', () => {
  test('missing, altered, foreign, on page 1, on another route, page mismatch and oversize cursors are refused; the real one is accepted', async () => {
    const { key } = await stack.newKey();
    // At least three pages, so the first page has a cursor and the second its own.
    const q = enc(uniqueQWithTotal('cursor', 'sold', 81));
    const first = await poll(stack, key, await submit(stack, key, `/v1/mkt_b/sold?q=${q}`));
    const result = first.json!.result as { next_page: number; next_cursor: string };
    expect(result.next_page).toBe(2);
    const cursor = result.next_cursor;
    expect(typeof cursor).toBe('string');
    const otherQ = enc(uniqueQWithTotal('cursor', 'sold', 41));
    const foreign = ((await poll(stack, key, await submit(stack, key, `/v1/mkt_b/sold?q=${otherQ}`))).json!.result as { next_cursor: string }).next_cursor;
    const flip = (s: string, i: number): string => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

    const refused: Array<[string, string]> = [
      [`/v1/mkt_b/sold?q=${q}&page=2`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=1&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=${enc(flip(cursor, 3))}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=${enc(flip(cursor, cursor.length - 2))}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=${enc(cursor.split('.')[0]!)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=${enc(`${cursor}.x`)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=abc`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=${'a'.repeat(1901)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&cursor=${enc(foreign)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${otherQ}&page=2&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&condition=nwt&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=2&min_price=1&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_b/listings?q=${q}&page=2&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_c/sold?q=${q}&page=2&cursor=${enc(cursor)}`, 'cursor'],
      [`/v1/mkt_b/sold?q=${q}&page=3&cursor=${enc(cursor)}`, 'page'],
      [`/v1/mkt_a/sold?q=${q}&page=2&cursor=${enc(cursor)}`, 'cursor'],
    ];
    for (const [path, param] of refused) {
      const a = await get(stack, path, key);
      expect({ path, status: a.status }).toEqual({ path, status: 422 });
      expectError(a, 'unsupported_or_invalid_query', param);
    }
    for (const r of ROUTES.filter((x) => x.cursorPaging)) {
      expectError(await get(stack, `/v1/${r.id}?q=${q}&page=2`, key), 'unsupported_or_invalid_query', 'cursor');
    }
    // The cursor continues the same search with spacing folded the same way.
    const spaced = enc(`  ${decodeURIComponent(q).replace(' ', '   ')} `);
    const second = await poll(stack, key, await submit(stack, key, `/v1/mkt_b/sold?q=${spaced}&page=2&cursor=${enc(cursor)}`));
    expect(second.json).toMatchObject({ status: 'complete', result: { page: 2, next_page: 3, next_cursor: expect.any(String) } });
    const rows1 = (first.json!.result as { data: Array<{ id: string }> }).data.map((r) => r.id);
    const rows2 = (second.json!.result as { data: Array<{ id: string }> }).data.map((r) => r.id);
    expect(rows2.length).toBeGreaterThan(0);
    expect(rows2.filter((id) => rows1.includes(id))).toEqual([]);
  });
});

test('X-Request-Id is on every response and unique to it', async () => {
  const { key } = await stack.newKey();
  const seen = new Set<string>();
  const answers = await Promise.all([
    get(stack, '/v1/mkt_a/sold?q=a', key), get(stack, '/v1/mkt_a/sold?q=a', null), get(stack, '/nope', null),
    call(stack.url, 'POST', '/v1/mkt_a/sold', { key }), get(stack, '/v1/jobs/x', key), get(stack, `/v1/mkt_a/sold?${'q'.repeat(3000)}`, key),
    get(stack, '/healthz', null), get(stack, '/readyz', null), get(stack, '/v1/openapi.json', null), get(stack, '/v1/docs', null),
  ]);
  for (const a of answers) {
    const id = a.header('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/u);
    seen.add(id!);
  }
  expect(seen.size).toBe(answers.length);
});
