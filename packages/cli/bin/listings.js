#!/usr/bin/env node
// The `listings` command (packages/cli/src/main.ts, run by Node 24's type stripping).
import { main } from '../src/main.ts';

process.exitCode = await main(process.argv.slice(2));
