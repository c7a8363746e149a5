/**
 * @module tools
 * The MCP tools of the Listings API, each a JSON Schema of its input and of its answer taken
 * from the contract (./contract.ts, generated), a description that says what it costs in
 * credits, and what it runs on the SDK (`@listings/sdk`, the one HTTP client of the project):
 *
 * - `search_<token>_<kind>` (one per route): submits one page and waits for the job within a
 *   bound (`wait_seconds`), else answers the pending job whose `request_id` `get_job` polls;
 * - `get_job`: polls a job;
 * - `comps`: one product across marketplaces as one batch, with each item's figures;
 * - `get_batch`: a batch's status, figures and CSV link;
 * - `create_watch`, `list_watches`, `watch_runs`, `pause_watch`, `resume_watch`, `delete_watch`.
 *
 * A tool's answer is the API's own JSON (structured content, valid against the tool's output
 * schema) and a short text summary (./summary.ts). Errors are thrown as the SDK throws them and
 * turned into tool errors by ./server.ts.
 */
import type { AnyJob, Batch, Listings, Route, SearchParams, WatchCreate } from '@listings/sdk';
import { CONTRACT } from './contract.ts';
import type { JsonSchema } from './contract-types.ts';
import { batchText, jobText, watchListText, watchRunsText, watchText } from './summary.ts';

export interface ToolContext {
  sdk: Listings;
  /** The API's host root, for links (a batch's CSV). */
  baseUrl: string;
  /** The client's cancellation of this call. */
  signal: AbortSignal;
  /** Tells the client how a wait goes (a progress notification), when it asked for them. */
  progress?: (done: number, total: number, message: string) => Promise<void>;
}

export interface ToolAnswer {
  structured: Record<string, unknown>;
  text: string;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer>;
}

/** Longest a tool waits for a search or a batch before answering it pending (MCP clients commonly time a call out at 60 s). */
export const MAX_WAIT_SECONDS = 50;
export const DEFAULT_WAIT_SECONDS = 25;
/** The longest single hold of a job or batch poll the API allows. */
const POLL_HOLD_SECONDS = 20;

/** A tool that spends credits changes the account (its charges): not read-only, and a repeat charges again. */
const SPENDS = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } as const;

const SEARCH_COST = 'Costs 1 credit when the search completes (a cache hit included), as the API charges; nothing while it is pending, nothing when it fails.';
const FREE = 'Free: no credit.';

const waitSeconds = (dflt: number): JsonSchema => ({
  type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS, default: dflt,
  description: `Seconds to wait for the work to settle before answering (0-${MAX_WAIT_SECONDS}). What is still pending then is answered as pending, to poll later.`,
});
const idempotencyKey: JsonSchema = {
  type: 'string', pattern: '^[!-~]{1,128}$',
  description: 'Optional. Send the same key to retry this very call (say after a timeout): the API answers the same job or batch and charges nothing more (kept 24 hours). Without it, a repeated call is a new request and a completed one costs again.',
};
const id = (what: string, prefix: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 200, description: `The ${what} (\`${prefix}…\`).` });

function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Whole seconds left of `seconds` from now. */
function deadline(seconds: number): () => number {
  const end = Date.now() + seconds * 1000;
  return () => Math.floor((end - Date.now()) / 1000);
}

/** A wait's progress for the client: seconds waited (to the millisecond, so each is above the last) of `total`. */
function progressOf(ctx: ToolContext, total: number): (message: string) => Promise<void> {
  const start = Date.now();
  let last = -1;
  return async (message) => {
    const done = Math.max(last + 0.001, Math.min(total, (Date.now() - start) / 1000));
    last = done;
    await ctx.progress?.(Math.round(done * 1000) / 1000, total, message);
  };
}

/** Holds of a poll when the client follows progress: a notification at least this often. */
const PROGRESS_HOLD_SECONDS = 10;

/** Polls a job with held calls until it settles or `seconds` run out, telling the client how it goes when it asked. */
async function settleJob(ctx: ToolContext, job: AnyJob, seconds: number): Promise<AnyJob> {
  const left = deadline(seconds);
  const hold = ctx.progress ? PROGRESS_HOLD_SECONDS : POLL_HOLD_SECONDS;
  const progress = progressOf(ctx, seconds);
  while (job.status === 'pending' && left() >= 1) {
    await progress(`search ${job.request_id} pending`);
    job = await ctx.sdk.job(job.request_id, { wait: Math.min(hold, left()), signal: ctx.signal });
  }
  return job;
}

