// @ts-check
/**
 * The comps console: one page over the public API, with the key the user pasted (kept in this
 * tab's session storage only, sent in the Authorization header, never in a URL).
 * Comps: one batch per page round (page 1 of every search, mkt_a's later pages through the
 * batch `pages` shorthand; the cursor routes' later pages in further rounds, each with the
 * previous page's cursor), then the price picture from the rows: by default over the rows the
 * service judged the item searched (`comp_kind` = `item`), the others greyed in the rows table
 * with their reasons, and a switch that includes them; the histogram marks both medians (the
 * items' and every row's). Local: one mkt_e search
 * around a ZIP, page by page. Watches: the key's watches, each with its last runs and what
 * they found (new or cheaper listings), paused or resumed from here.
 */
import uPlot from './vendor/uplot.esm.js';
import { figureRows, histogramBins, histogramCounts, isItem, judgedText, priceStats, uniqueRows, usd, usdAmount } from './stats.js';

const KEY_STORAGE = 'listings.apiKey';
const COLORS = ['#0b5cad', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0f766e', '#a16207'];
const NAMES = { mkt_a: 'mkt_a (eBay)', mkt_b: 'mkt_b (Poshmark)', mkt_c: 'mkt_c (Mercari)', mkt_d: 'mkt_d (Depop)', mkt_e: 'mkt_e (OfferUp)' };

/** @param {string} id */
function el(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} missing`);
  return e;
}
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (el(id));

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the key

function getKey() {
  return sessionStorage.getItem(KEY_STORAGE);
}

function showKeyStatus() {
  const key = getKey();
  el('key-status').textContent = key
    ? `Using the key ending …${key.slice(-4)} (kept in this tab only).`
    : 'Paste an API key. It stays in this browser tab (session storage) and is sent only to this service.';
}

// ---------------------------------------------------------------- notices

/** @param {string | null} text @param {'error' | 'wait'} [kind] */
function notice(text, kind = 'error') {
  const n = el('notice');
  n.hidden = text === null;
  n.textContent = text ?? '';
  n.classList.toggle('wait', kind === 'wait');
}

class ApiFailure extends Error {
  /** @param {number} status @param {string} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** What to tell the user for an error answer. @param {ApiFailure} e */
function explain(e) {
  switch (e.code) {
    case 'invalid_api_key': return 'This API key was not accepted (401 invalid_api_key). Check the key and paste it again.';
    case 'account_suspended': return 'This account is suspended (403 account_suspended); its keys do not work until support restores it.';
    case 'quota_exceeded': return `The plan's allowance is used up (${e.status} quota_exceeded). ${e.message}`;
    default: return `${e.status} ${e.code}: ${e.message}`;
  }
}

/**
 * A call to the API with the pasted key. A 429 is waited out by its Retry-After (shown), a 503
 * or a dropped connection is retried a few times; callers that create something send an
 * Idempotency-Key, so a retry never charges twice.
 * @param {string} path
 * @param {{ method?: string, body?: unknown, idempotencyKey?: string, raw?: boolean }} [opts]
 * @returns {Promise<{ status: number, json: any, blob?: Blob }>}
 */
async function api(path, opts = {}) {
  const key = getKey();
  if (!key) throw new ApiFailure(401, 'invalid_api_key', 'No API key was pasted.');
  /** @type {Record<string, string>} */
  const headers = { Authorization: `Bearer ${key}` };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  for (let attempt = 1; ; attempt++) {
    /** @type {Response} */
    let res;
    try {
      res = await fetch(path, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), cache: 'no-store' });
    } catch (err) {
      if (attempt < 4) { await sleep(500 * attempt); continue; }
      throw new ApiFailure(0, 'network_error', `The service could not be reached (${String(err)}).`);
    }
    if (res.status === 429 || (res.status === 503 && attempt < 4)) {
      const seconds = Math.max(1, Number(res.headers.get('Retry-After')) || 1);
      const what = res.status === 429 ? 'Rate limited (429)' : 'The service is busy (503)';
      for (let left = seconds; left > 0; left--) {
        notice(`${what}: waiting ${left} s before trying again…`, 'wait');
        await sleep(1000);
      }
      notice(null);
      continue;
    }
    if (opts.raw && res.ok) return { status: res.status, json: null, blob: await res.blob() };
    const json = await res.json().catch(() => null);
    if (res.ok || (json && typeof json === 'object' && 'request_id' in json)) return { status: res.status, json };
    const err = json?.error ?? {};
    throw new ApiFailure(res.status, String(err.code ?? 'error'), String(err.message ?? res.statusText));
  }
}

// ---------------------------------------------------------------- routes

/** @typedef {{ id: string, token: string, kind: 'sold' | 'listings', cursor_paging: boolean, condition: { values: string[], labels: Record<string, string>, multiple: boolean } }} RouteInfo */

/** @type {RouteInfo[]} */
let routes = [];

/**
 * A condition as the page shows it: what it means, with the marketplace's own code when that is
 * a code ("Used, fair (uf)"), the marketplace's label as it is ("Pre-Owned").
 * @param {RouteInfo | undefined} route @param {string} value
 */
function conditionText(route, value) {
  const label = route?.condition.labels[value];
  if (!label) return value;
  // A code that is the label's own words ("open_box") adds nothing to it.
  return label.toLowerCase().replace(/[^a-z]+/g, '_') === value ? label : `${label} (${value})`;
}

