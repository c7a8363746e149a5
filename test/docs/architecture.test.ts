/**
 * The workspace's packages and their arrows, as the code has them: every import in a
 * workspace's files names a package its package.json declares (test code may use its dev
 * dependencies too) and every workspace it declares is imported, no relative import reaches
 * into another workspace's folder, no marketplace's folder into another's, production code
 * imports no test kit, and the workspaces' dependencies form no cycle, so no import runs from
 * a lower package to a higher one; docs/architecture.md draws those arrows. Within and across
 * workspaces no module imports one that imports it back, however long the way round; no server
 * package depends on the SDK or another client package; no ioredis connection has a method
 * reassigned (the bookkeeping is a subclass); each app's store parts, queues and clients are built
 * in its composition root; the api's route modules reach no store part or scheduler (they adapt
 * HTTP to the use cases of services/); no store module holds Lua inline (its scripts are `.lua`
 * files); the store's index exports only what production imports (test helpers from
 * @listings/store/testing). Imports are read with TypeScript's own
 * pre-processor (static, re-exports and dynamic imports with a literal
 * specifier, and a module's file found with `require.resolve` / `import.meta.resolve`), not from
 * comments.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Workspace {
  name: string;
  dir: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

function readWorkspaces(): Workspace[] {
  const out: Workspace[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(ROOT, group))) {
      const manifest = join(ROOT, group, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      out.push({ name: pkg.name, dir: join(ROOT, group, entry), dependencies: pkg.dependencies ?? {}, devDependencies: pkg.devDependencies ?? {} });
    }
  }
  return out;
}

const WORKSPACES = readWorkspaces();
const BY_NAME = new Map(WORKSPACES.map((w) => [w.name, w]));
const ROOT_DEV = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> }).devDependencies ?? {});
const BUILTIN = new Set(builtinModules);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|js|mjs|cjs)$/u.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * Development code: test files, test folders, test kits and helpers, and a package's own
 * `scripts/` (generators); it may use dev dependencies, the workspace's or the root's.
 */
function isDevCode(ws: Workspace, file: string): boolean {
  const rel = relative(ws.dir, file).split(sep);
  return /\.test\.ts$/u.test(file) || rel[0] === 'scripts' || rel.includes('test') || rel.includes('testkit') || /^test-/u.test(rel.at(-1)!) || rel.at(-1) === 'testing.ts';
}

/** Modules that come with a root dev dependency under another name. */
const PROVIDED_BY: Record<string, string> = { '@jest/globals': 'jest' };

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

interface Import {
  ws: Workspace;
  file: string;
  specifier: string;
  dev: boolean;
}

