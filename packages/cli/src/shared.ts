/**
 * @module shared (CLI)
 * What the CLI's commands share (main.ts's searches, batches and jobs; watch.ts's watches):
 * exit codes by outcome, the I/O a command writes to, usage errors, cells and JSON printed
 * through ./terminal.ts, the SDK built from LISTINGS_API_KEY and LISTINGS_API_URL, a route
 * and a parameter read from the command line. It imports no command module, so the commands
 * import it and not each other.
 */
import { Listings, ROUTES, type ListingsEvent, type Route } from '@listings/sdk';
import { terminalJson, terminalLine } from './terminal.ts';

/** Exit codes by outcome. */
export const EXIT = {
  ok: 0,
  /** Something unexpected (a bug): report it. */
  internal: 1,
  /** Bad command line, missing key, unreadable input file. */
  usage: 2,
  /** The API refused the request (4xx other than 429): fix the input or the key. */
  refused: 3,
  /** A search (or any search of a batch) failed or was rejected. */
  failed: 4,
  /** Rate limit, pending cap or allowance used up (429 not waited out). */
  limited: 5,
  /** The service or the network is unavailable (503, connection failures). */
  unavailable: 6,
} as const;

export interface Io { out: NodeJS.WritableStream & { isTTY?: boolean }; err: NodeJS.WritableStream & { isTTY?: boolean }; env: NodeJS.ProcessEnv }

export class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Formatting

export function money(v: unknown): string {
  if (typeof v !== 'object' || v === null) return '';
  const { amount, currency } = v as { amount?: unknown; currency?: unknown };
  return typeof amount === 'number' ? `${currency === 'USD' ? '$' : ''}${amount.toFixed(2)}${currency !== 'USD' ? ` ${String(currency)}` : ''}` : '';
}

export function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

/** A value from the API as one table cell or one part of a line (see ./terminal.ts). */
export function cell(v: unknown): string {
  return terminalLine(v === null || v === undefined ? '' : String(v));
}

/** A JSON document for stdout: valid JSON, nothing a terminal would act on. */
export function json(v: unknown): string {
  return `${terminalJson(JSON.stringify(v, null, 2))}\n`;
}

/** cli-table3 without a rule between rows. */
export const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

// ---------------------------------------------------------------------------------------------
// The SDK and the command line's values

export function sdkFor(io: Io, onEvent?: (e: ListingsEvent) => void): Listings {
  const apiKey = io.env.LISTINGS_API_KEY;
  if (!apiKey) throw new UsageError('LISTINGS_API_KEY is not set: export your API key (lk_live_… or lk_sandbox_…).');
  return new Listings({ apiKey, baseUrl: io.env.LISTINGS_API_URL || 'http://127.0.0.1:8080', ...(onEvent ? { onEvent } : {}) });
}

export function parseRoute(s: string): Route {
  const route = s.replace(/^\/?(v1\/)?/u, '') as Route;
  if (!ROUTES.includes(route)) throw new UsageError(`unknown route "${s}"; one of ${ROUTES.join(', ')}`);
  return route;
}

const LIST_PARAMS = new Set(['condition', 'vehicle_make', 'vehicle_style', 'vehicle_drivetrain']);
const NUMBER_PARAMS = new Set(['page', 'min_price', 'max_price', 'count', 'category_id', 'brand_id', 'lat', 'lon', 'radius', 'vehicle_max_mileage']);

export function paramValue(name: string, raw: string): unknown {
  // Lists travel comma-separated, so a one-value list is the same on the wire as a single value.
  if (LIST_PARAMS.has(name)) return raw.split(',').filter(Boolean);
  if (NUMBER_PARAMS.has(name) && /^-?\d+(\.\d+)?$/u.test(raw)) return Number(raw);
  return raw;
}