async function loadRoutes() {
  const res = await fetch('/console/routes.json');
  routes = await res.json();
  const body = /** @type {HTMLTableElement} */ (el('routes')).tBodies[0];
  if (!body) return;
  // mkt_e needs a place: it is searched in the Local view.
  for (const r of routes.filter((x) => x.token !== 'mkt_e')) {
    const slug = r.id.replace('/', '-');
    const check = h('input', { type: 'checkbox', id: `use-${slug}`, name: 'route', value: r.id });
    if (r.kind === 'sold') check.setAttribute('checked', '');
    const cond = h('select', { id: `cond-${slug}`, 'aria-label': `Condition for ${r.id}` }, [h('option', { value: '' }, ['any'])]);
    if (r.condition.multiple) cond.setAttribute('multiple', '');
    // The marketplace's code with what it means ("Used, fair (uf)"): codes alone say little.
    for (const v of r.condition.values) cond.append(h('option', { value: v }, [conditionText(r, v)]));
    const pages = h('input', { type: 'number', id: `pages-${slug}`, min: '1', max: r.cursor_paging ? '5' : '10', value: '1', 'aria-label': `Pages of ${r.id}` });
    body.append(h('tr', {}, [
      h('td', {}, [check, ' ', h('label', { for: `use-${slug}` }, [`${NAMES[/** @type {keyof NAMES} */ (r.token)] ?? r.token} ${r.kind === 'sold' ? 'sold' : 'active (asking)'}`])]),
      h('td', {}, [cond]),
      h('td', {}, [pages]),
    ]));
  }
}

// ---------------------------------------------------------------- comps

/**
 * @typedef {{ route: RouteInfo, page: number, wanted: number, condition: string }} Planned
 * @typedef {{ index: number, status: string, credits: number, rows?: number, error?: { code: string }, summary?: { best_offer_accepted_count?: number }, result?: any, request_id: string | null }} BatchItem
 * @typedef {{ planned: Planned, item: BatchItem }} Done
 */

/** @returns {Planned[]} */
function plannedSearches() {
  /** @type {Planned[]} */
  const out = [];
  for (const r of routes) {
    const slug = r.id.replace('/', '-');
    const use = document.getElementById(`use-${slug}`);
    if (!(use instanceof HTMLInputElement) || !use.checked) continue;
    const sel = /** @type {HTMLSelectElement} */ (el(`cond-${slug}`));
    const condition = [...sel.selectedOptions].map((o) => o.value).filter(Boolean).join(',');
    const wanted = Math.min(Number(input(`pages-${slug}`).max), Math.max(1, Math.trunc(Number(input(`pages-${slug}`).value) || 1)));
    out.push({ route: r, page: 1, wanted, condition });
  }
  return out;
}

/** @param {string} name @returns {number | undefined} */
function bound(name) {
  const v = input(name).value.trim();
  return v === '' ? undefined : Number(v);
}

/**
 * The batch body of one round. mkt_a's pages go in one search with `pages`; a cursor route's
 * later page carries the previous page's cursor.
 * @param {string} q
 * @param {{ planned: Planned, cursor?: string }[]} round
 */
function batchBody(q, round) {
  /** @type {Record<string, unknown>} */
  const defaults = {};
  const min = bound('comps-min');
  const max = bound('comps-max');
  if (min !== undefined) defaults.min_price = min;
  if (max !== undefined) defaults.max_price = max;
  const searches = round.map(({ planned, cursor }) => {
    /** @type {Record<string, unknown>} */
    const s = { endpoint: planned.route.id, q };
    if (planned.condition) s.condition = planned.condition;
    if (!planned.route.cursor_paging && planned.wanted > 1) s.pages = planned.wanted;
    if (cursor) { s.page = planned.page; s.cursor = cursor; }
    return s;
  });
  return Object.keys(defaults).length ? { defaults, searches } : { searches };
}

/** @param {{ planned: Planned }[]} round @returns {Planned[]} one entry per batch item, after `pages` expands */
function expand(round) {
  return round.flatMap(({ planned }) => (!planned.route.cursor_paging && planned.wanted > 1
    ? Array.from({ length: planned.wanted }, (_, i) => ({ ...planned, page: i + 1 }))
    : [planned]));
}

/** @param {Done[]} done @param {number} credits */
function renderProgress(done, credits) {
  const list = el('comps-items');
  list.replaceChildren(...done.map(({ planned, item }) => {
    const what = item.status === 'complete' ? `complete, ${item.rows ?? 0} rows${item.credits ? ', 1 credit' : ''}`
      : item.status === 'pending' ? 'pending…' : `${item.status}: ${item.error?.code ?? ''}`;
    return h('li', { class: item.status }, [`${planned.route.id} page ${planned.page}: ${what}`]);
  }));
  const settled = done.filter((d) => d.item.status !== 'pending').length;
  el('comps-progress-line').textContent = `${settled} of ${done.length} searches settled · ${credits} credits`;
}

/**
 * Runs one round: creates the batch (an Idempotency-Key per round, so a retried create never
 * charges twice), waits until it settles, and reads the results.
 * @param {string} q @param {{ planned: Planned, cursor?: string }[]} round @param {Done[]} earlier @param {number} creditsBefore
 * @returns {Promise<{ batchId: string, done: Done[], credits: number }>}
 */
async function runRound(q, round, earlier, creditsBefore) {
  const planned = expand(round);
  const created = await api('/v1/batches', { method: 'POST', body: batchBody(q, round), idempotencyKey: `console-${crypto.randomUUID()}` });
  let batch = created.json;
  /** @param {any} b */
  const zip = (b) => planned.map((p, i) => ({ planned: p, item: /** @type {BatchItem} */ (b.items[i]) }));
  renderProgress([...earlier, ...zip(batch)], creditsBefore + batch.credits);
  while (batch.status === 'pending') {
    batch = (await api(`/v1/batches/${batch.batch_id}?wait=20`)).json;
    renderProgress([...earlier, ...zip(batch)], creditsBefore + batch.credits);
  }
  const full = (await api(`/v1/batches/${batch.batch_id}?include=results`)).json;
  return { batchId: full.batch_id, done: zip(full), credits: creditsBefore + full.credits };
}

/** @param {Done[]} done */
function rowsByRoute(done) {
  /** @type {Map<string, { route: RouteInfo, results: any[], bestOffers: number | null }>} */
  const by = new Map();
  for (const { planned, item } of done) {
    let e = by.get(planned.route.id);
    if (!e) { e = { route: planned.route, results: [], bestOffers: null }; by.set(planned.route.id, e); }
    if (item.status !== 'complete' || !item.result) continue;
    e.results.push(item.result);
    const n = item.summary?.best_offer_accepted_count;
    if (typeof n === 'number') e.bestOffers = (e.bestOffers ?? 0) + n;
  }
  return [...by.values()].map((e) => ({ ...e, rows: uniqueRows(e.results) }));
}

