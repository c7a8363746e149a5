/**
 * @module docs
 * The OpenAPI description at `/v1/openapi.json` and a readable docs page at `/v1/docs`;
 * public (no key), GET only.
 */
import type { Express } from 'express';
import { openApiDocument } from '@listings/contract';
import { allowMethods } from './query.ts';

interface Op { summary?: string; description?: string; parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }> }

function esc(s: string): string {
  return s.replace(/[&<>"]/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function docsPage(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, Op>>;
  const sections = Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => {
    const rows = (op.parameters ?? []).map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td>${esc(p.description ?? '')}</td></tr>`).join('');
    return `<h2>${method.toUpperCase()} <code>${esc(path)}</code></h2><p>${esc(op.summary ?? '')}. ${esc(op.description ?? '')}</p><table><tr><th>Name</th><th>In</th><th>Required</th><th>Rule</th></tr>${rows}</table>`;
  })).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Listings API v1</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}code{background:#f4f4f4}</style></head><body><h1>Listings API v1</h1><p>Authenticate with <code>Authorization: Bearer &lt;API_KEY&gt;</code>. Machine-readable description: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>${sections}</body></html>`;
}

export function registerDocsRoutes(app: Express): void {
  const doc = openApiDocument();
  const json = JSON.stringify(doc);
  const html = docsPage(doc);
  app.all('/v1/openapi.json', allowMethods('GET'), (_req, res) => {
    res.type('application/json').send(json);
  });
  app.all('/v1/docs', allowMethods('GET'), (_req, res) => {
    res.type('text/html').send(html);
  });
}
