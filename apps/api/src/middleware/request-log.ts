/**
 * @module request-log
 * One line per request (LOG_LEVEL info and finer), written when its response closes:
 *
 *   {"level":30,"time":…,"svc":"api","reqId":"<X-Request-Id>","req":{"id":…,"method":"GET",
 *    "url":"/v1/…","remoteAddress":"…","userAgent":"…"},"res":{"statusCode":200},
 *    "responseTime":3,"msg":"request completed"}
 *
 * `request aborted` when the client left before the answer was written; `request errored`
 * with an `err` for a 5xx answer or a response error. The line names the request, never its
 * headers, so no key, cookie or token can be in it; the logger's last pass scrubs the finished
 * text (keys, bearer tokens, URL credentials in the URL) as on every line.
 *
 * No logger is made per request: the line is one call on a shared logger, and `req.log` (a
 * child bound to the request id, for handlers that log about a request) is made the first time
 * a handler reads it. (The same lines, field for field, as pino-http's with the serializers this
 * service used; its two child loggers per request cost more than the rest of a cache hit's
 * middleware, logging on or off: docs/benchmarks/api.md.) Probes and scrapes (`/healthz`,
 * `/readyz`, `/metrics`) are not logged.
 */
import type { Express, Request, Response } from 'express';
import type { Logger } from 'pino';
import { REDACTED } from '@listings/config';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's logger (bound to its id), for requests past the logging middleware. */
    log?: Logger;
  }
}

/** Paths whose requests are not logged (probes and scrapes come many times a minute). */
const QUIET = new Set(['/healthz', '/readyz', '/metrics']);

/** What a response carries for its line. */
interface Logged extends Response {
  /** Date.now() when the request reached the logging middleware (pino-http's start time). */
  logAt?: number;
  /** Its line is due (level enabled, path not quiet); false once written. */
  logDue?: boolean;
  /** The client's address, read when the request began (the socket may be gone at the end). */
  logAddr?: string;
}

export interface RequestLog {
  /** The request reached the logging middleware: its line will be written when it closes, and `req.log` exists. */
  begin(req: Request, res: Response): void;
  /** The response closed (or failed): writes the request's line, once. */
  end(res: Response, err?: Error): void;
}

export function requestLog(app: Express, logger: Logger): RequestLog {
  // Request lines have a fixed shape without headers, so their logger redacts only the header
  // paths, as a second guard, instead of every (wildcard) path of the process logger.
  const lines = logger.child({}, { redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: REDACTED } });

  // `req.log`, made on first use and kept on the request.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request): Logger | undefined {
      if ((this.res as Logged | undefined)?.logAt === undefined) return undefined;
      const log = lines.child({ reqId: (this as Request & { id?: string }).id });
      Object.defineProperty(this, 'log', { value: log, writable: true, configurable: true, enumerable: true });
      return log;
    },
    set(this: Request, value: Logger | undefined) {
      Object.defineProperty(this, 'log', { value, writable: true, configurable: true, enumerable: true });
    },
  });

  function write(res: Logged, err: Error | undefined): void {
    res.logDue = false;
    const req = res.req;
    const id = (req as Request & { id?: string }).id;
    const statusCode = res.statusCode;
    const responseTime = Date.now() - res.logAt!;
    const reqPart = { id, method: req.method, url: req.originalUrl || req.url, remoteAddress: res.logAddr, userAgent: req.headers['user-agent'] };
    if (err !== undefined || statusCode >= 500) {
      const error = err ?? new Error(`failed with status code ${statusCode}`);
      lines.info({ reqId: id, req: reqPart, res: { statusCode }, err: error, responseTime }, 'request errored');
      return;
    }
    const msg = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
    lines.info({ reqId: id, req: reqPart, res: { statusCode }, responseTime }, msg);
  }

  return {
    begin(req, res) {
      const r = res as Logged;
      r.logAt = Date.now();
      if (QUIET.has(req.url) || !lines.isLevelEnabled('info')) return;
      r.logDue = true;
      r.logAddr = req.socket.remoteAddress;
    },
    end(res, err) {
      if ((res as Logged).logDue === true) write(res as Logged, err);
    },
  };
}