/** @type {uPlot[]} */
let charts = [];

/** The two medians marked on a histogram: the items' (solid) and every row's (dashed). */
const MEDIAN_MARKS = /** @type {const} */ ([
  { key: 'items', label: 'median of the items', color: '#1b1b1b', dash: [] },
  { key: 'all', label: 'median of all rows', color: '#8a1c12', dash: [6, 4] },
]);

/**
 * @param {HTMLElement} host
 * @param {{ label: string, color: string, amounts: number[] }[]} series
 * @param {{ items: number | null, all: number | null }} medians drawn as vertical lines
 */
function histogram(host, series, medians) {
  const bins = histogramBins(series.flatMap((s) => s.amounts));
  if (bins.edges.length === 0) { host.append(h('p', { class: 'hint' }, ['No priced rows.'])); return; }
  /** @param {uPlot} u */
  const drawMedians = (u) => {
    const { ctx } = u;
    for (const m of MEDIAN_MARKS) {
      const v = medians[m.key];
      if (v === null) continue;
      const x = u.valToPos(v, 'x', true);
      ctx.save();
      ctx.strokeStyle = m.color;
      ctx.lineWidth = 2 * (window.devicePixelRatio || 1);
      ctx.setLineDash(m.dash.map((d) => d * (window.devicePixelRatio || 1)));
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.restore();
    }
  };
  const xs = bins.edges.map((e) => e + bins.width / 2);
  const data = /** @type {uPlot.AlignedData} */ ([xs, ...series.map((s) => histogramCounts(s.amounts, bins))]);
  const chart = new uPlot({
    width: Math.max(260, host.clientWidth - 8), height: 220,
    scales: { x: { time: false, range: [bins.edges[0] ?? 0, (bins.edges.at(-1) ?? 0) + bins.width] } },
    axes: [{ label: 'displayed price (USD)', values: (_u, ticks) => ticks.map((t) => `$${t.toLocaleString('en-US')}`) }, { label: 'rows' }],
    series: [{ label: 'price' }, ...series.map((s) => ({
      label: s.label, stroke: s.color, fill: `${s.color}55`, width: 1,
      paths: uPlot.paths.bars?.({ size: [1, Infinity], align: 0 }),
      points: { show: false },
    }))],
    legend: { live: false },
    hooks: { draw: [drawMedians] },
  }, data, host);
  charts.push(chart);
  host.after(h('p', { class: 'hint medians', 'data-median-items': medians.items === null ? '' : String(medians.items), 'data-median-all': medians.all === null ? '' : String(medians.all) }, [
    `Lines: ${MEDIAN_MARKS.map((m) => `${m.label} ${usd(medians[m.key])} (${m.dash.length ? 'dashed' : 'solid'})`).join(' · ')}.`,
  ]));
}

/**
 * Sold price against sold date.
 * @param {HTMLElement} host
 * @param {{ label: string, color: string, rows: Record<string, unknown>[] }[]} series
 */
function timeline(host, series) {
  /** @type {{ t: number, s: number, p: number }[]} */
  const points = [];
  series.forEach((s, si) => {
    for (const row of s.rows) {
      const p = usdAmount(row);
      const d = typeof row.sold_date === 'string' ? Date.parse(`${row.sold_date}T12:00:00Z`) : NaN;
      if (p !== null && Number.isFinite(d)) points.push({ t: d / 1000, s: si, p });
    }
  });
  // A marketplace whose sold rows carry no sold date (mkt_c's search answers have none) cannot be
  // placed on a time axis: say so rather than leave it out silently.
  const undated = series.filter((s, si) => s.rows.length > 0 && !points.some((x) => x.s === si)).map((s) => s.label);
  if (undated.length > 0) {
    host.after(h('p', { class: 'hint', 'data-undated': undated.join(' ') }, [
      `Not drawn: ${undated.join(', ')}, whose sold rows carry no sold date (its search results do not say when an item sold; its prices are in the table and the histogram).`,
    ]));
  }
  if (points.length === 0) { host.append(h('p', { class: 'hint' }, ['No dated sales.'])); return; }
  points.sort((a, b) => a.t - b.t);
  const data = /** @type {uPlot.AlignedData} */ ([points.map((x) => x.t), ...series.map((_s, si) => points.map((x) => (x.s === si ? x.p : null)))]);
  const chart = new uPlot({
    width: Math.max(260, host.clientWidth - 8), height: 220,
    axes: [{ label: 'sold date' }, { label: 'displayed price (USD)', values: (_u, ticks) => ticks.map((t) => `$${t.toLocaleString('en-US')}`) }],
    series: [{ label: 'date' }, ...series.map((s) => ({ label: s.label, stroke: s.color, paths: () => null, points: { show: true, size: 6, fill: s.color } }))],
    legend: { live: false },
  }, data, host);
  charts.push(chart);
}

/** The priced amounts of rows. @param {Record<string, unknown>[]} rows @returns {number[]} */
const amountsOf = (rows) => rows.map(usdAmount).filter((x) => x !== null);

/**
 * @param {{ label: string, rows: Record<string, unknown>[], bestOffers: number | null }[]} groups
 * @param {boolean} sold
 * @param {boolean} all the figures over every row (else over the rows judged the item)
 */
