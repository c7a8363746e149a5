/**
 * @module simulators
 * Every registered marketplace's simulator on one HTTP server (each under `/<token>`), as an
 * importable function for the local start script, benchmarks and multi-process tests, and as
 * a process of its own:
 *
 *   node scripts/simulators.ts [--port=8090] [--host=127.0.0.1] [--drift-seconds=60]
 *
 * `--drift-seconds` (or SIM_DRIFT_SECONDS) moves the market one drift step every that many
 * seconds (sim/drift.ts: a few new listings and lower prices per search), so a sandbox watch's
 * later runs find something; unset or 0, the listings never change.
 *
 * The process prints one line, `simulators listening at <url>`, once it accepts connections
 * (so a parent can read the URL even with `--port=0`), and closes on SIGTERM/SIGINT. Faults
 * are switched over HTTP: `PUT <url>/__sim/faults/<token>` with `{"fault","latencyMs","times"}`.
 */
import { MARKETPLACES, startSimulators, type Marketplace, type SimulatorServer } from '@listings/marketplaces';
import type { Token } from '@listings/contract';

export interface SimulatorOptions {
  port?: number;
  host?: string;
  /** One drift step more every this many ms (sim/drift.ts); 0 or unset: none. */
  driftPeriodMs?: number;
  /** Defaults to the registry, so sandbox keys meet the simulator of each real adapter. */
  marketplaces?: Readonly<Record<Token, Marketplace>>;
}

/** Starts the simulators of every marketplace in `marketplaces` (the registry by default). */
export function startAllSimulators(opts: SimulatorOptions = {}): Promise<SimulatorServer> {
  const marketplaces = opts.marketplaces ?? MARKETPLACES;
  const simulators = Object.fromEntries(Object.entries(marketplaces).map(([token, m]) => [token, m.createSimulator()]));
  return startSimulators(simulators, { port: opts.port ?? 0, host: opts.host ?? '127.0.0.1', ...(opts.driftPeriodMs ? { drift: { periodMs: opts.driftPeriodMs } } : {}) });
}

/** The line a parent process waits for; exported so readers match what is printed. */
export const LISTENING_LINE = /^simulators listening at (http:\/\/\S+)$/mu;

function flag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

async function main(argv: readonly string[]): Promise<void> {
  const rawPort = flag(argv, 'port') ?? '0';
  const port = Number(rawPort);
  if (!/^\d+$/u.test(rawPort) || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not ${JSON.stringify(rawPort)}`);
    process.exit(2);
  }
  const rawDrift = flag(argv, 'drift-seconds') ?? process.env.SIM_DRIFT_SECONDS ?? '0';
  if (!/^\d{1,6}$/u.test(rawDrift)) {
    console.error(`--drift-seconds must be a whole number of seconds, not ${JSON.stringify(rawDrift)}`);
    process.exit(2);
  }
  const sim = await startAllSimulators({ port, host: flag(argv, 'host') ?? '127.0.0.1', driftPeriodMs: Number(rawDrift) * 1000 });
  console.log(`simulators listening at ${sim.url}`);
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.main) await main(process.argv.slice(2));
