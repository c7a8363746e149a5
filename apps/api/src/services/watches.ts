/**
 * @module watches (service)
 * Watches as the api takes and shows them (docs/watches.md): a create body or a change read and
 * checked field by field (every refusal 422 `unsupported_or_invalid_query` naming the field, the
 * search's own refusals as its GET route gives them, with `param` prefixed `search.`), what an
 * Idempotency-Key of a create stands for, and the JSON of a watch and of its runs; and the use
 * cases routes/watches.ts adapts HTTP to (create, list, get, update (pause and resume among
 * the changes), delete, runs), on plain inputs (the caller, an id as sent, a parsed body),
 * each keeping the store and BullMQ's schedulers in line. Unknown, malformed or another
 * account's (or the other mode's) IDs are 404 not_found.
 */
import { createHash } from 'node:crypto';
import {
  ApiError, COMP_KINDS, isPlanName, NO_RULES, pageIdentity, RULE_LIST_MAX, RULE_NAMES, RULE_VALUE_MAX_LENGTH, wordText, type CompKindName, type Search, type WatchRules,
} from '@listings/contract';
import { COMMAND_TIMEOUT_MS, guardedWithin, newId, type RunRecord, type WatchFields, type WatchPatch, type WatchRecord, type WatchStatus } from '@listings/store';
import type { Caller } from './authenticate.ts';
import type { Services } from '../composition-root.ts';
import { itemSearches, type Fields } from './batch-create.ts';
import { refuseWhenShortOfMemory } from './submit-search.ts';

/** Interval bounds, seconds: every 15 minutes to every 24 hours (sandbox keys: from WATCH_SANDBOX_MIN_SECONDS). */
export const MIN_EVERY_SECONDS = 900;
export const MAX_EVERY_SECONDS = 86_400;
/** A create without `schedule` runs every hour. */
export const DEFAULT_EVERY_SECONDS = 3600;
export const NAME_MAX_LENGTH = 100;

const WATCH_ID = /^wat_[0-9A-Za-z]{22}$/u;
const ENDPOINT_ID = /^we_[0-9A-Za-z]{22}$/u;

const CREATE_FIELDS = ['search', 'schedule', 'rules', 'webhook_endpoint_id', 'notify_on_first_run', 'name'] as const;
const PATCH_FIELDS = ['schedule', 'rules', 'webhook_endpoint_id', 'notify_on_first_run', 'name', 'status'] as const;

function invalid(param: string, message: string): ApiError {
  return new ApiError('unsupported_or_invalid_query', { param, message });
}

function isObject(v: unknown): v is Fields {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A field name as a message quotes it (bounded: it comes from the client). */
function quoted(name: string): string {
  return JSON.stringify(name.slice(0, 64));
}

/** The shortest interval the caller's key may ask for. */
export function minEverySeconds(services: Services, mode: Caller['mode']): number {
  return mode === 'sandbox' ? Math.min(MIN_EVERY_SECONDS, services.config.watchSandboxMinSeconds) : MIN_EVERY_SECONDS;
}

/** The search a watch runs, validated as a batch item (its GET route's rules), and as shown back. */
export function readSearch(services: Services, raw: unknown): { search: Search; view: Record<string, unknown> } {
  if (!isObject(raw)) throw invalid('search', 'search must be a JSON object: endpoint plus the inputs its GET route takes, as a batch item.');
  // A watch runs one page, again and again: several pages are several watches, and a cursor expires.
  if (raw.pages !== undefined && raw.pages !== null) throw invalid('search.pages', 'A watch runs one page; send page (mkt_a) or create one watch per page.');
  if (raw.cursor !== undefined && raw.cursor !== null) throw invalid('search.cursor', 'A watch cannot carry a cursor (cursors expire); watch page 1.');
  let searches: Search[];
  try {
    searches = itemSearches(services, raw);
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(err.code, { param: err.param ? `search.${err.param}` : 'search', message: `search: ${err.message}` });
    throw err;
  }
  const search = searches[0]!;
  const view: Record<string, unknown> = { endpoint: search.route, q: search.q };
  if (search.page !== 1) view.page = search.page;
  for (const key of Object.keys(search.params).sort()) view[key] = search.params[key];
  return { search, view };
}

/** `schedule` → its interval in seconds. */
export function readSchedule(raw: unknown, minSeconds: number): number {
  if (!isObject(raw)) throw invalid('schedule', 'schedule must be an object such as {"every_seconds": 3600}.');
  for (const key of Object.keys(raw)) if (key !== 'every_seconds') throw invalid(`schedule.${key.slice(0, 64)}`, `Unknown field ${quoted(key)} in schedule; it takes every_seconds.`);
  const v = raw.every_seconds;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < minSeconds || v > MAX_EVERY_SECONDS) {
    throw invalid('schedule.every_seconds', `every_seconds must be a whole number from ${minSeconds} to ${MAX_EVERY_SECONDS} (every ${minSeconds >= 60 ? `${minSeconds / 60} minutes` : `${minSeconds} seconds`} to every 24 hours).`);
  }
  return v;
}

