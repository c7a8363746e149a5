/**
 * @module schedule
 * When a failed delivery is tried again: exponential backoff from the first delay (30 s in
 * production), doubling to at most 2 h a step, with ±25 % jitter, for as many attempts as fit
 * in the retry window (24 h by default): 30 s, 1 m, 2 m, 4 m, 8 m, 16 m, 32 m, 64 m, then every
 * 2 h; 19 attempts in all.
 */
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 2 * 3600_000;

/** The nominal delay before attempt `attempt + 1`, after `attempt` failures (1-based). */
export function nominalDelayMs(attempt: number, firstMs = FIRST_DELAY_MS): number {
  return Math.min(MAX_DELAY_MS, firstMs * 2 ** Math.max(0, attempt - 1));
}

export function retryDelayMs(attempt: number, firstMs = FIRST_DELAY_MS, random: () => number = Math.random): number {
  return Math.round(nominalDelayMs(attempt, firstMs) * (0.75 + random() * 0.5));
}

/** Attempts in all (the first included) whose nominal delays add up to the window. */
export function attemptsWithin(windowMs: number, firstMs = FIRST_DELAY_MS): number {
  let total = 0;
  let attempts = 1;
  while (attempts < 1000 && total + nominalDelayMs(attempts, firstMs) <= windowMs) {
    total += nominalDelayMs(attempts, firstMs);
    attempts++;
  }
  return attempts;
}
