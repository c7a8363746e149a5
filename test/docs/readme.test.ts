/**
 * README.md keeps its promises: it opens with the two commands in order, names every
 * dependency of every package.json in "Dependencies and why", its links to files of the
 * checkout lead somewhere (files other parts of the work still owe are reported, not failed),
 * and its "Project layout" names every folder of the checkout, of apps/, packages/, test/ and
 * docs/, and nothing that is not there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** Written by other parts of the work; a link to them may precede them. */
const OWED = new Set(['docs/benchmarks.md']);

function manifests(): string[] {
  const out = ['package.json'];
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(ROOT, group))) {
      const f = join(group, name, 'package.json');
      if (existsSync(join(ROOT, f))) out.push(f);
    }
  }
  return out;
}

test('the first two commands are `npm ci && npm start`, then `npm ci && npm test`', () => {
  const blocks = [...README.matchAll(/^```[a-z]*\n([\s\S]*?)\n```$/gmu)].map((m) => m[1]);
  expect(blocks.slice(0, 2)).toEqual(['npm ci && npm start', 'npm ci && npm test']);
  // Nothing but the title comes before them.
  expect(README.slice(0, README.indexOf('```')).trim()).toMatch(/^# \S+$/u);
});

test('"Dependencies and why" names every dependency of every package.json', () => {
  const section = README.split(/^## /mu).find((s) => s.startsWith('Dependencies and why\n'));
  expect(section).toBeDefined();
  const missing: string[] = [];
  for (const file of manifests()) {
    const pkg = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
      for (const name of Object.keys(pkg[field] ?? {})) {
        if (name.startsWith('@listings/')) continue;
        if (!section!.includes(`\`${name}\``)) missing.push(`${name} (${file})`);
      }
    }
  }
  expect(missing).toEqual([]);
});

test('relative links lead to files of the checkout', () => {
  const targets = [...README.matchAll(/\]\(((?!https?:)[^)#]+)\)/gu)].map((m) => m[1]!);
  expect(targets.length).toBeGreaterThan(0);
  const missing = targets.filter((t) => !existsSync(join(ROOT, t)));
  const owed = missing.filter((t) => OWED.has(t));
  if (owed.length > 0) console.warn(`README links to files not written yet: ${owed.join(', ')}`);
  expect(missing.filter((t) => !OWED.has(t))).toEqual([]);
});

/** The entries "Project layout" names: a line's first word at the margin, and `  word/` under it for a folder's folders. */
function layoutEntries(): string[] {
  const block = /^## Project layout\n\n```\n([\s\S]*?)\n```$/mu.exec(README);
  expect(block).not.toBeNull();
  const out: string[] = [];
  let top = '';
  for (const line of block![1]!.split('\n')) {
    const word = /^( {0,2})(\S+)/u.exec(line);
    if (!word) continue; // a continuation line (deeper indent)
    if (word[1] === '') out.push((top = word[2]!));
    else if (word[2]!.endsWith('/')) out.push(`${top}${word[2]}`);
  }
  return out;
}

/** Folders of `dir` (relative to the root), without those git ignores. */
function folders(dir: string): string[] {
  const ignored = new Set(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n').filter((l) => /^[\w.-]+\/$/u.test(l)).map((l) => l.slice(0, -1)));
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== '.git' && !ignored.has(e.name))
    .map((e) => (dir === '.' ? e.name : `${dir}/${e.name}`));
}

test('"Project layout" names every folder of the checkout and of apps/, packages/, test/ and docs/, and only what exists', () => {
  const named = layoutEntries();
  expect(named.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  const says = (folder: string): boolean => named.some((p) => p === `${folder}/` || p.startsWith(`${folder}/`));
  expect(folders('.').filter((f) => !says(f))).toEqual([]);
  const missing = ['apps', 'packages', 'test', 'docs'].flatMap(folders).filter((f) => !named.includes(`${f}/`));
  expect(missing).toEqual([]);
});