function readPrice(raw: unknown, name: string): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || raw > 1_000_000) throw invalid(`rules.${name}`, `${name} must be a number of dollars from 0 to 1000000.`);
  return Math.round(raw * 100) / 100;
}

function readList(raw: unknown, name: string, words: boolean): string[] | null {
  if (raw === undefined || raw === null) return null;
  const what = words ? 'words or phrases' : 'values';
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > RULE_LIST_MAX) throw invalid(`rules.${name}`, `${name} must be a list of 1 to ${RULE_LIST_MAX} ${what}.`);
  const out: string[] = [];
  for (const v of raw) {
    const text = typeof v === 'string' ? v.trim() : '';
    if (text === '' || text.length > RULE_VALUE_MAX_LENGTH) throw invalid(`rules.${name}`, `Each of ${name} must be text of 1 to ${RULE_VALUE_MAX_LENGTH} characters.`);
    if (UNSHOWABLE.test(text)) throw invalid(`rules.${name}`, `Each of ${name} must be text without control characters, bidi controls or line separators.`);
    if (words && wordText(text).trim() === '') throw invalid(`rules.${name}`, `Each of ${name} must hold a letter or a digit.`);
    if (!out.some((x) => x.toLowerCase() === text.toLowerCase())) out.push(text);
  }
  return out;
}

/** `rules.kinds`: a list (1 to RULE_LIST_MAX values) of the five `comp_kind` values, repeats folded, in the order sent. */
function readKinds(raw: unknown): CompKindName[] | null {
  if (raw === undefined || raw === null) return null;
  const allowed = COMP_KINDS.join(', ');
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > RULE_LIST_MAX) throw invalid('rules.kinds', `kinds must be a list of 1 to ${RULE_LIST_MAX} of ${allowed}.`);
  const out: CompKindName[] = [];
  for (const v of raw) {
    if (typeof v !== 'string' || !(COMP_KINDS as readonly string[]).includes(v)) throw invalid('rules.kinds', `Each of kinds must be one of ${allowed}.`);
    if (!out.includes(v as CompKindName)) out.push(v as CompKindName);
  }
  return out;
}

/** `rules` (null or absent: none). */
export function readRules(raw: unknown): WatchRules {
  if (raw === undefined || raw === null) return NO_RULES;
  if (!isObject(raw)) throw invalid('rules', `rules must be an object with any of ${RULE_NAMES.join(', ')}.`);
  for (const key of Object.keys(raw)) if (!(RULE_NAMES as readonly string[]).includes(key)) throw invalid(`rules.${key.slice(0, 64)}`, `Unknown rule ${quoted(key)}; rules are ${RULE_NAMES.join(', ')}.`);
  const rules: WatchRules = {
    min_price: readPrice(raw.min_price, 'min_price'),
    max_price: readPrice(raw.max_price, 'max_price'),
    conditions: readList(raw.conditions, 'conditions', false),
    include_words: readList(raw.include_words, 'include_words', true),
    exclude_words: readList(raw.exclude_words, 'exclude_words', true),
    kinds: readKinds(raw.kinds),
  };
  if (rules.min_price !== null && rules.max_price !== null && rules.min_price > rules.max_price) throw invalid('rules.min_price', 'min_price must not exceed max_price.');
  return rules;
}

