import type { CachedPage } from "./page-cache.server";
import { compressedBodies } from "./page-compression.server";

/** The page cache's two kinds of work besides lookups: new pages' renders, taken in turns, and recompression. */

/** Too many new pages are waiting to be rendered: the visitor is asked to come back (503). */
export class PageCacheBusy extends Error {
  override name = "PageCacheBusy";
}

export interface FillLimits {
  /** Pieces of work at a time. */
  max: number;
  /** Pieces that may wait for a turn; past that one is refused with `PageCacheBusy`. */
  maxWaiting: number;
  /** The share of the time that work may take, over time (0.5: half of it; the rest is the stored pages'). */
  share: number;
  /** How much work (ms) may run at once before the share holds the rest back. */
  burstMs: number;
  now: () => number;
}

/**
 * New pages' renders, in turns: at most `max` at a time, the others in order of arrival, and within a
 * share of the time. A render costs a hundred stored pages or more, so a flood of addresses never asked
 * for before, however many, may take that share and no more: the time each render took is paid back
 * before the next starts, at `share` ms a ms, from a credit of `burstMs` that a quiet server keeps full.
 */
export class FillTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private credit: number;
  private creditAt: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: FillLimits) {
    this.credit = limits.burstMs;
    this.creditAt = limits.now();
  }

  get busy(): boolean {
    return this.running > 0;
  }

  /** `first`: the work goes before the others waiting, and is never refused for their number. */
  async take<T>(work: () => Promise<T>, first = false): Promise<T> {
    await this.turn(first);
    const started = this.limits.now();
    try {
      return await work();
    } finally {
      this.running--;
      this.refill();
      this.credit -= this.limits.now() - started;
      this.wake();
    }
  }

  private turn(first: boolean): Promise<void> {
    if (this.waiting.length === 0 && this.mayStart()) {
      this.running++;
      return Promise.resolve();
    }
    if (!first && this.waiting.length >= this.limits.maxWaiting) return Promise.reject(new PageCacheBusy("too many new pages are waiting to be rendered"));
    return new Promise((resolve) => {
      if (first) this.waiting.unshift(resolve);
      else this.waiting.push(resolve);
      this.schedule();
    });
  }

  private mayStart(): boolean {
    this.refill();
    return this.running < this.limits.max && this.credit > 0;
  }

  private refill(): void {
    const now = this.limits.now();
    this.credit = Math.min(this.limits.burstMs, this.credit + (now - this.creditAt) * this.limits.share);
    this.creditAt = now;
  }

  private wake(): void {
    while (this.waiting.length > 0 && this.mayStart()) {
      this.running++;
      this.waiting.shift()!();
    }
    if (this.waiting.length > 0) this.schedule();
  }

  /** Wakes the line when the credit is back; a render under way wakes it itself when it ends. */
  private schedule(): void {
    if (this.timer || this.running >= this.limits.max) return;
    const ms = this.credit > 0 ? 0 : Math.ceil(-this.credit / this.limits.share) + 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, ms);
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
