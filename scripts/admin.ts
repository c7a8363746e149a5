/**
 * @module admin
 * `npm run admin -- <command>`: the operator's command line for accounts, plans and API keys
 * (see scripts/lib/admin-cli.ts and `npm run admin -- help`). Exit codes: 0 done, 1 failed,
 * 2 usage.
 */
import { runAdmin } from './lib/admin-cli.ts';

try {
  process.exitCode = await runAdmin(process.argv.slice(2), process.env, {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} catch (err) {
  console.error('admin: unexpected failure (a bug):', err);
  process.exitCode = 1;
}