/**
 * Characters a watch's name and rule words refuse: C0 and C1 controls and DEL, the bidi
 * embeddings, overrides and isolates (U+202A-202E, U+2066-2069: they turn the text around
 * where it is shown, as in the console) and the line and paragraph separators (U+2028, U+2029).
 */
// eslint-disable-next-line no-control-regex
export const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

function readName(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '' || text.length > NAME_MAX_LENGTH || UNSHOWABLE.test(text)) throw invalid('name', `name must be text of 1 to ${NAME_MAX_LENGTH} characters without control characters, bidi controls or line separators.`);
  return text;
}

function readFlag(raw: unknown, name: string): boolean | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'boolean') throw invalid(name, `${name} must be true or false.`);
  return raw;
}

/** `webhook_endpoint_id`: an endpoint of the caller's account and mode that receives `watch.matched`, or null. */
export async function readEndpoint(services: Services, caller: Caller, raw: unknown): Promise<string | null> {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || !ENDPOINT_ID.test(raw)) throw invalid('webhook_endpoint_id', 'webhook_endpoint_id must be the id (we_…) of one of this account\'s webhook endpoints, or null.');
  const e = await services.webhooks.get(caller.account, caller.mode, raw);
  if (!e) throw invalid('webhook_endpoint_id', `No webhook endpoint ${raw} belongs to this account${caller.mode === 'sandbox' ? ' (sandbox keys use sandbox endpoints)' : ''}.`);
  if (!e.events.includes('watch.matched')) throw invalid('webhook_endpoint_id', `Webhook endpoint ${raw} does not receive watch.matched events; create an endpoint whose events include it (the default).`);
  return raw;
}

function unknownField(body: Fields, allowed: readonly string[], hint: string): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw invalid(key.slice(0, 64), `Unknown field ${quoted(key)}; ${hint}`);
}

/** A create body, checked: the watch's fields, and the search it runs. */
async function readCreate(services: Services, caller: Caller, body: unknown): Promise<{ fields: WatchFields; search: Search }> {
  if (!isObject(body)) throw invalid('body', 'The body must be a JSON object with a search.');
  unknownField(body, CREATE_FIELDS, `a watch takes ${CREATE_FIELDS.join(', ')}.`);
  if (body.search === undefined) throw invalid('search', 'search is required: endpoint plus the inputs its GET route takes, as a batch item.');
  const { search, view } = readSearch(services, body.search);
  const everySeconds = body.schedule === undefined ? Math.max(DEFAULT_EVERY_SECONDS, minEverySeconds(services, caller.mode)) : readSchedule(body.schedule, minEverySeconds(services, caller.mode));
  const rules = readRules(body.rules);
  const notifyOnFirstRun = readFlag(body.notify_on_first_run, 'notify_on_first_run') ?? false;
  const name = readName(body.name);
  const endpointId = await readEndpoint(services, caller, body.webhook_endpoint_id);
  return { search, fields: { name, search: view, searchJson: JSON.stringify(search), everySeconds, rules, endpointId, notifyOnFirstRun } };
}

