/**
 * @module console
 * The comps console at `/console`: static files shipped with the api (apps/api/console), the
 * charting library from node_modules, and `/console/routes.json`, the search routes and their
 * condition values taken from the contract's parameter tables (so the page never keeps its own
 * copy). Public like the docs: the page holds no data; every call it makes carries the key
 * the user pasted, kept in the tab's session storage only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Express, Response } from 'express';
import { PARAM_TABLES, ROUTES } from '@listings/contract';
import { allowMethods } from './query.ts';

interface Asset { type: string; body: Buffer }

const here = fileURLToPath(new URL('../../console/', import.meta.url));
const require = createRequire(import.meta.url);

/** No inline script or style, nothing from another origin: the page is self-contained. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function routesJson(): string {
  return JSON.stringify(ROUTES.map((r) => {
    const params = PARAM_TABLES[r.id] ?? [];
    const condition = params.find((p) => p.name === 'condition');
    const values = condition && (condition.type === 'enum' || condition.type === 'enum_list') ? condition.values : [];
    return { id: r.id, token: r.token, kind: r.kind, cursor_paging: r.cursorPaging, condition: { values, multiple: condition?.type === 'enum_list' } };
  }));
}

function assets(): Map<string, Asset> {
  const own = (file: string, type: string): Asset => ({ type, body: readFileSync(`${here}${file}`) });
  const map = new Map<string, Asset>([
    ['/console', own('index.html', 'text/html; charset=utf-8')],
    ['/console/console.js', own('console.js', 'text/javascript; charset=utf-8')],
    ['/console/stats.js', own('stats.js', 'text/javascript; charset=utf-8')],
    ['/console/console.css', own('console.css', 'text/css; charset=utf-8')],
    ['/console/routes.json', { type: 'application/json', body: Buffer.from(routesJson()) }],
    ['/console/vendor/uplot.esm.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(require.resolve('uplot/dist/uPlot.esm.js')) }],
    ['/console/vendor/uplot.min.css', { type: 'text/css; charset=utf-8', body: readFileSync(require.resolve('uplot/dist/uPlot.min.css')) }],
  ]);
  return map;
}

function send(res: Response, asset: Asset): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-cache');
  res.type(asset.type).send(asset.body);
}

export function registerConsoleRoutes(app: Express): void {
  const files = assets();
  for (const [path, asset] of files) {
    app.all(path, allowMethods('GET'), (_req, res) => send(res, asset));
  }
  app.all('/console/', allowMethods('GET'), (_req, res) => {
    res.redirect(301, '/console');
  });
}
