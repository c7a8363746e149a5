#!/usr/bin/env node
// The `listings` command. `@listings/cli` is this package itself (a self-reference through its
// `exports`): in the repository that is src/main.ts, run by Node 24's type stripping; in a
// packed or published copy it is dist/main.js (packages/sdk/README.md, "Publishing").
import { main } from '@listings/cli';

process.exitCode = await main(process.argv.slice(2));
