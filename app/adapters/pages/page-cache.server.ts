import type { PageCacheRule, PageChange } from "~/lib/page-cache-rules";
import { storablePage, type Effort } from "./page-compression.server";
import { FillTurns, Recompression, type FillLimits } from "./page-cache-work.server";

export { inlineScriptHashes } from "./page-compression.server";
export { PageCacheBusy } from "./page-cache-work.server";

/** One stored page: its bytes in each encoding, the headers that describe them and what it is about. */
export interface CachedPage {
  status: number;
  /** The route's own headers (content type, Vary, a feed's own Cache-Control…), without length or encoding. */
  headers: [string, string][];
  /** `script-src` sources allowing exactly this page's inline scripts (their hashes). */
  scriptSources: string[];
  etag: string;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  /** How hard its bodies were compressed: quickly when stored, at the best level once it is read again. */
  effort: Effort;
  /** The changes that make it stale (its route's cache rule); a settings change makes every page stale. */
  changedBy: readonly PageChange[];
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
  /** New pages' renders: how many at once, how many waiting, their share of the time (see FillTurns). */
  fills?: Partial<Omit<FillLimits, "now">>;
  now?: () => number;
}

/** What the cache files a page with: its address's query names (for lookups) and the changes that make it stale. */
export interface FillRule extends Pick<PageCacheRule, "query" | "values" | "changedBy"> {
  /** The page's path, as the lane meets it. */
  pathname: string;
}

/**
 * Two renders at a time, 256 waiting, half of the time: a flood of new addresses leaves the stored pages at
 * least half of what they serve alone. A quiet server's credit renders 250 ms of pages at once, after an
 * invalidation say.
 */
const DEFAULT_FILLS = { max: 2, maxWaiting: 256, share: 0.5, burstMs: 250 };

/** The paths whose query names are remembered, at most; past it the list starts again (it is relearnt from renders). */
const MAX_KNOWN_PATHS = 20_000;

/**
 * The anonymous page cache: rendered public pages kept in memory, compressed (brotli and gzip), with an
 * ETag, bounded in bytes with least-recently-used eviction. A burst of misses for one page renders it
 * once: the others wait for that render. New pages render in turns, within a share of the time, so a
 * flood of new addresses cannot take the server from the pages already kept. An invalidation that lands while
 * a page renders keeps that render from being stored (the visitors who waited for it still get it),
 * so a change is never hidden by a render that started before it.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<CachedPage | RenderedPage>>();
  /** Each known path's rule: how the lane files an address without asking the router. */
  private readonly rules = new Map<string, FillRule>();
  /** Addresses whose page aged out or was forgotten: rendering them again goes before new addresses. */
  private readonly forgotten = new Set<string>();
  private bytes = 0;
  /** Bumped by every invalidation; a render stores its page only if none happened meanwhile. */
  private generation = 0;
  private readonly now: () => number;
  private readonly turns: FillTurns;
  private readonly recompression: Recompression;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.turns = new FillTurns({ ...DEFAULT_FILLS, ...options.fills, now: performance.now.bind(performance) });
    this.recompression = new Recompression(this.pages, () => this.turns.busy, (key, page) => this.replace(key, page));
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** The rule `pathname`'s pages were filed by; undefined until one of them was stored. */
  ruleOf(pathname: string): FillRule | undefined {
    return this.rules.get(pathname);
  }

  /**
   * Runs a render that is not stored (an anonymous visitor's page whose route keeps none: a 404, a sign-in
   * page) in the same turns as new pages, so those cannot be used to take the server from the stored ones.
   */
  inTurn<T>(render: () => Promise<T>): Promise<T> {
    return this.turns.take(render);
  }

  /** The stored page for `key`, fresh enough to serve, or undefined. Marks it recently used. */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt > this.options.maxAgeMs) {
      this.remove(key);
      this.remember(key);
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, page);
    // Read a second time: worth the best compression, when the server has a moment.
    if (page.effort === "quick") this.recompression.ask(key);
    return page;
  }

  /**
   * The page for `key`: stored, or rendered by `render` once however many ask at the same time. A
   * page that may not be shared (it sets a cookie, or was not a 200) goes only to the caller whose
   * render it was; the others that waited for it render their own.
   */
  async fill(key: string, rule: FillRule, render: () => Promise<RenderedPage>): Promise<CachedPage | RenderedPage> {
    const stored = this.get(key);
    if (stored) return stored;
    const pending = this.rendering.get(key);
    if (pending) {
      const page = await pending;
      return isCachedPage(page) ? page : this.turns.take(render);
    }
    const generation = this.generation;
    // A page readers had a moment ago is rendered again before the new addresses waiting (a flood's).
    const again = this.forgotten.delete(key);
    const work = this.turns
      .take(async () => {
        const rendered = await render();
        if (!rendered.shareable || rendered.status !== 200) return rendered;
        return storablePage(rendered, rule.changedBy, this.now());
      }, again)
      .then((page) => {
        if (isCachedPage(page) && generation === this.generation) this.store(key, rule, page);
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key) === work) this.rendering.delete(key);
      });
    this.rendering.set(key, work);
    return work;
  }

  /** Forgets the pages the given changes touch (every page when none is named). */
  invalidate(changes?: readonly PageChange[]): void {
    this.generation++;
    // A visitor who arrives after the change must not wait for a render that started before it.
    this.rendering.clear();
    for (const [key, page] of this.pages) {
      if (!changes || page.changedBy.some((change) => changes.includes(change))) {
        this.remove(key);
        this.remember(key);
      }
    }
  }

  /** Resolves once no page waits for its best compression (tests and benchmarks wait on it). */
  recompressed(): Promise<void> {
    return this.recompression.done();
  }

  private store(key: string, rule: FillRule, page: CachedPage): void {
    const bytes = pageBytes(page);
    if (bytes > this.options.maxBytes) return;
    if (this.rules.size >= MAX_KNOWN_PATHS) this.rules.clear();
    this.rules.set(rule.pathname, rule);
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += bytes;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Puts a recompressed copy in place of `key`'s page, in the same place in the eviction order. */
  private replace(key: string, page: CachedPage): void {
    const old = this.pages.get(key);
    if (!old) return;
    this.pages.set(key, page);
    this.bytes += pageBytes(page) - pageBytes(old);
  }

  private remember(key: string): void {
    if (this.forgotten.size >= MAX_KNOWN_PATHS) this.forgotten.clear();
    this.forgotten.add(key);
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
