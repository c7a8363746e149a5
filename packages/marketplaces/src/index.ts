/**
 * @module @listings/marketplaces
 * The explicit registry of marketplace adapters, one per token, and the simulator server.
 * Test support (the test marketplace, captures, golden values) is `@listings/marketplaces/testkit`.
 */
import type { Token } from '@listings/contract';
import type { Marketplace } from './contract.ts';
import { createMktAMarketplace } from './mkt_a/index.ts';
import { createMktB } from './mkt_b/index.ts';
import { createMktC } from './mkt_c/index.ts';
import { createMktD } from './mkt_d/index.ts';
import { createMktE } from './mkt_e/index.ts';

export type { Marketplace, CollectContext, CollectedPage, PageResult, Continuation, ParamProblem } from './contract.ts';
export { startSimulators, type SimulatorServer, type DriftSettings } from './sim/server.ts';
export { drifted, idLike, NEW_PER_STEP, DROPS_PER_STEP, type DriftFields } from './sim/drift.ts';
export { FAULTS, seededRandom, type Fault, type FaultSettings, type Simulator, type SimRequest, type SimResponse, type MarkupFault } from './sim/kit.ts';

/** Every marketplace, by token: its adapter. */
export const MARKETPLACES = {
  mkt_a: createMktAMarketplace(),
  mkt_b: createMktB(),
  mkt_c: createMktC(),
  mkt_d: createMktD(),
  mkt_e: createMktE(),
} satisfies Record<Token, Marketplace>;
export { implausibility, ImplausibleReadingError, MIN_ROWS as PLAUSIBILITY_MIN_ROWS } from './shared/plausibility.ts';
export { VEHICLE_MAKES } from './mkt_e/vehicle.ts';
/** mkt_e's category IDs and labels (the docs page lists them under `category`). */
export { CATEGORIES as MKT_E_CATEGORIES } from './mkt_e/categories.ts';
/** US places and great-circle miles (the console's distance list for mkt_e, apps/api/src/routes/console.ts). */
export { postalZips, milesBetween, type PostalZip } from './mkt_e/zip.ts';
export { readingOutcome, FilterIgnoredError, READING_OUTCOMES, KEPT_OUTCOMES, DRIFT_OUTCOMES, type ReadingOutcome } from './shared/reading.ts';
