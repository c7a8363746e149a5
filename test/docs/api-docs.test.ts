/**
 * The docs page /v1/docs in headless Chromium (Debian's; skipped with a printed reason where it
 * is missing): Scalar's standalone reference, served from node_modules by the api, renders the
 * OpenAPI description with no request leaving the service's origin; the routes, a parameter's
 * allowed values, the curl and TypeScript samples and the error table are on the page.
 * Screenshots go to test-artifacts/docs/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describeWithBrowser, launchChromium } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

const ARTIFACTS = new URL('../../test-artifacts/docs/', import.meta.url).pathname;
const describeBrowser = describeWithBrowser('docs page in Chromium');

describeBrowser('the docs page in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startStack({ noWorker: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('request', (r) => {
      if (!r.url().startsWith(stack.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${stack.url}/v1/docs`);
    await page.getByText('Sold listings on mkt_a', { exact: false }).first().waitFor({ timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  test('renders every route from the OpenAPI, offline', async () => {
    // The search routes are listed open in the sidebar; jobs, batches and webhooks are groups.
    for (const summary of ['Sold listings on mkt_a', 'Active listings on mkt_a', 'Sold listings on mkt_b', 'Active listings on mkt_b', 'Sold listings on mkt_c', 'Active listings on mkt_d', 'Active listings on mkt_e']) {
      await page.getByText(summary, { exact: false }).first().waitFor();
    }
    const groups: Array<[string, string[]]> = [
      ['Jobs', ['Poll one job']], ['Batches', ['Create a batch of searches', 'Poll a batch, or download its CSV']], ['Webhooks', ['A job settled', 'A batch settled']],
    ];
    for (const [group, summaries] of groups) {
      await page.getByText(group, { exact: true }).first().click();
      for (const summary of summaries) await page.getByText(summary, { exact: false }).first().waitFor({ timeout: 10_000 });
    }
    await page.screenshot({ path: `${ARTIFACTS}docs-overview.png` });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  test('the error table: every code of section 7 with what to do', async () => {
    const text = await page.locator('body').innerText();
    for (const code of ['invalid_api_key', 'rate_limited', 'too_many_pending', 'service_unconfigured', 'filter_not_supported']) expect(text).toContain(code);
    expect(text).toContain('Wait `Retry-After` seconds'.replace(/`/gu, ''));
  });

  test('the error table takes the page\'s width: codes on one line, not crushed beside the server box', async () => {
    await page.goto(`${stack.url}/v1/docs`);
    const table = page.locator('table', { hasText: 'invalid_api_key' }).first();
    await table.waitFor({ timeout: 30_000 });
    await table.scrollIntoViewIfNeeded();
    const main = await page.locator('main').first().boundingBox();
    const box = await table.boundingBox();
    expect(box!.width).toBeGreaterThan(main!.width * 0.8);
    // The longest code on one line: its cell is one line high.
    const cell = table.getByText('unsupported_or_invalid_query', { exact: true }).first();
    const height = (await cell.boundingBox())!.height;
    expect(height).toBeLessThan(30);
    await table.screenshot({ path: `${ARTIFACTS}docs-errors.png` });
  }, 60_000);

  test.each(['mkt_a/sold', 'mkt_b/listings', 'mkt_c/sold', 'mkt_d/listings', 'mkt_e/listings'])('the Test Request panel of %s starts with values the route accepts: Send as it opens answers 202', async (route) => {
    const { key } = await stack.newKey({ kind: 'sandbox' });
    const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await tab.goto(`${stack.url}/v1/docs#tag/searches/GET/v1/${route}`);
    const op = tab.locator(`[id*="GET/v1/${route}"]`).first();
    await op.waitFor({ timeout: 30_000 });
    await op.scrollIntoViewIfNeeded();
    await op.getByRole('button', { name: /Test Request/u }).first().click();
    await tab.getByPlaceholder('Token').last().fill(key);
    await tab.getByRole('button', { name: /^Send/u }).first().click();
    const answered = tab.getByText(/\b(20\d [A-Z][a-z]+|4\d\d [A-Z][a-z ]+)/u).first();
    await answered.waitFor({ timeout: 15_000 });
    expect({ route, status: (await answered.textContent())?.trim() }).toEqual({ route, status: '202 Accepted' });
    await tab.screenshot({ path: `${ARTIFACTS}docs-test-request-${route.replace('/', '-')}.png` });
    await tab.close();
  }, 60_000);

  test('mkt_e\'s category parameter lists the category IDs: a reader finds that cars and trucks are 5.1', async () => {
    const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await tab.goto(`${stack.url}/v1/docs#tag/searches/GET/v1/mkt_e/listings`);
    const op = tab.locator('[id*="GET/v1/mkt_e/listings"]').first();
    await op.waitFor({ timeout: 30_000 });
    const cars = op.getByText(/5\.1\s*Cars & Trucks/u).first();
    await cars.waitFor({ timeout: 15_000 });
    await cars.scrollIntoViewIfNeeded();
    const text = await op.innerText();
    for (const line of ['Vehicles', '1.2', 'Cell phones & Accessories', '2.1', 'Furniture', '6.6', 'Trading cards', '14', 'General']) expect(text).toContain(line);
    await tab.screenshot({ path: `${ARTIFACTS}docs-mkt_e-categories.png` });
    await tab.close();
  }, 60_000);

  test('a parameter shows its allowed values; samples in curl and TypeScript', async () => {
    await page.goto(`${stack.url}/v1/docs#tag/searches/GET/v1/mkt_c/sold`);
    const op = page.locator('[id*="GET/v1/mkt_c/sold"]').first();
    await op.waitFor({ timeout: 30_000 });
    await op.scrollIntoViewIfNeeded();
    await op.getByText('like_new', { exact: true }).first().waitFor({ timeout: 15_000 });
    // Allowed values shown as chips: condition's list and sort's (its default shown apart).
    const text = await op.innerText();
    for (const v of ['condition', 'new', 'like_new', 'good', 'fair', 'poor', 'sort', 'best_match', 'price_desc', 'most_popular']) expect(text).toContain(v);
    await op.screenshot({ path: `${ARTIFACTS}docs-mkt_c-sold.png` });
    const body = await page.locator('body').innerText();
    expect(body).toMatch(/curl -s -H "Authorization: Bearer \$LISTINGS_API_KEY"/u);
    // The sample picker offers the TypeScript SDK sample beside curl.
    await op.getByRole('button', { name: /curl/u }).first().click();
    await page.getByText('TypeScript (@listings/sdk)', { exact: false }).first().click();
    await op.getByText("listings.search('mkt_c/sold'", { exact: false }).first().waitFor({ timeout: 10_000 });
    await op.screenshot({ path: `${ARTIFACTS}docs-mkt_c-sold-typescript.png` });
  }, 60_000);
});
