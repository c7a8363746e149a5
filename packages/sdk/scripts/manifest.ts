/**
 * The package.json swap around `npm pack` / `npm publish` (packages/sdk/README.md, "Publishing").
 *
 * In the repository, `exports` name the TypeScript sources (`./src/*.ts`), which Node runs by
 * type stripping; Node refuses to strip types under node_modules, so a published package must
 * name compiled JavaScript instead. npm has no way to override `exports` at publish time
 * (`publishConfig` only carries registry settings), so:
 *
 * - `node <this> pack` (from `prepack`, after `tsc` has written dist/) saves package.json as
 *   `.prepack-package.json` and rewrites its `exports` (and nothing else): `./src/x.ts` becomes
 *   `./dist/x.d.ts` under `types` and `./dist/x.js` everywhere else. npm reads package.json
 *   from disk after `prepack`, so the tarball carries the rewritten one.
 * - `node <this> restore` (from `postpack`) puts the saved file back, byte for byte. `pack`
 *   also restores first when a saved file is left over from an interrupted run.
 *
 * Run with the package directory as the working directory (npm does that for its scripts).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Exports = string | null | Exports[] | { [condition: string]: Exports };

/** A source module: TypeScript, or the JavaScript with JSDoc types a browser page loads as it is (src/stats.js). */
const SOURCE = /^\.\/src\/(.+)\.(?:ts|js)$/u;

/** One export target, as the packed package names it. */
function compiled(target: string, condition: string | undefined): string {
  const m = SOURCE.exec(target);
  if (!m) return target;
  return condition === 'types' ? `./dist/${m[1]}.d.ts` : `./dist/${m[1]}.js`;
}

/** `exports` with every `./src/*.ts` target replaced by its compiled file; a bare string becomes `{types, default}`. */
export function publishedExports(exports: Exports, condition?: string): Exports {
  if (typeof exports === 'string') {
    if (condition === undefined && SOURCE.test(exports)) return { types: compiled(exports, 'types'), default: compiled(exports, 'default') };
    return compiled(exports, condition);
  }
  if (exports === null) return null;
  if (Array.isArray(exports)) return exports.map((e) => publishedExports(e, condition));
  const keys = Object.keys(exports);
  const isSubpaths = keys.every((k) => k.startsWith('.'));
  return Object.fromEntries(keys.map((k) => [k, publishedExports(exports[k]!, isSubpaths ? undefined : k)]));
}

export function restore(dir: string): boolean {
  const saved = join(dir, '.prepack-package.json');
  if (!existsSync(saved)) return false;
  renameSync(saved, join(dir, 'package.json'));
  return true;
}

export function swap(dir: string): void {
  restore(dir);
  const file = join(dir, 'package.json');
  const text = readFileSync(file, 'utf8');
  const manifest = JSON.parse(text) as { exports?: Exports };
  if (manifest.exports === undefined) throw new Error(`${file} has no exports`);
  for (const target of JSON.stringify(publishedExports(manifest.exports)).match(/"\.\/dist\/[^"]+\.js"/gu) ?? []) {
    if (!existsSync(join(dir, JSON.parse(target) as string))) throw new Error(`${JSON.parse(target)} is missing: run the build first`);
  }
  writeFileSync(join(dir, '.prepack-package.json'), text);
  writeFileSync(file, `${JSON.stringify({ ...manifest, exports: publishedExports(manifest.exports) }, null, 2)}\n`);
}

const [command] = process.argv.slice(2);
if (command === 'pack') swap(process.cwd());
else if (command === 'restore') restore(process.cwd());
else if (command !== undefined) {
  console.error(`usage: node manifest.ts pack|restore (got ${command})`);
  process.exitCode = 2;
}
