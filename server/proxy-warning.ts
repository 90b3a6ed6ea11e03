import type { RequestHandler } from "express";
import type { Logger } from "pino";

/**
 * Requests that carry a proxy's X-Forwarded-For or X-Forwarded-Proto while TRUST_PROXY is unset come
 * through a proxy the server was not told about: every visitor is taken for the proxy (one shared rate
 * limit, the proxy's address in the logs). Said once per process, at the first such request, with the fix.
 */
export function untrustedProxyNotice(logger: Logger, trustsProxy: boolean): RequestHandler {
  let said = trustsProxy;
  return (req, _res, next) => {
    if (!said && (req.headers["x-forwarded-for"] !== undefined || req.headers["x-forwarded-proto"] !== undefined)) {
      said = true;
      logger.warn(
        "A request came through a proxy (it has X-Forwarded-For or X-Forwarded-Proto) but TRUST_PROXY is not set: every visitor is taken for the proxy, " +
          "so rate limits are shared by all of them. Set TRUST_PROXY=1 for one proxy such as nginx on this machine (docs/operations.md: Running behind a proxy).",
      );
    }
    next();
  };
}
