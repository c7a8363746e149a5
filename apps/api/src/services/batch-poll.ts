/**
 * @module batch-poll
 * Reading a batch (interface 2.6, 4.8): each item's state as the store's batch-state.ts reads
 * it (its job, else how the submitter recorded it, else the submitter's lease). `wait` holds the call until nothing is pending, woken by settle.lua's
 * `b:<batch id>` announcements. Rows, summaries (mkt_a) and comps blocks (every marketplace) of
 * complete items are computed once and kept with the batch; results are spliced in as stored JSON.
 */
import { ApiError, JOB_ERRORS, type JobErrorCode, type Result } from '@listings/contract';
import { batchComps, summarize } from '@listings/export';
import { batchStatus, isId, isoWithOffset, itemView, ownedJob, readBatchState, type BatchView, type ItemFacts, type ItemView } from '@listings/store';
import type { Caller } from './authenticate.ts';
import type { Services } from '../composition-root.ts';

export type { ItemStatus, ItemView, BatchView } from '@listings/store';

const REJECTION_MESSAGES: Record<string, string> = {
  quota_exceeded: 'The plan allowance for the rolling 30 days was used up when this search was submitted.',
  too_many_pending: 'The account had too many pending searches when this search was submitted; resend it when others finish.',
};

/** The caller's batch with every item's state, or 404 request_not_found. */
export async function loadBatch(services: Services, caller: Caller, id: string): Promise<BatchView> {
  if (!isId('bat', id)) throw notFound();
  const view = await readBatchState(services.store, services.batches, id);
  if (!view || view.batch.account !== caller.account || view.batch.mode !== caller.mode) throw notFound();
  return view;
}

function notFound(): ApiError {
  return new ApiError('request_not_found', { message: 'No batch with this ID belongs to this account.' });
}

/** Re-reads only what can still change: pending items and the lease. */
async function refresh(services: Services, view: BatchView): Promise<BatchView> {
  const found = await services.batches.get(view.batch.id);
  if (!found) return view;
  const pendingIdx = view.items.filter((v) => v.status === 'pending').map((v) => v.item.index);
  const fresh = pendingIdx.some((i) => view.items[i]!.awaitingSubmit) ? await services.batches.items(view.batch.id) : null;
  const jobs = await Promise.all(pendingIdx.map((i) => services.store.getJob(view.items[i]!.item.jobId)));
  const items = [...view.items];
  pendingIdx.forEach((i, k) => {
    items[i] = itemView(fresh?.[i] ?? items[i]!.item, ownedJob(jobs[k]!, view.batch.id), found.batch, found.nowMs);
  });
  return { batch: found.batch, nowMs: found.nowMs, items, status: batchStatus(items) };
}

/**
 * Holds the call up to `seconds` until no item is pending, or until `gone` aborts (the client
 * left). Each announcement re-reads the pending items; the wait is cut at the lease's end so
 * items never submitted turn `not_submitted` on time.
 */
export async function settledOrTimeout(services: Services, view: BatchView, seconds: number, gone: AbortSignal): Promise<BatchView> {
  if (view.status !== 'pending' || seconds === 0) return view;
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0 || gone.aborted) return view;
    const leaseLeft = view.items.some((v) => v.awaitingSubmit) ? Math.max(10, view.batch.leaseUntilMs - view.nowMs + 10) : Infinity;
    const ms = Math.min(left, leaseLeft);
    const until = Date.now() + ms;
    // Registered before the re-read, so a settle in between is never missed.
    const w = services.waiters.wait(`b:${view.batch.id}`, ms, gone);
    try {
      view = await refresh(services, view);
      if (view.status !== 'pending') return view;
      const announced = await w.done;
      // Woken without an announcement before its time: released (the process is draining)
      // or the client left. Answer the current state rather than holding on.
      if (!announced && Date.now() < until - 5) return await refresh(services, view);
    } finally {
      w.cancel();
    }
  }
}

