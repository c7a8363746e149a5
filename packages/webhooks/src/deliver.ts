/**
 * @module deliver
 * One delivery attempt: a POST of the signed event to the endpoint, with a timeout, no
 * redirect followed (a 3xx is a failed attempt), the answer's body read to at most 64 KiB and
 * dropped. Every address the endpoint's name resolves to is checked when the connection is
 * made (address.ts), so a name that turns private after registration is refused then; the one
 * exception is a sandbox endpoint on http://127.0.0.1, a receiver on the developer's machine.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isForbiddenAddress } from './address.ts';
import type { Mode } from './url.ts';

export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Resolves a name to every address (dns.lookup with `all: true` by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => new Promise((resolve, reject) => {
  dnsLookup(hostname, { all: true, verbatim: true } satisfies LookupAllOptions, (err, addresses) => (err ? reject(err) : resolve(addresses)));
});

export interface DeliveryRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  mode: Mode;
  resolver?: Resolver;
  /** Test hook: trust this CA for https endpoints. */
  ca?: string | Buffer;
}

export interface DeliveryOutcome {
  ok: boolean;
  /** HTTP status of the answer, null when none came. */
  status: number | null;
  ms: number;
  /** Why the attempt failed (never the body or a header of ours). */
  error: string | null;
}

export class ForbiddenAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to an address deliveries may not reach`);
    this.name = 'ForbiddenAddressError';
  }
}

function loopbackSandbox(u: URL, mode: Mode): boolean {
  return mode === 'sandbox' && u.protocol === 'http:' && u.hostname === '127.0.0.1';
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses names resolving to any forbidden address. */
function guardedLookup(resolver: Resolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolver(hostname).then((addresses) => {
      if (addresses.length === 0) throw new Error(`${hostname} has no address`);
      if (addresses.some((a) => isForbiddenAddress(a.address))) throw new ForbiddenAddressError(hostname);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    }).catch((err: Error) => callback(err, ''));
  };
}

export function deliver(req: DeliveryRequest): Promise<DeliveryOutcome> {
  const started = performance.now();
  const done = (ok: boolean, status: number | null, error: string | null): DeliveryOutcome => ({ ok, status, ms: Math.round(performance.now() - started), error });
  let u: URL;
  try {
    u = new URL(req.url);
  } catch {
    return Promise.resolve(done(false, null, 'invalid url'));
  }
  const trusted = loopbackSandbox(u, req.mode);
  const host = u.hostname.replace(/^\[|\]$/gu, '');
  // A literal address never goes through lookup: check it here.
  if (!trusted && isIP(host) !== 0 && isForbiddenAddress(host)) return Promise.resolve(done(false, null, 'address not allowed'));
  if (!trusted && u.protocol !== 'https:') return Promise.resolve(done(false, null, 'url must be https'));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: DeliveryOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const mod = u.protocol === 'https:' ? https : http;
    const request = mod.request(u, {
      method: 'POST',
      headers: { ...req.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body)) },
      agent: false,
      ...(trusted ? {} : { lookup: guardedLookup(req.resolver ?? systemResolver) as never }),
      ...(req.ca ? { ca: req.ca } : {}),
    }, (res) => {
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > MAX_RESPONSE_BYTES) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const end = (): void => {
        if (status >= 200 && status < 300) finish(done(true, status, null));
        else finish(done(false, status, status >= 300 && status < 400 ? 'redirect not followed' : `answered ${status}`));
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish(done(false, null, `no answer within ${req.timeoutMs} ms`));
    }, req.timeoutMs);
    request.on('error', (err) => {
      finish(done(false, null, err instanceof ForbiddenAddressError || (err as { cause?: unknown }).cause instanceof ForbiddenAddressError ? 'address not allowed' : `connection failed (${(err as NodeJS.ErrnoException).code ?? err.name})`));
    });
    request.end(req.body);
  });
}
