/**
 * @module mkt_b/state
 * Reads the search page's embedded state, `window.__INITIAL_STATE__ = {…}`, a JSON object
 * assigned in an inline script. The state is JavaScript data, not markup: it is located by its
 * assignment and read with JSON.parse, which keeps the common path near the cost of JSON.parse
 * itself (a full DOM parse is only done when the state is missing).
 */
import { LayoutChangedError, TransientUpstreamError } from '@listings/contract';

const MARKER = '__INITIAL_STATE__';

/**
 * End (exclusive) of the JSON object starting at `start` (a `{`), or -1 when the text ends
 * before the object closes (a cut-off page).
 */
export function jsonObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}

/**
 * Where the object assigned to the marker starts (`__INITIAL_STATE__ = {`), or null when the
 * page never mentions the marker. Searched from the end: the state script closes the page.
 */
function assignedObjectStart(html: string): number | null {
  let at = html.lastIndexOf(MARKER);
  if (at < 0) return null;
  while (at >= 0) {
    let i = skipSpace(html, at + MARKER.length);
    if (html[i] === '=') {
      i = skipSpace(html, i + 1);
      if (html[i] === '{') return i;
    }
    at = at === 0 ? -1 : html.lastIndexOf(MARKER, at - 1);
  }
  throw new LayoutChangedError('__INITIAL_STATE__ is not assigned an object');
}

/**
 * The embedded state object, or null when the page has no `__INITIAL_STATE__` assignment.
 * Throws TransientUpstreamError when the object is cut off, LayoutChangedError when it is not
 * JSON.
 */
export function extractInitialState(html: string): unknown {
  const start = assignedObjectStart(html);
  if (start === null) return null;
  // Fast path: the object fills the rest of its script (an inline script cannot contain `</script`).
  const close = html.indexOf('</script', start);
  if (close > 0) {
    let end = close;
    while (end > start && /[\s;]/.test(html[end - 1]!)) end--;
    try {
      return JSON.parse(html.slice(start, end));
    } catch {
      // Other statements follow the object in the same script: find its end below.
    }
  }
  const end = jsonObjectEnd(html, start);
  if (end < 0) throw new TransientUpstreamError('the page was cut off inside its embedded state');
  try {
    return JSON.parse(html.slice(start, end));
  } catch (err) {
    throw new LayoutChangedError('__INITIAL_STATE__ is not JSON', { cause: err });
  }
}
