import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

/** Asset and dev-server module requests would drown the page requests. */
const UNLOGGED = /^\/(assets|@|node_modules|app)\//;

/** An unsubscribe link carries its token in its path (/unsubscribe/<token>, /fr/unsubscribe/<token>): whoever reads the log could use it. */
const TOKEN_IN_PATH = /^((?:\/[a-z]{2})?\/unsubscribe\/)[^/]+/i;

/**
 * One line per answered request: method, path (never the query: it may carry an address; never a token
 * the path carries), status and time. Headers are never logged: they carry cookies. A 5xx is logged as
 * an error. Written when the answer has finished (or the client left first), through the logger's
 * asynchronous destination.
 */
export function accessLogLine(logger: Logger, req: IncomingMessage, res: ServerResponse, started: number): void {
  const level = res.statusCode >= 500 ? "error" : "info";
  if (!logger.isLevelEnabled(level)) return;
  const log = unredactedLoggers.get(logger) ?? unredacted(logger);
  const path = (req.url ?? "/").split("?")[0]!.replace(TOKEN_IN_PATH, "$1[redacted]");
  const line = { req: { method: req.method, path }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
  log[level](line, res.writableEnded ? "request completed" : "request aborted");
}

/**
 * The logger's redaction looks for secrets under every key of every line, which cost an access line three
 * times the rest of its writing. An access line holds only the four fields above, none of them secret (the
 * path's token is cut above), so it is written through a child of the logger without redaction: same
 * destination, same level, same line. Anything added to the line must be as safe.
 */
const unredactedLoggers = new WeakMap<Logger, Logger>();
function unredacted(logger: Logger): Logger {
  const child = logger.child({}, { redact: { paths: [] } });
  unredactedLoggers.set(logger, child);
  return child;
}

/** The application's access log (the page cache's lane writes the same line for the pages it answers). */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (UNLOGGED.test(req.url) || req.url === "/healthz") return next();
    const started = performance.now();
    res.once("close", () => accessLogLine(logger, req, res, started));
    next();
  };
}
