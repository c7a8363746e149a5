/**
 * Browser transport (wreq-js) beside plain (got), in the same run: completed live
 * collections per second through every marketplace's simulator, with the production adapters
 * and session pools (8 sessions, 8 searches in flight).
 *
 * Two paths:
 * 1. the simulator server over plain HTTP (what sandbox collection and the e2e tests use);
 * 2. the same simulators behind a local HTTPS listener (TLS, and HTTP/2 where the client
 *    offers it: the browser transport negotiates h2, plain speaks HTTP/1.1), which is what
 *    live collection pays. Both clients accept the test certificate (`ignoreTlsErrors`).
 * Target: the browser transport no more than 20 % slower than plain.
 */
import { TOKENS, type Token } from '@listings/contract';
import { createSessionPool, type SessionPool, type Transport } from '@listings/http-client';
import { MARKETPLACES, startSimulators } from '@listings/marketplaces';
import { startFingerprintListener } from '../packages/http-client/test/fingerprint-listener.ts';
import { SEARCHES, siteHandler } from '../test/transport/site.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);
const IN_FLIGHT = 8;
const ROUNDS = 2;

async function run(pool: SessionPool, base: string, token: Token): Promise<number> {
  let done = 0;
  let failed = 0;
  let first = '';
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() < until) {
      try {
        await MARKETPLACES[token].collect(SEARCHES[token], { http: pool.next(), baseUrl: `${base}/${token}`, now: new Date(), continuation: null, signal: new AbortController().signal });
        done++;
      } catch (err) {
        failed++;
        first ||= (err as Error).message;
      }
    }
  }));
  if (failed > 0) throw new Error(`${failed} collections failed on ${token}: ${first}`);
  return done / SECONDS;
}

const sims = await startSimulators(Object.fromEntries(TOKENS.map((t) => [t, MARKETPLACES[t].createSimulator()])));
const https = await startFingerprintListener(siteHandler());
const paths: Array<[string, string]> = [['simulators over HTTP', sims.url], ['simulators over HTTPS', https.url]];
const transports: Transport[] = ['plain', 'browser'];

for (const [name, base] of paths) {
  console.log(`\n${name}: completed searches/s (${IN_FLIGHT} in flight, ${SECONDS} s × ${ROUNDS} rounds, best round)`);
  console.log(`  ${'marketplace'.padEnd(12)}${'plain'.padStart(10)}${'browser'.padStart(10)}   browser vs plain`);
  for (const token of TOKENS) {
    const best: Record<Transport, number> = { plain: 0, browser: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const transport of transports) {
        const pool = createSessionPool({ sessions: Array.from({ length: IN_FLIGHT }, () => ({})), transport, ignoreTlsErrors: true, retries: 0, timeoutMs: 10_000 });
        best[transport] = Math.max(best[transport], await run(pool, base, token));
        pool.close();
      }
    }
    const delta = (best.browser / best.plain - 1) * 100;
    console.log(`  ${token.padEnd(12)}${best.plain.toFixed(1).padStart(10)}${best.browser.toFixed(1).padStart(10)}   ${delta >= 0 ? '+' : ''}${delta.toFixed(0)} %${delta < -20 ? '  (over the 20 % target)' : ''}`);
  }
}
await Promise.all([sims.close(), https.close()]);
process.exit(0);
