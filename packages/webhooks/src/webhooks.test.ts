/**
 * The pure parts of webhooks: signatures (against an HMAC computed here by hand), the address
 * and URL rules, the retry schedule, and single delivery attempts against local servers
 * (answers, redirects, timeouts, capped bodies, and names resolving to forbidden addresses,
 * before and at delivery time).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  attemptsWithin, deliver, endpointUrlProblem, isForbiddenAddress, logged, MAX_RESPONSE_BYTES, nominalDelayMs, retryDelayMs, signature, verifySignature, type Resolver,
} from './index.ts';

describe('signatures', () => {
  const secret = 'whsec_test_0123456789';
  const body = '{"id":"evt_1","type":"job.settled"}';

  test('t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const mac = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signature(secret, body, 1700000000)).toBe(`t=1700000000,v1=${mac}`);
  });

  test('verify: right, altered body, other secret, too old, malformed, several v1', () => {
    const h = signature(secret, body, 1700000000);
    expect(verifySignature(secret, body, h, { nowSeconds: 1700000100 })).toEqual({ ok: true });
    expect(verifySignature(secret, `${body} `, h, { nowSeconds: 1700000100 })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature('whsec_other', body, h, { nowSeconds: 1700000100 })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(secret, body, h, { nowSeconds: 1700000301 })).toEqual({ ok: false, reason: 'too_old' });
    expect(verifySignature(secret, body, h, { nowSeconds: 1700000301, toleranceSeconds: 600 })).toEqual({ ok: true });
    for (const bad of [null, '', 't=abc,v1=00', 'v1=' + 'a'.repeat(64), 't=1700000000']) expect(verifySignature(secret, body, bad, { nowSeconds: 1700000000 })).toEqual({ ok: false, reason: 'malformed' });
    const both = `t=1700000000,v1=${'0'.repeat(64)},${h.split(',')[1]}`;
    expect(verifySignature(secret, body, both, { nowSeconds: 1700000000 })).toEqual({ ok: true });
  });
});

describe('addresses a live delivery may not reach', () => {
  test.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '::ffff:10.0.0.1', 'not-an-ip',
    '192.0.2.1', '198.18.0.1', '240.0.0.1', '192.88.99.1', '::7f00:1', '::ffff:0:7f00:1', '64:ff9b:1::a00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:7f00:1::1', '2001:db8::1', 'ff02::1', '100::1', 'fec0::1', '4000::1', 'fe80::1%eth0', '[::1]', '',
  ])('%s is refused', (ip) => expect(isForbiddenAddress(ip)).toBe(true));
  test.each([
    '93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808:0:0:f7f7:f7f7',
  ])('%s is allowed (a public address, or a form carrying one)', (ip) => expect(isForbiddenAddress(ip)).toBe(false));
});

describe('endpoint URLs', () => {
  test.each([
    ['https://hooks.example.com/listings', 'live', null],
    ['https://hooks.example.com:8443/x?y=1', 'live', null],
    ['http://hooks.example.com/x', 'live', 'url must be https://.'],
    ['http://127.0.0.1:9000/x', 'live', 'url must be https://.'],
    ['http://127.0.0.1:9000/x', 'sandbox', 'url must be https://.'],
    ['http://localhost:9000/x', 'sandbox', 'url must be https://.'],
    ['https://10.1.2.3/x', 'sandbox', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://169.254.169.254/latest/meta-data', 'sandbox', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://127.0.0.1/x', 'live', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://[::1]/x', 'live', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://169.254.169.254/latest/meta-data', 'live', 'url must not point at a private, loopback, link-local or reserved address.'],
    ['https://localhost/x', 'live', 'url must not point at this machine.'],
    ['https://user:pw@hooks.example.com/', 'live', 'url must not carry credentials.'],
    ['https://hooks.example.com/#frag', 'live', 'url must not have a fragment.'],
    ['ftp://hooks.example.com/', 'live', 'url must be https://.'],
    ['hooks.example.com', 'live', 'url is not a valid absolute URL.'],
    [42, 'live', 'url must be a string.'],
  ] as const)('%s (%s) → %s', (url, mode, problem) => expect(endpointUrlProblem(url, mode)).toBe(problem));
  test('where the operator allows it (WEBHOOK_SANDBOX_LOOPBACK), a sandbox endpoint may be http://127.0.0.1, and nothing else plain or local', () => {
    const rules = { sandboxLoopback: true };
    expect(endpointUrlProblem('http://127.0.0.1:9000/x', 'sandbox', rules)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:9000/x', 'live', rules)).toBe('url must be https://.');
    for (const url of ['http://localhost:9000/x', 'http://127.0.0.2:9000/x', 'http://[::1]:9000/x', 'http://10.0.0.1/x', 'http://hooks.example.com/x']) {
      expect(endpointUrlProblem(url, 'sandbox', rules)).toBe('url must be https://, or http://127.0.0.1 for a sandbox endpoint.');
    }
    expect(endpointUrlProblem('https://127.0.0.1/x', 'sandbox', rules)).toBe('url must not point at a private, loopback, link-local or reserved address.');
    expect(endpointUrlProblem('https://10.0.0.1/x', 'sandbox', rules)).toBe('url must not point at a private, loopback, link-local or reserved address.');
  });
  test('a URL over 2,048 characters is refused', () => {
    expect(endpointUrlProblem(`https://h.example.com/${'a'.repeat(2048)}`, 'live')).toBe('url must be at most 2048 characters.');
  });
});

describe('retry schedule', () => {
  test('doubles from 30 s to a 2 h cap, jittered ±25 %, for 24 h', () => {
    expect([1, 2, 3, 8, 9, 20].map((a) => nominalDelayMs(a))).toEqual([30_000, 60_000, 120_000, 3_840_000, 7_200_000, 7_200_000]);
    expect(retryDelayMs(1, undefined, () => 0)).toBe(22_500);
    expect(retryDelayMs(1, undefined, () => 1)).toBe(37_500);
    expect(retryDelayMs(2, 100, () => 0.5)).toBe(200);
    const n = attemptsWithin(24 * 3600_000);
    let total = 0;
    for (let a = 1; a < n; a++) total += nominalDelayMs(a);
    expect(total).toBeLessThanOrEqual(24 * 3600_000);
    expect(total + nominalDelayMs(n)).toBeGreaterThan(24 * 3600_000);
    // 30 s … 64 m (8 delays, 7,650 s), then ten 2 h delays (72,000 s): 18 delays, 19 attempts.
    expect(n).toBe(19);
  });
});

describe('one delivery attempt', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const endless: http.ServerResponse[] = [];
  const slow: NodeJS.Timeout[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        if (req.url === '/ok') res.writeHead(200).end('fine');
        else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
        else if (req.url === '/big') res.writeHead(200).end(Buffer.alloc(1024 * 1024, 97));
        else if (req.url === '/slow') slow.push(setTimeout(() => res.writeHead(200).end(), 2000));
        else if (req.url === '/endless') {
          // More than the cap, then the answer never ends: only a reader that stops at the cap is done before the timeout.
          res.writeHead(200);
          res.write(Buffer.alloc(MAX_RESPONSE_BYTES + 1024, 97));
          endless.push(res);
        }
        else res.writeHead(500).end('no');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => { for (const t of slow) clearTimeout(t); server.closeAllConnections(); server.close(() => r()); }));

  const send = (path: string, extra: Partial<Parameters<typeof deliver>[0]> = {}) => deliver({ url: `${base}${path}`, body: '{"a":1}', headers: { 'listings-signature': 't=1,v1=x' }, timeoutMs: 500, mode: 'sandbox', sandboxLoopback: true, ...extra });

  test('a 2xx is a success; the body and headers arrive as sent', async () => {
    const o = await send('/ok');
    expect(o).toMatchObject({ ok: true, status: 200, error: null });
    expect(seen.at(-1)).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json', 'listings-signature': 't=1,v1=x' } });
  });
  test('a 500, a redirect (never followed) and a timeout are failures', async () => {
    expect(await send('/fail')).toMatchObject({ ok: false, status: 500, error: 'answered 500' });
    const before = seen.length;
    expect(await send('/redirect')).toMatchObject({ ok: false, status: 302, error: 'redirect not followed' });
    expect(seen.length).toBe(before + 1);
    expect(await send('/slow')).toMatchObject({ ok: false, status: null, error: 'no answer within 500 ms' });
  });
  test('an attempt ends at once when its signal aborts (interrupted, before the timeout), or never starts on an aborted one', async () => {
    const stop = new AbortController();
    const began = performance.now();
    setTimeout(() => stop.abort(), 100);
    const o = await send('/slow', { timeoutMs: 5000, signal: stop.signal });
    expect(o).toMatchObject({ ok: false, status: null, error: 'attempt interrupted', interrupted: true });
    expect(performance.now() - began).toBeLessThan(1000);
    const before = seen.length;
    expect(await send('/ok', { signal: stop.signal })).toMatchObject({ ok: false, interrupted: true });
    expect(seen.length).toBe(before);
    // A signal that never aborts changes nothing.
    expect(await send('/ok', { signal: new AbortController().signal })).toMatchObject({ ok: true, status: 200 });
    expect((await send('/ok')).interrupted).toBeUndefined();
  });
  test('a large answer is cut at 64 KiB, not buffered to its end', async () => {
    expect(await send('/big')).toMatchObject({ ok: true, status: 200 });
    // Without the cap this attempt would wait for an end that never comes and time out.
    expect(await send('/endless', { timeoutMs: 3000 })).toMatchObject({ ok: true, status: 200, error: null });
    for (const r of endless) r.destroy();
  });
  test('live mode never connects to a loopback literal, nor to a name that resolves to one at delivery time', async () => {
    const before = seen.length;
    expect(await deliver({ url: `${base.replace('http:', 'https:')}/ok`, body: '{}', headers: {}, timeoutMs: 500, mode: 'live' })).toMatchObject({ ok: false, error: 'address not allowed' });
    // A name that resolved to a public address when it was registered and to a private one now.
    const rebinding: Resolver = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await deliver({ url: 'https://hooks.example.com/x', body: '{}', headers: {}, timeoutMs: 500, mode: 'live', resolver: rebinding })).toMatchObject({ ok: false, status: null, error: 'address not allowed' });
    const mixed: Resolver = async () => [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }];
    expect(await deliver({ url: 'https://hooks.example.com/x', body: '{}', headers: {}, timeoutMs: 500, mode: 'live', resolver: mixed })).toMatchObject({ ok: false, error: 'address not allowed' });
    // http:// to loopback is a sandbox-only exception, and only where the operator allows it; a sandbox https name resolving to loopback is refused too.
    expect(await deliver({ url: `${base}/ok`, body: '{}', headers: {}, timeoutMs: 500, mode: 'live', sandboxLoopback: true })).toMatchObject({ ok: false, error: 'url must be https' });
    expect(await deliver({ url: `${base}/ok`, body: '{}', headers: {}, timeoutMs: 500, mode: 'sandbox' })).toMatchObject({ ok: false, error: 'url must be https' });
    const loop: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await deliver({ url: 'https://hooks.example.com/x', body: '{}', headers: {}, timeoutMs: 500, mode: 'sandbox', sandboxLoopback: true, resolver: loop })).toMatchObject({ ok: false, error: 'address not allowed' });
    for (const url of ['https://localhost/x', 'https://localhost./x', 'https://a.b.localhost/x']) {
      expect(await deliver({ url, body: '{}', headers: {}, timeoutMs: 500, mode: 'live', resolver: loop })).toMatchObject({ ok: false, error: 'address not allowed' });
    }
    expect(seen.length).toBe(before);
  });
  test('the request connects to the addresses that were checked: the name is resolved once, never again by the HTTP client', async () => {
    let connections = 0;
    const count = (): void => { connections++; };
    server.on('connection', count);
    try {
      // A rebinding name: public to the first question, this machine to every later one.
      let asked = 0;
      const rebinding: Resolver = async () => (asked++ === 0 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
      const o = await deliver({ url: `https://rebind.example:${new URL(base).port}/ok`, body: '{}', headers: {}, timeoutMs: 500, mode: 'live', resolver: rebinding });
      expect(o.ok).toBe(false);
      expect(asked).toBe(1);
      expect(connections).toBe(0);
    } finally {
      server.off('connection', count);
    }
  });
  test('what the account sees of a loopback target: a failure shows no status, time or reason; other targets show theirs', async () => {
    const fail = await send('/fail');
    expect(fail).toMatchObject({ ok: false, status: 500, loopback: true });
    expect(logged(fail)).toEqual({ ok: false, status: null, ms: null, error: 'delivery_failed' });
    const refused = await deliver({ url: 'http://127.0.0.1:1/x', body: '{}', headers: {}, timeoutMs: 500, mode: 'sandbox', sandboxLoopback: true });
    expect(refused.error).toMatch(/^connection failed/u);
    expect(logged(refused)).toEqual({ ok: false, status: null, ms: null, error: 'delivery_failed' });
    const ok = await send('/ok');
    expect(logged(ok)).toEqual({ ok: true, status: 200, ms: ok.ms, error: null });
    const publicFail = { ok: false, status: 503, ms: 12, error: 'answered 503', loopback: false };
    expect(logged(publicFail)).toEqual({ ok: false, status: 503, ms: 12, error: 'answered 503' });
  });
});
