/**
 * `npm run bench [filter]`: runs every benchmark in bench/*.bench.ts (or those whose name
 * contains the filter), one process each so their memory figures do not mix, and prints
 * their figures. Each benchmark prints its own baseline measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../bench/', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && f.includes(filter)).sort();
if (files.length === 0) {
  console.error(`no benchmark matches "${filter}"`);
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', `${dir}${f}`], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
