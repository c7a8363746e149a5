/**
 * @module testkit/fixtures
 * Access to the captured pages in `../shared/fixtures/<token>/` beside the checkout. Tests that
 * need them skip, loudly, where that folder is missing; they never pass silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `<checkout>/../shared/fixtures` */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../../../shared/fixtures/', import.meta.url));

export function fixturesAvailable(token: string): boolean {
  return existsSync(`${FIXTURES_DIR}${token}`);
}

export function readFixture(token: string, file: string): string {
  return readFileSync(`${FIXTURES_DIR}${token}/${file}`, 'utf8');
}

/**
 * `describe` when the marketplace's fixtures are present; else a skipped block with a warning.
 * The skipped block does not run `fn` (it may read fixtures while collecting its tests).
 */
export function describeWithFixtures(token: string, name: string, fn: () => void): void {
  if (fixturesAvailable(token)) {
    describe(name, fn);
    return;
  }
  const why = `fixtures folder ${FIXTURES_DIR}${token} is missing (it ships beside the checkout as ../shared)`;
  console.warn(`SKIPPED "${name}": ${why}.`);
  describe.skip(`${name} (skipped: ${why})`, () => {
    test('needs the captured pages', () => undefined);
  });
}
