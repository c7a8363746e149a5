/**
 * @module mkt_a/dom
 * The few tree operations the parser needs on parse5's default tree: attributes, classes,
 * text and depth-first walks. Written for speed: a results page has ~60k nodes and the whole
 * read must stay close to parse5's own parse time, so nothing here allocates per node.
 */
import type { DefaultTreeAdapterTypes as T } from 'parse5';

export type Element = T.Element;
export type Node = T.Node;
export type Document = T.Document;

export function isElement(node: Node): node is Element {
  return (node as Element).tagName !== undefined;
}

export function attr(el: Element, name: string): string | null {
  const attrs = el.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    if (a.name === name) return a.value;
  }
  return null;
}

export function hasAttr(el: Element, name: string): boolean {
  return attr(el, name) !== null;
}

/** Whether the element's class list contains `cls` (whole-token match). */
export function hasClass(el: Element, cls: string): boolean {
  const c = attr(el, 'class');
  if (c === null) return false;
  const at = c.indexOf(cls);
  if (at < 0) return false;
  return classListHas(c, cls, at);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Whether a class attribute value (already read) contains `cls` as a whole token. */
export function inClassList(list: string, cls: string): boolean {
  const at = list.indexOf(cls);
  return at >= 0 && classListHas(list, cls, at);
}

/** Whether a class attribute value (already read) has a token starting with `prefix`. */
export function prefixInClassList(list: string, prefix: string): boolean {
  let at = list.indexOf(prefix);
  while (at >= 0) {
    if (at === 0 || isSpace(list.charCodeAt(at - 1))) return true;
    at = list.indexOf(prefix, at + 1);
  }
  return false;
}

function classListHas(list: string, cls: string, from: number): boolean {
  let at = from;
  while (at >= 0) {
    const end = at + cls.length;
    if ((at === 0 || isSpace(list.charCodeAt(at - 1))) && (end === list.length || isSpace(list.charCodeAt(end)))) return true;
    at = list.indexOf(cls, at + 1);
  }
  return false;
}

/** Whether any class of the element starts with `prefix` (e.g. `srp-river-answer--REWRITE`). */
export function hasClassPrefix(el: Element, prefix: string): boolean {
  const c = attr(el, 'class');
  return c !== null && prefixInClassList(c, prefix);
}

export function children(node: Node): Element[] {
  const out: Element[] = [];
  const kids = (node as Element).childNodes;
  if (!kids) return out;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (isElement(k)) out.push(k);
  }
  return out;
}

/**
 * Visits every element below `root` in document order. The visitor returns false to skip the
 * element's subtree. Iterative, so deep pages cannot overflow the stack.
 */
export function walk(root: Node, visit: (el: Element) => boolean | void): void {
  const stack: Element[] = [];
  const top = (root as Element).childNodes;
  if (!top) return;
  // Only elements go on the stack: text and comment nodes are most of a page's nodes.
  for (let i = top.length - 1; i >= 0; i--) {
    const k = top[i]!;
    if ((k as Element).tagName !== undefined) stack.push(k as Element);
  }
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (visit(el) === false) continue;
    const kids = el.tagName === 'template' ? (el as T.Template).content.childNodes : el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = kids[i]!;
      if ((k as Element).tagName !== undefined) stack.push(k as Element);
    }
  }
}

/** The first element below `root` (document order) for which `test` holds, or null. */
export function find(root: Node, test: (el: Element) => boolean): Element | null {
  let found: Element | null = null;
  walk(root, (el) => {
    if (found) return false;
    if (test(el)) {
      found = el;
      return false;
    }
    return true;
  });
  return found;
}

/** Raw text content (script and style text excluded). */
export function rawText(node: Node): string {
  if (node.nodeName === '#text') return (node as T.TextNode).value;
  const el = node as Element;
  if (!el.childNodes || el.tagName === 'script' || el.tagName === 'style') return '';
  let s = '';
  for (let i = 0; i < el.childNodes.length; i++) s += rawText(el.childNodes[i]!);
  return s;
}

/** Text of the element's own text children (the CSS of a `<style>`, the code of a `<script>`). */
export function ownText(el: Element): string {
  let s = '';
  for (const k of el.childNodes) if (k.nodeName === '#text') s += (k as T.TextNode).value;
  return s;
}

/** Folds runs of white space (including no-break spaces) to one space and trims, as a browser renders text. */
export function fold(s: string): string {
  return s.replace(/[\s\u00a0]+/gu, ' ').trim();
}

/** Rendered-looking text of a node: raw text, white space folded. */
export function text(node: Node): string {
  return fold(rawText(node));
}

/** Text of an element's children, skipping children with the class `skipClass`. */
export function textWithout(el: Element, ...skipClasses: string[]): string {
  let s = '';
  for (const k of el.childNodes) {
    if (isElement(k) && skipClasses.some((c) => hasClass(k, c))) continue;
    s += rawText(k);
  }
  return fold(s);
}

/** Text of a subtree without the subtrees `skip` accepts (tooltips, screen-reader extras). */
export function textSkipping(node: Node, skip: (el: Element) => boolean): string {
  let s = '';
  const visit = (n: Node): void => {
    if (isElement(n)) {
      if (skip(n)) return;
      for (const k of n.childNodes) visit(k);
    } else if (n.nodeName === '#text') {
      s += (n as unknown as { value: string }).value;
    }
  };
  visit(node);
  return fold(s);
}
