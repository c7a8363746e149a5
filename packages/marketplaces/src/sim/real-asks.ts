/**
 * @module sim/real-asks
 * The real asks behind the sandbox catalogue's bands: every real listing of the project's
 * captures (`../shared/fixtures`, `test/data`), as their golden files in `test/golden/` read
 * them (title and displayed price in dollars, by independent readers, never the service's
 * parsers), resolved through the catalogue's own reading of keywords (sim/catalog.ts
 * `readKeywords`, the listing's title taken as keywords), and summed up per catalogue entry:
 * how many real asks, their p10, median and p90, from which captures, and a few real titles.
 *
 * `node packages/marketplaces/src/sim/real-asks.ts` writes `sim/real-asks.json` (from the
 * captures git tracks); `real-asks.test.ts` checks every entry with eight or more real asks,
 * in the captures of today, has its median inside the band the catalogue draws from, and that
 * the file still agrees with them. Prices in other currencies (the ebay.de, .co.uk, Korean and
 * Japanese pages) are left out.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readKeywords } from './catalog.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const GOLDEN = join(ROOT, 'test/golden');
export const REAL_ASKS_FILE = fileURLToPath(new URL('./real-asks.json', import.meta.url));

export interface RealEntry {
  /** What the catalogue read the titles as: `product`, `car` or `category`. */
  what: string;
  n: number;
  p10: number;
  median: number;
  p90: number;
  /** Real asks per capture file. */
  captures: Record<string, number>;
  /** Up to three real titles with their asks. */
  examples: string[];
}

export interface RealAsks {
  note: string;
  /** Golden files read (real listings with a title and a dollar price). */
  read: string[];
  /** Catalogue entry (its label) → the real asks it drew. */
  entries: Record<string, RealEntry>;
}

interface GoldenRow {
  title?: string | null;
  displayed_price?: { amount: number; currency: string } | null;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * Reads every golden file (or those of the captures `only` names) and sums up the real asks per
 * catalogue entry (entries with 3+ asks).
 */
export function realAsks(only?: readonly string[]): RealAsks {
  const groups = new Map<string, { what: string; asks: number[]; captures: Record<string, number>; examples: string[] }>();
  const read: string[] = [];
  for (const token of readdirSync(GOLDEN).filter((d) => /^mkt_[a-e]$/u.test(d)).sort()) {
    for (const file of readdirSync(join(GOLDEN, token)).filter((f) => f.endsWith('.json')).sort()) {
      const golden = JSON.parse(readFileSync(join(GOLDEN, token, file), 'utf8')) as { capture?: string; search?: { q?: string }; rows?: GoldenRow[] };
      const rows = (golden.rows ?? []).filter((r) => typeof r.title === 'string' && r.displayed_price?.currency === 'USD');
      if (rows.length === 0) continue;
      const capture = golden.capture ?? `${token}/${file}`;
      if (only && !only.includes(capture)) continue;
      read.push(capture);
      // A page's listings count for the kinds of product its search was for (a stroller bag in a
      // clothing seller's closet, or door panels on a car search, are not asks of their kind).
      const searched = new Set(readKeywords(golden.search?.q ?? '').kinds);
      for (const r of rows) {
        const plan = readKeywords(r.title!);
        if (plan.what === 'generic' || !plan.kinds.some((k) => searched.has(k))) continue;
        const g = groups.get(plan.label) ?? { what: plan.what, asks: [], captures: {}, examples: [] };
        g.asks.push(r.displayed_price!.amount);
        g.captures[capture] = (g.captures[capture] ?? 0) + 1;
        if (g.examples.length < 3) g.examples.push(`$${r.displayed_price!.amount} ${r.title!}`);
        groups.set(plan.label, g);
      }
    }
  }
  const entries: Record<string, RealEntry> = {};
  for (const [label, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    if (g.asks.length < 3) continue;
    const s = [...g.asks].sort((a, b) => a - b);
    entries[label] = { what: g.what, n: s.length, p10: quantile(s, 0.1), median: quantile(s, 0.5), p90: quantile(s, 0.9), captures: g.captures, examples: g.examples };
  }
  return {
    note: 'Real asks of the captures (test/golden), grouped by the sandbox catalogue entry their titles read as. Written by packages/marketplaces/src/sim/real-asks.ts; do not edit.',
    read, entries,
  };
}

/** The captures whose golden files git tracks (work in progress in the tree left out), or null without git. */
function trackedCaptures(): string[] | null {
  try {
    const files = execFileSync('git', ['ls-files', 'test/golden'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.json'));
    return files.map((f) => (JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as { capture?: string }).capture ?? '').filter(Boolean);
  } catch {
    return null;
  }
}

if (import.meta.main) {
  writeFileSync(REAL_ASKS_FILE, `${JSON.stringify(realAsks(trackedCaptures() ?? undefined), null, 1)}\n`);
  console.log(`wrote ${REAL_ASKS_FILE}`);
}
