/**
 * A charged hit is never reported as "nothing was recorded": a failure after the script has
 * charged (reading the hit's body) is reported as recorded=unknown, so the client resends with
 * its Idempotency-Key instead of paying again.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from './accounts/accounts.ts';
import { connectRedis, StorageUnavailableError, whenReady } from './redis.ts';
import { createStore, type Store, type SubmitInput } from './store.ts';
import { testSubmitInput } from './test-input.ts';

async function cachedPage(conn: Redis, prefix: string): Promise<{ store: Store; input: SubmitInput; account: string }> {
  const store = createStore(conn, { prefix });
  const account = (await createAccounts(conn, prefix).create('t', 'pro')).id;
  const input = testSubmitInput(account);
  const miss = await store.submit(input);
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  await store.settle(miss.collectionId, { outcome: 'complete', resultJson: '{"data":[]}', hiddenJson: '{}' });
  return { store, input, account };
}

test('a hit whose body cannot be read after the script charged it is reported as maybe recorded, not as nothing recorded', async () => {
  const conn = connectRedis(testRedisUrl(), { name: 'charged-once-read' });
  try {
    await whenReady(conn);
    const { store, input, account } = await cachedPage(conn, uniquePrefix('charged-once'));
    // One hit through this store: it now knows the page's result and reads the body beside the script.
    expect((await store.submit(input)).kind).toBe('hit');
    const charged = (await store.usage(account, 'sandbox')).completed30d;
    const getBuffer = conn.getBuffer.bind(conn);
    (conn as unknown as { getBuffer: unknown }).getBuffer = () => Promise.reject(new Error('Connection is closed.'));
    const err = await store.submit(input).catch((e: unknown) => e);
    (conn as unknown as { getBuffer: unknown }).getBuffer = getBuffer;
    expect(err).toBeInstanceOf(StorageUnavailableError);
    // The script did charge it: "nothing was recorded or charged" would invite a second payment.
    expect((await store.usage(account, 'sandbox')).completed30d).toBe(charged + 1);
    expect((err as StorageUnavailableError).recorded).toBe('unknown');
  } finally {
    conn.disconnect();
  }
});

test('the same script call reaching Redis twice (ioredis resends a command whose answer a dropped connection lost) is charged once', async () => {
  const conn = connectRedis(testRedisUrl(), { name: 'charged-once-resend' });
  try {
    await whenReady(conn);
    const { store, input, account } = await cachedPage(conn, uniquePrefix('charged-once'));
    const before = (await store.usage(account, 'sandbox')).completed30d;
    // A resend carries the same arguments, the job id among them.
    const first = await store.submit({ ...input, jobId: 'req_resentresentresent01' });
    const again = await store.submit({ ...input, jobId: 'req_resentresentresent01' });
    expect(first).toMatchObject({ kind: 'hit', jobId: 'req_resentresentresent01' });
    expect(again).toEqual({ kind: 'replay', jobId: 'req_resentresentresent01', resent: true });
    expect((await store.usage(account, 'sandbox')).completed30d).toBe(before + 1);
    // A miss sent twice is one pending job, one reservation.
    const missInput = { ...input, pageId: 'page-2', jobId: 'req_resentresentresent02' };
    expect((await store.submit(missInput)).kind).toBe('miss');
    expect(await store.submit(missInput)).toEqual({ kind: 'replay', jobId: 'req_resentresentresent02', resent: true });
    expect((await store.usage(account, 'sandbox')).pending).toBe(1);
  } finally {
    conn.disconnect();
  }
});

/**
 * A cached page and a sandbox key for it, and `call(jobId, pageId?)`: one search call
 * (search.lua: key check, rate limit, submit) with the given job id, as the api makes it.
 * `run` gets them on a connection of its own, closed afterwards.
 */
async function withSearchCalls(name: string, rateLimit: number, run: (t: {
  conn: ReturnType<typeof connectRedis>;
  prefix: string;
  store: Awaited<ReturnType<typeof cachedPage>>['store'];
  account: string;
  call: (jobId: string, pageId?: string) => ReturnType<Awaited<ReturnType<typeof cachedPage>>['store']['search']>;
}) => Promise<void>): Promise<void> {
  const { hashApiKey } = await import('./ids.ts');
  const conn = connectRedis(testRedisUrl(), { name });
  try {
    await whenReady(conn);
    const prefix = uniquePrefix('charged-once');
    const { store, input, account } = await cachedPage(conn, prefix);
    const key = (await createAccounts(conn, prefix).issueKey(account, 'sandbox')).secret;
    const { account: _a, allowance: _l, pendingCap: _c, fingerprint: _f, ...rest } = input;
    const call = (jobId: string, pageId = input.pageId) => store.search({
      ...rest, pageId, jobId, keyHash: hashApiKey(key), rateLimit, rateWindowMs: 60_000, fingerprintTail: `mkt_a/sold|${pageId}`,
      sandboxAllowance: 100, plans: [{ name: 'free', allowance: 10, pendingCap: 5 }],
    });
    await run({ conn, prefix, store, account, call });
  } finally {
    conn.disconnect();
  }
}