function statsTable(groups, sold, all) {
  const head = ['Marketplace', 'Items', 'Priced rows', 'Median', 'Low', 'Q1', 'Q3', 'High'];
  if (sold) head.push('Best offer accepted');
  const tr = (/** @type {string} */ label, /** @type {Record<string, unknown>[]} */ rows, /** @type {number | null | undefined} */ offers) => {
    const s = priceStats(amountsOf(figureRows(rows, all)));
    // Items: the rows judged the item searched, of all the rows.
    const cells = [label, `${rows.filter(isItem).length}/${rows.length}`, String(s.n), usd(s.median), usd(s.low), usd(s.q1), usd(s.q3), usd(s.high)];
    if (sold) cells.push(offers === undefined || offers === null ? '—' : String(offers));
    return h('tr', { 'data-group': label }, cells.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, [c]) : h('td', { class: `stat-${head[i]?.toLowerCase().replace(/ /g, '-')}` }, [c]))));
  };
  const body = groups.map((g) => tr(g.label, g.rows, g.bestOffers));
  if (groups.length > 1) body.push(tr('All marketplaces', groups.flatMap((g) => g.rows), undefined));
  const over = all ? 'every row, the rows judged not the item included' : 'the rows judged the item searched (accessories, lots, parts and other models left out)';
  return h('table', { class: 'stats', 'data-over': all ? 'all' : 'items' }, [
    h('caption', { class: 'hint' }, [`${sold ? 'Displayed prices of sold listings' : 'Displayed prices of active listings (asks)'}, over ${over}.${sold ? ' Best offer accepted: counted where the marketplace shows it (mkt_a); — elsewhere.' : ''}`]),
    h('thead', {}, [h('tr', {}, head.map((c) => h('th', { scope: 'col' }, [c])))]),
    h('tbody', {}, body),
  ]);
}

/** The groups of the last comps run, drawn again when the switch changes. @type {ReturnType<typeof rowsByRoute>} */
let lastGroups = [];

/** Whether the figures include the rows judged not the item (the switch). */
function includeJudged() {
  return input('include-judged').checked;
}

/** @param {ReturnType<typeof rowsByRoute>} groups */
function renderPicture(groups) {
  lastGroups = groups;
  const all = includeJudged();
  for (const c of charts) c.destroy();
  charts = [];
  const sides = el('sides');
  sides.replaceChildren();
  /** @type {(() => void)[]} */
  const draw = [];
  for (const sold of [true, false]) {
    const mine = groups.filter((g) => (g.route.kind === 'sold') === sold);
    if (mine.length === 0) continue;
    const labelled = mine.map((g, i) => ({ ...g, label: g.route.token, color: COLORS[i % COLORS.length] ?? '#333' }));
    const histHost = h('div', { class: 'chart', role: 'img', 'aria-label': `Histogram of ${sold ? 'sold' : 'asking'} displayed prices per marketplace` });
    const side = h('section', { class: 'side', id: sold ? 'side-sold' : 'side-active', 'aria-label': sold ? 'Sold comps' : 'Asking prices' }, [
      h('h3', {}, [sold ? 'Sold comps' : 'Active listings (asking)']),
      h('div', { class: 'table-wrap' }, [statsTable(labelled, sold, all)]),
      h('h3', {}, ['Price spread']), histHost,
    ]);
    sides.append(side);
    const everyRow = labelled.flatMap((g) => g.rows);
    const medians = { items: priceStats(amountsOf(figureRows(everyRow, false))).median, all: priceStats(amountsOf(everyRow)).median };
    draw.push(() => histogram(histHost, labelled.map((g) => ({ label: g.label, color: g.color, amounts: amountsOf(figureRows(g.rows, all)) })), medians));
    if (sold) {
      const tlHost = h('div', { class: 'chart', role: 'img', 'aria-label': 'Sold displayed price against sold date' });
      side.append(h('h3', {}, ['Sold over time']), tlHost);
      draw.push(() => timeline(tlHost, labelled.map((g) => ({ label: g.label, color: g.color, rows: figureRows(g.rows, all) }))));
    }
  }
  // Charts are sized once every panel is in place (a lone first panel would be full width).
  for (const d of draw) d();
  const rows = groups.flatMap((g) => g.rows);
  const items = rows.filter(isItem).length;
  el('judged-line').textContent = `${items} of ${rows.length} rows judged the item searched; ${all ? 'the figures include every row' : `the other ${rows.length - items} (greyed in the rows table, with why) are left out of the figures`}.`;
}

/** Charts follow the width of their panel. */
function resizeCharts() {
  for (const c of charts) {
    const host = c.root.parentElement;
    if (host) c.setSize({ width: Math.max(260, host.clientWidth - 8), height: c.height });
  }
}

// ---------------------------------------------------------------- rows table

/** @typedef {{ route: string, row: Record<string, unknown> }} TableRow */
const COLUMNS = /** @type {const} */ ([
  { key: 'route', label: 'Marketplace', wide: false },
  { key: 'title', label: 'Title', wide: false },
  { key: 'price', label: 'Displayed price', wide: false },
  { key: 'date', label: 'Sold date', wide: false },
  { key: 'condition', label: 'Condition', wide: true },
  { key: 'seller', label: 'Seller', wide: true },
  { key: 'kind', label: 'Judged', wide: false },
]);
/** @type {TableRow[]} */
let tableRows = [];
/** @type {{ key: string, dir: 1 | -1 }} */
let sortBy = { key: 'price', dir: 1 };
/** Rows a page of the table shows: hundreds at once would be a wall. */
const TABLE_PAGE = 50;
let tablePage = 0;

/** @param {TableRow} r @param {string} key @returns {string | number | null} */
function cell(r, key) {
  switch (key) {
    case 'route': return r.route;
    case 'title': return typeof r.row.title === 'string' ? r.row.title : null;
    case 'price': return usdAmount(r.row);
    case 'date': return typeof r.row.sold_date === 'string' ? r.row.sold_date : null;
    case 'condition': return typeof r.row.condition === 'string' ? conditionText(routes.find((x) => x.id === r.route), r.row.condition) : null;
    case 'seller': return typeof r.row.seller_text === 'string' ? r.row.seller_text : null;
    case 'kind': return isItem(r.row) ? 'item' : judgedText(r.row);
    default: return null;
  }
}

