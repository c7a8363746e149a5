/**
 * @module docs-config
 * `npm run docs:config`: writes docs/config.md from the configuration table of
 * @listings/config (configMarkdown()); test/docs/config.test.ts fails when they differ.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configMarkdown } from '@listings/config';
import { ROOT } from './local-state.ts';

const file = join(ROOT, 'docs/config.md');
writeFileSync(file, configMarkdown());
console.log(`wrote ${file}`);
