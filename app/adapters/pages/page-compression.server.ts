import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { entityTag } from "~/lib/conditional-get.server";
import type { CachedPage, RenderedPage } from "./page-cache.server";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard a stored page is compressed. A new entry is compressed at once at a cheap level (about a
 * millisecond each for a 110 KB article, against 17 ms for brotli 9 and 100 ms for brotli 11), so a
 * page that is read once costs little; a page the cache keeps is compressed again at the best level
 * when the server is idle, and saves a reader on a slow network a further fifth of its bytes.
 */
export type Effort = "quick" | "best";

const LEVELS: Record<Effort, { gzip: number; brotli: number }> = {
  quick: { gzip: 4, brotli: 4 },
  best: { gzip: 9, brotli: constants.BROTLI_MAX_QUALITY },
};

export async function compressedBodies(identity: Buffer, effort: Effort): Promise<CachedPage["bodies"]> {
  const level = LEVELS[effort];
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(identity, { level: level.gzip }),
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: level.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { identity, gzip: gzipped, br: brotlied };
}

/** A rendered page made ready to share: nonces removed, its scripts' hashes, its ETag, quickly compressed. */
export async function storablePage(rendered: RenderedPage, changedBy: CachedPage["changedBy"], storedAt: number): Promise<CachedPage> {
  const isHtml = rendered.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
  const identity = isHtml ? withoutNonces(rendered.body) : rendered.body;
  return {
    status: rendered.status,
    headers: rendered.headers,
    scriptSources: isHtml ? inlineScriptHashes(identity.toString("utf8")) : [],
    etag: entityTag(identity),
    bodies: await compressedBodies(identity, "quick"),
    effort: "quick",
    changedBy,
    storedAt,
  };
}

/** A stored page is shared by every visitor, so no script in it may carry one request's nonce. */
function withoutNonces(body: Buffer): Buffer {
  return Buffer.from(body.toString("utf8").replace(/(<script\b[^>]*?)\snonce="[^"]*"/g, "$1"), "utf8");
}

/**
 * The CSP sources of a page's inline scripts: one SHA-256 hash per script body. With 'strict-dynamic'
 * those scripts may load the app's chunks, and nothing else inline runs: the strength of a nonce
 * without a value that a shared page would have to reuse.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\ssrc\s*=/.test(attributes) || /type\s*=\s*"application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