/** A change (PATCH) body, checked; `reschedule` when the schedule must be applied again. */
async function readPatch(services: Services, caller: Caller, body: unknown): Promise<{ patch: WatchPatch; reschedule: boolean }> {
  if (!isObject(body)) throw invalid('body', 'The body must be a JSON object.');
  if (body.search !== undefined) throw invalid('search', 'The search of a watch cannot change; create a new watch (and delete this one).');
  unknownField(body, PATCH_FIELDS, `a change takes ${PATCH_FIELDS.join(', ')}.`);
  const patch: WatchPatch = {};
  if (body.schedule !== undefined) patch.everySeconds = readSchedule(body.schedule, minEverySeconds(services, caller.mode));
  if (body.rules !== undefined) patch.rules = readRules(body.rules);
  if (body.name !== undefined) patch.name = readName(body.name);
  const notify = readFlag(body.notify_on_first_run, 'notify_on_first_run');
  if (notify !== undefined) patch.notifyOnFirstRun = notify;
  if (body.status !== undefined) {
    if (body.status !== 'active' && body.status !== 'paused') throw invalid('status', 'status must be active (resume) or paused (pause).');
    patch.status = body.status as WatchStatus;
  }
  if (body.webhook_endpoint_id !== undefined) patch.endpointId = await readEndpoint(services, caller, body.webhook_endpoint_id);
  return { patch, reschedule: patch.everySeconds !== undefined || patch.status !== undefined };
}