function imports(): Import[] {
  const out: Import[] = [];
  for (const ws of WORKSPACES) {
    for (const file of sourceFiles(ws.dir)) {
      const text = readFileSync(file, 'utf8');
      // `declare module 'x'` augments a module's types (Express's Request); it imports nothing.
      const augmented = new Set([...text.matchAll(/^declare module '([^']+)'/gmu)].map((m) => m[1]));
      for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
        if (!augmented.has(fileName)) out.push({ ws, file, specifier: fileName, dev: isDevCode(ws, file) });
      }
      // A module's file found by name (`require.resolve('x')`, `import.meta.resolve('x')`: a file served or copied) is a use of its package too.
      for (const m of text.matchAll(/\b(?:require|import\.meta)\.resolve\(\s*'([^']+)'\s*\)/gu)) out.push({ ws, file, specifier: m[1]!, dev: isDevCode(ws, file) });
    }
  }
  return out;
}

const IMPORTS = imports();
const where = (i: Import): string => `${relative(ROOT, i.file)} imports '${i.specifier}'`;

test('the scan sees the workspaces and their imports', () => {
  expect(WORKSPACES.map((w) => w.name)).toEqual(expect.arrayContaining(['@listings/contract', '@listings/http-client', '@listings/marketplaces', '@listings/api', '@listings/worker']));
  // The HttpClient port is imported from the contract by both sides of the seam.
  const port = IMPORTS.filter((i) => i.specifier === '@listings/contract' && /http-client|marketplaces/u.test(i.ws.name));
  expect(new Set(port.map((i) => i.ws.name))).toEqual(new Set(['@listings/http-client', '@listings/marketplaces']));
});

test('every package a workspace imports is declared in its package.json (dev dependencies: test and build code only)', () => {
  const undeclared: string[] = [];
  for (const i of IMPORTS) {
    if (i.specifier.startsWith('.') || i.specifier.startsWith('node:') || BUILTIN.has(i.specifier)) continue;
    const name = PROVIDED_BY[packageOf(i.specifier)] ?? packageOf(i.specifier);
    if (name === i.ws.name) continue;
    if (name in i.ws.dependencies) continue;
    if (i.dev && (name in i.ws.devDependencies || (!BY_NAME.has(name) && ROOT_DEV.includes(name)))) continue;
    undeclared.push(where(i));
  }
  expect(undeclared).toEqual([]);
});

test('no relative import leaves its workspace', () => {
  const crossing: string[] = [];
  for (const i of IMPORTS) {
    if (!i.specifier.startsWith('.')) continue;
    const target = resolve(dirname(i.file), i.specifier);
    if (!`${target}${sep}`.startsWith(`${i.ws.dir}${sep}`)) crossing.push(where(i));
  }
  expect(crossing).toEqual([]);
});

/** The workspaces' own arrows, from package.json: name → the workspaces it depends on. */
function arrows(withDev: boolean): Map<string, string[]> {
  return new Map(WORKSPACES.map((w) => [w.name, Object.keys({ ...w.dependencies, ...(withDev ? w.devDependencies : {}) }).filter((d) => BY_NAME.has(d))]));
}

/** A cycle of the graph as `a → b → a`, or null. */
function cycle(graph: Map<string, string[]>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): string | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n].join(' → ');
    state.set(n, 'open');
    path.push(n);
    for (const d of graph.get(n) ?? []) {
      const found = visit(d);
      if (found) return found;
    }
    path.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const found = visit(n);
    if (found) return found;
  }
  return null;
}

test('the workspaces\' dependencies, dev dependencies included, form no cycle', () => {
  expect(cycle(arrows(true))).toBeNull();
});

test('the cycle check can fail', () => {
  expect(cycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toBe('a → b → c → a');
});

test('the adapters\' port: http-client depends on the contract alone among the workspaces, and marketplaces never on http-client outside tests', () => {
  expect(arrows(true).get('@listings/http-client')).toEqual(['@listings/contract']);
  expect(arrows(false).get('@listings/marketplaces')).toEqual(['@listings/contract']);
});

test('no marketplace\'s folder imports another marketplace\'s: what two share lives in marketplaces/src/shared', () => {
  const crossing: string[] = [];
  for (const i of IMPORTS) {
    const own = /[/\\]marketplaces[/\\]src[/\\](mkt_[a-e])[/\\]/u.exec(i.file)?.[1];
    if (!own || !i.specifier.startsWith('.')) continue;
    const target = /[/\\]marketplaces[/\\]src[/\\](mkt_[a-e])[/\\]/u.exec(resolve(dirname(i.file), i.specifier))?.[1];
    if (target && target !== own) crossing.push(where(i));
  }
  expect(crossing).toEqual([]);
});

test('production code imports no test code: test kits have export paths of their own (./testkit, ./testing), never the index', () => {
  const leaks: string[] = [];
  for (const i of IMPORTS) {
    if (i.dev) continue;
    if (i.specifier.startsWith('.')) {
      if (isDevCode(i.ws, resolve(dirname(i.file), i.specifier))) leaks.push(where(i));
    } else if (/^@listings\/[^/]+\/(testkit|testing)$/u.test(i.specifier)) {
      leaks.push(where(i));
    }
  }
  expect(leaks).toEqual([]);
});

test('every workspace a package declares, it imports (the arrows are real)', () => {
  const unused: string[] = [];
  for (const ws of WORKSPACES) {
    const imported = new Set(IMPORTS.filter((i) => i.ws === ws && !i.specifier.startsWith('.')).map((i) => packageOf(i.specifier)));
    for (const name of Object.keys({ ...ws.dependencies, ...ws.devDependencies })) {
      if (BY_NAME.has(name) && !imported.has(name)) unused.push(`${ws.name} declares ${name}`);
    }
  }
  expect(unused).toEqual([]);
});

/** The arrows of docs/architecture.md's package drawing (a mermaid flowchart): `a --> b & c`, dotted for dev. */
function drawnArrows(): { deps: Map<string, Set<string>>; dev: Map<string, Set<string>> } {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const chart = /```mermaid\n(flowchart[^\n]*\n[\s\S]*?)```/u.exec(doc)?.[1] ?? '';
  const deps = new Map<string, Set<string>>();
  const dev = new Map<string, Set<string>>();
  const nameOf = (node: string): string => `@listings/${(/\[(?:apps|packages)\/([^\]]+)\]/u.exec(node)?.[1] ?? node).trim()}`;
  for (const line of chart.split('\n').slice(1)) {
    const m = /^\s*(\S+?(?:\[[^\]]+\])?)\s+(-->|-\.[^.]*\.->)\s+(.+)$/u.exec(line);
    if (!m) continue;
    const into = m[2] === '-->' ? deps : dev;
    const from = nameOf(m[1]!);
    if (!into.has(from)) into.set(from, new Set());
    for (const to of m[3]!.split('&')) into.get(from)!.add(nameOf(to));
  }
  return { deps, dev };
}

