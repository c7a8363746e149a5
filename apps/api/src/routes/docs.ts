/**
 * @module docs
 * The OpenAPI description at `/v1/openapi.json` and the docs page at `/v1/docs`, rendered in
 * the browser from that description by Scalar's standalone API reference
 * (`@scalar/api-reference`), served from node_modules at `/v1/docs/scalar.js`: no CDN, so it
 * works offline. Its fonts, telemetry, hosted client and agent are turned off, and a Content
 * Security Policy keeps the page to this origin. Public (no key), GET only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Express } from 'express';
import { openApiDocument } from '@listings/contract';
// The set the mkt_e adapter accepts, listed as vehicle_make's allowed values.
import { VEHICLE_MAKES } from '@listings/marketplaces';
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
};

const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

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
<script id="api-reference" data-url="/v1/openapi.json" data-configuration='${config}'></script>
<script src="/v1/docs/scalar.js"></script>
</body>
</html>
`;
}

export function registerDocsRoutes(app: Express): void {
  const json = JSON.stringify(openApiDocument({ vehicleMakes: [...VEHICLE_MAKES] }));
  const html = docsPage();
  let scalar: Buffer | null = null;
  app.all('/v1/openapi.json', allowMethods('GET'), (_req, res) => {
    res.type('application/json').send(json);
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
