/**
 * The comps console's price picture at a common laptop width (1,400 px) in headless Chromium,
 * against the whole local service: each statistics table (sold and asking) shows every column
 * (High and Best offer accepted included) without a scroll box of its own, and the page does
 * not scroll sideways. A high-priced item makes the widest figures ($12,345.67). Screenshot:
 * test-artifacts/console/comps-1400.png (the price picture). Skips, saying why, where Chromium is not installed.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { describeWithBrowser, launchChromium } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

const ARTIFACTS = new URL('../../test-artifacts/console/', import.meta.url).pathname;
const describeBrowser = describeWithBrowser('console layout in Chromium');

/** In the page: each statistics table's box and its wrapper's, and where each column header ends. */
const MEASURE = `[...document.querySelectorAll('#sides .table-wrap')].map((wrap) => {
  const table = wrap.querySelector('table.stats');
  const box = wrap.getBoundingClientRect();
  return {
    side: wrap.closest('.side').id,
    wrapWidth: wrap.clientWidth,
    scrollWidth: wrap.scrollWidth,
    tableWidth: Math.ceil(table.getBoundingClientRect().width),
    cut: [...table.querySelectorAll('thead th')]
      .filter((th) => th.getBoundingClientRect().right > box.right + 0.5)
      .map((th) => th.textContent),
    headers: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
  };
})`;

describeBrowser('comps console layout in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startStack({ modules: [registerBatchRoutes] });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  test.each([1400, 1280, 1024])('at %i px the statistics tables show every column, High and Best offer included, with no scroll box', async (width) => {
    const { key } = await stack.newKey({ kind: 'sandbox' });
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${stack.url}/console`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Use key' }).click();
    await page.getByLabel('Item').first().fill('2016 honda civic');
    await page.getByLabel('mkt_d (Depop) active (asking)').check();
    await page.getByRole('button', { name: 'Run comps' }).click();
    await page.waitForSelector('#side-sold .u-wrap canvas', { timeout: 60_000 });
    await page.waitForSelector('#side-active .u-wrap canvas');
    const tables = await page.evaluate<Array<{ side: string; wrapWidth: number; scrollWidth: number; tableWidth: number; cut: string[]; headers: string[] }>>(MEASURE);
    expect(tables.map((t) => t.side).sort()).toEqual(['side-active', 'side-sold']);
    const sold = tables.find((t) => t.side === 'side-sold')!;
    expect(sold.headers).toEqual(expect.arrayContaining(['High', 'Best offer accepted']));
    // The figures are wide ones: a car's price in thousands of dollars.
    expect(await page.textContent('#side-sold tr[data-group="mkt_a"] .stat-high')).toMatch(/^\$\d{1,3},\d{3}\.\d\d$/u);
    for (const t of tables) {
      expect({ side: t.side, cut: t.cut, scrolls: t.scrollWidth > t.wrapWidth }).toEqual({ side: t.side, cut: [], scrolls: false });
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    if (width === 1400) await page.locator('#sides').screenshot({ path: `${ARTIFACTS}comps-1400.png` });
    await page.close();
  }, 120_000);
});
