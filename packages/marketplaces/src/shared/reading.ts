/**
 * @module shared/reading
 * What became of reading one upstream page, for the drift metric and the kept bodies: the
 * collection error an adapter (or the plausibility check) threw, named as operators read it.
 */
import {
  BlockedError, FilterNotSupportedError, LayoutChangedError, NonUsPageError, PageOutOfRangeError, TransientUpstreamError, UpstreamThrottledError, UpstreamTimeoutError,
} from '@listings/contract';
import { ImplausibleReadingError } from './plausibility.ts';

/**
 * - `read`: the page was read (rows, or a page that has none by right: no results, only looser matches);
 * - `past_last_page`: the page was read and is past the search's last page (`page_out_of_range`):
 *   a normal answer, not a failure to read;
 * - `layout_changed`: the page is not in a format the adapter knows (drift: markup or API renamed);
 * - `implausible`: the page was recognized but its reading cannot be right (drift: fields moved);
 * - `blocked`, `non_us`, `filter_not_applied`: the marketplace answered something else than the search;
 * - `unreachable`: no page was read (timeouts, 429/5xx, connection faults);
 * - `other`: an unexpected failure (an adapter bug, a cursor the core no longer holds).
 * Drift is `layout_changed` plus `implausible`; the rest is noise an operator reads elsewhere.
 */
export const READING_OUTCOMES = ['read', 'past_last_page', 'blocked', 'layout_changed', 'implausible', 'non_us', 'filter_not_applied', 'unreachable', 'other'] as const;
export type ReadingOutcome = (typeof READING_OUTCOMES)[number];

/**
 * The marketplace answered the search without a filter the route needs, where the contract has
 * no failed-job code of its own for it (a sold search answered with listings on sale): the job
 * fails `upstream_error` as any unreadable page, and the reading metric counts it
 * `filter_not_applied`, not as drift.
 */
export class FilterIgnoredError extends LayoutChangedError {}

/** The outcomes that are drift: a page the adapter no longer reads right. */
export const DRIFT_OUTCOMES: ReadonlySet<ReadingOutcome> = new Set(['layout_changed', 'implausible']);

/** Outcomes whose page is worth keeping for operators: the marketplace answered and we could not read it. */
export const KEPT_OUTCOMES: ReadonlySet<ReadingOutcome> = new Set(['blocked', 'layout_changed', 'implausible', 'non_us', 'filter_not_applied', 'other']);

/**
 * The outcome of a reading that threw `err`. Transport faults (timeouts, 429/5xx answers,
 * connection errors) are `unreachable`: no page was read. An unexpected error (an adapter bug
 * on an unforeseen shape) is `other`.
 */
export function readingOutcome(err: unknown): ReadingOutcome {
  if (err instanceof NonUsPageError) return 'non_us';
  if (err instanceof ImplausibleReadingError) return 'implausible';
  if (err instanceof FilterIgnoredError) return 'filter_not_applied';
  if (err instanceof LayoutChangedError) return 'layout_changed';
  if (err instanceof PageOutOfRangeError) return 'past_last_page';
  if (err instanceof BlockedError) return 'blocked';
  if (err instanceof FilterNotSupportedError) return 'filter_not_applied';
  if (err instanceof UpstreamTimeoutError || err instanceof UpstreamThrottledError || err instanceof TransientUpstreamError) return 'unreachable';
  return 'other';
}
