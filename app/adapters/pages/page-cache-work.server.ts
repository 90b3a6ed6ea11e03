import type { CachedPage } from "./page-cache.server";
import { compressedBodies } from "./page-compression.server";

/** The page cache's two kinds of work besides lookups: new pages' renders, taken in turns, and recompression. */

/** Too many new pages are waiting to be rendered: the visitor is asked to come back (503). */
export class PageCacheBusy extends Error {
  override name = "PageCacheBusy";
}

/** At most `max` pieces of work at a time, the others in order of arrival, and at most `maxWaiting` of those. */
export class FillTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  get busy(): boolean {
    return this.running > 0;
  }

  async take<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.maxWaiting) throw new PageCacheBusy("too many new pages are waiting to be rendered");
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Server-idle time the recompression waits for after the last fill, so it never competes with renders. */
const IDLE_MS = 200;

/**
 * Compresses stored pages again at the best level, one at a time, only while no new page is being
 * rendered. A page changed or evicted meanwhile is left as it is.
 */
export class Recompression {
  private readonly queue = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private working = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly pages: Map<string, CachedPage>,
    private readonly busy: () => boolean,
    private readonly replace: (key: string, page: CachedPage) => void,
  ) {}

  ask(key: string): void {
    this.queue.add(key);
    this.schedule();
  }

  done(): Promise<void> {
    if (this.queue.size === 0 && !this.working) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private schedule(): void {
    if (this.timer || this.working) return;
    this.timer = setTimeout(() => void this.next(), IDLE_MS);
    this.timer.unref();
  }

  private async next(): Promise<void> {
    this.timer = undefined;
    if (this.busy()) return this.schedule();
    const [key] = this.queue;
    if (key === undefined) return this.settle();
    this.queue.delete(key);
    const page = this.pages.get(key);
    if (page?.effort === "quick") {
      this.working = true;
      const bodies = await compressedBodies(page.bodies.identity, "best").finally(() => (this.working = false));
      if (this.pages.get(key) === page) this.replace(key, { ...page, bodies, effort: "best" });
    }
    if (this.queue.size === 0) return this.settle();
    this.timer = setTimeout(() => void this.next(), 0);
    this.timer.unref();
  }

  private settle(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