function renderTable() {
  const table = /** @type {HTMLTableElement} */ (el('rows-table'));
  const headRow = table.tHead?.rows[0];
  if (!headRow) return;
  headRow.replaceChildren(...COLUMNS.map((c) => {
    const th = h('th', { scope: 'col', class: c.wide ? 'wide' : '' }, [h('button', { type: 'button', 'data-sort': c.key }, [c.label])]);
    th.setAttribute('aria-sort', sortBy.key === c.key ? (sortBy.dir === 1 ? 'ascending' : 'descending') : 'none');
    return th;
  }));
  const needle = input('rows-filter').value.trim().toLowerCase();
  const shown = tableRows.filter((r) => !needle || [r.route, cell(r, 'title'), cell(r, 'condition'), cell(r, 'seller'), cell(r, 'kind')].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)));
  shown.sort((a, b) => {
    const x = cell(a, sortBy.key);
    const y = cell(b, sortBy.key);
    if (x === y) return 0;
    if (x === null) return 1; // empty cells last either way
    if (y === null) return -1;
    return (x < y ? -1 : 1) * sortBy.dir;
  });
  const pages = Math.max(1, Math.ceil(shown.length / TABLE_PAGE));
  tablePage = Math.min(tablePage, pages - 1);
  const from = tablePage * TABLE_PAGE;
  const page = shown.slice(from, from + TABLE_PAGE);
  // Rows judged not the item are greyed, their kind and reasons in the last column.
  table.tBodies[0]?.replaceChildren(...page.map((r) => h('tr', isItem(r.row) ? { 'data-kind': 'item' } : { class: 'judged-out', 'data-kind': String(r.row.comp_kind ?? '') }, [
    h('td', {}, [r.route]),
    h('td', {}, [typeof r.row.link === 'string' ? h('a', { href: r.row.link, rel: 'noopener noreferrer', target: '_blank' }, [String(r.row.title ?? r.row.id)]) : String(r.row.title ?? r.row.id)]),
    h('td', {}, [typeof r.row.displayed_price_text === 'string' ? r.row.displayed_price_text : usd(usdAmount(r.row))]),
    h('td', {}, [String(cell(r, 'date') ?? '')]),
    h('td', { class: 'wide' }, [String(cell(r, 'condition') ?? '')]),
    h('td', { class: 'wide' }, [String(cell(r, 'seller') ?? '')]),
    h('td', { class: 'kind' }, [String(cell(r, 'kind') ?? '')]),
  ])));
  el('rows-count').textContent = `${shown.length} of ${tableRows.length} rows`;
  el('rows-page').textContent = shown.length === 0 ? '' : `Rows ${from + 1}–${from + page.length} of ${shown.length} (page ${tablePage + 1} of ${pages})`;
  /** @type {HTMLButtonElement} */ (el('rows-prev')).disabled = tablePage === 0;
  /** @type {HTMLButtonElement} */ (el('rows-next')).disabled = tablePage >= pages - 1;
  /** @type {HTMLElement} */ (el('rows-prev').parentElement).hidden = pages <= 1;
}

/** @param {number} step */
function turnTablePage(step) {
  tablePage = Math.max(0, tablePage + step);
  renderTable();
}

// ---------------------------------------------------------------- downloads