/** Polls a batch with held calls until nothing is pending or `seconds` run out; with every item's rows when `rows`. */
async function settleBatch(ctx: ToolContext, batch: Batch, seconds: number, rows: boolean): Promise<Batch> {
  const left = deadline(seconds);
  const hold = ctx.progress ? PROGRESS_HOLD_SECONDS : POLL_HOLD_SECONDS;
  const progress = progressOf(ctx, seconds);
  while (batch.status === 'pending' && left() >= 1) {
    await progress(`batch ${batch.batch_id}: ${batch.counts.pending} of ${batch.items.length} searches pending`);
    batch = await ctx.sdk.batch(batch.batch_id, { wait: Math.min(hold, left()), signal: ctx.signal });
  }
  return rows ? ctx.sdk.batch(batch.batch_id, { include: 'results', signal: ctx.signal }) : batch;
}

function batchAnswer(batch: Batch, ctx: ToolContext): ToolAnswer {
  const csvUrl = `${ctx.baseUrl}/v1/batches/${encodeURIComponent(batch.batch_id)}?format=csv`;
  return { structured: { ...batch, csv_url: csvUrl }, text: batchText(batch, csvUrl) };
}

function toolName(route: Route): string {
  return `search_${route.replace('/', '_')}`;
}

const { q: QUERY, min_price: MIN_PRICE, max_price: MAX_PRICE } = CONTRACT.routes.find((r) => r.route === 'mkt_a/sold')!.input.properties;
const { zip: ZIP } = CONTRACT.routes.find((r) => r.route === 'mkt_e/listings')!.input.properties;
const ROUTE_IDS = CONTRACT.routes.map((r) => r.route);
const SOLD_ROUTES = ROUTE_IDS.filter((r) => r.endsWith('/sold'));

function searchTools(): ToolDefinition[] {
  return CONTRACT.routes.map((c) => ({
    name: toolName(c.route),
    title: c.summary,
    description: [
      `Search ${c.route}: ${c.summary.toLowerCase()}, one source page per call, rows exactly as the API returns them (displayed prices: what the marketplace shows, not verified transaction prices), each judged against the query (comp_kind: item, accessory, lot, parts or other, with comp_reasons), and the result's comps: price figures over the item rows.`,
      SEARCH_COST,
      `Waits up to wait_seconds (default ${DEFAULT_WAIT_SECONDS}) for the job; if it is still pending the answer is the pending job: poll it with get_job (free), never search again for it.`,
      c.cursorPaging
        ? 'Next page: page = next_page and cursor = next_cursor from this answer, every other input unchanged.'
        : 'Next page: page = next_page from this answer, every other input unchanged.',
    ].join(' '),
    inputSchema: {
      ...c.input,
      properties: { ...c.input.properties, wait_seconds: waitSeconds(DEFAULT_WAIT_SECONDS), idempotency_key: idempotencyKey },
    },
    outputSchema: c.output,
    annotations: SPENDS,
    async run(args, ctx) {
      const { wait_seconds: wait = DEFAULT_WAIT_SECONDS, idempotency_key: key, ...params } = args;
      const submitted = await ctx.sdk.submit(c.route, params as SearchParams<typeof c.route>, { ...(key ? { idempotencyKey: key as string } : {}), signal: ctx.signal });
      const job = await settleJob(ctx, submitted as AnyJob, wait as number);
      return { structured: job as unknown as Record<string, unknown>, text: jobText(c.route, job) };
    },
  }));
}

const getJob: ToolDefinition = {
  name: 'get_job',
  title: 'Poll a search job',
  description: `Poll a search by its request_id (from a search tool or a batch item), waiting up to wait_seconds (default ${DEFAULT_WAIT_SECONDS}) for it to settle. ${FREE} Polling charges nothing; the search itself was charged once, when it completed (1 credit; nothing if it failed).`,
  inputSchema: object({ request_id: id('request id of the search', 'req_'), wait_seconds: waitSeconds(DEFAULT_WAIT_SECONDS) }, ['request_id']),
  outputSchema: CONTRACT.job,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const job = await settleJob(ctx, await ctx.sdk.job(args.request_id as string, { signal: ctx.signal }), (args.wait_seconds as number | undefined) ?? DEFAULT_WAIT_SECONDS);
    return { structured: job as unknown as Record<string, unknown>, text: jobText(null, job) };
  },
};