/** What a create's Idempotency-Key stands for: the mode and every setting, never equal to a search's or a batch's. */
export function createFingerprint(mode: Caller['mode'], search: Search, f: WatchFields): string {
  const h = createHash('sha256').update(JSON.stringify([pageIdentity(search), f.everySeconds, f.rules, f.endpointId, f.notifyOnFirstRun, f.name])).digest('base64url');
  return `watch|${mode}|${h}`;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** A run as the runs list and `last_run` show it (docs/watches.md "Runs"). */
function runView(r: RunRecord): Record<string, unknown> {
  const evented = r.event_delivery === 'queued';
  return {
    scheduled_at: iso(r.period),
    status: r.status,
    started_at: r.started_at,
    finished_at: r.finished_at,
    request_id: r.request_id,
    credits: r.credits,
    cached: r.cached,
    rows: r.rows,
    baseline: r.baseline,
    superseded: r.superseded,
    match_count: r.matches.length,
    matches: r.matches,
    event_id: evented ? r.event_id : null,
    event_delivery: r.event_delivery,
    error: r.error,
  };
}

/** A watch as the api shows it. */
function watchView(w: WatchRecord, extra: { nextRunMs: number | null; lastRun: RunRecord | null }): Record<string, unknown> {
  return {
    id: w.id,
    name: w.name,
    mode: w.mode,
    status: w.status,
    search: w.search,
    schedule: { every_seconds: w.everySeconds },
    rules: w.rules,
    webhook_endpoint_id: w.endpointId,
    notify_on_first_run: w.notifyOnFirstRun,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
    next_run_at: w.status === 'active' && extra.nextRunMs !== null ? iso(extra.nextRunMs) : null,
    last_run: extra.lastRun ? runView(extra.lastRun) : null,
  };
}

function notFound(): ApiError {
  return new ApiError('not_found', { message: 'No watch with this ID belongs to this account.' });
}

/** A watch id as sent: one of ours in shape, else not found. */
function watchId(raw: string): string {
  if (!WATCH_ID.test(raw)) throw notFound();
  return raw;
}

/**
 * Brings BullMQ in line with the watch now. A failure leaves the change marked: the workers'
 * sweep applies it after a grace, so the answer does not depend on it.
 */
async function schedule(services: Services, id: string): Promise<void> {
  try {
    await guardedWithin(() => services.watchSchedules.apply(id), COMMAND_TIMEOUT_MS);
  } catch (err) {
    services.logger.warn({ watchId: id, err: (err as Error).message }, 'watch schedule not applied; the worker sweep will apply it');
  }
}

/** When the watch runs next, for display: null when BullMQ cannot say in time. */
async function nextRun(services: Services, w: WatchRecord): Promise<number | null> {
  if (w.status !== 'active') return null;
  try {
    return await guardedWithin(() => services.watchSchedules.next(w.id), COMMAND_TIMEOUT_MS);
  } catch {
    return null;
  }
}

/** A watch as shown, with when it runs next and its last run. */
async function view(services: Services, w: WatchRecord): Promise<Record<string, unknown>> {
  const [nextRunMs, runs] = await Promise.all([nextRun(services, w), services.watches.runs(w.id, 1)]);
  return watchView(w, { nextRunMs, lastRun: runs[0] ?? null });
}

/** The caller's watch of that id, or 404 not_found. */
async function ownWatch(services: Services, caller: Caller, rawId: string): Promise<WatchRecord> {
  const w = await services.watches.get(caller.account, caller.mode, watchId(rawId));
  if (!w) throw notFound();
  return w;
}

/** The caller's watches (of the key's mode), oldest first. */
export async function listWatches(services: Services, caller: Caller): Promise<{ data: Array<Record<string, unknown>> }> {
  const list = await services.watches.list(caller.account, caller.mode);
  return { data: await Promise.all(list.map((w) => view(services, w))) };
}

/**
 * A new watch, scheduled at once; or the one this Idempotency-Key created (`replayed`). Refused
 * while Redis is short of memory (a watch runs searches from its creation), past the plan's
 * number of watches per mode (422), and for a key used with another body, or whose watch was
 * deleted (409 idempotency_conflict).
 */
export async function createWatch(services: Services, caller: Caller, body: unknown, idemHash: string | null): Promise<{ id: string; watch: Record<string, unknown>; replayed: boolean }> {
  const { fields, search } = await readCreate(services, caller, body);
  refuseWhenShortOfMemory(services);
  const max = services.config.planWatchLimits[isPlanName(caller.plan) ? caller.plan : 'free'];
  const r = await services.watches.create({ id: newId('wat'), account: caller.account, mode: caller.mode, max, idempotencyKeyHash: idemHash, fingerprint: createFingerprint(caller.mode, search, fields), fields });
  switch (r.kind) {
    case 'full':
      throw new ApiError('unsupported_or_invalid_query', { message: `This plan allows ${max} watch${max === 1 ? '' : 'es'} per mode (live and sandbox apart); delete one first.` });
    case 'conflict':
      throw new ApiError('idempotency_conflict', { message: 'This Idempotency-Key was already used with a different body (or on another route).' });
    case 'gone':
      throw new ApiError('idempotency_conflict', { message: 'The watch this Idempotency-Key created has been deleted; send a new key to create another.' });
    default:
      break;
  }
  if (r.kind === 'created') await schedule(services, r.watch.id);
  return { id: r.watch.id, watch: await view(services, r.watch), replayed: r.kind === 'replay' };
}

/** One of the caller's watches. */
export async function getWatch(services: Services, caller: Caller, rawId: string): Promise<Record<string, unknown>> {
  return view(services, await ownWatch(services, caller, rawId));
}

/**
 * A change to one of the caller's watches (schedule, rules, endpoint, name; `status` pauses or
 * resumes it), its schedule applied again when its interval or status changed. An unknown id
 * is 404 before the body is read.
 */
export async function updateWatch(services: Services, caller: Caller, rawId: string, body: unknown): Promise<Record<string, unknown>> {
  const { id } = await ownWatch(services, caller, rawId);
  const { patch, reschedule } = await readPatch(services, caller, body);
  const changed = await services.watches.update(caller.account, caller.mode, id, patch, reschedule);
  if (!changed) throw notFound();
  if (reschedule) await schedule(services, id);
  return view(services, changed);
}

/** Deletes one of the caller's watches (its runs and seen rows with it) and its schedule. */
export async function deleteWatch(services: Services, caller: Caller, rawId: string): Promise<void> {
  const id = watchId(rawId);
  if (!(await services.watches.remove(caller.account, caller.mode, id))) throw notFound();
  await schedule(services, id);
}

/** The last runs of one of the caller's watches, newest first. */
export async function watchRuns(services: Services, caller: Caller, rawId: string): Promise<{ data: Array<Record<string, unknown>> }> {
  const { id } = await ownWatch(services, caller, rawId);
  return { data: (await services.watches.runs(id)).map(runView) };
}
