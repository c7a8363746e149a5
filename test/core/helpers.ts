/**
 * @module test/core/helpers
 * What the core's integration tests share: raw HTTP calls (any method, repeated headers,
 * bytes fetch() would refuse), the documented header and error-body checks, and small
 * search/poll shortcuts over a running stack.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { API_ERRORS, RATE_LIMIT, type Kind } from '@listings/contract';
import { testListings } from '@listings/marketplaces/testkit';
import type { Stack } from '../support/stack.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed body when it is JSON, else undefined. */
  json: Record<string, unknown> | undefined;
  /** First value of a header. */
  header(name: string): string | undefined;
}

export interface CallOptions {
  key?: string | null;
  /** Extra headers as name/value pairs; a name may repeat. Values are sent byte for byte (latin1). */
  headers?: Array<[string, string]>;
  body?: string;
}

/** One HTTP call with node:http, so any method, path and repeated header can be sent. */
export function call(baseUrl: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const u = new URL(baseUrl);
  // Raw header lists get no automatic Host header; HTTP/1.1 servers refuse a request without one.
  const raw: string[] = ['Host', u.host];
  if (opts.key) raw.push('Authorization', `Bearer ${opts.key}`);
  for (const [k, v] of opts.headers ?? []) raw.push(k, v);
  if (opts.body !== undefined) raw.push('Content-Length', String(Buffer.byteLength(opts.body)));
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, method, path, headers: raw, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> | undefined;
        if (String(res.headers['content-type'] ?? '').startsWith('application/json')) {
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
        }
        const headers = res.headers;
        resolve({
          status: res.statusCode ?? 0, headers, text, json,
          header: (name) => {
            const v = headers[name.toLowerCase()];
            return Array.isArray(v) ? v[0] : v;
          },
        });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Sends bytes as they are (what no HTTP client would send) and returns the raw answer. */
export function rawExchange(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.end(bytes);
  });
}

export const get = (stack: Stack, path: string, key: string | null, headers: Array<[string, string]> = []): Promise<Answer> =>
  call(stack.url, 'GET', path, { key, headers });

/** Every documented error: the status of its code, `{ error: { code, message[, param] } }`, X-Request-Id, Retry-After on 429/503. */
export function expectError(a: Answer, code: keyof typeof API_ERRORS, param?: string): void {
  const got = { status: a.status, code: (a.json?.error as { code?: string } | undefined)?.code, param: (a.json?.error as { param?: string } | undefined)?.param };
  expect(got).toEqual({ status: API_ERRORS[code].status, code, param });
  expect(typeof (a.json!.error as { message?: unknown }).message).toBe('string');
  expect(a.header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/u);
  if (a.status === 429 || a.status === 503) expect(a.header('retry-after')).toMatch(/^[1-9][0-9]*$/u);
}

/** The IETF draft RateLimit fields and the older X-RateLimit-* ones (decisions.md "Rate limit"). */
export function expectRateHeaders(a: Answer, remaining?: number): void {
  expect(a.header('ratelimit-policy')).toBe(`"minute";q=${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`);
  const m = /^"minute";r=(\d+);t=(\d+)$/u.exec(a.header('ratelimit') ?? '');
  expect(m).not.toBeNull();
  expect(a.header('x-ratelimit-limit')).toBe(String(RATE_LIMIT.limit));
  expect(a.header('x-ratelimit-remaining')).toBe(m![1]);
  const reset = Number(a.header('x-ratelimit-reset'));
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now) - 1);
  expect(reset).toBeLessThanOrEqual(Math.ceil(now) + RATE_LIMIT.windowSeconds + 1);
  expect(Number(m![2])).toBeLessThanOrEqual(RATE_LIMIT.windowSeconds);
  if (remaining !== undefined) expect(Number(m![1])).toBe(remaining);
}

/** A keyword set no other test uses, so the shared 15-minute cache never answers by accident. */
export function uniqueQ(label = 'item'): string {
  return `${label} ${Math.random().toString(36).slice(2, 10)}`;
}

/** A fresh keyword set for which the test marketplace holds at least `min` listings of `kind`. */
export function uniqueQWithTotal(label: string, kind: Kind, min: number): string {
  for (;;) {
    const q = uniqueQ(label);
    if (testListings(q, kind).length >= min) return q;
  }
}

/** Starts a search and returns its 202 pending job id (fails the test on anything else). */
export async function submit(stack: Stack, key: string, path: string, headers: Array<[string, string]> = []): Promise<string> {
  const a = await get(stack, path, key, headers);
  if (a.status !== 202) throw new Error(`expected 202 from ${path}, got ${a.status}: ${a.text}`);
  return a.json!.request_id as string;
}

/** Polls a job with `wait` until it is no longer pending; returns the last answer. */
export async function poll(stack: Stack, key: string, jobId: string, maxSeconds = 20): Promise<Answer> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const a = await get(stack, `/v1/jobs/${jobId}?wait=5`, key);
    if (a.json?.status !== 'pending' || Date.now() > deadline) return a;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export const enc = encodeURIComponent;
