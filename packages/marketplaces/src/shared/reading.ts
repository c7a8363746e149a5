/**
 * @module shared/reading
 * What became of reading one upstream page, for the drift metric and the kept bodies: the
 * collection error an adapter (or the plausibility check) threw, named as operators read it.
 */
import {
  BlockedError, FilterNotSupportedError, LayoutChangedError, NonUsPageError, TransientUpstreamError, UpstreamThrottledError, UpstreamTimeoutError,
} from '@listings/contract';

export const READING_OUTCOMES = ['read', 'blocked', 'layout_changed', 'non_us', 'filter_not_applied', 'unreachable', 'other'] as const;
export type ReadingOutcome = (typeof READING_OUTCOMES)[number];

/** Outcomes whose page is worth keeping for operators: the marketplace answered and we could not read it. */
export const KEPT_OUTCOMES: ReadonlySet<ReadingOutcome> = new Set(['blocked', 'layout_changed', 'non_us', 'filter_not_applied', 'other']);

/**
 * The outcome of a reading that threw `err`. Transport faults (timeouts, 429/5xx answers,
 * connection errors) are `unreachable`: no page was read. An unexpected error (an adapter bug
 * on an unforeseen shape) is `other`.
 */
export function readingOutcome(err: unknown): ReadingOutcome {
  if (err instanceof NonUsPageError) return 'non_us';
  if (err instanceof LayoutChangedError) return 'layout_changed';
  if (err instanceof BlockedError) return 'blocked';
  if (err instanceof FilterNotSupportedError) return 'filter_not_applied';
  if (err instanceof UpstreamTimeoutError || err instanceof UpstreamThrottledError || err instanceof TransientUpstreamError) return 'unreachable';
  return 'other';
}
