import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { entityTag } from "~/lib/conditional-get.server";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One stored page: its bytes in each encoding, the headers that describe them and what it is about. */
export interface CachedPage {
  status: number;
  /** The route's own headers (content type, Vary, a feed's own Cache-Control…), without length or encoding. */
  headers: [string, string][];
  /** `script-src` sources allowing exactly this page's inline scripts (their hashes). */
  scriptSources: string[];
  etag: string;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  /** The first path segment after the language ("blog", "podcast", "" for home): what an invalidation names. */
  area: string;
  storedAt: number;
}

export type Encoding = keyof CachedPage["bodies"];

/** A rendered page as the cache receives it; `fill` decides whether it may be kept. */
export interface RenderedPage {
  status: number;
  /** Every header the route sent except length, encoding and date (which the sender sets). */
  headers: [string, string][];
  body: Buffer;
  /** False when the answer must reach only the visitor who asked (a cookie, a private Cache-Control). */
  shareable: boolean;
  /** An answer that is not a page (audio, an image) passes through unread, streamed to its visitor. */
  stream?: Response;
}

export interface PageCacheOptions {
  /** The most bytes (all encodings) kept; the least recently used pages go first. */
  maxBytes: number;
  /** A page older than this renders again even if nothing was invalidated (time-based content). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * The anonymous page cache: rendered public pages kept in memory, compressed once (brotli and gzip),
 * with an ETag, bounded in bytes with least-recently-used eviction. A burst of misses for one page
 * renders it once: the others wait for that render. An invalidation that lands while a page renders
 * keeps that render from being stored, so a change is never hidden by a render that started before it.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<CachedPage | RenderedPage>>();
  private bytes = 0;
  /** Bumped by every invalidation; a render stores its page only if none happened meanwhile. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** The stored page for `key`, fresh enough to serve, or undefined. Marks it recently used. */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt > this.options.maxAgeMs) {
      this.remove(key);
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /**
   * The page for `key`: stored, or rendered by `render` once however many ask at the same time. A
   * page that may not be shared (it sets a cookie, or was not a 200) goes only to the caller whose
   * render it was; the others that waited for it render their own.
   */
  async fill(key: string, area: string, render: () => Promise<RenderedPage>): Promise<CachedPage | RenderedPage> {
    const stored = this.get(key);
    if (stored) return stored;
    const pending = this.rendering.get(key);
    if (pending) {
      const page = await pending;
      return isCachedPage(page) ? page : render();
    }
    const generation = this.generation;
    const work = render()
      .then(async (rendered) => {
        if (!rendered.shareable || rendered.status !== 200) return rendered;
        const page = await compressPage(rendered, area, this.now());
        if (generation === this.generation) this.store(key, page);
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key) === work) this.rendering.delete(key);
      });
    this.rendering.set(key, work);
    return work;
  }

  /** Forgets the pages of the given areas (every page when none is named). */
  invalidate(areas?: readonly string[]): void {
    this.generation++;
    // A visitor who arrives after the change must not wait for a render that started before it.
    this.rendering.clear();
    for (const [key, page] of this.pages) if (!areas || areas.includes(page.area)) this.remove(key);
  }

  private store(key: string, page: CachedPage): void {
    const bytes = pageBytes(page);
    if (bytes > this.options.maxBytes) return;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += bytes;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= pageBytes(page);
  }
}

export const isCachedPage = (page: CachedPage | RenderedPage): page is CachedPage => "bodies" in page;

function pageBytes(page: CachedPage): number {
  return page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length;
}

async function compressPage(rendered: RenderedPage, area: string, storedAt: number): Promise<CachedPage> {
  const isHtml = rendered.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
  const identity = isHtml ? withoutNonces(rendered.body) : rendered.body;
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return {
    status: rendered.status,
    headers: rendered.headers,
    scriptSources: isHtml ? inlineScriptHashes(identity.toString("utf8")) : [],
    etag: entityTag(identity),
    bodies: { identity, gzip: gzipped, br: brotlied },
    area,
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

/** Which of the encodings the site makes a client takes (q=0 refuses one; "*" stands for the others). */
export function acceptedEncodings(acceptEncoding: string | undefined): { br: boolean; gzip: boolean } {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    accepted.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return { br: allows("br"), gzip: allows("gzip") };
}

/** The encoding to send: brotli, then gzip, by what the client accepts. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.br ? "br" : accepted.gzip ? "gzip" : "identity";
}
