/**
 * A refused setting never prints a secret: the api and the worker
 * started as in production with a REDIS_URL (or SIMULATOR_URL) that carries credentials in each
 * form an operator writes — no user name (`redis://:pass@`), user and password, `rediss://`,
 * Sentinel with `sentinelPassword=` and `password=` parameters, a password with `/` or `@` in it,
 * an HTTP URL with credentials — print the problem naming the setting and exit 2, and neither
 * stdout nor stderr holds the password. Then the scrubber itself, form by form, as log lines
 * and free text meet it.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, scrubText, scrubUrl } from '@listings/config';
import { runCommand } from '../support/commands.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PW = 'Sup3r-s3cret-PW';
const SPW = 'Sent1nel-s3cret';
const PW2 = 'Second-s3cret';

/** Refused REDIS_URL values, each with a secret in it. */
const REFUSED_REDIS: Array<[string, string]> = [
  ['no user name', `redis://:${PW}@redis.internal:notaport`],
  ['user and password', `redis://default:${PW}@redis.internal:notaport/0`],
  ['rediss', `rediss://:${PW}@redis.internal:99999`],
  ['sentinel with parameters', `redis+sentinel://app:${PW}@s1:26379,s2:bad/mymaster?sentinelPassword=${SPW}&password=${PW2}`],
  ['sentinel without a user name', `redis+sentinel://:${PW}@s1:26379/bad name?sentinelPassword=${SPW}`],
  ['a password with / and @', `redis://:${PW}/x@y${PW2}@redis.internal:notaport`],
  ['sentinel, a password with /', `redis+sentinel://:${PW}/${PW2}@s1:26379,s2/mymaster`],
];

async function startProcess(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { PATH, HOME } = process.env;
  const { code, stdout, stderr } = await runCommand(process.execPath, [resolve(ROOT, entry)], { cwd: ROOT, env: { PATH: PATH ?? '', HOME: HOME ?? '', NODE_ENV: 'production', ...env }, timeoutMs: 20_000 });
  return { code, output: `${stdout}${stderr}` };
}

function secretsIn(text: string): string[] {
  return [PW, SPW, PW2, PW.slice(0, 8), SPW.slice(0, 8), PW2.slice(0, 8)].filter((s) => text.includes(s));
}

