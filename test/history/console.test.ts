/**
 * The console's History view in headless Chromium (Debian's package, driven by playwright-core)
 * against the local service with the archive on the machine's PostgreSQL (a schema of its
 * own): after a sandbox sold search is archived, the view's price-by-month table shows the
 * months, counts and medians the history route answers, its chart is drawn, and its newest
 * rows are the route's. Every control has a name. A screenshot goes to test-artifacts/console/.
 * Skips, saying why, where Chromium is not installed.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { registerHistoryRoutes } from '@listings/api';
import { createHistoryDb, type HistoryDb } from '@listings/history';
import { testDatabaseUrl, uniqueSchema } from '@listings/testing';
import { describeWithBrowser, launchChromium } from '../support/browser.ts';
import { settle, startStack, type Stack } from '../support/stack.ts';

const ARTIFACTS = new URL('../../test-artifacts/console/', import.meta.url).pathname;
const describeBrowser = describeWithBrowser('console history in Chromium');

describeBrowser('the console History view in Chromium', () => {
  const schema = uniqueSchema('console');
  let stack: Stack;
  let browser: Browser;
  let db: HistoryDb;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startStack({ modules: [registerHistoryRoutes], env: { HISTORY_DATABASE_URL: testDatabaseUrl(), HISTORY_SCHEMA: schema, HISTORY_RETRY_MAX_MS: '200' } });
    db = createHistoryDb({ url: testDatabaseUrl(), schema });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await db?.pool.query(`DROP SCHEMA IF EXISTS ${db.S} CASCADE`);
    await db?.close();
  });

  test('price by month as the route answers it, a chart, the newest rows', async () => {
    const { key } = await stack.newKey({ kind: 'sandbox' });
    let job = (await (await stack.get('/v1/mkt_a/sold?q=iphone%2013', key)).json()) as Record<string, unknown>;
    if (job.status === 'pending') job = await settle(stack, key, job.request_id as string);
    const ids = new Set((job.result as { data: Array<{ id: string }> }).data.map((r) => r.id));
    for (const deadline = Date.now() + 20_000; ;) {
      const n = Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${db.table('sold_rows')}`)).rows[0]!.n);
      if (n >= ids.size) break;
      if (Date.now() > deadline) throw new Error(`archived ${n} of ${ids.size}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answer = (await (await stack.get('/v1/history/mkt_a/sold?q=iphone%2013', key)).json()) as { months: Array<{ month: string; count: number; median: { amount: number } | null }>; data: Array<{ title: string }> };

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack.url}/console`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Use key' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByLabel('Item').and(page.locator('#history-q')).fill('iphone 13');
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.locator('#history-months tbody tr').first().waitFor({ timeout: 30_000 });
    const shown = await page.locator('#history-months tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const dollars = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(shown).toEqual(answer.months.map((m) => [m.month, String(m.count), m.median ? dollars(m.median.amount) : '—']));
    expect(await page.locator('#history-chart canvas').count()).toBeGreaterThan(0);
    const titles = await page.locator('#history-rows tbody tr td:nth-child(2)').allTextContents();
    expect(titles).toEqual(answer.data.slice(0, 50).map((r) => r.title));
    const unlabelled = await page.evaluate(`[...document.querySelectorAll('#view-history input, #view-history select, #view-history button')].filter((e) => !(e.getAttribute('aria-label') || (e.labels && e.labels.length > 0) || (e.tagName === 'BUTTON' && e.textContent.trim()))).length`);
    expect(unlabelled).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}history-desktop.png`, fullPage: true });
    await page.close();
  }, 120_000);
});
