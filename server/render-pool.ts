import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { AppConfig } from "~/lib/config.server";
import { pageResponse } from "~/lib/page-response";

/**
 * Render threads: under a crowd of page renders the cache cannot answer (many pages, or a change that
 * just emptied it), the server's one thread is the limit while the machine's other cores wait. The
 * pool starts threads (server/render-thread.ts) when renders overlap, hands them public pages while
 * the server is busy, and ends them after a quiet spell, so a quiet site keeps one thread's memory
 * (docs/decisions/080-render-threads-under-a-crowd.md).
 *
 * Only anonymous GETs of the pages below go to a thread: they only read the database. Everything else
 * (forms, accounts, admin pages, files, feeds) renders where it always did.
 */
export interface RenderPool {
  /**
   * The page rendered by a thread, or undefined when the server should render it itself: the pool is
   * off, no thread is ready, or the threads have as much as they should hold. `overlapping` is how many
   * renders the server has under way, this one included.
   */
  render(request: Request, context: RenderContext, overlapping: number): Promise<Response> | undefined;
  /** Threads started (ready or starting). */
  readonly threads: number;
  /** Pages the threads have answered since the pool was made. */
  readonly pagesRendered: number;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The compiled render thread's file (build/entry/render-thread.js). */
  threadFile: URL;
  /** The React Router server build the threads import. */
  serverBuild: string;
  config: AppConfig;
  logger: Logger;
  /** How many threads at most. */
  threads: number;
  /** A thread without a page for this long ends. */
  idleMs?: number;
  /**
   * Pages a thread holds at once at the least (one rendering, the next waiting); under a larger crowd, its
   * share of the pages under way, the server's own thread counting as half a thread (`SERVER_THREAD_SHARE`).
   */
  pagesPerThread?: number;
  /** Renders under way at once that count as a crowd: a thread starts, and pages go to threads. */
  crowd?: number;
  /**
   * Pages asked for within one tenth of a second, by a server thread busy at least 80 % of it, that count as a
   * crowd too: renders that never yield (a page sent as it is, to clients that take no compression) never
   * overlap, however many wait for the server.
   */
  busyPages?: number;
  /** A thread that has not answered a page for this long is stopped; its pages are rendered by the server. */
  stuckMs?: number;
  /** After a thread failed to start (its file missing, the database unreachable), the next waits this long. */
  retryStartMs?: number;
}

/** What a thread is asked and answers (structured-cloned; the body is moved, not copied). */
export interface RenderAsk {
  id: number;
  url: string;
  headers: [string, string][];
  cspNonce: string;
  clientIp: string;
  /** The client's Accept-Encoding, which the thread compresses the answer for as the server would; null for the page cache's renders (sent as they are). */
  acceptEncoding: string | null;
}
export type RenderContext = Pick<RenderAsk, "cspNonce" | "clientIp" | "acceptEncoding">;
export interface RenderAnswer {
  id: number;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}
export interface RenderThreadData {
  config: AppConfig;
  serverBuild: string;
}

type Settle = { resolve: (response: Response) => void; reject: (error: Error) => void; askedAt: number };

interface Thread {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Settle>;
  lastUsed: number;
}

/**
 * The server's own thread counts as half a render thread when pages are shared out: it also receives every
 * request and sends every answer, the threads' included. With one thread it renders a third of the pages
 * under way; counted as a whole thread (half of them) it was the one core at 100 % while the thread idled a
 * quarter of the time, and an uncached article went 455 → 480 requests/s side by side.
 */
const SERVER_THREAD_SHARE = 0.5;

/** The span over which the server thread's business is measured, and how busy counts as busy. */
const BUSY_WINDOW_MS = 100;
const BUSY_UTILIZATION = 0.8;

/** Asks a thread to close its connections and end; one that has not ended within five seconds is stopped. */
function retire(worker: Worker): void {
  worker.postMessage("close");
  const stop = setTimeout(() => void worker.terminate(), 5000);
  stop.unref();
  worker.once("exit", () => clearTimeout(stop));
}

export class RenderThreadFailed extends Error {
  override name = "RenderThreadFailed";
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const { threadFile, serverBuild, config, logger, idleMs = 60_000, pagesPerThread = 2, crowd = 2, busyPages = 5, stuckMs = 30_000, retryStartMs = 30_000 } = options;
  const threads = new Set<Thread>();
  let nextId = 1;
  let closed = false;
  let failedStartAt = -Infinity;
  let pagesRendered = 0;

