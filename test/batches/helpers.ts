/**
 * Helpers shared by the batch tests: POST a batch, read one, poll until it settles, and pick
 * test-marketplace keywords whose ground truth has a known number of pages.
 */
import { testListings } from '@listings/marketplaces/testkit';
import type { Kind } from '@listings/contract';
import type { Stack } from '../support/stack.ts';

export interface BatchItem {
  index: number;
  endpoint: string;
  q: string;
  request_id: string | null;
  status: 'pending' | 'complete' | 'failed' | 'rejected';
  cached: boolean;
  credits: number;
  rows?: number;
  summary?: Record<string, unknown>;
  comps?: Record<string, unknown>;
  error?: { code: string; message: string };
  result?: Record<string, unknown> & { data: Array<Record<string, unknown>> };
}

export interface Batch {
  batch_id: string;
  status: 'pending' | 'complete';
  created_at: string;
  counts: { pending: number; complete: number; failed: number; rejected: number };
  credits: number;
  items: BatchItem[];
}

export interface ErrorReply {
  error: { code: string; message: string; index?: number; param?: string };
}

export function postBatch(stack: Stack, key: string | null, body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return fetch(`${stack.url}/v1/batches`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function getBatch(stack: Stack, key: string, id: string, query = ''): Promise<{ status: number; body: Batch }> {
  const r = await stack.get(`/v1/batches/${id}${query}`, key);
  return { status: r.status, body: (await r.json()) as Batch };
}

/** Polls with `wait` until the batch is no longer pending. */
export async function settleBatch(stack: Stack, key: string, id: string, query = '', maxSeconds = 20): Promise<Batch> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const { body } = await getBatch(stack, key, id, `?wait=5${query}`);
    if (body.status !== 'pending' || Date.now() > deadline) return body;
  }
}

/** Source pages of a test-marketplace search (40 rows a page). */
export function lastPage(q: string, kind: Kind = 'sold'): number {
  return Math.ceil(testListings(q, kind).length / 40);
}

/** A keyword set, unique to this run, whose test-marketplace search has exactly `pages` pages. */
export function keywordsWithPages(pages: number, tag: string, kind: Kind = 'sold'): string {
  for (let i = 0; i < 10_000; i++) {
    const q = `${tag} ${i}`;
    if (lastPage(q, kind) === pages) return q;
  }
  throw new Error(`no keywords with ${pages} pages`);
}

/** A keyword set unique to this test run (so nothing is already cached). */
export function fresh(tag: string): string {
  return `${tag} ${Math.random().toString(36).slice(2, 10)}`;
}