const includeRows: JsonSchema = { type: 'boolean', default: false, description: "Also answer every complete item's result with its rows (large: up to 100 rows per item). Default: the figures only." };
const csvUrl: JsonSchema = { type: 'string', description: "The batch's CSV (every row of every complete item): GET it with the API key in the Authorization header once nothing is pending (409 result_not_ready before)." };
const batchOutput: JsonSchema = { ...CONTRACT.batch, properties: { ...CONTRACT.batch.properties, csv_url: csvUrl }, required: [...(CONTRACT.batch.required as string[]), 'csv_url'] };

const comps: ToolDefinition = {
  name: 'comps',
  title: 'Comps for a product across marketplaces',
  description: [
    'What a product sells for: one batch that searches the keywords on several routes at once (default the sold routes: ' + SOLD_ROUTES.join(', ') + '), answered with each item\'s figures:',
    '`comps` on every complete item, every marketplace (the figures over the rows judged `item`, the product itself and not its cases, parts, lots or other models: count, median with a 90% confidence interval, hinges, low, high, the same with shipping, and the rows of each kind), beside `summary` (the interface\'s price summary over every priced row, mkt_a items).',
    'Costs 1 credit for each search of the batch that completes (one per route, one per mkt_a page; cache hits included), as the API charges; nothing for a search that fails or is rejected.',
    `Waits up to wait_seconds (default ${DEFAULT_WAIT_SECONDS}); what is still pending then is answered as is: poll it with get_batch (free).`,
  ].join(' '),
  inputSchema: object({
    q: QUERY!,
    routes: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ROUTE_IDS }, default: SOLD_ROUTES, description: 'The routes to search (sold routes for what things sold for, listings routes for what is on sale now).' },
    min_price: MIN_PRICE!,
    max_price: MAX_PRICE!,
    mkt_a_pages: { type: 'integer', minimum: 1, maximum: 10, default: 1, description: 'mkt_a routes only: pages 1..n, each a search of its own (1 credit each).' },
    zip: { ...ZIP, description: `mkt_e/listings only (which needs it): ${String(ZIP!.description)}` },
    wait_seconds: waitSeconds(DEFAULT_WAIT_SECONDS),
    include_rows: includeRows,
    idempotency_key: idempotencyKey,
  }, ['q']),
  outputSchema: batchOutput,
  annotations: SPENDS,
  async run(args, ctx) {
    const routes = (args.routes as Route[] | undefined) ?? SOLD_ROUTES;
    const defaults: Record<string, unknown> = { q: args.q };
    if (args.min_price !== undefined) defaults.min_price = args.min_price;
    if (args.max_price !== undefined) defaults.max_price = args.max_price;
    const pages = args.mkt_a_pages as number | undefined;
    const searches = routes.map((r) => ({
      endpoint: r,
      ...(pages !== undefined && r.startsWith('mkt_a/') ? { pages } : {}),
      ...(args.zip !== undefined && r === 'mkt_e/listings' ? { zip: args.zip } : {}),
    }));
    const created = await ctx.sdk.createBatch({ defaults, searches } as never, { ...(args.idempotency_key ? { idempotencyKey: args.idempotency_key as string } : {}), signal: ctx.signal });
    const batch = await settleBatch(ctx, created, (args.wait_seconds as number | undefined) ?? DEFAULT_WAIT_SECONDS, args.include_rows === true);
    return batchAnswer(batch, ctx);
  },
};

const getBatch: ToolDefinition = {
  name: 'get_batch',
  title: 'Batch status and CSV link',
  description: `A batch's status, counts, credits and each complete item's figures (comps: the figures over the rows judged the product itself; summary: over every priced row, mkt_a), with the link of its CSV. Waits up to wait_seconds (default 0) for pending searches. ${FREE}`,
  inputSchema: object({ batch_id: id('batch id', 'bat_'), wait_seconds: waitSeconds(0), include_rows: includeRows }, ['batch_id']),
  outputSchema: batchOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const first = await ctx.sdk.batch(args.batch_id as string, { signal: ctx.signal });
    return batchAnswer(await settleBatch(ctx, first, (args.wait_seconds as number | undefined) ?? 0, args.include_rows === true), ctx);
  },
};

