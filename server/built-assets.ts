import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import type { Logger } from "pino";
import { chooseEncoding, type Encoding } from "~/adapters/pages/page-cache.server";
import { clientHasCurrent, entityTag } from "~/lib/conditional-get.server";
import { accessLogLine } from "./access-log";
import { COMPRESSION_THRESHOLD } from "./compress-answers";
import { PATHS } from "./paths";
import { isHttps } from "./request-protocol";
import { contentSecurityPolicy, everyResponseHeaders } from "./security-headers";

/** The built files the build keeps compressed copies of: scripts, stylesheets, pictures drawn in SVG, data. */
export const PRECOMPRESSED_TYPES = /\.(js|mjs|css|svg|json)$/;

/** Hashed file names never change content, so browsers may keep them for a year. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

const SUFFIXES = { br: "br", gzip: "gz" } as const;

/** The types of what the browser build holds, as express.static names them; a file of another kind is left to it. */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

interface Representation {
  body: Buffer;
  etag: string;
}

export interface BuiltAsset {
  type: string;
  /** Worth compressing: a build without its copies (one made by `react-router build` alone) leaves it to the application. */
  compressible: boolean;
  /** The file itself, and the build's brotli and gzip copies where it made them. */
  bodies: Partial<Record<Encoding, Representation>> & { identity: Representation };
}

/** URL path ("/assets/x.js") → the file, held in memory. */
export type BuiltAssets = Map<string, BuiltAsset>;

/**
 * Every file of the browser build's assets folder (its hashed scripts, stylesheets and fonts, about
 * 2.5 MB with the copies), read once at start, with the brotli and gzip copies the build wrote beside
 * them (scripts/precompress-assets.ts). An empty map when there is no build.
 */
export function loadBuiltAssets(folder = path.join(PATHS.clientBuild, "assets")): BuiltAssets {
  const assets: BuiltAssets = new Map();
  const names = existsSync(folder) ? readdirSync(folder) : [];
  const present = new Set(names);
  const representation = (file: string): Representation => {
    const body = readFileSync(path.join(folder, file));
    return { body, etag: entityTag(body) };
  };
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const bodies: BuiltAsset["bodies"] = { identity: representation(name) };
    for (const [encoding, suffix] of Object.entries(SUFFIXES) as [Encoding, string][]) {
      if (PRECOMPRESSED_TYPES.test(name) && present.has(`${name}.${suffix}`)) bodies[encoding] = representation(`${name}.${suffix}`);
    }
    const compressible = PRECOMPRESSED_TYPES.test(name) && bodies.identity.body.length >= COMPRESSION_THRESHOLD;
    assets.set(`/assets/${name}`, { type, compressible, bodies });
  }
  return assets;
}

export interface BuiltAssetLaneOptions {
  assets: BuiltAssets;
  logger: Logger;
  trustsProxy: (address: string, hop: number) => boolean;
  /** Everything the lane does not answer. */
  next: RequestListener;
}

/**
 * A GET or HEAD of a built asset is answered here, from memory, before the application: a crowd's first
 * visits (eleven scripts each) cost a lookup and a write per file, and the copy the browser accepts
 * (brotli, then gzip) is sent as the build made it. A range request, another method or any other path
 * goes on to the application (express.static), as does an address with a query or an escape.
 */
export function builtAssetLane({ assets, logger, trustsProxy, next }: BuiltAssetLaneOptions): RequestListener {
  return (req, res) => {
    const asset = req.method === "GET" || req.method === "HEAD" ? assets.get(req.url ?? "") : undefined;
    if (!asset || req.headers.range !== undefined) return next(req, res);
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding !== "identity" && !asset.bodies[encoding] && asset.compressible) return next(req, res);
    const started = performance.now();
    writeBuiltAsset(req, res, asset, encoding, isHttps(req, trustsProxy));
    accessLogLine(logger, req, res, started);
  };
}

function writeBuiltAsset(req: IncomingMessage, res: ServerResponse, asset: BuiltAsset, encoding: Encoding, https: boolean): void {
  const kept = asset.bodies[encoding];
  const sent = kept ?? asset.bodies.identity;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy([], { development: false, https }));
  for (const [name, value] of everyResponseHeaders({ https })) res.setHeader(name, value);
  res.setHeader("Content-Type", asset.type);
  res.setHeader("Cache-Control", ASSET_CACHE_CONTROL);
  res.setHeader("ETag", sent.etag);
  if (asset.bodies.br || asset.bodies.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (clientHasCurrent(req.headers["if-none-match"], undefined, { etag: sent.etag })) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (kept && encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.body.length);
  res.statusCode = 200;
  if (req.method === "HEAD") res.end();
  else res.end(sent.body);
}