test('a search call (key check, rate limit and submit in one script) reaching Redis twice is charged and counted once', async () => {
  await withSearchCalls('charged-once-search', 60, async ({ store, account, call }) => {
    const before = (await store.usage(account, 'sandbox')).completed30d;
    const first = await call('req_searchresentresent01');
    const again = await call('req_searchresentresent01');
    expect(first.submit).toMatchObject({ kind: 'hit', jobId: 'req_searchresentresent01' });
    expect(again.submit).toEqual({ kind: 'replay', jobId: 'req_searchresentresent01', resent: true });
    expect((await store.usage(account, 'sandbox')).completed30d).toBe(before + 1);
    // Counted once in the rate limit: the resend sees the same remaining calls, the next call one fewer.
    expect(first.auth).toMatchObject({ kind: 'ok', remaining: 59 });
    // The first hit of this store is answered with its body by the script (the Buffer variant):
    // the key check's fields read as they do otherwise (no warning, no origins).
    expect(first.auth).toMatchObject({ warning: null, origins: [], plan: 'pro', keyKind: 'sandbox' });
    expect(again.auth).toMatchObject({ kind: 'ok', remaining: 59 });
    expect((await call('req_searchresentresent02')).auth).toMatchObject({ kind: 'ok', remaining: 58 });
    // A miss sent twice is one pending job, one reservation.
    expect((await call('req_searchresentresent03', 'page-3')).submit?.kind).toBe('miss');
    expect((await call('req_searchresentresent03', 'page-3')).submit).toEqual({ kind: 'replay', jobId: 'req_searchresentresent03', resent: true });
    expect((await store.usage(account, 'sandbox')).pending).toBe(1);
  });
});

test('a resent search call whose first run was counted is not refused by the rate limit filled in between', async () => {
  await withSearchCalls('charged-once-search-limit', 2, async ({ call }) => {
    expect((await call('req_limitresentresent01')).submit?.kind).toBe('hit');
    expect((await call('req_limitresentresent02')).submit?.kind).toBe('hit');
    expect((await call('req_limitresentresent03')).auth.kind).toBe('limited');
    // The first call again (a resend): it was counted within the limit, and answers its own job.
    const again = await call('req_limitresentresent01');
    expect(again.auth.kind).toBe('ok');
    expect(again.submit).toEqual({ kind: 'replay', jobId: 'req_limitresentresent01', resent: true });
  });
});

test('a resent search call whose rate-limit entry already left the window is still answered as its job, not charged again', async () => {
  await withSearchCalls('charged-once-search-trimmed', 60, async ({ conn, prefix, store, account, call }) => {
    const before = (await store.usage(account, 'sandbox')).completed30d;
    expect((await call('req_trimmedresentresent1')).submit?.kind).toBe('hit');
    // The first run's entry trimmed out of the window, as when Redis's clock runs a minute behind the api's.
    await conn.zrem(`${prefix}rl:${account}`, 'req_trimmedresentresent1');
    const again = await call('req_trimmedresentresent1');
    expect(again.submit).toEqual({ kind: 'replay', jobId: 'req_trimmedresentresent1', resent: true });
    expect((await store.usage(account, 'sandbox')).completed30d).toBe(before + 1);
  });
});

test('a batch creation reaching Redis twice records its items once', async () => {
  const { createBatches } = await import('./batches/batches.ts');
  const { createKeys } = await import('./keys.ts');
  const conn = connectRedis(testRedisUrl(), { name: 'charged-once-batch' });
  try {
    await whenReady(conn);
    const prefix = uniquePrefix('charged-once');
    const batches = createBatches(conn, createKeys(prefix), { recordTtlMs: 60_000 });
    const input = {
      batchId: 'bat_resentresentresent01', account: 'acct_x', mode: 'sandbox' as const, idempotencyKeyHash: null, fingerprint: 'fp', leaseMs: 5000,
      items: [1, 2, 3].map((i) => ({ endpoint: 'mkt_a/sold', q: `lamp ${i}`, jobId: `req_item${i}`, searchJson: '{}' })),
    };
    expect(await batches.create(input)).toEqual({ kind: 'created', batchId: input.batchId });
    expect(await batches.create(input)).toEqual({ kind: 'created', batchId: input.batchId });
    expect(await conn.llen(`${prefix}batch:${input.batchId}:items`)).toBe(3);
  } finally {
    conn.disconnect();
  }
});
