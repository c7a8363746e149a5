/**
 * @module mkt_a/sponsored
 * Whether a card's "Sponsored" label is visible. eBay hides the label from scrapers: every
 * card carries one, and which are shown is decided by styling. Three forms are seen in real
 * pages (2025-2026), and this module reads what a browser would render:
 *  - letters in spans whose classes page-level `<style>` rules hide (`display: var(--x)` with
 *    `--x: none`, or parked off-screen at 1px), mixed with decoy letters;
 *  - an SVG background image whose `<text>` is placed inside the label box only when shown
 *    (decoys sit thousands of pixels away), over a reversed, transparent "derosnopS";
 *  - plain text (some locales).
 * The visible text is compared after folding look-alike letters (Cyrillic `ѕ`, `р`) and
 * invisible format characters. Unverified beyond the captured pages: see the adapter docs.
 */
import { Buffer } from 'node:buffer';
import { parseFragment } from 'parse5';
import { attr, find, isElement, rawText, type Element, type Node } from './dom.ts';

/** Look-alike letters eBay mixes into labels, folded to ASCII. */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ν: 'v', ο: 'o', ρ: 'p', α: 'a', ε: 'e',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', Х: 'x', Ѕ: 's', І: 'i', Ј: 'j', Ο: 'o', Ρ: 'p', Ε: 'e',
};

/** Lowercase ASCII form of a rendered label: format characters and spaces dropped, look-alikes folded. */
export function foldLabel(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFKC')) {
    if (/[\p{Cf}\p{Z}\s]/u.test(ch)) continue;
    out += HOMOGLYPHS[ch] ?? ch;
  }
  return out.toLowerCase();
}

export function isSponsoredText(s: string): boolean {
  return foldLabel(s) === 'sponsored';
}

/**
 * Classes that page-level `<style>` rules hide: `display: none` (directly or through a custom
 * property set on `:root`), `visibility: hidden`, `opacity: 0`, `font-size: 0`, or the
 * off-screen 1px clip. Only small style blocks are read: the hiding rules come in tiny blocks,
 * while the site's real stylesheets are large and never hide these random class names.
 */
export function readHiddenClasses(styles: readonly string[]): Set<string> {
  const vars = new Map<string, string>();
  const rules: Array<[string, string]> = [];
  for (const css of styles) {
    if (css.length > 4096) continue;
    for (const m of css.matchAll(/--([\w-]+)\s*:\s*([^;}]+)/gu)) vars.set(m[1]!, m[2]!.trim());
    for (const m of css.matchAll(/(?:^|[\s;}])(?:[a-z]+)?\.([\w-]+)\s*\{([^}]*)\}/gu)) rules.push([m[1]!, m[2]!]);
  }
  const hidden = new Set<string>();
  for (const [cls, body] of rules) {
    const decl = new Map<string, string>();
    for (const d of body.split(';')) {
      const i = d.indexOf(':');
      if (i > 0) decl.set(d.slice(0, i).trim().toLowerCase(), d.slice(i + 1).trim().toLowerCase());
    }
    let display = decl.get('display');
    const v = display ? /^var\(--([\w-]+)\)$/u.exec(display) : null;
    if (v) display = vars.get(v[1]!)?.toLowerCase();
    const offscreen = decl.get('position') === 'absolute' && (decl.get('width') === '1px' || /^-\d{3,}px$/u.test(decl.get('left') ?? ''));
    if (display === 'none' || decl.get('visibility') === 'hidden' || decl.get('opacity') === '0' || /^0(px)?$/u.test(decl.get('font-size') ?? '') || offscreen) {
      hidden.add(cls);
    }
  }
  return hidden;
}

function num(v: string | null): number {
  if (v === null) return 0;
  const n = Number(v.trim().split(/[\s,]+/u)[0]);
  return Number.isFinite(n) ? n : 0;
}

/** The text an SVG label image shows, or '' when its text is placed outside the label box. */
export function svgVisibleText(svg: string): string {
  const frag = parseFragment(svg);
  const t = find(frag as unknown as Node, (el) => el.tagName === 'text');
  if (!t) return '';
  const tr = /translate\(\s*(-?[\d.e+-]+)(?:[\s,]+(-?[\d.e+-]+))?\s*\)/u.exec(attr(t, 'transform') ?? '');
  const x = num(attr(t, 'x')) + num(attr(t, 'dx')) + (tr ? Number(tr[1]) : 0);
  const y = num(attr(t, 'y')) + num(attr(t, 'dy')) + (tr && tr[2] !== undefined ? Number(tr[2]) : 0);
  // The label box is about 70x16 px; shown text sits at its origin, decoys far outside it.
  const inside = x > -10 && x < 200 && y > 0 && y < 60;
  return inside ? rawText(t) : '';
}

function svgFromStyle(style: string): string | null {
  const b64 = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/u.exec(style);
  if (b64) return Buffer.from(b64[1]!, 'base64').toString('utf8');
  const plain = /data:image\/svg\+xml(?:;charset=[\w-]+)?,([^"')]+)/u.exec(style);
  if (plain) {
    try {
      return decodeURIComponent(plain[1]!);
    } catch {
      return null;
    }
  }
  return null;
}

/** Text a browser would show for a label element, given the page's hidden classes. */
export function visibleLabelText(label: Element, hidden: ReadonlySet<string>, svgCache?: Map<string, string>): string {
  let out = '';
  const visit = (node: Node): void => {
    if (!isElement(node)) {
      if (node.nodeName === '#text') out += (node as { value: string }).value;
      return;
    }
    const cls = attr(node, 'class');
    if (cls !== null && hidden.size > 0) {
      for (const c of cls.split(/\s+/u)) if (hidden.has(c)) return;
    }
    const style = attr(node, 'style');
    if (style !== null && style.includes('background-image')) {
      // The image is the label; the element's own text is a transparent decoy.
      let shown = svgCache?.get(style);
      if (shown === undefined) {
        const svg = svgFromStyle(style);
        shown = svg === null ? undefined : svgVisibleText(svg);
        if (shown !== undefined) svgCache?.set(style, shown);
      }
      if (shown !== undefined) {
        out += shown;
        return;
      }
    }
    for (const k of node.childNodes) visit(k);
  };
  visit(label);
  return out;
}

export function isSponsoredLabel(label: Element, hidden: ReadonlySet<string>): boolean {
  return isSponsoredText(visibleLabelText(label, hidden));
}

/**
 * A label reader for one page: its hidden classes read once, and SVG labels decoded once per
 * distinct image (pages repeat the same decoy image on most cards).
 */
export function labelReader(styles: readonly string[]): (label: Element) => boolean {
  const hidden = readHiddenClasses(styles);
  const svgs = new Map<string, string>();
  return (label) => isSponsoredText(visibleLabelText(label, hidden, svgs));
}
