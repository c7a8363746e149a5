/**
 * @module testkit/shapes
 * Shape conformance of simulators: the key paths and value types a simulator emits, as a set
 * of strings, to be found in the same set read from real captures. A simulator that invents a
 * field (or types one differently) shows up as a shape no capture has.
 *
 * JSON: `data.search.itemsList[].price: number` (arrays as `[]`; object keys that are ids,
 * numbers or otherwise data can be folded by a `key` function into a placeholder such as `<n>`).
 * HTML: `li.s-card` (a tag with one of its classes) and `span[aria-hidden]` (a tag with an
 * attribute name); text is not a shape.
 */
import { parse, parseFragment } from 'parse5';

export type KeyFold = (key: string, path: string) => string;

/** Keys kept as they are, except all-digit keys (`"0"`, `"640"`) folded to `<n>`. */
export const digitKeys: KeyFold = (key) => (/^\d+$/u.test(key) ? '<n>' : key);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Every `path: type` in a JSON value. */
export function jsonShapes(value: unknown, fold: KeyFold = digitKeys): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown, path: string): void => {
    out.add(`${path || '$'}: ${typeOf(v)}`);
    if (Array.isArray(v)) {
      for (const x of v) visit(x, `${path}[]`);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const key = fold(k, path);
        visit(x, path ? `${path}.${key}` : key);
      }
    }
  };
  visit(value, '');
  return out;
}

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
}

/**
 * Every `tag.class` and `tag[attribute]` in an HTML document or fragment. Attribute names that
 * are data (`data-et-prop-…` keep their names; values never count).
 */
export function htmlShapes(html: string, opts: { fragment?: boolean } = {}): Set<string> {
  const out = new Set<string>();
  const root = (opts.fragment ? parseFragment(html) : parse(html)) as unknown as Node;
  const visit = (n: Node): void => {
    if (n.tagName) {
      out.add(n.tagName);
      for (const a of n.attrs ?? []) {
        if (a.name === 'class') {
          for (const c of a.value.split(/\s+/u)) if (c) out.add(`${n.tagName}.${c}`);
        } else {
          out.add(`${n.tagName}[${a.name}]`);
        }
      }
    }
    for (const c of n.childNodes ?? []) visit(c);
    if (n.content) visit(n.content);
  };
  visit(root);
  return out;
}

/**
 * The shapes of `emitted` that no capture shows, sorted. A JSON `path: null` counts as shown
 * when the capture has the path with any type (a field without a value); a value of a type no
 * capture shows at that path does not.
 */
export function inventedShapes(emitted: Iterable<string>, captured: Iterable<Set<string>>): string[] {
  const known = new Set<string>();
  const paths = new Set<string>();
  for (const s of captured) {
    for (const x of s) {
      known.add(x);
      const i = x.lastIndexOf(': ');
      if (i > 0) paths.add(x.slice(0, i));
    }
  }
  return [...new Set(emitted)].filter((x) => {
    if (known.has(x)) return false;
    return !(x.endsWith(': null') && paths.has(x.slice(0, -': null'.length)));
  }).sort();
}

/** Union of several shape sets. */
export function unionShapes(sets: Iterable<Set<string>>): Set<string> {
  const out = new Set<string>();
  for (const s of sets) for (const x of s) out.add(x);
  return out;
}
