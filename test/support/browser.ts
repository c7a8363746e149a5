/**
 * @module browser
 * Debian's Chromium for the browser suites (the console, its watches tab, the docs page):
 * where it is missing, the suite is skipped with a printed reason; where it is there, it is
 * started headless with the flags this machine's closed network needs.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `describe` where Chromium is installed, else `describe.skip` after saying why (straight to stderr: jest drops the console output of a file whose tests are all skipped). */
export function describeWithBrowser(name: string): jest.Describe {
  if (existsSync(CHROMIUM)) return describe;
  process.stderr.write(`SKIPPED "${name}": no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).\n`);
  return describe.skip;
}

/** Headless Chromium without the background traffic a closed network refuses. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