  const start = () => {
    let worker: Worker;
    try {
      worker = new Worker(threadFile, { workerData: { config, serverBuild } satisfies RenderThreadData });
    } catch (error) {
      logger.error({ err: error }, "render thread could not start");
      failedStartAt = Date.now();
      return;
    }
    const thread: Thread = { worker, ready: false, pending: new Map(), lastUsed: Date.now() };
    threads.add(thread);
    worker.on("message", (message: RenderAnswer | { id: number; failed: true } | "ready") => {
      if (message === "ready") {
        thread.ready = true;
        logger.info({ threads: threads.size }, "render thread started");
        return;
      }
      const settle = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (!settle) return;
      if ("failed" in message) settle.reject(new RenderThreadFailed("the render thread could not render this page"));
      else {
        pagesRendered++;
        settle.resolve(pageResponse(Buffer.from(message.body.buffer, message.body.byteOffset, message.body.length), message));
      }
    });
    const end = (error?: Error) => {
      threads.delete(thread);
      for (const settle of thread.pending.values()) settle.reject(new RenderThreadFailed("the render thread ended", { cause: error }));
      thread.pending.clear();
    };
    worker.on("error", (error) => {
      logger.error({ err: error }, "render thread stopped");
      if (!thread.ready) failedStartAt = Date.now();
      end(error);
    });
    worker.on("exit", () => end());
  };

  // Whether the server's thread was busy over the last window while pages kept being asked for.
  let busy = false;
  let askedInWindow = 0;
  let lastUtilization = performance.eventLoopUtilization();
  const measure = setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = askedInWindow >= busyPages && performance.eventLoopUtilization(now, lastUtilization).utilization >= BUSY_UTILIZATION;
    lastUtilization = now;
    askedInWindow = 0;
  }, BUSY_WINDOW_MS);
  measure.unref();

  // A thread with nothing to do for idleMs ends: a quiet site does not keep its memory. A stuck one is stopped.
  const sweep = setInterval(() => {
    for (const thread of threads) {
      const oldest = Math.min(...[...thread.pending.values()].map((settle) => settle.askedAt));
      if (Date.now() - oldest >= stuckMs) {
        logger.error({ pages: thread.pending.size }, "render thread stuck: stopped");
        void thread.worker.terminate();
      } else if (thread.ready && thread.pending.size === 0 && Date.now() - thread.lastUsed >= idleMs) {
        threads.delete(thread);
        retire(thread.worker);
        logger.info({ threads: threads.size, pagesRendered }, "render thread ended after a quiet spell");
      }
    }
  }, Math.max(Math.min(idleMs / 4, 15_000), 10));
  sweep.unref();

  return {
    render(request, { cspNonce, clientIp, acceptEncoding }, overlapping) {
      askedInWindow++;
      if (closed || options.threads <= 0 || (overlapping < crowd && !busy)) return undefined;
      let ready = 0;
      let starting = false;
      for (const thread of threads) {
        if (thread.ready) ready++;
        else starting = true;
      }
      const share = Math.max(pagesPerThread, Math.floor(overlapping / (ready + SERVER_THREAD_SHARE)));
      let chosen: Thread | undefined;
      for (const thread of threads) {
        if (thread.ready && thread.pending.size < share && (!chosen || thread.pending.size < chosen.pending.size)) chosen = thread;
      }
      if (!chosen && !starting && threads.size < options.threads && Date.now() - failedStartAt >= retryStartMs) start();
      if (!chosen) return undefined;
      const id = nextId++;
      chosen.lastUsed = Date.now();
      const ask: RenderAsk = { id, url: request.url, headers: [...request.headers], cspNonce, clientIp, acceptEncoding };
      const thread = chosen;
      return new Promise<Response>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject, askedAt: Date.now() });
        thread.worker.postMessage(ask);
      });
    },
    get threads() {
      return threads.size;
    },
    get pagesRendered() {
      return pagesRendered;
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      clearInterval(measure);
      await Promise.all([...threads].map((thread) => thread.worker.terminate()));
      threads.clear();
    },
  };
}
