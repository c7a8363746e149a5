/**
 * docs/config.md is generated from the configuration table (`npm run docs:config`); this fails
 * when someone changes a setting, its default or its doc line without regenerating it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configMarkdown, FIELDS } from '@listings/config';

const DOC = fileURLToPath(new URL('../../docs/config.md', import.meta.url));

test('docs/config.md is exactly configMarkdown() (run `npm run docs:config` after changing a setting)', () => {
  expect(readFileSync(DOC, 'utf8')).toBe(configMarkdown());
});

test('every setting has its row', () => {
  const doc = readFileSync(DOC, 'utf8');
  for (const f of Object.values(FIELDS)) expect(doc).toContain(`| \`${f.env}\` |`);
});
