/**
 * @module observers
 * What the api's use cases and its request pipeline tell whoever watches them (the metrics,
 * apps/api/src/metrics.ts), as plain events. The composition root injects one implementation;
 * nothing wraps or replaces another module's functions to watch it (the worker's `onRun` and
 * `onReading` are the same idea).
 */
import type { Token } from '@listings/contract';
import type { KeyKind, SubmitOutcome } from '@listings/store';

/** One search recorded (or refused by the submit part): single searches and batch items alike. */
export interface SubmitSeen {
  token: Token;
  mode: KeyKind;
  /** What the store answered, or `storage_unavailable` when the call did not reach Redis in time. */
  outcome: SubmitOutcome | 'storage_unavailable';
}

/** One request whose response closed. */
export interface RequestSeen {
  method: string;
  /** The route template Express matched (`/v1/jobs/:id`), `unmatched` when none did. */
  route: string;
  /** The status code sent, or `aborted` when the answer was not all written. */
  status: string;
  seconds: number;
}

export interface ApiObservers {
  onSubmit(submit: SubmitSeen): void;
  onRequest(request: RequestSeen): void;
}

/** Observers that do nothing. */
export const NO_OBSERVERS: ApiObservers = { onSubmit: () => undefined, onRequest: () => undefined };
