import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// RFC 8058 one-click unsubscribe: mail providers POST to the List-Unsubscribe link from their own
// servers, with no Origin or with their own. The 256-bit token in the path is the authority, and the
// only effect is leaving the newsletter.
const ONE_CLICK_UNSUBSCRIBE = /^\/(?:[a-z]{2}\/)?unsubscribe\/[0-9a-f]{64}$/;

/**
 * CSRF defence for every state-changing request: the browser's Origin must be this site (the public
 * APP_URL, or the host the request came to). A missing Origin, a foreign one, or Sec-Fetch-Site
 * cross-site is refused with 403 before any route runs, so nothing is written; a text/plain body gets 415.
 */
export function sameOriginWrites(appUrl: string): RequestHandler {
  const publicOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite = req.get("sec-fetch-site") === "cross-site";
    const oneClick = req.method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(req.path);
    if (oneClick) {
      // React Router refuses an action whose Origin is not the request's; this one may come from anywhere.
      delete req.headers.origin;
    } else if (!origin || crossSite || (origin !== publicOrigin && origin !== ownOrigin)) {
      res.status(403).type("text/plain").send("Forbidden: this form must be sent from the site itself.");
      return;
    }
    // A text/plain body is what a cross-site form can send without a preflight; the site never uses it.
    if (req.is("text/plain")) {
      res.status(415).type("text/plain").send("Unsupported body type.");
      return;
    }
    next();
  };
}
