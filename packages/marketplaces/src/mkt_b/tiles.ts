/**
 * @module mkt_b/tiles
 * The rendered search page read with parse5: the listing tiles (the documented fallback when
 * the embedded state is missing) and the signs of a block or login wall. Tiles carry no sold
 * date, brand or seller name; those fields are null when a page is read from tiles.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
export type Document = DefaultTreeAdapterMap['document'];

/** One listing tile as rendered. */
export interface Tile {
  id: string;
  /** `/listing/<slug>-<id>` when the tile still has it (hydrated tiles say `javascript:void(0)`). */
  href: string | null;
  title: string | null;
  priceText: string | null;
  nwt: boolean;
  size: string | null;
  image: string | null;
  /** Words of the status overlay ("Sold", "Sold Out", ...), empty when there is none. */
  status: string;
}

function isElement(n: Node): n is Element {
  return 'tagName' in n;
}

function children(n: Node): Node[] {
  return 'childNodes' in n ? n.childNodes : [];
}

export function attr(el: Element, name: string): string | null {
  for (const a of el.attrs) if (a.name === name) return a.value;
  return null;
}

function hasClass(el: Element, cls: string): boolean {
  const c = attr(el, 'class');
  return c !== null && c.split(/\s+/).includes(cls);
}

/** Elements below `root` (not `root` itself) for which `match` holds; `prune` stops descent. */
function findAll(root: Node, match: (el: Element) => boolean, prune = false): Element[] {
  const out: Element[] = [];
  const stack = [...children(root)].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    const hit = match(n);
    if (hit) out.push(n);
    if (!(hit && prune)) {
      const kids = 'content' in n && n.tagName === 'template' ? children(n.content) : children(n);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out;
}

function first(root: Node, match: (el: Element) => boolean): Element | null {
  return findAll(root, match)[0] ?? null;
}

function text(n: Node): string {
  if (n.nodeName === '#text') return (n as DefaultTreeAdapterMap['textNode']).value;
  return children(n).map(text).join('');
}

function clean(s: string | null | undefined): string | null {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
}

export function parseHtml(html: string): Document {
  return parse(html);
}

const BLOCK_TITLES = ['access denied', 'just a moment', 'attention required', 'pardon our interruption', 'are you a robot', 'captcha', 'security check', 'request blocked'];

/** Why the page is a block or login wall rather than a search page, or null. */
export function blockReason(doc: Document): string | null {
  const title = clean(first(doc, (e) => e.tagName === 'title') ? text(first(doc, (e) => e.tagName === 'title')!) : null)?.toLowerCase() ?? '';
  const hit = BLOCK_TITLES.find((t) => title.includes(t));
  if (hit) return `block page ("${title.slice(0, 80)}")`;
  const captcha = first(doc, (e) => (e.tagName === 'script' || e.tagName === 'iframe') && /captcha|challenge-platform/i.test(attr(e, 'src') ?? ''));
  if (captcha) return 'captcha challenge';
  const login = findAll(doc, (e) => e.tagName === 'form' && /\/login\b/.test(attr(e, 'action') ?? ''))
    .find((f) => first(f, (e) => e.tagName === 'input' && attr(e, 'type') === 'password') !== null);
  if (login) return 'login wall';
  return null;
}

/**
 * The filters the page says it applied: its filter panel's checked radio inputs, name → value
 * (`condition` → `all`, `availability` → `sold_out` on sold-rendered-body.html).
 */
export function checkedFilters(doc: Document): Map<string, string> {
  const out = new Map<string, string>();
  for (const input of findAll(doc, (e) => e.tagName === 'input' && attr(e, 'type') === 'radio' && attr(e, 'checked') !== null)) {
    const name = attr(input, 'name');
    const value = attr(input, 'value');
    if (name && value !== null && !out.has(name)) out.set(name, value);
  }
  return out;
}

/** The id a `/listing/<slug>-<id>` path ends with. */
export function idFromHref(href: string | null): string | null {
  if (!href?.startsWith('/listing/')) return null;
  const last = href.split('?')[0]!.split('-').pop() ?? '';
  return /^[A-Za-z0-9]{1,64}$/.test(last) ? last : null;
}

function readTile(card: Element): Tile | null {
  const anchors = findAll(card, (e) => e.tagName === 'a');
  const href = anchors.map((a) => attr(a, 'href')).find((h) => h?.startsWith('/listing/')) ?? null;
  const dataId = attr(card, 'data-et-prop-listing_id');
  const id = dataId && /^[A-Za-z0-9]{1,64}$/.test(dataId) ? dataId : idFromHref(href);
  if (id === null) return null;
  const part = (cls: string): Element | null => first(card, (e) => hasClass(e, cls));
  const img = first(card, (e) => e.tagName === 'img');
  const cond = part('tile-grid-redesign__condition-wrap');
  const nwt = cond !== null && (first(cond, (e) => hasClass(e, 'tile-grid-redesign__condition-nwt') || attr(e, 'aria-label') === 'NWT') !== null || clean(text(cond)) === 'NWT');
  const titleEl = part('tile-grid-redesign__title');
  const priceEl = part('tile-grid-redesign__price-current');
  const sizeEl = part('tile-grid-redesign__size');
  return {
    id,
    href,
    title: clean(titleEl ? text(titleEl) : null) ?? clean(img ? attr(img, 'alt') : null),
    priceText: clean(priceEl ? text(priceEl) : null),
    nwt,
    size: clean(sizeEl ? text(sizeEl) : null),
    image: img ? clean(attr(img, 'src')) ?? clean(attr(img, 'data-src')) : null,
    status: findAll(card, (e) => hasClass(e, 'tile-grid-redesign__listing-status-word')).map((e) => clean(text(e)) ?? '').join(' ').trim(),
  };
}

/**
 * The listing tiles of the grid (ad tiles skipped), or null when the page has no grid at all.
 * A listing tile whose id cannot be read is reported in `unreadable`.
 */
export function readTiles(doc: Document): { tiles: Tile[]; unreadable: number } | null {
  const grids = findAll(doc, (e) => hasClass(e, 'tiles_container'), true);
  if (grids.length === 0) return null;
  const tiles: Tile[] = [];
  let unreadable = 0;
  for (const grid of grids) {
    for (const card of findAll(grid, (e) => hasClass(e, 'tile-grid-redesign'), true)) {
      if (hasClass(card, 'tile-grid-redesign__ad-wrap')) continue;
      const t = readTile(card);
      if (t) tiles.push(t);
      else unreadable++;
    }
  }
  return { tiles, unreadable };
}
