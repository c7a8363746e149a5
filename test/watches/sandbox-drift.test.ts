/**
 * The sandbox market's drift (sim/drift.ts) through every route's real adapter: at step 2 a
 * search's first page, collected and parsed as any sandbox search, holds listings the page at
 * step 0 did not, and listings of step 0 at a lower displayed price; step 0 again is the usual
 * page. The new listings are new ones (their titles and asks drawn afresh), not copies of the
 * page's listings under other ids. So a sandbox watch of any route finds something once the market moves.
 */
import { ROUTES } from '@listings/contract';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
let key: string;
beforeAll(async () => {
  stack = await startStack({ env: { SANDBOX_CACHE_SECONDS: '1' } });
  ({ key } = await stack.newKey({ plan: 'scale' }));
});
afterAll(async () => {
  stack?.sim.setDrift({ step: 0 });
  await stack?.close();
});

interface Row { id: string; title: string | null; displayed_price: { amount: number; currency: string } | null }

const QUERIES: Record<string, string> = {
  'mkt_a/sold': 'q=leica+m6', 'mkt_a/listings': 'q=leica+m6', 'mkt_b/sold': 'q=nike+dunk', 'mkt_b/listings': 'q=nike+dunk',
  'mkt_c/sold': 'q=iphone+13', 'mkt_d/listings': 'q=levis+501', 'mkt_e/listings': 'q=couch&zip=94103',
};

/** The route's first page as a miss collects it now (a page in the sandbox cache is waited out). */
async function collect(route: string): Promise<Row[]> {
  for (let attempt = 0; ; attempt++) {
    const r = await stack.get(`/v1/${route}?${QUERIES[route]!}`, key);
    let job = (await r.json()) as { status: string; cached: boolean; request_id: string; result?: { data: Row[] }; error?: unknown };
    if (job.cached && attempt < 10) {
      await new Promise((res) => setTimeout(res, 1100));
      continue;
    }
    while (job.status === 'pending') job = (await (await stack.get(`/v1/jobs/${job.request_id}?wait=20`, key)).json()) as typeof job;
    expect({ route, status: job.status, error: job.error }).toEqual({ route, status: 'complete', error: undefined });
    return job.result!.data;
  }
}

test.each(ROUTES.map((r) => r.id))('%s: new listings and lower prices at step 2, the usual page at step 0', async (route) => {
  stack.sim.setDrift({ step: 0 });
  const before = await collect(route);
  stack.sim.setDrift({ step: 2 });
  const after = await collect(route);
  const was = new Map(before.map((r) => [r.id, r.displayed_price?.amount ?? null]));
  const fresh = after.filter((r) => !was.has(r.id));
  const cheaper = after.filter((r) => {
    const p = was.get(r.id);
    return p !== undefined && p !== null && r.displayed_price !== null && r.displayed_price.amount < p;
  });
  expect({ route, fresh: fresh.length >= 3, cheaper: cheaper.length >= 1 }).toEqual({ route, fresh: true, cheaper: true });
  const seen = new Set(before.map((r) => `${r.title}|${r.displayed_price?.amount ?? null}`));
  const copies = fresh.filter((r) => seen.has(`${r.title}|${r.displayed_price?.amount ?? null}`));
  expect({ route, copies: copies.map((r) => r.title) }).toEqual({ route, copies: [] });
  stack.sim.setDrift({ step: 0 });
  expect((await collect(route)).map((r) => r.id)).toEqual(before.map((r) => r.id));
}, 60_000);
