/**
 * @module deliver
 * One delivery attempt: a POST of the signed event to the endpoint, with a timeout (name
 * resolution included), no redirect followed (a 3xx is a failed attempt), the answer's body read
 * to at most 64 KiB and dropped.
 *
 * Where it connects: the endpoint's name is resolved once, here, and every address it resolves
 * to is checked (address.ts) before any connection is made; the request is then given exactly
 * those checked addresses (its `lookup` answers them, it never resolves again), so a name that
 * answers a public address to the check and a private one to the connection (DNS rebinding)
 * cannot slip through. A literal address is checked as it is. The one exception is a sandbox
 * endpoint on http://127.0.0.1 where the operator allows it (WEBHOOK_SANDBOX_LOOPBACK).
 *
 * An attempt ends by its timeout (name resolution included) or, sooner, when its `signal`
 * aborts (the worker gives it up: `interrupted`, the request destroyed).
 *
 * What an attempt reports: the receiver's status, a short reason, and whether the target was
 * the loopback exception. What the account may see of it is `logged()`: on the loopback
 * exception a failure shows nothing that tells one port from another (no status, no connection
 * error, no time: `delivery_failed`), so the deliveries log cannot be used to scan the ports of
 * the machine the worker runs on.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isForbiddenAddress, isLocalhostName } from './address.ts';
import { isSandboxLoopbackUrl, type Mode } from './url.ts';

export const MAX_RESPONSE_BYTES = 64 * 1024;

/** The reason logged for any failed attempt on a loopback target (no status, no time). */
export const LOOPBACK_FAILURE = 'delivery_failed';

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
  /** The operator allows sandbox endpoints on http://127.0.0.1 (WEBHOOK_SANDBOX_LOOPBACK). */
  sandboxLoopback?: boolean;
  resolver?: Resolver;
  /** Ends the attempt when it aborts, before its timeout (`interrupted`). */
  signal?: AbortSignal;
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
  /** The target was the sandbox loopback exception (what the account sees of a failure is then redacted: `logged`). */
  loopback: boolean;
  /** The request's signal aborted before an answer came: the attempt was given up, not answered. */
  interrupted?: true;
}

/** What the account's deliveries log shows of an attempt: all of it, but a failure on a loopback target, which shows no status, time or reason. */
export function logged(o: DeliveryOutcome): { ok: boolean; status: number | null; ms: number | null; error: string | null } {
  if (o.loopback && !o.ok) return { ok: false, status: null, ms: null, error: LOOPBACK_FAILURE };
  return { ok: o.ok, status: o.status, ms: o.ms, error: o.error };
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` that answers the addresses already checked, without resolving again. */
function fixedLookup(addresses: LookupAddress[]) {
  return (_hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

export function deliver(req: DeliveryRequest): Promise<DeliveryOutcome> {
  const started = performance.now();
  let loopback = false;
  const done = (ok: boolean, status: number | null, error: string | null): DeliveryOutcome => ({ ok, status, ms: Math.round(performance.now() - started), error, loopback });
  let u: URL;
  try {
    u = new URL(req.url);
  } catch {
    return Promise.resolve(done(false, null, 'invalid url'));
  }
  loopback = isSandboxLoopbackUrl(u, req.mode, { sandboxLoopback: req.sandboxLoopback === true });
  if (!loopback && u.protocol !== 'https:') return Promise.resolve(done(false, null, 'url must be https'));
  const host = u.hostname.replace(/^\[|\]$/gu, '');
  if (!loopback && (isLocalhostName(host) || (isIP(host) !== 0 && isForbiddenAddress(host)))) return Promise.resolve(done(false, null, 'address not allowed'));
  const interrupted = (): DeliveryOutcome => ({ ...done(false, null, 'attempt interrupted'), interrupted: true });
  if (req.signal?.aborted) return Promise.resolve(interrupted());

  return new Promise((resolve) => {
    let settled = false;
    let request: http.ClientRequest | null = null;
    const finish = (o: DeliveryOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      resolve(o);
    };
    const timer = setTimeout(() => {
      request?.destroy();
      finish(done(false, null, `no answer within ${req.timeoutMs} ms`));
    }, req.timeoutMs);
    const onAbort = (): void => {
      request?.destroy();
      finish(interrupted());
    };
    req.signal?.addEventListener('abort', onAbort, { once: true });

    const connect = (addresses: LookupAddress[] | null): void => {
      if (settled) return;
      const mod = u.protocol === 'https:' ? https : http;
      request = mod.request(u, {
        method: 'POST',
        headers: { ...req.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body)) },
        agent: false,
        ...(addresses ? { lookup: fixedLookup(addresses) as never } : {}),
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
      request.on('error', (err) => {
        finish(done(false, null, `connection failed (${(err as NodeJS.ErrnoException).code ?? err.name})`));
      });
      request.end(req.body);
    };

    // A literal address (checked above) or the loopback exception is connected to as it is.
    if (loopback || isIP(host) !== 0) {
      connect(null);
      return;
    }
    (req.resolver ?? systemResolver)(host).then((addresses) => {
      if (addresses.length === 0) return finish(done(false, null, 'name has no address'));
      if (addresses.some((a) => isForbiddenAddress(a.address))) return finish(done(false, null, 'address not allowed'));
      connect(addresses);
    }, () => finish(done(false, null, 'name not resolved')));
  });
}
