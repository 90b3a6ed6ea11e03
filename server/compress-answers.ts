import compression from "compression";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import { acceptedEncodings, chooseEncoding, type Encoding } from "~/adapters/pages/page-cache.server";
import type { SharedPart } from "~/lib/page-response";
import { gzipAround, gzipAroundSync } from "./page-gzip";

/** zlib's level for what is rendered for one request and sent once. */
export const PAGE_GZIP_LEVEL = 3;
/**
 * Brotli's quality for the same answers, for the browsers that take it (all current ones): quality 3 takes
 * about 1.0 ms for an article and makes it 26.0 KB, where gzip at level 3 takes 1.3 ms for 27.5 KB and
 * the compression package's default, quality 4, 1.8 ms for 24.9 KB.
 */
export const PAGE_BROTLI_QUALITY = 3;
/**
 * Answers smaller than this are sent as they are: compression's header and time would outweigh the bytes
 * saved (the build makes no compressed copy of a smaller asset either).
 */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli at its quick quality, for the compression middleware and the render threads alike. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } };

/**
 * Brotli or gzip on the fly, at quick settings, for what the application renders for one answer: a
 * signed-in reader's page, a miss of the page cache, a data request, a feed. Gzip's level 3 takes about
 * half of zlib's default level's time for some 9 % more bytes (an article: 1.1 ms against 2.0 ms, 27.5 KB
 * against 25.2 KB), and the server's time goes to the next reader. Pages answered by the page cache never
 * pass here (they were compressed once, at the best levels, when stored), nor do the built scripts and
 * stylesheets (server/built-assets.ts).
 * A rendered page that holds the inline stylesheet is gzipped before it gets here (`gzipPage`).
 */
export function compressAnswers(): RequestHandler {
  return compression({ level: PAGE_GZIP_LEVEL, brotli: BROTLI, threshold: COMPRESSION_THRESHOLD });
}

/**
 * How an answer rendered for one client is compressed: brotli, else gzip, as the client takes them. A page
 * that holds the inline stylesheet goes gzip whenever the client takes it: its stylesheet was deflated once
 * at the best level (server/page-gzip.ts), so the page comes as small as brotli's quick quality makes it
 * (an article: 26.4 KB against 26.0 KB) in half the time.
 */
export function answerEncoding(acceptEncoding: string | undefined, sharedPart: SharedPart | undefined): Encoding {
  if (sharedPart && acceptedEncodings(acceptEncoding).gzip) return "gzip";
  return chooseEncoding(acceptEncoding);
}

/** Whether an answer is worth compressing: a text answer of 1 KB or more, not compressed yet, that allows it. */
export function mayCompress(headers: Headers, length: number): boolean {
  const noTransform = /\bno-transform\b/.test(headers.get("cache-control") ?? "");
  return length >= COMPRESSION_THRESHOLD && !noTransform && !headers.has("content-encoding") && /^text\//.test(headers.get("content-type") ?? "");
}

/** An answer's bytes compressed in the calling thread (a render thread, which has nothing else to do meanwhile). */
export function compressAnswerSync(bytes: Buffer, encoding: Exclude<Encoding, "identity">, sharedPart: SharedPart | undefined): Buffer {
  if (encoding === "br") return brotliCompressSync(bytes, BROTLI);
  return (sharedPart && gzipAroundSync(bytes, sharedPart, PAGE_GZIP_LEVEL)) ?? gzipSync(bytes, { level: PAGE_GZIP_LEVEL });
}

/** A page with its shared part gzipped off the server's thread; undefined when the part is not where the page says. */
export function gzipPage(bytes: Buffer, sharedPart: SharedPart): Promise<Buffer | undefined> {
  return gzipAround(bytes, sharedPart, PAGE_GZIP_LEVEL);
}
