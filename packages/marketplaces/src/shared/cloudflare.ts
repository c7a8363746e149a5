/**
 * @module shared/cloudflare
 * Recognizes Cloudflare's answers in front of a JSON API: a challenge (`cf-mitigated:
 * challenge`, or the "Just a moment..." interstitial), or a block (403 with `server: cloudflare`
 * and a `cf-ray`, the test public clients use). Both Depop (mkt_d) and OfferUp (mkt_e) sit
 * behind Cloudflare, so both adapters read their answers through it.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { UpstreamResponse } from '@listings/contract';

function header(res: UpstreamResponse, name: string): string {
  const v = res.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).toLowerCase();
}

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** The text of the first `<title>` of an HTML page, or null. */
export function htmlTitle(body: string): string | null {
  const stack: Node[] = [parse(body)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === 'title' && 'childNodes' in node) {
      return node.childNodes.map((c) => ('value' in c ? c.value : '')).join('').trim();
    }
    if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
  }
  return null;
}

/** Whether a body is an HTML page rather than the JSON the API answers. */
export function looksLikeHtml(res: UpstreamResponse): boolean {
  return header(res, 'content-type').includes('text/html') || /^\s*</u.test(res.body.slice(0, 64));
}

const CHALLENGE_TITLES = [/just a moment/iu, /attention required/iu, /access denied/iu, /verify you are human/iu];

/** Why the answer is a Cloudflare challenge or block, or null when it is not one. */
export function cloudflareBlock(res: UpstreamResponse): string | null {
  if (header(res, 'cf-mitigated').includes('challenge')) return 'Cloudflare challenge (cf-mitigated)';
  const edge = header(res, 'server').includes('cloudflare') && header(res, 'cf-ray') !== '';
  // A 429 without a challenge is rate limiting, which the adapters back off from instead.
  if (edge && res.status === 403) return 'Cloudflare answered 403';
  if (looksLikeHtml(res)) {
    const title = htmlTitle(res.body);
    if (title !== null && CHALLENGE_TITLES.some((r) => r.test(title))) return `challenge page "${title.slice(0, 80)}"`;
  }
  return null;
}
