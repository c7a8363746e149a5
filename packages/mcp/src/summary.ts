/**
 * @module summary
 * The short text of each tool answer: what an agent or a person reads first (the rows and
 * every figure are in the structured content). Prices are the API's displayed prices; the
 * median of a page is the SDK's (`@listings/sdk/stats`, the one batch summaries use); the
 * items' figures are the API's own `comps` block, quoted, never recomputed here.
 */
import type { AnyJob, Batch, Comps, PriceFigures, Watch, WatchRun } from '@listings/sdk';
import { median, usdAmount } from '@listings/sdk/stats';

type Loose = Record<string, unknown>;

export function usd(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? `$${v.toFixed(2)}` : 'n/a';
}

function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

function figures(f: PriceFigures): string {
  if (f.count === 0) return 'none priced';
  const ci = f.median_ci90;
  return [
    `${f.count} priced, median ${usd(f.median)}${ci ? ` (90% CI ${usd(ci.low)}-${usd(ci.high)})` : ''}`,
    `p25-p75 ${usd(f.p25)}-${usd(f.p75)}`,
    `low-high ${usd(f.low)}-${usd(f.high)}`,
  ].join(', ');
}

/**
 * The API's `comps` block in words: the figures over the rows judged `item` (the product the
 * query names), with shipping where it is known, and the rows of each kind. Null without one.
 */
export function compsText(comps: Comps | null | undefined): string | null {
  if (!comps) return null;
  const kinds = Object.entries(comps.kinds).map(([k, n]) => `${n} ${k}`).join(', ');
  return `Items (rows judged the product itself): ${figures(comps.price)}; with shipping: ${figures(comps.price_with_shipping)}. Rows by kind: ${kinds}.`;
}

/** One line or a few about a job: pending (what to poll), failed (its code), or complete (rows, credits, figures, next page). */
export function jobText(route: string | null, job: AnyJob): string {
  if (job.status === 'pending') {
    return `Search ${job.request_id} is still pending; nothing is charged until it completes. Poll it with get_job {"request_id": "${job.request_id}"} (free).`;
  }
  if (job.status === 'failed') {
    return `Search ${job.request_id} failed: ${job.error?.code ?? 'failed'}: ${job.error?.message ?? ''} Nothing was charged (0 credits).`;
  }
  const r = (job.result ?? {}) as Loose & { data?: unknown[] };
  const rows = r.data ?? [];
  const priced = rows.map(usdAmount).filter((x): x is number => x !== null);
  const where = route ?? (typeof r.provider === 'string' ? r.provider : 'search');
  const lines = [
    `${where} "${String(r.query ?? '')}" page ${String(r.page ?? 1)}: ${plural(rows.length, 'row')}${typeof r.reported_total === 'number' ? ` of about ${r.reported_total} the marketplace reports` : ''}; ${plural(job.credits, 'credit')}${job.cached ? ' (cache hit)' : ''}; request ${job.request_id}.`,
    `Median displayed price ${usd(median(priced))} over ${plural(priced.length, 'priced row')} (every row of the page).`,
  ];
  const items = compsText(r.comps as Comps | undefined);
  if (items) lines.push(items);
  if (typeof r.next_page === 'number') lines.push(`Next page: page=${r.next_page}${typeof r.next_cursor === 'string' ? ' with cursor=next_cursor' : ''}.`);
  else lines.push('This is the last page.');
  return lines.join('\n');
}

/** The batch's counts and credits, a line per item (its figures), and where its CSV is. */
export function batchText(batch: Batch, csvUrl: string): string {
  const c = batch.counts;
  const lines = [`Batch ${batch.batch_id} ${batch.status}: ${c.complete} complete, ${c.failed} failed, ${c.rejected} rejected, ${c.pending} pending; ${plural(batch.credits, 'credit')}.`];
  for (const item of batch.items) {
    const head = `#${item.index} ${item.endpoint} "${item.q}"`;
    if (item.status === 'complete') {
      const s = item.summary as Loose | undefined;
      const figures = [
        `${plural(item.rows ?? 0, 'row')}, ${plural(item.credits, 'credit')}${item.cached ? ' (cache hit)' : ''}`,
        ...(s ? [`median displayed price ${usd(s.median)} over ${plural(Number(s.priced_count ?? 0), 'priced row')}`] : []),
      ];
      const items = compsText(item.comps);
      lines.push(`${head}: complete, ${figures.join('; ')}.${items ? ` ${items}` : ''}`);
    } else if (item.status === 'pending') {
      lines.push(`${head}: pending (${item.request_id ?? 'not yet submitted'}).`);
    } else {
      lines.push(`${head}: ${item.status}, ${item.error?.code ?? ''}${item.error?.message ? `: ${item.error.message}` : ''} (0 credits).`);
    }
  }
  lines.push(batch.status === 'pending' ? `Poll it with get_batch {"batch_id": "${batch.batch_id}", "wait_seconds": 20} (free).` : `CSV of every row: ${csvUrl} (send the API key in the Authorization header).`);
  return lines.join('\n');
}

function searchLine(search: unknown): string {
  const s = (search ?? {}) as Loose;
  return `${String(s.endpoint ?? '?')} "${String(s.q ?? '')}"`;
}

export function watchText(what: string, w: Watch): string {
  return `Watch ${w.id} ${what}: ${searchLine(w.search)} every ${w.schedule.every_seconds} s, ${w.status}${w.next_run_at ? `, next run ${w.next_run_at}` : ''}.`;
}

export function watchListText(list: readonly Watch[]): string {
  if (list.length === 0) return 'No watches.';
  return [`${plural(list.length, 'watch', 'watches')}:`, ...list.map((w) => `${w.id} ${w.status} ${searchLine(w.search)} every ${w.schedule.every_seconds} s${w.name ? ` (${w.name})` : ''}`)].join('\n');
}

export function watchRunsText(id: string, runs: readonly WatchRun[]): string {
  if (runs.length === 0) return `Watch ${id} has no runs yet.`;
  const credits = runs.reduce((n, r) => n + r.credits, 0);
  const matches = runs.reduce((n, r) => n + r.match_count, 0);
  return [
    `Watch ${id}: ${plural(runs.length, 'run')}, ${plural(credits, 'credit')}, ${plural(matches, 'match', 'matches')} (newest first):`,
    ...runs.map((r) => `${r.scheduled_at} ${r.status}${r.baseline ? ' (baseline)' : ''}: ${plural(r.rows ?? 0, 'row')}, ${plural(r.match_count, 'match', 'matches')}, ${plural(r.credits, 'credit')}${r.error ? `, ${typeof r.error === 'object' ? (r.error as Loose).code : String(r.error)}` : ''}`),
  ].join('\n');
}
