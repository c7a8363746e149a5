/**
 * @module mkt_a/response
 * What the HTTP answer says before its body is read as results: throttling, error statuses,
 * and redirects away from the search page (a sign-in page, the JS challenge, the home page).
 * A blocked page can come with any status (Akamai answers 503 with its own page), so error
 * statuses are checked against the block signatures before they are called transient.
 */
import {
  BlockedError, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError, type UpstreamResponse,
} from '@listings/contract';
import { parse } from 'parse5';
import { detectBlock, survey } from './parse.ts';
import { SEARCH_PATH } from './params.ts';

function header(res: UpstreamResponse, name: string): string | undefined {
  const v = res.headers[name] ?? res.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function retryAfterSeconds(res: UpstreamResponse): number | undefined {
  const v = header(res, 'retry-after');
  if (v === undefined) return undefined;
  if (/^\d+$/u.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Throws BlockedError when an error page is one of the walls. */
function blockedBody(body: string): void {
  const doc = parse(body);
  detectBlock(doc, survey(doc));
}

/**
 * Classifies the response's status and final URL; returns normally only for a 200 answer of
 * the search page, whose body the parser then reads.
 */
export function classifyResponse(res: UpstreamResponse): void {
  let finalUrl: URL | null;
  try {
    finalUrl = new URL(res.url);
  } catch {
    finalUrl = null;
  }
  if (res.status === 429) {
    const after = retryAfterSeconds(res);
    throw new UpstreamThrottledError('eBay answered 429 Too Many Requests', after === undefined ? {} : { retryAfterSeconds: after });
  }
  if (finalUrl) {
    const where = `${finalUrl.hostname}${finalUrl.pathname}`;
    if (/^signin\./iu.test(finalUrl.hostname) || /\/signin\b/iu.test(finalUrl.pathname)) throw new BlockedError(`the search was redirected to the sign-in page (${where}): login wall`);
    if (/\/splashui\//iu.test(finalUrl.pathname)) throw new BlockedError(`the search was redirected to the bot challenge (${where})`);
    if (res.status === 200 && !finalUrl.pathname.endsWith(SEARCH_PATH)) throw new BlockedError(`the search was redirected away from the results page, to ${where}`);
  }
  if (res.status >= 300 && res.status < 400) {
    const to = header(res, 'location') ?? '';
    throw new BlockedError(`the search answered a redirect chain without end (last to ${to.slice(0, 200) || 'nowhere'})`);
  }
  if (res.status === 403) throw new BlockedError('eBay answered 403 Forbidden (bot manager or IP block)');
  if (res.status >= 500) {
    blockedBody(res.body);
    throw new TransientUpstreamError(`eBay answered ${res.status}`);
  }
  if (res.status === 404 || res.status === 410) throw new LayoutChangedError(`the search URL answered ${res.status}: the site's search path changed`);
  if (res.status !== 200) {
    blockedBody(res.body);
    throw new LayoutChangedError(`eBay answered an unexpected status ${res.status} to the search`);
  }
}
