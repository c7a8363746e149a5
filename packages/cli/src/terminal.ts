/**
 * @module @listings/cli/terminal
 * Text that came from elsewhere (a marketplace's listing title, a tenant's webhook URL, an
 * error message of the API) made safe to print on a terminal, for the `listings` CLI and the
 * admin command line. Printed raw, such text could move the cursor, erase or rewrite a line
 * (`ESC [2K` then `\r`), start a line of its own (a forged row in a listing), or reorder what
 * follows it on screen (a right-to-left override). Every such character is shown instead as a
 * visible escape (`\x1b`, `\r`, `\u202e`):
 *
 * - C0 controls (U+0000-U+001F, ESC, CR and LF included) and DEL (U+007F);
 * - C1 controls (U+0080-U+009F; U+009B is a one-character CSI on many terminals);
 * - the line and paragraph separators U+2028 and U+2029;
 * - the bidirectional formatting characters: U+061C, U+200E, U+200F, U+202A-U+202E
 *   (embeddings and overrides), U+2066-U+2069 (isolates).
 *
 * Everything else (accents, CJK, emoji and their joiners) prints as it is.
 */

// Matching control characters is the point of these two.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** The same without LF: for text whose line breaks are our own. */
// eslint-disable-next-line no-control-regex
const UNSAFE_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visible(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One value on one line: every control, separator and bidi character (line breaks too) shown as an escape. */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE, visible);
}

/**
 * Text whose line breaks we wrote ourselves (a table, a page of lines): the same, except LF,
 * which stays a line break. The values inside should have gone through `terminalLine` first,
 * or a line break of theirs would pass as one of ours.
 */
export function terminalText(text: string): string {
  return text.replace(UNSAFE_BUT_LF, visible);
}

/**
 * A JSON document as `JSON.stringify` wrote it, with the characters it leaves raw inside
 * strings (DEL, C1, U+2028/U+2029, bidi formatting) written as `\uXXXX` escapes: the same
 * JSON value, still valid, and safe to print. `JSON.stringify` already escapes C0 inside
 * strings, so a LF left in the text is its own indentation.
 */
export function terminalJson(json: string): string {
  return json.replace(UNSAFE_BUT_LF, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
