/**
 * @module testkit/fixtures
 * Access to the captured pages in `../shared/fixtures/<token>/` beside the checkout. Tests that
 * need them skip, loudly, where that folder is missing; they never pass silently.
 * The checkout's own real captures (`test/data/<token>/`, see test/data/README.md) are always
 * present: `readTestData`, and `readCapture` for a golden file's `capture` path of either kind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `<checkout>/../shared/fixtures` */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../../../shared/fixtures/', import.meta.url));

/** `<checkout>/test/data`: real captures this checkout adds (pages the parsers were not written from). */
export const TEST_DATA_DIR = fileURLToPath(new URL('../../../../test/data/', import.meta.url));

export function readTestData(token: string, file: string): string {
  return readFileSync(`${TEST_DATA_DIR}${token}/${file}`, 'utf8');
}

/**
 * The body of a golden file's `capture`: `test/data/<token>/<file>` from the checkout, else
 * `<token>/<file>` under `../shared/fixtures`.
 */
export function readCapture(capture: string): string {
  const own = /^test\/data\/([^/]+)\/(.+)$/.exec(capture);
  if (own) return readTestData(own[1]!, own[2]!);
  const shared = /^([^/]+)\/(.+)$/.exec(capture);
  if (!shared) throw new Error(`not a capture path: ${capture}`);
  return readFixture(shared[1]!, shared[2]!);
}

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
  // Straight to stderr: jest drops the console output of a file whose tests are all skipped.
  process.stderr.write(`SKIPPED "${name}": ${why}.\n`);
  describe.skip(`${name} (skipped: ${why})`, () => {
    test('needs the captured pages', () => undefined);
  });
}