const WATCH_RUN_COST = 'Each run of a watch is a search of the account: 1 credit when it completes (cache hits included), nothing when it fails or is skipped (allowance or pending cap).';

const createWatch: ToolDefinition = {
  name: 'create_watch',
  title: 'Create a watch',
  description: `A saved search that runs on a schedule (every_seconds, default 3600) and reports the rows that are new or cheaper and pass its rules (to a webhook endpoint when one is given; watch_runs shows them either way). Creating is free, but the first run starts at once and then one runs every interval: ${WATCH_RUN_COST} Plans limit how many watches an account keeps.`,
  inputSchema: { ...CONTRACT.watchCreate, properties: { ...CONTRACT.watchCreate.properties, idempotency_key: idempotencyKey } },
  outputSchema: CONTRACT.watch,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  async run(args, ctx) {
    const { idempotency_key: key, ...body } = args;
    const watch = await ctx.sdk.watches.create(body as unknown as WatchCreate, { ...(key ? { idempotencyKey: key as string } : {}), signal: ctx.signal });
    return { structured: watch as unknown as Record<string, unknown>, text: watchText('created', watch) };
  },
};

const listWatches: ToolDefinition = {
  name: 'list_watches',
  title: 'List watches',
  description: `The account's watches (of the key's mode: live and sandbox apart), oldest first, each with its last run. ${FREE}`,
  inputSchema: object({}),
  outputSchema: CONTRACT.watchList,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(_args, ctx) {
    const list = await ctx.sdk.watches.list({ signal: ctx.signal });
    return { structured: list as unknown as Record<string, unknown>, text: watchListText(list.data) };
  },
};

const watchRuns: ToolDefinition = {
  name: 'watch_runs',
  title: "A watch's runs",
  description: `A watch's last 50 runs, newest first: status, credits charged, rows, and the rows each found (new or cheaper, with the price before). ${FREE}`,
  inputSchema: object({ watch_id: id('watch id', 'wat_') }, ['watch_id']),
  outputSchema: CONTRACT.watchRunList,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const runs = await ctx.sdk.watches.runs(args.watch_id as string, { signal: ctx.signal });
    return { structured: runs as unknown as Record<string, unknown>, text: watchRunsText(args.watch_id as string, runs.data) };
  },
};

const pauseWatch: ToolDefinition = {
  name: 'pause_watch',
  title: 'Pause a watch',
  description: `Stops a watch's runs until it is resumed. ${FREE}`,
  inputSchema: object({ watch_id: id('watch id', 'wat_') }, ['watch_id']),
  outputSchema: CONTRACT.watch,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const watch = await ctx.sdk.watches.pause(args.watch_id as string, { signal: ctx.signal });
    return { structured: watch as unknown as Record<string, unknown>, text: watchText('paused', watch) };
  },
};

const resumeWatch: ToolDefinition = {
  name: 'resume_watch',
  title: 'Resume a watch',
  description: `Resumes a paused watch: a run at once, then one every interval. Resuming is free; ${WATCH_RUN_COST}`,
  inputSchema: object({ watch_id: id('watch id', 'wat_') }, ['watch_id']),
  outputSchema: CONTRACT.watch,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(args, ctx) {
    const watch = await ctx.sdk.watches.resume(args.watch_id as string, { signal: ctx.signal });
    return { structured: watch as unknown as Record<string, unknown>, text: watchText('resumed', watch) };
  },
};

const deleteWatch: ToolDefinition = {
  name: 'delete_watch',
  title: 'Delete a watch',
  description: `Deletes a watch with its runs and the rows it had seen; no run starts after it (one already under way completes its search, charged as any search). ${FREE}`,
  inputSchema: object({ watch_id: id('watch id', 'wat_') }, ['watch_id']),
  outputSchema: object({ deleted: { type: 'boolean', const: true }, watch_id: { type: 'string' } }, ['deleted', 'watch_id']),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, ctx) {
    await ctx.sdk.watches.delete(args.watch_id as string, { signal: ctx.signal });
    return { structured: { deleted: true, watch_id: args.watch_id }, text: `Deleted watch ${String(args.watch_id)}.` };
  },
};

/** Every tool, in the order tools/list answers them. */
export const TOOLS: readonly ToolDefinition[] = [
  ...searchTools(), getJob, comps, getBatch, createWatch, listWatches, watchRuns, pauseWatch, resumeWatch, deleteWatch,
];
