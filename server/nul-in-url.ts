import type { RequestHandler } from "express";
import { NO_STORE } from "~/lib/plain-answers";

/**
 * A NUL byte (`%00`) in a URL's path or query is never a page, a search or a slug of this site, and
 * PostgreSQL refuses it in text: such requests get a plain 400 before any route or query runs.
 */
export const hasNul = (url: string): boolean => url.includes("%00") || url.includes("\u0000");

export function refuseNulInUrl(): RequestHandler {
  return (req, res, next) => {
    if (!hasNul(req.originalUrl)) return next();
    res.status(400).set("Cache-Control", NO_STORE).type("text/plain").send("Bad Request: the address contains a NUL character.");
  };
}
