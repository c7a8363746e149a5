/**
 * @module watch-event
 * The `watch.matched` event (docs/watches.md): a watch's run found rows that are new since its
 * last run, or whose displayed price fell, and that pass its rules. It carries the watch (what
 * it searches), the run (its period and its search job) and each row found, whole, with why it
 * was reported and, for a price drop, the price before. Its ID is decided when the run is
 * claimed, so a run resumed by another worker sends the same event. The event itself is built
 * with the others in events.ts (watchMatchedEvent); this module holds its data's shapes.
 */
export interface Money {
  amount: number;
  currency: string;
}

export interface WatchSummary {
  id: string;
  name: string | null;
  /** `endpoint`, `q` and the search's parameters, as the watch shows them. */
  search: Record<string, unknown>;
}

export interface WatchRunSummary {
  /** The run's period: when it was scheduled (ISO 8601). */
  scheduled_at: string;
  /** The run's search job (GET /v1/jobs/{request_id} has the whole page). */
  request_id: string;
  /** Rows on the page the run read. */
  rows: number;
}

export interface WatchMatch {
  reason: 'new' | 'price_drop';
  /** The displayed price the watch saw before (price drops only; null for new rows). */
  previous_price: Money | null;
  /** The row as the job's result has it. */
  row: Record<string, unknown> & { id: string };
}

export interface WatchMatchedData {
  watch: WatchSummary;
  run: WatchRunSummary;
  matches: WatchMatch[];
}
