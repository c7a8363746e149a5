/**
 * The row judgement sees the sandbox's pollution (issue 27, "the sandbox shows it"): pages of
 * named products from every route's simulator, read by the real adapters and judged as the
 * service judges them (judgePage(query, token, rows.map(judgeRowOf))). Tolerant of a
 * classifier's imperfections and tied to no row: over each product's pages the judgement finds
 * some rows that are not the product, about as many as the simulators draw (sim/pollution.ts:
 * about a third of a page of goods off eBay, a car's parts on eBay); rows a reader takes for
 * accessories by their titles' own words (sim/row-kinds.ts) are mostly judged so; units for
 * parts that say so are mostly judged `parts`; and the median of the rows judged `item` sits in
 * the product's band (the figure the comps block reports).
 */
import { findRoute, validateSearch, type Row } from '@listings/contract';
import { judgePage, judgeRowOf, type CompKind } from '@listings/comps';
import { recordingHttpClient } from '@listings/http-client/testing';
import { MARKETPLACES } from '@listings/marketplaces';
import { kindOfRow, quantile } from '../../packages/marketplaces/src/sim/row-kinds.ts';
import { startSimulators, type SimulatorServer } from '../../packages/marketplaces/src/sim/server.ts';

/** A simulator's first answer for new keywords draws its whole catalogue of them (mkt_e: every listing near the ZIP); on a loaded machine that takes seconds. */
const SLOW_MACHINE_MS = 60_000;

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulators(Object.fromEntries(Object.entries(MARKETPLACES).map(([t, m]) => [t, m.createSimulator()])));
});
afterAll(async () => {
  await server?.close();
});

const ROUTES = ['mkt_a/sold', 'mkt_a/listings', 'mkt_b/sold', 'mkt_b/listings', 'mkt_c/sold', 'mkt_d/listings', 'mkt_e/listings'] as const;

async function judged(route: (typeof ROUTES)[number], q: string): Promise<Array<{ row: Row; kind: CompKind }>> {
  const [token] = route.split('/') as [keyof typeof MARKETPLACES];
  const query: Array<[string, string]> = [['q', q]];
  if (token === 'mkt_e') query.push(['zip', '10001']);
  if (token === 'mkt_d') query.push(['count', '60']);
  const search = validateSearch(findRoute(route)!, query, { cursorSecret: 's' });
  const page = await MARKETPLACES[token].collect(search, { http: recordingHttpClient({ timeoutMs: SLOW_MACHINE_MS }), baseUrl: `${server.url}/${token}`, now: new Date(), continuation: null, signal: new AbortController().signal });
  const rows = page.result.data as Row[];
  const kinds = judgePage(q, token, rows.map((r) => judgeRowOf(r)));
  return rows.map((row, i) => ({ row, kind: kinds[i]!.comp_kind }));
}

const amount = (r: Row): number | null => (r.displayed_price as { amount: number } | null)?.amount ?? null;

interface Case {
  q: string;
  names: RegExp;
  /** The share of rows judged other than `item` over its seven pages, low and high. */
  polluted: [number, number];
  /** The median of the rows judged `item`, dollars. */
  band: [number, number];
}

const CASES: Case[] = [
  // Other models of the line on every route (on eBay those holding every keyword: 13 Pro, 13 Pro Max, 13 Mini).
  { q: 'iphone 13', names: /\biPhone 13\b/u, polluted: [0.15, 0.65], band: [190, 450] },
  { q: 'nintendo switch', names: /\bNintendo Switch\b/u, polluted: [0.15, 0.65], band: [130, 300] },
  // No other model holds "sony wh-1000xm4": on eBay its accessories and parts only, as the real Sony page.
  { q: 'sony wh-1000xm4', names: /\bWH-1000XM4\b/u, polluted: [0.03, 0.45], band: [100, 220] },
];

describe.each(CASES)('$q', (c) => {
  test('the judgement finds what else the pages carry, and the items\' median in the band', async () => {
    const all: Array<{ row: Row; kind: CompKind; route: string }> = [];
    for (const route of ROUTES) for (const j of await judged(route, c.q)) all.push({ ...j, route });
    const off = all.filter((j) => j.kind !== 'item').length / all.length;
    expect({ off: Math.round(off * 100) / 100, inBand: off >= c.polluted[0] && off <= c.polluted[1] }).toEqual({ off: Math.round(off * 100) / 100, inBand: true });
    // Rows a reader takes for accessories are mostly judged so.
    const accessories = all.filter((j) => kindOfRow(String(j.row.title), c.names) === 'accessory');
    if (accessories.length >= 5) expect(accessories.filter((j) => j.kind === 'accessory').length).toBeGreaterThanOrEqual(accessories.length * 0.7);
    // Units for parts that say so are mostly judged parts.
    const broken = all.filter((j) => kindOfRow(String(j.row.title), c.names) === 'item' && /\b(for parts|not working|cracked screen|icloud locked)\b/iu.test(String(j.row.title)));
    if (broken.length >= 3) expect(broken.filter((j) => j.kind === 'parts').length).toBeGreaterThanOrEqual(broken.length * 0.7);
    const asks = all.filter((j) => j.kind === 'item').map((j) => amount(j.row)).filter((a): a is number => a !== null);
    expect(quantile(asks, 0.5)).toBeGreaterThanOrEqual(c.band[0]);
    expect(quantile(asks, 0.5)).toBeLessThanOrEqual(c.band[1]);
  }, 120_000);
});

test('a car\'s eBay page is mostly its parts, and the judgement says so', async () => {
  const rows = [...await judged('mkt_a/sold', 'honda civic'), ...await judged('mkt_a/listings', 'honda civic')];
  expect(rows.filter((j) => j.kind === 'accessory').length).toBeGreaterThanOrEqual(rows.length * 0.6);
}, 120_000);
