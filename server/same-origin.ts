import type { RequestHandler, Response } from "express";

const ACCEPTED_ORIGIN = "acceptedOrigin";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// RFC 8058 one-click unsubscribe: mail providers POST to the List-Unsubscribe link from their own
// servers, with no Origin or with their own. The 256-bit token in the path is the authority, and the
// only effect is leaving the newsletter.
const ONE_CLICK_UNSUBSCRIBE = /^\/(?:[a-z]{2}\/)?unsubscribe\/[0-9a-f]{64}$/;

/**
 * CSRF defence for every state-changing request: the browser's Origin must be this site (the public
 * APP_URL, or the host the request came to). A missing Origin, a foreign one, or Sec-Fetch-Site
 * cross-site is refused with 403 before any route runs, so nothing is written; a text/plain body gets 415.
 *
 * The accepted origin is kept for the request (`acceptedOrigin`): the request handed to React Router is
 * addressed to it (server/router-handler.ts). React Router refuses (400) a form whose Origin differs
 * from the request's own origin, and behind a proxy that ends TLS the server sees `http://` while the
 * browser says `https://`: without this, every form failed there unless TRUST_PROXY was set (docs/decisions/067-several-instances-staged-uploads-and-origin.md).
 * Nothing more is let through: the origins accepted are the same two.
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
    } else {
      res.locals[ACCEPTED_ORIGIN] = origin;
    }
    // A text/plain body is what a cross-site form can send without a preflight; the site never uses it.
    if (req.is("text/plain")) {
      res.status(415).type("text/plain").send("Unsupported body type.");
      return;
    }
    next();
  };
}

/** The origin sameOriginWrites accepted for this state-changing request (APP_URL's or the request's own), if any. */
export function acceptedOrigin(res: Response): string | undefined {
  const origin: unknown = res.locals[ACCEPTED_ORIGIN];
  return typeof origin === "string" ? origin : undefined;
}
