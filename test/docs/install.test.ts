/**
 * `npm ci` prints no warning block of its own: every package of the lockfile that carries an
 * install script is reviewed in package.json's `allowScripts` (npm 11 lists the unreviewed ones
 * after every install, quoting their scripts, which reads like errors; npm 12 will skip them),
 * and every entry there names a package the lockfile holds. The README says why each is allowed
 * or not ("the first `npm ci`").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean; name?: string }> };
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** The package name of a lockfile path (`node_modules/a/node_modules/@s/b` → `@s/b`). */
function nameOf(path: string, entry: { name?: string }): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

test('every package with an install script is reviewed in allowScripts, and allowScripts names only packages of the lockfile', () => {
  const withScripts = new Set(Object.entries(lock.packages).filter(([path, e]) => path !== '' && e.hasInstallScript).map(([path, e]) => nameOf(path, e)));
  expect(withScripts.size).toBeGreaterThan(0);
  const reviewed = manifest.allowScripts ?? {};
  expect([...withScripts].filter((n) => !(n in reviewed)).sort()).toEqual([]);
  const all = new Set(Object.entries(lock.packages).filter(([path]) => path !== '').map(([path, e]) => nameOf(path, e)));
  expect(Object.keys(reviewed).filter((n) => !all.has(n))).toEqual([]);
  // Only the pinned Node's installer runs: the others are optional native builds, a data check
  // whose data ships in the package, a Vue switch nothing here loads.
  expect(Object.entries(reviewed).filter(([, allowed]) => allowed).map(([n]) => n)).toEqual(['node']);
});