describe.each([['api', 'apps/api/src/main.ts'], ['worker', 'apps/worker/src/main.ts']])('the %s process', (_name, entry) => {
  test.each(REFUSED_REDIS)('REDIS_URL with %s: the problem is printed without the secret, exit 2', async (_what, redisUrl) => {
    const r = await startProcess(entry, { REDIS_URL: redisUrl, CURSOR_SECRET: 'c'.repeat(48) });
    expect(r.code).toBe(2);
    expect(r.output).toMatch(/invalid configuration:\n\s+REDIS_URL="/u);
    expect(r.output).toContain('[redacted]');
    expect(secretsIn(r.output)).toEqual([]);
  });
});

test('several refused settings at once (a SIMULATOR_URL with credentials, a secret setting): no secret in the output', async () => {
  const r = await startProcess('apps/api/src/main.ts', {
    REDIS_URL: `redis://:${PW}@redis.internal:notaport`,
    SIMULATOR_URL: `http://sim:${SPW}@[bad`,
    CURSOR_SECRET: `short-${PW2}`,
  });
  expect(r.code).toBe(2);
  expect(r.output).toMatch(/SIMULATOR_URL=/u);
  expect(r.output).toMatch(/CURSOR_SECRET \(value not shown\)/u);
  expect(secretsIn(r.output)).toEqual([]);
});

test('loadConfig\'s problem lines carry no secret of any form', () => {
  for (const [, redisUrl] of REFUSED_REDIS) {
    let message = '';
    try {
      loadConfig({ REDIS_URL: redisUrl, CURSOR_SECRET: 'c'.repeat(48) }, []);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/REDIS_URL=/u);
    expect(secretsIn(message)).toEqual([]);
  }
});

describe('the scrubber, form by form', () => {
  test.each([
    ['redis, no user name', `redis://:${PW}@10.0.0.5:6379/0`, 'redis://[redacted]@10.0.0.5:6379/0'],
    ['redis, user and password', `redis://default:${PW}@10.0.0.5:6379`, 'redis://[redacted]@10.0.0.5:6379'],
    ['rediss', `rediss://:${PW}@cache.example.com:6380`, 'rediss://[redacted]@cache.example.com:6380'],
    ['a token alone', `rediss://${PW}@cache.example.com:6380`, 'rediss://[redacted]@cache.example.com:6380'],
    ['sentinel', `redis+sentinel://app:${PW}@s1:26379,s2:26379/mymaster?db=0&sentinelPassword=${SPW}&password=${PW2}`,
      'redis+sentinel://[redacted]@s1:26379,s2:26379/mymaster?db=0&sentinelPassword=[redacted]&password=[redacted]'],
    ['an HTTP proxy', `http://operator:${PW}@proxy.example:8080`, 'http://[redacted]@proxy.example:8080'],
    ['a password with @', `redis://:${PW}@x@10.0.0.5:6379`, 'redis://[redacted]@10.0.0.5:6379'],
  ])('%s', (_what, url, shown) => {
    expect(scrubText(url)).toBe(shown);
    expect(scrubUrl(url)).toBe(shown);
    // Inside a sentence (a parameter's value runs to white space, `&`, a quote or `#`: punctuation
    // right after it goes with it), and inside a JSON log line (still valid JSON, the rest untouched).
    expect(scrubText(`cannot reach ${url} (is it running?)`)).toBe(`cannot reach ${shown} (is it running?)`);
    const line = JSON.stringify({ level: 50, msg: `connect failed: ${url}`, err: { message: `at ${url}` }, at: 'x@y' });
    const scrubbed = scrubText(line);
    expect(JSON.parse(scrubbed)).toEqual({ level: 50, msg: `connect failed: ${shown}`, err: { message: `at ${shown}` }, at: 'x@y' });
  });

  test('password and token fields and parameters, keys, webhook secrets, bearer tokens', () => {
    expect(scrubText(`METRICS_TOKEN=${PW} CURSOR_SECRET=${SPW} npm start`)).toBe('METRICS_TOKEN=[redacted] CURSOR_SECRET=[redacted] npm start');
    expect(scrubText(JSON.stringify({ options: { sentinelPassword: SPW, password: PW, username: 'app' } }))).toBe('{"options":{"sentinelPassword":"[redacted]","password":"[redacted]","username":"app"}}');
    expect(scrubText(`"password":"a\\"${PW}"`)).toBe('"password":"[redacted]"');
    expect(scrubText(`GET /x?api_key=${PW}&q=lamp`)).toBe('GET /x?api_key=[redacted]&q=lamp');
    expect(scrubText(`key lk_live_${'A'.repeat(32)}, secret whsec_${'b'.repeat(32)}, Authorization: Bearer ${PW}`))
      .toBe('key lk_[redacted], secret whsec_[redacted], Authorization: Bearer [redacted]');
    // What holds no secret is left alone.
    const plain = 'GET /v1/mkt_a/sold?q=vintage+camera 200 in 12 ms (https://example.com/a/b, mail me at a@b.example)';
    expect(scrubText(plain)).toBe(plain);
  });

  test('scrubUrl takes everything from :// to the last @ (a password with a raw slash)', () => {
    expect(scrubUrl(`redis://:${PW}/${PW2}@10.0.0.5:6379`)).toBe('redis://[redacted]@10.0.0.5:6379');
    expect(scrubUrl('redis://10.0.0.5:6379/0')).toBe('redis://10.0.0.5:6379/0');
  });
});
