/**
 * @module mkt_d/request
 * One search request. The web app sends a device id, a session id and a fresh search id per
 * request (UUIDv4) with JSON accept/content-type headers and `x-cached-sizes: true`; one
 * source saw a 400 without them, another saw none required, so they are always sent.
 */
import { randomUUID } from 'node:crypto';
import type { Search, UpstreamRequest } from '@listings/contract';
import { SEARCH_PATH, searchParams } from './params.ts';

/** Ids the web app keeps for a browser (device) and a visit (session). */
export interface DepopIdentity {
  deviceId: string;
  sessionId: string;
}

export function newIdentity(): DepopIdentity {
  return { deviceId: randomUUID(), sessionId: randomUUID() };
}

export function buildSearchRequest(baseUrl: string, search: Search, after: string | null, identity: DepopIdentity, searchId: string = randomUUID()): UpstreamRequest {
  return {
    method: 'GET',
    url: `${baseUrl}${SEARCH_PATH}?${searchParams(search, after).toString()}`,
    mode: 'cors', // the web app's same-origin fetch() (design notes: the working method live)
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'depop-device-id': identity.deviceId,
      'depop-session-id': identity.sessionId,
      'depop-search-id': searchId,
      'x-cached-sizes': 'true',
      referer: `${baseUrl}/search/?q=${encodeURIComponent(search.q)}`, // the web app's search page calls it
    },
  };
}
