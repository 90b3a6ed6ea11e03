import compression from "compression";
import { constants } from "node:zlib";
import type { RequestHandler } from "express";

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

/**
 * Brotli or gzip on the fly, at quick settings, for what the application renders for one answer: a
 * signed-in reader's page, a miss of the page cache, a data request, a feed. Gzip's level 3 takes about half of zlib's default level's time for
 * some 9 % more bytes (an article: 1.1 ms against 2.0 ms, 27.5 KB against 25.2 KB), and the server's time
 * goes to the next reader. Pages answered by the page cache never pass here (they were compressed once,
 * at the best levels, when stored), nor do the built scripts and stylesheets (server/built-assets.ts).
 */
export function compressAnswers(): RequestHandler {
  return compression({ level: PAGE_GZIP_LEVEL, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }, threshold: COMPRESSION_THRESHOLD });
}
