import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeaderOptions {
  /** Vite's dev server needs a websocket for hot reload and eval for source maps. */
  development: boolean;
}

/**
 * The policy for a page whose inline scripts are allowed by `scriptSources`: a per-request nonce
 * (`'nonce-…'`), or, for a page stored in the shared page cache, each script's hash (`'sha256-…'`).
 */
export function contentSecurityPolicy(scriptSources: string[], options: SecurityHeaderOptions & { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the allowed entry scripts load the rest of the app's chunks, and nothing else.
    `script-src ${[...scriptSources, "'strict-dynamic'"].join(" ")}${options.development ? " 'unsafe-eval'" : ""}`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self' blob:",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * Headers a route may send in place of the site's, not beside them: a served file's nosniff, and the
 * newsletter preview's own sandboxed policy, which its issue page frames (two policies would both apply,
 * and the site's forbids every frame).
 */
const OWN_HEADERS = new Set(["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "permissions-policy", "content-security-policy"]);

/** The headers every response carries besides its Content Security Policy. */
export function everyResponseHeaders({ https }: { https: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  if (https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/** Sets the headers every response carries, and a fresh 128-bit nonce for this request's scripts. */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], { ...options, https: req.secure }));
    for (const [name, value] of everyResponseHeaders({ https: req.secure })) res.setHeader(name, value);
    // A route may send one of these itself (OWN_HEADERS). React Router's adapter appends route headers,
    // which would send the value twice; the route's value replaces ours instead.
    // Vary values a route sends join those already set here once each, not twice.
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) => {
      if (value === undefined) return append(field, value);
      if (field.toLowerCase() === "vary") return res.vary(Array.isArray(value) ? value.join(", ") : value);
      return OWN_HEADERS.has(field.toLowerCase()) ? res.set(field, value) : append(field, value);
    };
    next();
  };
}
