/**
 * The drift guard in production (issue 10), on the live path: a real eBay results page served
 * over HTTP as the marketplace would, once as captured and once with its result markup
 * renamed (what a redesign does). The renamed page must fail the job as a layout change at no
 * cost, never as rows; its body is kept (without cookies) and listed and downloaded by the
 * admin command; the worker's reading metric counts it by marketplace and outcome.
 */
import { createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import { describeWithFixtures, readFixture } from '../../packages/marketplaces/src/testkit/fixtures.ts';
import { runAdmin } from '../../scripts/lib/admin-cli.ts';
import { startWorker, type WorkerHandle } from '@listings/worker';
import { startLiveStack, runLive, type LiveStack } from '../support/live-capture.ts';

const CAPTURE = 'sold-s-card-60.html';

async function admin(live: LiveStack, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const env = { REDIS_URL: live.stack.config.redisUrl, KEY_PREFIX: live.stack.config.keyPrefix, LISTINGS_LOCAL_DIR: '/nonexistent' };
  const code = await runAdmin(args, env, { out: (t) => { stdout += `${t}\n`; }, err: (t) => { stderr += `${t}\n`; } });
  return { code, stdout, stderr };
}

describeWithFixtures('mkt_a', 'drift guard on a real page whose markup changed', () => {
  let live: LiveStack;
  let worker: WorkerHandle;
  const metrics = createWorkerMetrics(['mkt_a']);
  const page = readFixture('mkt_a', CAPTURE);
  // A redesign: every result-card class renamed. The heading ("242 results") still reads.
  const renamed = page.replaceAll('s-card', 'x-tile');

  beforeAll(async () => {
    live = await startLiveStack('mkt_a', { noWorker: true });
    worker = await startWorker(live.stack.config, { ...(await import('@listings/marketplaces')).MARKETPLACES }, {
      logger: (await import('pino')).default({ level: process.env.TEST_LOG ?? 'silent' }), onReading: metrics.onReading,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await live?.close();
  });

  async function readings(outcome: string): Promise<number> {
    const text = await metrics.registry.metrics();
    const line = text.split('\n').find((l) => l.startsWith('listings_page_readings_total{') && l.includes('marketplace="mkt_a"') && l.includes('mode="live"') && l.includes(`outcome="${outcome}"`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  test('the page as captured is read; the renamed one fails as a layout change, free, and is kept without cookies', async () => {
    const { key, account } = await live.liveKey();
    const headers = { 'content-type': 'text/html;charset=utf-8', 'set-cookie': 'ebay=%5Esbf%3D%23; Path=/', 'x-ebay-c-request-id': 'ri=abc123' };

    live.site.serve([{ path: '/sch/i.html', headers, body: page }]);
    const read = await runLive(live, key, '/v1/mkt_a/sold?q=2006+Volkswagen+New+Beetle');
    expect({ status: read.env.status, error: read.env.error }).toEqual({ status: 'complete' });
    expect(await readings('read')).toBe(1);

    live.site.serve([{ path: '/sch/i.html', headers, body: renamed }]);
    const before = await live.stack.services.store.usage(account, 'live');
    const failed = await runLive(live, key, '/v1/mkt_a/sold?q=2006+Volkswagen+New+Beetle+drift');
    expect({ status: failed.env.status, credits: failed.env.credits, code: failed.env.error?.code }).toEqual({ status: 'failed', credits: 0, code: 'upstream_error' });
    expect(failed.env.result).toBeUndefined();
    expect(await live.stack.services.store.usage(account, 'live')).toEqual({ ...before, pending: 0 });
    expect(await readings('layout_changed')).toBe(1);

    // Listed by the admin command, newest first, with its search and why.
    const list = await admin(live, ['pages', 'list', '--marketplace', 'mkt_a', '--json']);
    expect(list.code).toBe(0);
    const pages = (JSON.parse(list.stdout) as { pages: Array<Record<string, unknown>> }).pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({
      marketplace: 'mkt_a', mode: 'live', route: 'mkt_a/sold', q: '2006 Volkswagen New Beetle drift', page: 1, outcome: 'layout_changed', code: 'upstream_error',
      status: 200, bytes: Buffer.byteLength(renamed), truncated: false,
    });
    const kept = pages[0]!;
    expect(kept.headers).toMatchObject({ 'content-type': 'text/html;charset=utf-8', 'x-ebay-c-request-id': 'ri=abc123' });
    expect(JSON.stringify(kept)).not.toMatch(/set-cookie|sbf/iu);

    // The text listing names it too; show prints its facts; download gives the body byte for byte.
    const text = await admin(live, ['pages', 'list']);
    expect(text.stdout).toContain(kept.id as string);
    expect(text.stdout).toContain('layout_changed');
    const show = await admin(live, ['pages', 'show', kept.id as string]);
    expect(show.stdout).toContain('the job failed upstream_error');
    expect(show.stdout).not.toMatch(/cookie/iu);
    const out = `${process.env.TMPDIR ?? '/tmp'}/kept-${kept.id as string}.html`;
    const dl = await admin(live, ['pages', 'download', kept.id as string, '--out', out]);
    expect(dl.code).toBe(0);
    const { readFileSync, rmSync } = await import('node:fs');
    expect(readFileSync(out, 'utf8')).toBe(renamed);
    rmSync(out);
  });

  test('the admin page commands refuse what they cannot do', async () => {
    expect(await admin(live, ['pages', 'show', 'pg_doesnotexist'])).toMatchObject({ code: 1, stderr: expect.stringContaining('no kept page pg_doesnotexist') });
    expect(await admin(live, ['pages', 'show', '../../etc/passwd'])).toMatchObject({ code: 1 });
    expect(await admin(live, ['pages', 'download', 'pg_x'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--out <file> is required') });
    expect(await admin(live, ['pages', 'list', '--limit', '0'])).toMatchObject({ code: 2 });
    expect(await admin(live, ['pages', 'list', '--marketplace', 'ebay'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown marketplace') });
    expect(await admin(live, ['pages', 'list', '--plan', 'pro'])).toMatchObject({ code: 2 });
    expect(await admin(live, ['pages'])).toMatchObject({ code: 2, stderr: expect.stringContaining('pages needs a subcommand') });
  });
});
