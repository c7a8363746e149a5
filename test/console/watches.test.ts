/**
 * The console's Watches tab in headless Chromium (Debian's package, driven by playwright-core)
 * against the whole local service (api, worker, the real adapters over their simulators, on
 * Redis): a sandbox watch whose first run reports what it finds shows its last runs and its
 * matches (each linked, priced), as the runs route lists them; Pause pauses it (as the api then
 * says) and Resume resumes it. Every control has a name. Screenshots go to
 * test-artifacts/console/. Skips, saying why, where Chromium is not installed.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { describeWithBrowser, launchChromium } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

const ARTIFACTS = new URL('../../test-artifacts/console/', import.meta.url).pathname;
const describeBrowser = describeWithBrowser('console watches in Chromium');

interface Run { status: string; match_count: number; matches: Array<{ id: string; title: string | null; link: string | null }> }

describeBrowser('the console Watches tab in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startStack({ modules: [registerWatchRoutes], env: { WATCH_SANDBOX_MIN_SECONDS: '60' } });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function call(method: string, path: string, key: string, body?: unknown): Promise<Record<string, unknown>> {
    const r = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await r.json()) as Record<string, unknown>;
  }

  test('a watch shows its last runs and its matches; Pause and Resume change it', async () => {
    const { key } = await stack.newKey({ kind: 'sandbox' });
    const watch = await call('POST', '/v1/watches', key, {
      search: { endpoint: 'mkt_a/listings', q: 'leica m6' }, schedule: { every_seconds: 3600 }, notify_on_first_run: true, name: 'Leicas', rules: { max_price: 5000 },
    });
    const id = watch.id as string;
    // The first run starts at once; wait for it to finish (it reports every row under the bound).
    let runs: Run[] = [];
    for (const deadline = Date.now() + 60_000; !runs.some((r) => r.status === 'complete');) {
      if (Date.now() > deadline) throw new Error(`no complete run: ${JSON.stringify(runs)}`);
      await new Promise((r) => setTimeout(r, 500));
      runs = (await call('GET', `/v1/watches/${id}/runs`, key)).data as Run[];
    }
    const run = runs.find((r) => r.status === 'complete')!;
    expect(run.match_count).toBeGreaterThan(0);

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack.url}/console`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Use key' }).click();
    await page.getByRole('tab', { name: 'Watches' }).click();
    const card = page.locator(`section.watch[data-watch-id="${id}"]`);
    await card.waitFor({ timeout: 30_000 });
    const text = await card.innerText();
    expect(text).toContain('Leicas');
    expect(text).toContain('mkt_a/listings');
    expect(text).toContain('every 1 h');
    expect(text).toContain('max price 5000');
    expect(text).toContain(`${run.match_count} new or cheaper`);
    // Every match of the run is listed, linked to its listing.
    const links = await card.locator('ul.matches a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.sort()).toEqual(run.matches.map((m) => m.link).sort());
    await page.screenshot({ path: `${ARTIFACTS}console-watches.png`, fullPage: false });

    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByRole('button', { name: 'Resume' }).waitFor({ timeout: 15_000 });
    expect((await call('GET', `/v1/watches/${id}`, key)).status).toBe('paused');
    expect(await page.locator(`section.watch[data-watch-id="${id}"]`).innerText()).toContain('Paused');
    await page.locator(`section.watch[data-watch-id="${id}"]`).getByRole('button', { name: 'Resume' }).click();
    await page.locator(`section.watch[data-watch-id="${id}"]`).getByRole('button', { name: 'Pause' }).waitFor({ timeout: 15_000 });
    expect((await call('GET', `/v1/watches/${id}`, key)).status).toBe('active');
    // Keyboard: the arrow keys move between the three tabs.
    await page.getByRole('tab', { name: 'Watches' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Comps' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Watches' }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  }, 120_000);
});
