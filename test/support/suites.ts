/**
 * @module support/suites
 * The set-up the marketplace suites share, as one call each. A call registers the suite's
 * jest hooks and returns what its tests read, valid from the suite's `beforeAll` on:
 *
 * - `marketplaceSuite(token)`: a whole stack (api, worker, simulators; `E2E_ENV` timeouts) with
 *   the marketplace's simulator recording what it was asked, a fresh sandbox key for every
 *   test, and the simulator's faults cleared after each;
 * - `livePathSuite(token)`: a stack whose live base URL for the marketplace is a capture site
 *   (support/live-capture.ts), for the live path on real captures.
 */
import type { Token } from '@listings/contract';
import { MARKETPLACES, type Marketplace, type SimRequest, type Simulator } from '@listings/marketplaces';
import { E2E_ENV, recordingSimulator, type Exchange } from '../e2e/helpers.ts';
import { startLiveStack, type LiveStack } from './live-capture.ts';
import { startStack, type Stack, type StackOptions } from './stack.ts';

export interface MarketplaceSuite {
  /** The running stack. */
  readonly stack: Stack;
  /** This test's sandbox key, on an account of its own. */
  readonly key: string;
  readonly account: string;
  /** Every request the marketplace's simulator received, and what it answered (recordingSimulator). */
  readonly seen: SimRequest[];
  readonly answered: Exchange[];
  /** The simulators made for the marketplace, for their test hooks. */
  readonly created: Simulator[];
}

/** Reads a value set by a hook; a test reaching it before the hook ran is a mistake in the suite. */
function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is set up by the suite's hooks; read it inside a test`);
  return value;
}

export function marketplaceSuite(token: Token, opts: { marketplaces?: Readonly<Record<Token, Marketplace>>; env?: Record<string, string> } = {}): MarketplaceSuite {
  const recorded = recordingSimulator(opts.marketplaces ?? MARKETPLACES, token);
  let stack: Stack | undefined;
  let caller: { key: string; account: string } | undefined;
  beforeAll(async () => {
    stack = await startStack({ marketplaces: recorded.marketplaces, env: { ...E2E_ENV, ...opts.env } });
  });
  afterAll(async () => {
    await stack?.close();
  });
  beforeEach(async () => {
    caller = await started(stack, 'the stack').newKey();
  });
  afterEach(() => {
    stack?.sim.setFaults(token, { fault: 'none', latencyMs: 0 });
  });
  return {
    get stack() {
      return started(stack, 'the stack');
    },
    get key() {
      return started(caller, 'the key').key;
    },
    get account() {
      return started(caller, 'the account').account;
    },
    seen: recorded.seen,
    answered: recorded.answered,
    created: recorded.created,
  };
}

/**
 * A live stack for the suite (`describe` block) it is called in: started before its tests,
 * closed after them. The object forwards to the running LiveStack.
 */
export function livePathSuite(token: Token, opts: StackOptions = {}): LiveStack {
  let live: LiveStack | undefined;
  beforeAll(async () => {
    live = await startLiveStack(token, opts);
  });
  afterAll(async () => {
    await live?.close();
  });
  const current = (): LiveStack => started(live, 'the live stack');
  return {
    get stack() {
      return current().stack;
    },
    get site() {
      return current().site;
    },
    get server() {
      return current().server;
    },
    liveKey: () => current().liveKey(),
    close: () => current().close(),
  };
}
