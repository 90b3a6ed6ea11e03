import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding } from "~/adapters/pages/page-cache.server";

/** The built files the build keeps compressed copies of: scripts, stylesheets, pictures drawn in SVG, data. */
export const PRECOMPRESSED_TYPES = /\.(js|mjs|css|svg|json)$/;

const SUFFIXES = { br: "br", gzip: "gz" } as const;

/**
 * Sends a built asset's brotli or gzip copy, made once by the build (scripts/precompress-assets.ts), to
 * a browser that accepts it, so a crowd of first visits costs the server no compression at all, and the
 * scripts travel at brotli's best quality. The copies are listed once at start: any other path (a name
 * without a copy, a client that accepts neither encoding) goes on to express.static, as before.
 */
export function precompressedAssets(folder: string): RequestHandler {
  const copies = new Map<string, Set<string>>();
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const match = /^(.+)\.(br|gz)$/.exec(name);
    if (!match || !PRECOMPRESSED_TYPES.test(match[1]!)) continue;
    const original = `/${match[1]}`;
    copies.set(original, (copies.get(original) ?? new Set()).add(match[2]!));
  }
  return (req, res, next) => {
    const kept = req.method === "GET" || req.method === "HEAD" ? copies.get(req.path) : undefined;
    if (!kept) return next();
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const suffix = encoding === "identity" ? undefined : SUFFIXES[encoding];
    if (!suffix || !kept.has(suffix)) return next();
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(path.join(folder, `${req.path.slice(1)}.${suffix}`), { immutable: true, maxAge: "1y" }, (error) => {
      if (error) next(error);
    });
  };
}