test('docs/architecture.md draws the packages and their arrows as package.json has them', () => {
  const { deps, dev } = drawnArrows();
  const declared = (field: 'dependencies' | 'devDependencies'): Record<string, string[]> =>
    Object.fromEntries(WORKSPACES.map((w) => [w.name, Object.keys(w[field]).filter((d) => BY_NAME.has(d)).sort()]).filter(([, to]) => to!.length > 0));
  const drawn = (m: Map<string, Set<string>>): Record<string, string[]> => Object.fromEntries([...m].map(([from, to]) => [from, [...to].sort()]));
  expect(drawn(deps)).toEqual(declared('dependencies'));
  expect(drawn(dev)).toEqual(declared('devDependencies'));
});

/** A workspace's export path (`.`, `./stats`) → its file, from package.json's `exports`. */
function exportFiles(ws: Workspace): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ws.dir, 'package.json'), 'utf8')) as { exports?: Record<string, string | { default?: string }> };
  const out = new Map<string, string>();
  for (const [path, target] of Object.entries(pkg.exports ?? {})) {
    const file = typeof target === 'string' ? target : target.default;
    if (file) out.set(path, resolve(ws.dir, file));
  }
  return out;
}

const EXPORTS = new Map(WORKSPACES.map((w) => [w.name, exportFiles(w)]));

