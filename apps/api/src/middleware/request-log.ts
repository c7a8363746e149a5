/**
 * @module request-log
 * Every request's id and its log line, by pino-http (the design card's request logger),
 * configured for this service. One line per request (LOG_LEVEL info and finer), written when
 * its response finishes or closes:
 *
 *   {"level":30,"time":…,"svc":"api","reqId":"<X-Request-Id>","req":{"id":…,"method":"GET",
 *    "url":"/v1/…","remoteAddress":"…","userAgent":"…"},"res":{"statusCode":200},
 *    "responseTime":3,"msg":"request completed"}
 *
 * `request aborted` when the client left before the answer was written; `request errored`
 * with an `err` for a 5xx answer or a response error. The line names the request, never its
 * headers, so no key, cookie or token can be in it; its logger still redacts the header paths
 * as a second guard, and the process logger's last pass scrubs the finished text (keys, bearer
 * tokens, URL credentials in the URL) as on every line. Probes and scrapes (`/healthz`,
 * `/readyz`, `/metrics`, exactly) are not logged.
 *
 * What it costs (docs/benchmarks/api.md): pino-http makes a child logger per request (`req.log`,
 * for handlers that log about a request) with `{ req }` as its bindings, serialized on the
 * spot, and a second one bound to the id. Here the one child is bound to the id alone (the
 * `req` attribute renamed to `reqId`, its serializer the id), and the line's request and
 * response parts are built only when the line is written; at `silent` nothing waits for the
 * response at all (no listeners), and what is left is the id and that one child.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { REDACTED } from '@listings/config';

/** Paths whose requests are not logged (probes and scrapes come many times a minute); with a query string they are. */
export const QUIET_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** A request as its line needs it. */
interface Arrived extends IncomingMessage {
  /** The client's address when the request arrived (the socket may be gone when the line is written). */
  arrivedFrom?: string | undefined;
}

/** The request part of a line: what it asked, never its headers (bar the user agent). */
function requestPart(req: Arrived): Record<string, unknown> {
  return { id: req.id, method: req.method, url: (req as Partial<Request>).originalUrl ?? req.url, remoteAddress: req.arrivedFrom, userAgent: req.headers['user-agent'] };
}

/**
 * The pino-http middleware of an api process, on `logger` (the process logger). It names
 * every request (a UUID, sent back as `X-Request-Id`), gives it `req.log`, and writes its line.
 */
export function requestLogger(logger: Logger): HttpLogger<IncomingMessage, ServerResponse> {
  const lines = logger.isLevelEnabled('info');
  return pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    // A fresh id for every response, whatever the client sent as X-Request-Id (an id a client
    // chooses could collide with another's in the logs).
    genReqId(req, res) {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      if (lines) (req as Arrived).arrivedFrom = req.socket.remoteAddress;
      return id;
    },
    // One child per request, bound to the id: `req.log` and the line's logger alike.
    customAttributeKeys: { req: 'reqId' },
    serializers: { reqId: (req: IncomingMessage) => req.id },
    wrapSerializers: false,
    // Request lines have a fixed shape without headers, so their logger redacts only the
    // header paths, as a second guard, instead of every (wildcard) path of the process logger.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: REDACTED },
    // Every line at info, a 5xx's too: a failure of the service has a line of its own at its
    // cause's level (`unexpected error` at error, `storage unavailable` at warn, errors.ts).
    customLogLevel: () => 'info',
    autoLogging: lines ? { ignore: (req) => QUIET_PATHS.has(req.url ?? '') } : false,
    customSuccessObject: (req, res, val: { responseTime: number }) => ({ req: requestPart(req), res: { statusCode: res.statusCode }, responseTime: val.responseTime }),
    customErrorObject: (req, res, _err, val: { err: Error; responseTime: number }) => ({ req: requestPart(req), res: { statusCode: res.statusCode }, err: val.err, responseTime: val.responseTime }),
  });
}