/** @param {string} batchId @param {number} round */
function downloadButton(batchId, round) {
  const b = h('button', { type: 'button', 'data-batch': batchId }, [`CSV of round ${round} (${batchId})`]);
  b.addEventListener('click', async () => {
    try {
      const { blob } = await api(`/v1/batches/${batchId}?format=csv`, { raw: true });
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = h('a', { href: url, download: `comps-${batchId}.csv` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      notice(e instanceof ApiFailure ? explain(e) : String(e));
    }
  });
  return b;
}

// ---------------------------------------------------------------- comps flow

/** @param {SubmitEvent} ev */
async function runComps(ev) {
  ev.preventDefault();
  notice(null);
  const q = input('comps-q').value.trim();
  const plan = plannedSearches();
  if (!q || plan.length === 0) { notice('Enter an item and pick at least one marketplace.'); return; }
  const button = /** @type {HTMLButtonElement} */ (el('comps-run'));
  button.disabled = true;
  el('comps-progress').hidden = false;
  el('comps-results').hidden = true;
  el('downloads').replaceChildren();
  /** @type {Done[]} */
  let done = [];
  let credits = 0;
  try {
    /** @type {{ planned: Planned, cursor?: string }[]} */
    let round = plan.map((planned) => ({ planned }));
    for (let n = 1; round.length > 0; n++) {
      const r = await runRound(q, round, done, credits);
      done = [...done, ...r.done];
      credits = r.credits;
      el('downloads').append(downloadButton(r.batchId, n));
      // Cursor routes that asked for more pages continue from the page just read.
      round = r.done.flatMap(({ planned, item }) => (planned.route.cursor_paging && planned.page < planned.wanted && item.status === 'complete' && item.result?.next_cursor
        ? [{ planned: { ...planned, page: item.result.next_page }, cursor: item.result.next_cursor }] : []));
    }
    renderProgress(done, credits);
    const groups = rowsByRoute(done);
    el('comps-results').hidden = false;
    renderPicture(groups);
    tableRows = groups.flatMap((g) => g.rows.map((row) => ({ route: g.route.id, row })));
    tablePage = 0;
    renderTable();
  } catch (e) {
    notice(e instanceof ApiFailure ? explain(e) : String(e));
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------- local view

/**
 * @typedef {{ params: URLSearchParams, next: { page: number, cursor: string } | null, rows: any[], from: { latitude: number, longitude: number } | null, miles: Map<string, number | null> }} LocalState
 * @type {LocalState | null}
 */
let local = null;

/** @param {URLSearchParams} params */
async function localPage(params) {
  let job = (await api(`/v1/mkt_e/listings?${params}`, { idempotencyKey: `console-${crypto.randomUUID()}` })).json;
  while (job.status === 'pending') job = (await api(`/v1/jobs/${job.request_id}?wait=20`)).json;
  if (job.status === 'failed') throw new ApiFailure(200, job.error?.code ?? 'failed', 'The search ran and failed; nothing was charged.');
  return job.result;
}

/** "City, ST" of a row, or null when the seller's area is not a city and state. @param {any} row */
function placeOf(row) {
  return typeof row.city === 'string' && typeof row.state === 'string' && /^[A-Z]{2}$/.test(row.state) && !row.city.includes(',') && row.city.length <= 80 ? `${row.city}, ${row.state}` : null;
}

/**
 * Fills in the estimated miles of places not asked yet (`/console/distances`, 100 a call).
 * A failure leaves them unknown: the list still shows, without those distances.
 * @param {LocalState} state
 */
async function fetchMiles(state) {
  if (!state.from) return;
  const wanted = [...new Set(state.rows.map(placeOf).filter((p) => p !== null && !state.miles.has(p)))];
  for (let i = 0; i < wanted.length; i += 100) {
    const params = new URLSearchParams({ lat: String(state.from.latitude), lon: String(state.from.longitude) });
    for (const p of wanted.slice(i, i + 100)) params.append('place', /** @type {string} */ (p));
    try {
      const res = await fetch(`/console/distances?${params}`, { cache: 'no-store' });
      if (!res.ok) continue;
      const { distances } = await res.json();
      for (const [p, d] of Object.entries(distances)) state.miles.set(p, typeof d === 'number' ? d : null);
    } catch {
      // unknown distances
    }
  }
}

/** @param {LocalState} state @param {any} result */
function renderLocal(state, result) {
  const loc = result.location ?? {};
  const widened = loc.widened_radius_miles ? `, widened by the marketplace to ${loc.widened_radius_miles} mi` : '';
  const byDistance = state.params.get('sort') === 'nearest';
  el('local-area').textContent = `Around ZIP ${loc.zip ?? '?'} (${loc.latitude}, ${loc.longitude}) within ${loc.radius_miles} mi${loc.requested_radius_miles && loc.requested_radius_miles !== loc.radius_miles ? ` (asked ${loc.requested_radius_miles})` : ''}${widened}${result.vehicle_search ? ' · cars and trucks' : ''}. Distances are estimates, from the ZIP's centre to the centre of the seller's city (rows name an area, not a point)${byDistance ? '; nearest first' : '; in the marketplace\'s order'}.`;
  const milesOf = (/** @type {any} */ row) => {
    const p = placeOf(row);
    return p === null ? null : state.miles.get(p) ?? null;
  };
  const rows = state.rows.map((row, i) => ({ row, i, d: milesOf(row) }));
  // Nearest first, unknown distances last, ties in the marketplace's order.
  if (byDistance) rows.sort((a, b) => (a.d ?? Infinity) - (b.d ?? Infinity) || a.i - b.i);
  const items = rows.map(({ row, d }) => {
    const place = row.city && row.state ? `${row.city}, ${row.state}` : row.location_text ?? 'area not given';
    const price = row.call_for_price ? 'call for price' : row.displayed_price_text ?? usd(usdAmount(row));
    const miles = typeof row.vehicle_miles === 'number' ? `${row.vehicle_miles.toLocaleString('en-US')} miles on the vehicle` : null;
    const distance = d === null ? 'distance unknown' : `≈ ${d < 1 ? '<1' : Math.round(d).toLocaleString('en-US')} mi away`;
    // A listing judged not the item searched is greyed, with its kind and reasons.
    const judged = isItem(row) ? null : `judged ${judgedText(row)}`;
    return h('li', { 'data-miles': d === null ? '' : String(d), ...(judged ? { class: 'judged-out' } : {}) }, [
      h('span', { class: 'distance' }, [distance]),
      ' ',
      h('a', { href: row.link, rel: 'noopener noreferrer', target: '_blank' }, [row.title]),
      h('div', { class: 'meta' }, [[price, place, miles, row.promoted ? 'promoted' : null, judged].filter(Boolean).join(' · ')]),
    ]);
  });
  el('local-list').replaceChildren(...items);
  el('local-heading').textContent = `Nearby listings (${items.length})`;
}

/** @param {boolean} more */
async function runLocal(more) {
  notice(null);
  const button = /** @type {HTMLButtonElement} */ (el(more ? 'local-more' : 'local-run'));
  button.disabled = true;
  try {
    if (!more) {
      const params = new URLSearchParams({ q: input('local-q').value.trim(), zip: input('local-zip').value.trim() });
      const radius = /** @type {HTMLSelectElement} */ (el('local-radius')).value;
      if (radius) params.set('radius', radius);
      params.set('sort', /** @type {HTMLSelectElement} */ (el('local-sort')).value);
      local = { params, next: null, rows: [], from: null, miles: new Map() };
    }
    if (!local) return;
    const state = local;
    const params = new URLSearchParams(state.params);
    if (more && state.next) { params.set('page', String(state.next.page)); params.set('cursor', state.next.cursor); }
    const result = await localPage(params);
    state.next = result.next_cursor ? { page: result.next_page, cursor: result.next_cursor } : null;
    const loc = result.location ?? {};
    if (typeof loc.latitude === 'number' && typeof loc.longitude === 'number') state.from = { latitude: loc.latitude, longitude: loc.longitude };
    state.rows.push(...result.data);
    await fetchMiles(state);
    el('local-results').hidden = false;
    renderLocal(state, result);
    el('local-more').hidden = state.next === null;
  } catch (e) {
    notice(e instanceof ApiFailure ? explain(e) : String(e));
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------- watches

/**
 * @typedef {{ id: string, reason: 'new' | 'price_drop', title: string | null, link: string | null, displayed_price: { amount: number, currency: string } | null, previous_price: { amount: number, currency: string } | null }} Match
 * @typedef {{ scheduled_at: string, status: string, credits: number, rows: number | null, baseline: boolean, superseded: boolean, match_count: number, matches: Match[], request_id: string | null, event_id: string | null, event_delivery: string | null, error: { code: string } | null }} Run
 * @typedef {{ id: string, name: string | null, status: 'active' | 'paused', search: Record<string, unknown>, schedule: { every_seconds: number }, rules: Record<string, unknown>, webhook_endpoint_id: string | null, next_run_at: string | null, last_run: Run | null }} Watch
 */

/** Runs shown per watch, and watches whose runs are read (each is one call of the rate limit). */
const RUNS_SHOWN = 10;
const WATCHES_READ = 20;

/** @param {number} s */
function every(s) {
  if (s % 86400 === 0) return `${s / 86400} d`;
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}

/** @param {string | null} iso */
function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** @param {Watch} w */
function searchLine(w) {
  const { endpoint, q, ...rest } = w.search;
  const extra = Object.entries(rest).filter(([k, v]) => !(k === 'sort' && v === 'best_match')).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
  return `${String(endpoint)} “${String(q)}”${extra.length ? ` · ${extra.join(' · ')}` : ''}`;
}

/** @param {Watch} w */
function rulesLine(w) {
  const set = Object.entries(w.rules).filter(([, v]) => v !== null).map(([k, v]) => `${k.replace('_', ' ')} ${Array.isArray(v) ? v.join(', ') : String(v)}`);
  return set.length ? `Rules: ${set.join(' · ')}` : 'No rules: every new or cheaper listing is reported.';
}

/** @param {Run} r */
function runOutcome(r) {
  if (r.status === 'running') return 'running';
  if (r.status !== 'complete') return `${r.status}${r.superseded ? ' (a later run came first)' : ''}${r.error ? `: ${r.error.code}` : ''}`;
  if (r.baseline && r.match_count === 0) return `baseline: ${r.rows ?? 0} listings recorded`;
  if (r.superseded) return 'a later run came first';
  return r.match_count === 0 ? 'nothing new' : `${r.match_count} new or cheaper${r.event_delivery && r.event_delivery !== 'queued' ? ` (not sent: ${r.event_delivery.replaceAll('_', ' ')})` : ''}`;
}

/** @param {Watch} w @param {Run[] | null} runs */
function watchCard(w, runs) {
  const actions = h('div', { class: 'row' }, [
    h('button', { type: 'button', 'data-watch': w.id, 'data-action': w.status === 'active' ? 'pause' : 'resume' }, [w.status === 'active' ? 'Pause' : 'Resume']),
  ]);
  const head = h('p', { class: 'meta' }, [`${w.status === 'active' ? 'Active' : 'Paused'} · every ${every(w.schedule.every_seconds)} · next run ${w.status === 'active' ? when(w.next_run_at) : '—'} · ${w.webhook_endpoint_id ? `events to ${w.webhook_endpoint_id}` : 'no webhook endpoint'}`]);
  /** @type {(Node | string)[]} */
  const parts = [h('h3', {}, [w.name ? `${w.name} — ${searchLine(w)}` : searchLine(w)]), head, h('p', { class: 'hint' }, [rulesLine(w)]), actions];
  if (runs === null) {
    parts.push(h('p', { class: 'hint' }, ['Runs not read (only the first watches are).']));
  } else if (runs.length === 0) {
    parts.push(h('p', { class: 'hint' }, ['No run yet.']));
  } else {
    const rows = runs.slice(0, RUNS_SHOWN).map((r) => h('tr', {}, [
      h('td', {}, [when(r.scheduled_at)]), h('td', {}, [runOutcome(r)]), h('td', {}, [String(r.credits)]), h('td', { class: 'wide' }, [r.request_id ?? '—']),
    ]));
    parts.push(h('div', { class: 'table-wrap' }, [h('table', { class: 'rows runs' }, [
      h('caption', { class: 'hint' }, [`Last runs (${Math.min(runs.length, RUNS_SHOWN)} of ${runs.length})`]),
      h('thead', {}, [h('tr', {}, [h('th', { scope: 'col' }, ['Scheduled']), h('th', { scope: 'col' }, ['Outcome']), h('th', { scope: 'col' }, ['Credits']), h('th', { scope: 'col', class: 'wide' }, ['Search job'])])]),
      h('tbody', {}, rows),
    ])]));
    const matched = runs.filter((r) => r.matches.length > 0).slice(0, 3);
    for (const r of matched) {
      parts.push(h('h4', {}, [`Found by the run of ${when(r.scheduled_at)}`]));
      parts.push(h('ul', { class: 'matches' }, r.matches.map((m) => h('li', {}, [
        h('span', { class: `badge ${m.reason}` }, [m.reason === 'new' ? 'new' : 'cheaper']), ' ',
        m.link ? h('a', { href: m.link, rel: 'noopener noreferrer', target: '_blank' }, [m.title ?? m.id]) : (m.title ?? m.id),
        h('div', { class: 'meta' }, [`${m.displayed_price ? usd(m.displayed_price.amount) : 'no price'}${m.previous_price ? ` (was ${usd(m.previous_price.amount)})` : ''}`]),
      ]))));
    }
  }
  return h('section', { class: 'watch side', 'data-watch-id': w.id }, parts);
}

async function loadWatches() {
  notice(null);
  const status = el('watches-status');
  const button = /** @type {HTMLButtonElement} */ (el('watches-refresh'));
  button.disabled = true;
  status.textContent = 'Reading watches…';
  try {
    /** @type {Watch[]} */
    const watches = (await api('/v1/watches')).json.data;
    /** @type {Array<Run[] | null>} */
    const runs = [];
    for (const [i, w] of watches.entries()) runs.push(i < WATCHES_READ ? (await api(`/v1/watches/${encodeURIComponent(w.id)}/runs`)).json.data : null);
    el('watches-list').replaceChildren(...watches.map((w, i) => watchCard(w, runs[i] ?? null)));
    status.textContent = watches.length === 0 ? 'No watch yet for this key (its mode: live or sandbox).' : `${watches.length} watch${watches.length === 1 ? '' : 'es'} · read ${new Date().toLocaleTimeString()}`;
  } catch (e) {
    status.textContent = '';
    notice(e instanceof ApiFailure ? explain(e) : String(e));
  } finally {
    button.disabled = false;
  }
}

/** @param {string} id @param {'pause' | 'resume'} action */
async function setWatchStatus(id, action) {
  notice(null);
  try {
    await api(`/v1/watches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status: action === 'pause' ? 'paused' : 'active' } });
    await loadWatches();
  } catch (e) {
    notice(e instanceof ApiFailure ? explain(e) : String(e));
  }
}

// ---------------------------------------------------------------- history

/** @type {uPlot | null} */
let historyChart = null;

/** The sold history archive's answer for the form: price by month (chart and table), then the newest rows. */
async function runHistory() {
  notice(null);
  const marketplace = /** @type {HTMLSelectElement} */ (el('history-marketplace')).value;
  const params = new URLSearchParams({ q: input('history-q').value });
  if (input('history-from').value) params.set('from', input('history-from').value);
  if (input('history-to').value) params.set('to', input('history-to').value);
  const button = /** @type {HTMLButtonElement} */ (el('history-run'));
  button.disabled = true;
  try {
    const { json } = await api(`/v1/history/${encodeURIComponent(marketplace)}/sold?${params}`);
    el('history-results').hidden = false;
    /** @type {{ month: string, count: number, median: { amount: number } | null }[]} */
    const months = json.months;
    el('history-summary').textContent = `${json.count} row${json.count === 1 ? '' : 's'} on this page, ${json.from} to ${json.to}; months over ${json.months_complete ? 'every' : `the newest ${json.months_rows}`} matching row${json.months_rows === 1 ? '' : 's'}; ${json.credits} credit${json.credits === 1 ? '' : 's'}.`;
    const tbody = el('history-months').querySelector('tbody');
    tbody?.replaceChildren(...months.map((m) => h('tr', {}, [h('td', {}, [m.month]), h('td', {}, [String(m.count)]), h('td', {}, [m.median ? usd(m.median.amount) : '—'])])));
    const rows = el('history-rows').querySelector('tbody');
    rows?.replaceChildren(.../** @type {Record<string, any>[]} */ (json.data).slice(0, 50).map((r) => h('tr', {}, [
      h('td', {}, [String(r.sold_date ?? r.archived_on)]), h('td', {}, [String(r.title ?? '')]),
      h('td', {}, [r.displayed_price ? usd(r.displayed_price.amount) : String(r.displayed_price_text ?? '')]), h('td', {}, [String(r.condition ?? '')]), h('td', {}, [String(r.comp_kind)]),
    ])));
    historyChart?.destroy();
    historyChart = null;
    const host = el('history-chart');
    host.replaceChildren();
    const priced = months.filter((m) => m.median !== null);
    if (priced.length === 0) { host.append(h('p', { class: 'hint' }, ['No priced item rows in this range.'])); return; }
    const data = /** @type {uPlot.AlignedData} */ ([
      priced.map((m) => Date.parse(`${m.month}-15T00:00:00Z`) / 1000),
      priced.map((m) => m.median?.amount ?? null),
    ]);
    historyChart = new uPlot({
      width: Math.max(260, host.clientWidth - 8), height: 220,
      axes: [{ label: 'month' }, { label: 'median displayed price (USD)', values: (_u, ticks) => ticks.map((t) => `$${t.toLocaleString('en-US')}`) }],
      series: [{ label: 'month' }, { label: 'median', stroke: COLORS[0], width: 2, points: { show: true, size: 6, fill: COLORS[0] } }],
      legend: { live: false },
    }, data, host);
  } catch (e) {
    notice(e instanceof ApiFailure ? explain(e) : String(e));
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------- wiring

const TABS = /** @type {const} */ (['comps', 'local', 'history', 'watches']);

/** @param {'comps' | 'local' | 'history' | 'watches'} which */
function showTab(which) {
  if (which === 'watches' && el('view-watches').hidden && getKey()) void loadWatches();
  for (const name of TABS) {
    const tab = el(`tab-${name}`);
    tab.setAttribute('aria-selected', String(name === which));
    tab.tabIndex = name === which ? 0 : -1;
    el(`view-${name}`).hidden = name !== which;
  }
}

function wire() {
  el('key-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const key = input('key').value.trim();
    if (key) sessionStorage.setItem(KEY_STORAGE, key);
    input('key').value = '';
    notice(null);
    showKeyStatus();
  });
  el('forget-key').addEventListener('click', () => {
    sessionStorage.removeItem(KEY_STORAGE);
    showKeyStatus();
  });
  for (const [i, name] of TABS.entries()) {
    el(`tab-${name}`).addEventListener('click', () => showTab(name));
    el(`tab-${name}`).addEventListener('keydown', (ev) => {
      if (ev.key !== 'ArrowLeft' && ev.key !== 'ArrowRight') return;
      const other = TABS[(i + (ev.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] ?? 'comps';
      showTab(other);
      el(`tab-${other}`).focus();
    });
  }
  el('watches-refresh').addEventListener('click', () => { void loadWatches(); });
  el('watches-list').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement} */ (ev.target).closest('button[data-watch]');
    const id = b?.getAttribute('data-watch');
    const action = b?.getAttribute('data-action');
    if (id && (action === 'pause' || action === 'resume')) void setWatchStatus(id, action);
  });
  el('comps-form').addEventListener('submit', (ev) => { void runComps(/** @type {SubmitEvent} */ (ev)); });
  el('local-form').addEventListener('submit', (ev) => { ev.preventDefault(); void runLocal(false); });
  el('history-form').addEventListener('submit', (ev) => { ev.preventDefault(); void runHistory(); });
  el('local-more').addEventListener('click', () => { void runLocal(true); });
  el('rows-filter').addEventListener('input', () => { tablePage = 0; renderTable(); });
  el('include-judged').addEventListener('change', () => { if (lastGroups.length > 0) renderPicture(lastGroups); });
  el('rows-prev').addEventListener('click', () => turnTablePage(-1));
  el('rows-next').addEventListener('click', () => turnTablePage(1));
  let resizing = 0;
  window.addEventListener('resize', () => { clearTimeout(resizing); resizing = setTimeout(resizeCharts, 100); });
  el('rows-table').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement} */ (ev.target).closest('button[data-sort]');
    if (!b) return;
    const key = b.getAttribute('data-sort') ?? 'price';
    sortBy = { key, dir: sortBy.key === key ? /** @type {1 | -1} */ (-sortBy.dir) : 1 };
    tablePage = 0;
    renderTable();
    /** @type {HTMLElement | null} */ (el('rows-table').querySelector(`button[data-sort="${key}"]`))?.focus();
  });
  showKeyStatus();
}

wire();
void loadRoutes().then(() => document.body.setAttribute('data-ready', 'true'));