/** Rows, summary (mkt_a) and comps of a complete item, from its stored result (and hidden facts on mkt_a). */
function factsOf(view: ItemView, result: Result, hiddenJson: string | null): ItemFacts {
  let summary = null;
  if (view.item.endpoint.startsWith('mkt_a/')) {
    let ids: string[] = [];
    try {
      const hidden = hiddenJson ? (JSON.parse(hiddenJson) as { bestOfferAcceptedIds?: unknown }) : {};
      if (Array.isArray(hidden.bestOfferAcceptedIds)) ids = hidden.bestOfferAcceptedIds.filter((x): x is string => typeof x === 'string');
    } catch {
      ids = [];
    }
    summary = summarize(result, ids);
  }
  return { rows: result.count, summary, comps: batchComps(result) };
}

/**
 * The batch resource as JSON text. With `includeResults`, each complete item's stored result
 * is spliced in unparsed. Facts not yet kept are computed here and stored for later polls.
 */
export async function renderBatch(services: Services, view: BatchView, includeResults: boolean): Promise<string> {
  // Facts kept before items had a comps block are computed again.
  const stale = (v: ItemView): boolean => !v.item.facts || v.item.facts.comps === undefined;
  const needed = view.items.filter((v) => v.status === 'complete' && v.job?.resultId && (includeResults || stale(v)));
  const fetched = new Map(await Promise.all(needed.map(async (v) => {
    const rid = v.job!.resultId!;
    const wantHidden = stale(v) && v.item.endpoint.startsWith('mkt_a/');
    const [json, hidden] = await Promise.all([services.store.getResultJson(rid), wantHidden ? services.store.getHiddenJson(rid) : null]);
    return [v.item.index, { json, hidden }] as const;
  })));
  const counts = { pending: 0, complete: 0, failed: 0, rejected: 0 };
  let credits = 0;
  const newFacts: Array<[number, ItemFacts]> = [];
  const parts: string[] = [];
  for (const v of view.items) {
    counts[v.status]++;
    const job = v.job;
    const itemCredits = job?.credits ?? 0;
    credits += itemCredits;
    const out: Record<string, unknown> = {
      index: v.item.index,
      endpoint: v.item.endpoint,
      q: v.item.q,
      request_id: v.status === 'rejected' ? null : v.item.jobId,
      status: v.status,
      cached: job?.cached ?? false,
      credits: itemCredits,
    };
    const got = fetched.get(v.item.index);
    const resultJson = got?.json ?? null;
    if (v.status === 'complete') {
      let facts = v.item.facts;
      if ((!facts || facts.comps === undefined) && resultJson !== null) {
        facts = factsOf(v, JSON.parse(resultJson) as Result, got?.hidden ?? null);
        newFacts.push([v.item.index, facts]);
      }
      if (facts) {
        out.rows = facts.rows;
        if (facts.summary !== null) out.summary = facts.summary;
        if (facts.comps !== undefined) out.comps = facts.comps;
      }
    }
    if (v.error !== null) {
      const message = v.status === 'rejected' ? (REJECTION_MESSAGES[v.error] ?? 'The search was not accepted.') : (JOB_ERRORS[v.error as JobErrorCode] ?? 'The search failed.');
      out.error = { code: v.error, message };
    }
    const json = JSON.stringify(out);
    parts.push(includeResults && resultJson !== null ? `${json.slice(0, -1)},"result":${resultJson}}` : json);
  }
  // Facts are kept to spare later polls the work: a poll answers without keeping them (Redis out
  // of memory refuses the write; the next poll works them out again).
  if (newFacts.length > 0) {
    await services.batches.putFacts(view.batch.id, newFacts).catch((err: unknown) => services.logger.warn({ batchId: view.batch.id, err: (err as Error).message }, 'could not keep batch facts'));
  }
  const head = JSON.stringify({ batch_id: view.batch.id, status: view.status, created_at: isoWithOffset(view.batch.createdMs), counts, credits });
  return `${head.slice(0, -1)},"items":[${parts.join(',')}]}`;
}