/** The file an import names, within the workspace (a relative path or a workspace's export), or null. */
function importedFile(i: Import): string | null {
  if (i.specifier.startsWith('.')) {
    const target = resolve(dirname(i.file), i.specifier);
    for (const candidate of [target, `${target}.ts`, join(target, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    return null;
  }
  const name = packageOf(i.specifier);
  const sub = i.specifier.slice(name.length);
  const target = EXPORTS.get(name)?.get(`.${sub}`);
  if (!target) return null;
  // A package's own export of a `.js` file stands for its TypeScript source where that is what the repository holds.
  return existsSync(target) ? target : existsSync(target.replace(/\.js$/u, '.ts')) ? target.replace(/\.js$/u, '.ts') : null;
}

/** The strongly connected groups of more than one module (or a module importing itself): each an import cycle. */
function importCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (n: string): void => {
    index.set(n, next);
    low.set(n, next++);
    stack.push(n);
    onStack.add(n);
    for (const d of graph.get(n) ?? []) {
      if (!index.has(d)) {
        visit(d);
        low.set(n, Math.min(low.get(n)!, low.get(d)!));
      } else if (onStack.has(d)) {
        low.set(n, Math.min(low.get(n)!, index.get(d)!));
      }
    }
    if (low.get(n) === index.get(n)) {
      const group: string[] = [];
      let m: string;
      do {
        m = stack.pop()!;
        onStack.delete(m);
        group.push(m);
      } while (m !== n);
      if (group.length > 1 || graph.get(n)?.has(n)) out.push(group.sort());
    }
  };
  for (const n of graph.keys()) if (!index.has(n)) visit(n);
  return out;
}

test('no import cycle between the workspace\'s modules (type imports, re-exports and imports through a package\'s exports included)', () => {
  const graph = new Map<string, Set<string>>();
  for (const i of IMPORTS) {
    const to = importedFile(i);
    if (!to) continue;
    const from = relative(ROOT, i.file);
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(relative(ROOT, to));
  }
  expect(importCycles(graph)).toEqual([]);
});

test('the import cycle check can fail', () => {
  const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c', 'a'])], ['c', new Set<string>()], ['d', new Set(['d'])]]);
  expect(importCycles(graph)).toEqual([['a', 'b'], ['d']]);
});

/** The methods of an ioredis connection its bookkeeping hooks (packages/store/src/connections.ts subclasses them). */
const REDIS_METHODS = new Set(['connect', 'disconnect', 'quit', 'duplicate']);

/** Where a file sets one of REDIS_METHODS on an object (`x.quit = …`, `x['quit'] = …`, `Object.defineProperty(x, 'quit', …)`). */
function methodsReassigned(fileName: string, text: string): string[] {
  if (!/\b(connect|disconnect|quit|duplicate)\b/u.test(text)) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const named = (node: ts.Node): string | null => {
    if (ts.isPropertyAccessExpression(node)) return node.name.text;
    if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) return node.argumentExpression.text;
    return null;
  };
  const visit = (node: ts.Node): void => {
    let method: string | null = null;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) method = named(node.left);
    if (ts.isCallExpression(node) && /^Object\.(defineProperty|assign)$/u.test(node.expression.getText(source))) {
      const [, second] = node.arguments;
      if (second && ts.isStringLiteralLike(second)) method = second.text;
      if (second && ts.isObjectLiteralExpression(second)) method = second.properties.map((p) => p.name && ts.isIdentifier(p.name) ? p.name.text : '').find((n) => REDIS_METHODS.has(n)) ?? null;
    }
    if (method !== null && REDIS_METHODS.has(method)) out.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} sets ${method}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

test('no ioredis method is reassigned: connect, disconnect, quit and duplicate are hooked by a subclass (TrackedRedis), not set on a connection', () => {
  const found: string[] = [];
  // The root's scripts, tests and benchmarks beside the workspaces (not the captures in test/data and test/golden).
  const files = [...WORKSPACES.flatMap((w) => sourceFiles(w.dir)), ...['scripts', 'test', 'bench'].flatMap((d) => sourceFiles(join(ROOT, d)))]
    .filter((f) => f.endsWith('.ts') && !/[/\\]test[/\\](data|golden)[/\\]/u.test(relative(ROOT, f).replace(/^/u, '/')));
  for (const file of files) found.push(...methodsReassigned(relative(ROOT, file), readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});

test('the reassignment check can fail', () => {
  const text = "redis.quit = () => 1;\nconst x = { disconnect: 1 };\nredis['connect'] = f;\nObject.defineProperty(copy, 'duplicate', { value: f });\nredis.status = 'end';\n";
  expect(methodsReassigned('a.ts', text)).toEqual(['a.ts:1 sets quit', 'a.ts:3 sets connect', 'a.ts:4 sets duplicate']);
});

/** The published client packages: what the API's users install. Nothing of the server depends on them. */
const CLIENTS = new Set(['@listings/sdk', '@listings/cli', '@listings/mcp']);

test('server packages do not depend on the SDK (or any client package); the SDK is a leaf but for its generator\'s dev dependencies', () => {
  const onClients: string[] = [];
  for (const ws of WORKSPACES) {
    if (CLIENTS.has(ws.name)) continue;
    for (const name of Object.keys({ ...ws.dependencies, ...ws.devDependencies })) if (CLIENTS.has(name)) onClients.push(`${ws.name} → ${name}`);
  }
  expect(onClients).toEqual([]);
  const sdk = BY_NAME.get('@listings/sdk')!;
  expect(Object.keys(sdk.dependencies).filter((d) => BY_NAME.has(d))).toEqual([]);
  // Its generator reads the contract (the OpenAPI description) and copies @listings/common's files; no adapter.
  expect(Object.keys(sdk.devDependencies).filter((d) => BY_NAME.has(d)).sort()).toEqual(['@listings/common', '@listings/contract']);
  expect(BY_NAME.get('@listings/common')!.dependencies).toEqual({});
});

/** What builds a store part, a queue or a client: the store's constructors, BullMQ's classes, an ioredis connection. */
const BUILDERS = /(?<![.\w])(create(?:Store|Accounts|Batches|Webhooks|Watches|WatchSchedules|KeptPages|CollectionQueues|SearchRecorder|SettledWaiters)|connectRedis|bullConnection)\s*\(|\bnew\s+(Queue|Worker|QueueEvents|FlowProducer|Redis|TrackedRedis)\s*[<(]/gu;

/** Where production code of a workspace builds store parts, queues or clients: `file: builder`. */
function builtIn(ws: Workspace): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(join(ws.dir, 'src'))) {
    if (isDevCode(ws, file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(BUILDERS)) out.push(`${relative(ws.dir, file)}: ${m[1] ?? m[2]}`);
  }
  return out;
}

test('the api\'s store parts, queues and clients are built in its composition root only (once, when the process starts)', () => {
  const built = builtIn(BY_NAME.get('@listings/api')!);
  expect(built.filter((b) => !b.startsWith('src/composition-root.ts:'))).toEqual([]);
  expect(built.length).toBeGreaterThan(5);
});

test('the worker\'s store parts, queues and clients are built in its composition root only (its BullMQ workers, and the delivery queue, on the root\'s connections)', () => {
  const built = builtIn(BY_NAME.get('@listings/worker')!);
  // A BullMQ Worker (and the webhook delivery Queue) is made by the module that consumes it, on a connection of the root's (parts.bullConnection).
  const consumers = /: (Worker|Queue)$/u;
  expect(built.filter((b) => !b.startsWith('src/composition-root.ts:') && !consumers.test(b))).toEqual([]);
  expect(built.filter((b) => b.startsWith('src/composition-root.ts:')).length).toBeGreaterThan(5);
});

test('the builder check can fail', () => {
  const text = "const b = createBatches(redis, keys);\nconst q = new Queue<Data>('x');\nconst r = new TrackedRedis({ name }, {});\nconst f = createBatchesLater;\nconst c = parts.bullConnection('x');\n";
  expect([...text.matchAll(BUILDERS)].map((m) => m[1] ?? m[2])).toEqual(['createBatches', 'Queue', 'TrackedRedis']);
});

/** The names a module imports from `specifier`: named imports (types too), re-exports, and the names destructured from `await import(specifier)`. */
function namesImportedFrom(fileName: string, text: string, specifier: string): string[] {
  if (!text.includes(specifier)) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const from = (node: ts.Expression | undefined): boolean => node !== undefined && ts.isStringLiteralLike(node) && node.text === specifier;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && from(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) out.push((e.propertyName ?? e.name).text);
      if (bindings && ts.isNamespaceImport(bindings)) out.push('*');
    }
    if (ts.isExportDeclaration(node) && from(node.moduleSpecifier)) {
      if (node.exportClause && ts.isNamedExports(node.exportClause)) for (const e of node.exportClause.elements) out.push((e.propertyName ?? e.name).text);
      else out.push('*');
    }
    // `const { a, b: c } = await import('x')`
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectBindingPattern(node.name)) {
      const init = ts.isAwaitExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isCallExpression(init) && init.expression.kind === ts.SyntaxKind.ImportKeyword && from(init.arguments[0])) {
        for (const e of node.name.elements) out.push(((e.propertyName ?? e.name) as ts.Identifier).text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Where a file holds Lua in a string (a script's text with `redis.call(` or `redis.pcall(`) instead of a `.lua` file beside its module: `file:line`. Comments are not strings. */
function inlineLua(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    if (literal && /\bredis\.p?call\s*\(/u.test(node.text)) out.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The names an index module exports by name (`export { a, b as c, type D } from …`). */
function namesExported(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((s) => (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => e.name.text) : []));
}

/** The names `index` exports that no importer imports from `specifier` (an importer's `*` uses them all). */
function unusedExports(index: { file: string; text: string }, importers: ReadonlyArray<{ file: string; text: string }>, specifier: string): string[] {
  const used = new Set(importers.flatMap((i) => namesImportedFrom(i.file, i.text, specifier)));
  return used.has('*') ? [] : namesExported(index.file, index.text).filter((n) => !used.has(n));
}

test('the store\'s index exports only what production imports (the services, and the operator\'s tools in scripts/); what only tests and benchmarks use is @listings/store/testing\'s', () => {
  const store = BY_NAME.get('@listings/store')!;
  const production = [
    ...WORKSPACES.flatMap((ws) => sourceFiles(ws.dir).filter((f) => !isDevCode(ws, f))),
    ...sourceFiles(join(ROOT, 'scripts')).filter((f) => !/[/\\]scripts[/\\]jest[/\\]/u.test(f)),
  ].map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
  const indexFile = EXPORTS.get('@listings/store')!.get('.')!;
  const index = { file: relative(ROOT, indexFile), text: readFileSync(indexFile, 'utf8') };
  expect(unusedExports(index, production, '@listings/store')).toEqual([]);
  // The scan reads the index's names and the importers' (the services import dozens of them).
  expect(namesExported(index.file, index.text).length).toBeGreaterThan(50);
  expect(EXPORTS.get('@listings/store')!.get('./testing')).toBe(join(store.dir, 'src', 'testing.ts'));
});

test('the unused-export check can fail', () => {
  const index = { file: 'index.ts', text: "export { a, b as bee, type C } from './x.ts';\nexport { d, e } from './y.ts';\nexport { f } from './z.ts';\n" };
  const importers = [
    { file: 'p.ts', text: "import { a, type C } from 'pkg';\nimport { f } from 'pkg/testing';\n// import { e } from 'pkg';\n" },
    { file: 'q.ts', text: "export { bee } from 'pkg';\nasync function g() { const { d: dee } = await import('pkg'); return dee; }\n" },
  ];
  expect(unusedExports(index, importers, 'pkg')).toEqual(['e', 'f']);
  expect(unusedExports(index, [...importers, { file: 'r.ts', text: "import * as all from 'pkg';\n" }], 'pkg')).toEqual([]);
});

test('no store module holds inline Lua: every script is a `.lua` file beside its aggregate', () => {
  const store = BY_NAME.get('@listings/store')!;
  const found = sourceFiles(join(store.dir, 'src')).filter((f) => f.endsWith('.ts')).flatMap((f) => inlineLua(relative(ROOT, f).split(sep).join('/'), readFileSync(f, 'utf8')));
  expect(found).toEqual([]);
  // The scan reads the aggregates' modules (they load their scripts by name).
  expect(sourceFiles(join(store.dir, 'src')).filter((f) => /[/\\](watches|webhooks)[/\\]\1\.ts$/u.test(f))).toHaveLength(2);
});

test('the inline Lua check can fail', () => {
  const text = [
    "const A = `local t = redis.call('TIME')`;",
    '// redis.call( in a comment is no script',
    "const B = 'return redis.pcall(\"GET\", KEYS[1])';",
    "const C = `${NOW}\\nreturn redis.call('DEL', KEYS[1])`;",
    "const D = readFileSync(new URL('./x.lua', import.meta.url), 'utf8');",
    "const E = 'redis.calls are counted';",
  ].join('\n');
  expect(inlineLua('a.ts', text)).toEqual(['a.ts:1', 'a.ts:3', 'a.ts:4']);
});

/** Where the api's route modules are: each adapts HTTP to use cases (apps/api/src/services/). */
const API_ROUTES_DIR = join(ROOT, 'apps/api/src/routes');

/** Modules whose names a member's type names make it a store part (or the sold history archive's reader) of the api's Services. */
const STORE_MODULES = new Set(['@listings/store', './history-archive.ts']);

/**
 * The api's store parts and schedulers: the members of `Services` (composition-root.ts) whose
 * type is one the store (or the history archive's reader) exports: `store`, `batches`,
 * `watches`, `watchSchedules`, ….
 */
function storeParts(): Set<string> {
  const file = join(ROOT, 'apps/api/src/composition-root.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const storeTypes = new Set<string>();
  const parts = new Set<string>();
  const typeNames = (node: ts.Node, out: string[] = []): string[] => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) out.push(node.typeName.text);
    ts.forEachChild(node, (child) => void typeNames(child, out));
    return out;
  };
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && STORE_MODULES.has(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) storeTypes.add(e.name.text);
    }
  }
  for (const node of source.statements) {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'Services') continue;
    for (const m of node.members) {
      if (ts.isPropertySignature(m) && m.type && ts.isIdentifier(m.name) && typeNames(m.type).some((n) => storeTypes.has(n))) parts.add(m.name.text);
    }
  }
  return parts;
}

/**
 * Where a route module reaches the store itself: an import of `@listings/store`, a store part
 * read off the services object (`services.watches`, `services['batches']`), or taken out of
 * it (`const { watches } = services`, a parameter `{ watches }`). `file:line what`.
 */
function storeReached(fileName: string, text: string, parts: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (node: ts.Node, what: string): void => void out.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${what}`);
  const isStore = (specifier: ts.Node | undefined): boolean => specifier !== undefined && ts.isStringLiteralLike(specifier) && packageOf(specifier.text) === '@listings/store';
  const isServices = (node: ts.Node): boolean => ts.isIdentifier(node) && node.text === 'services';
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && isStore(node.moduleSpecifier)) at(node, 'imports @listings/store');
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && isStore(node.arguments[0])) at(node, 'imports @listings/store');
    if (ts.isPropertyAccessExpression(node) && isServices(node.expression) && parts.has(node.name.text)) at(node, `reaches services.${node.name.text}`);
    if (ts.isElementAccessExpression(node) && isServices(node.expression) && ts.isStringLiteralLike(node.argumentExpression) && parts.has(node.argumentExpression.text)) at(node, `reaches services.${node.argumentExpression.text}`);
    const bound = ts.isVariableDeclaration(node) && node.initializer && isServices(node.initializer) ? node.name : ts.isParameter(node) ? node.name : null;
    if (bound && ts.isObjectBindingPattern(bound)) {
      for (const e of bound.elements) {
        const name = e.propertyName ?? e.name;
        if ((ts.isIdentifier(name) || ts.isStringLiteralLike(name)) && parts.has(name.text)) at(e, `takes ${name.text} out of services`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * Route modules that still reach the store, each with its reason. An entry whose module no
 * longer does fails the test below: the list only shrinks.
 */
const ROUTES_ON_THE_STORE: Readonly<Record<string, string>> = {
  // The probes report on Redis and the process's connections themselves (a ping, the memory
  // watch's eviction policy and state, connections that ended for good): what they probe is
  // the store part, and there is no story between the probe and it.
  'health.ts': 'the /healthz and /readyz probes read the store\'s connections and Redis directly',
};

test('the api\'s route modules reach no store part or scheduler: they adapt HTTP to the use cases of services/, which do (the probes apart, listed with their reason)', () => {
  const parts = storeParts();
  expect([...parts]).toEqual(expect.arrayContaining(['store', 'accounts', 'queues', 'recorder', 'waiters', 'batches', 'webhooks', 'watches', 'watchSchedules', 'memory', 'history']));
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(API_ROUTES_DIR)) {
    const reached = storeReached(relative(API_ROUTES_DIR, file), readFileSync(file, 'utf8'), parts);
    if (reached.length > 0) found.set(relative(API_ROUTES_DIR, file), reached);
  }
  expect([...found.values()].flat().filter((r) => !Object.hasOwn(ROUTES_ON_THE_STORE, r.split(':')[0]!))).toEqual([]);
  expect(Object.keys(ROUTES_ON_THE_STORE).filter((f) => !found.has(f))).toEqual([]);
});

test('the route check can fail', () => {
  const text = [
    "import { newId } from '@listings/store';",
    "import type { WatchRecord } from '@listings/store/testing';",
    'export const r = (app, services, { batches: b }) => {',
    '  const { watches, logger, config } = services;',
    '  services.watchSchedules.apply(id);',
    "  services['batches'].get(id);",
    "  services.logger.warn(services.config.x); const m = import('@listings/store');",
    '  const other = { watches: 1 }.watches;',
    '};',
  ].join('\n');
  expect(storeReached('a.ts', text, new Set(['watches', 'watchSchedules', 'batches']))).toEqual([
    'a.ts:1 imports @listings/store',
    'a.ts:2 imports @listings/store',
    'a.ts:3 takes batches out of services',
    'a.ts:4 takes watches out of services',
    'a.ts:5 reaches services.watchSchedules',
    'a.ts:6 reaches services.batches',
    'a.ts:7 imports @listings/store',
  ]);
});
