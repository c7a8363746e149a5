/**
 * @module plans
 * Plans: pending cap (interface section 8) and allowance per rolling 30 days (decisions.md,
 * configurable defaults).
 */
export const PLAN_NAMES = ['free', 'starter', 'pro', 'business', 'scale'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  /** Most searches an account may have pending at once; also the largest batch. */
  pendingCap: number;
  /** Completed searches allowed per rolling 30 days (extra requests come on top). */
  allowance: number;
}

export const DEFAULT_PLANS: Readonly<Record<PlanName, Plan>> = {
  free: { pendingCap: 10, allowance: 100 },
  starter: { pendingCap: 25, allowance: 5_000 },
  pro: { pendingCap: 50, allowance: 25_000 },
  business: { pendingCap: 100, allowance: 100_000 },
  scale: { pendingCap: 200, allowance: 500_000 },
};

/**
 * Watches an account may keep per mode (live and sandbox apart), by plan (docs/watches.md);
 * configurable defaults (PLAN_WATCH_LIMITS).
 */
export const DEFAULT_WATCH_LIMITS: Readonly<Record<PlanName, number>> = {
  free: 3,
  starter: 25,
  pro: 100,
  business: 500,
  scale: 2_000,
};

export function isPlanName(v: string): v is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(v);
}

/** Rate limit: calls per rolling window per account (decisions.md "Rate limit"). */
export const RATE_LIMIT = { limit: 60, windowSeconds: 60 } as const;
