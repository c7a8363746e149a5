/**
 * @module docs
 * The OpenAPI description at `/v1/openapi.json` and the docs page at `/v1/docs`, rendered in
 * the browser from that description by Scalar's standalone API reference
 * (`@scalar/api-reference`), served from node_modules at `/v1/docs/scalar.js`: no CDN, so it
 * works offline. Its fonts, telemetry, hosted client and agent are turned off, and a Content
 * Security Policy keeps the page to this origin. The page reads `/v1/docs/openapi.json`: the
 * same description with the values its Test Request panel starts from and mkt_e's category IDs
 * (`docsDocument`). Public (no key), GET only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Express } from 'express';
import { openApiDocument } from '@listings/contract';
// The set the mkt_e adapter accepts, listed as vehicle_make's allowed values; its category IDs.
import { MKT_E_CATEGORIES, VEHICLE_MAKES } from '@listings/marketplaces';
import { allowMethods } from './query.ts';

const require = createRequire(import.meta.url);

/** Scalar's configuration: samples in curl and the TypeScript SDK, nothing fetched from elsewhere. */
const SCALAR_CONFIG = {
  theme: 'default',
  layout: 'modern',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  hiddenClients: true,
  operationTitleSource: 'summary',
  modelsSectionLabel: 'Schemas',
  customCss: [
    // The introduction's tables (the errors with what to do, four columns of text) take the page's
    // width, not the left half beside the server and key boxes, where they were crushed to a few
    // letters a line; status and code stay on one line.
    '.introduction-section .section-columns { flex-direction: column; }',
    '.introduction-section .section-column { width: 100%; max-width: none; }',
    '.introduction-description table :is(th, td):nth-child(-n+2) { white-space: nowrap; }',
  ].join('\n'),
};

const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

/**
 * The searches the docs page's Test Request panel starts from, the same as the request samples
 * of the description: every value the panel fills in is one the route accepts, so Send works as
 * it opens (with no `q` and, on mkt_e, no place, the route refused it with a 422).
 */
const TRY_QUERIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'mkt_a/sold': { q: 'iphone 13' }, 'mkt_a/listings': { q: 'iphone 13' },
  'mkt_b/sold': { q: 'nike dunk' }, 'mkt_b/listings': { q: 'nike dunk' },
  'mkt_c/sold': { q: 'iphone 13' }, 'mkt_d/listings': { q: 'levis 501' },
  'mkt_e/listings': { q: 'honda civic', zip: '94103' },
};

interface Operation { parameters?: Array<{ name: string; in: string; example?: unknown; description?: string }> }

/**
 * mkt_e's category IDs as the `category` parameter lists them on the page: each top level with
 * its second level on one line ("**5** Vehicles: `5.1` Cars & Trucks, `5.2` Motorcycles, …"),
 * so a reader finds that cars and trucks are `5.1`.
 */
export function categoryList(categories: ReadonlyArray<readonly [string, string]>): string {
  const lines = categories.filter(([id]) => !id.includes('.')).map(([top, label]) => {
    const subs = categories.filter(([id]) => id.startsWith(`${top}.`))
      .sort(([a], [b]) => Number(a.split('.')[1]) - Number(b.split('.')[1]))
      .map(([id, l]) => `\`${id}\` ${l}`);
    return `- **\`${top}\`** ${label}${subs.length > 0 ? `: ${subs.join(', ')}` : ''}`;
  });
  return `The category IDs (the marketplace's taxonomy, first two levels):\n\n${lines.join('\n')}`;
}

/**
 * The description as the docs page shows it: /v1/openapi.json with the starting values of the
 * Test Request panel (TRY_QUERIES) as the parameters' examples, and mkt_e's category IDs
 * listed under its `category` parameter.
 */
export function docsDocument(doc: Record<string, unknown>, categories: ReadonlyArray<readonly [string, string]> = []): Record<string, unknown> {
  const copy = structuredClone(doc) as { paths: Record<string, { get?: Operation }> };
  for (const [route, query] of Object.entries(TRY_QUERIES)) {
    for (const p of copy.paths[`/v1/${route}`]?.get?.parameters ?? []) {
      if (p.in === 'query' && query[p.name] !== undefined) p.example = query[p.name];
    }
  }
  const category = copy.paths['/v1/mkt_e/listings']?.get?.parameters?.find((p) => p.in === 'query' && p.name === 'category');
  if (category && categories.length > 0) category.description = `${category.description ?? ''}\n\n${categoryList(categories)}`;
  return copy;
}

function docsPage(): string {
  const config = JSON.stringify(SCALAR_CONFIG).replace(/'/gu, '&#39;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Listings API v1</title>
</head>
<body>
<noscript>This page renders the OpenAPI 3.1 description at <a href="/v1/openapi.json">/v1/openapi.json</a>; it needs JavaScript.</noscript>
<script id="api-reference" data-url="/v1/docs/openapi.json" data-configuration='${config}'></script>
<script src="/v1/docs/scalar.js"></script>
</body>
</html>
`;
}

export function registerDocsRoutes(app: Express): void {
  const doc = openApiDocument({ vehicleMakes: [...VEHICLE_MAKES] });
  const json = JSON.stringify(doc);
  const pageJson = JSON.stringify(docsDocument(doc, MKT_E_CATEGORIES));
  const html = docsPage();
  let scalar: Buffer | null = null;
  app.all('/v1/openapi.json', allowMethods('GET'), (_req, res) => {
    res.type('application/json').send(json);
  });
  app.all('/v1/docs/openapi.json', allowMethods('GET'), (_req, res) => {
    res.type('application/json').send(pageJson);
  });
  app.all('/v1/docs', allowMethods('GET'), (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('text/html').send(html);
  });
  app.all('/v1/docs/scalar.js', allowMethods('GET'), (_req, res) => {
    // Read on first use (4 MB): processes that never serve the page never hold it.
    // The package's `browser` build (not an exported subpath): dist/browser beside its entry.
    scalar ??= readFileSync(join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js'));
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript; charset=utf-8').send(scalar);
  });
}
