import type { IncomingMessage, RequestListener } from "node:http";
import type { Logger } from "pino";
import type { PageCache } from "~/adapters/pages/page-cache.server";
import { accessLogLine } from "./access-log";
import { mayUseCache, writeCachedPage } from "./cached-pages";
import { canonicalAddress } from "~/lib/page-cache-rules";
import { isPagePath, LANGUAGE_VARY, redirectLanguage } from "./language";
import { hasNul } from "./nul-in-url";
import { isHttps } from "./request-protocol";

export interface PageCacheLaneOptions {
  pages: PageCache;
  logger: Logger;
  development: boolean;
  /** Express's "trust proxy" test: whether a peer's X-Forwarded-Proto may be believed. */
  trustsProxy: (address: string, hop: number) => boolean;
  /** The secret session cookies are signed with: a visitor whose cookie it did not sign is anonymous. */
  sessionSecret: string;
  /** Everything the lane does not answer: the whole application. */
  app: RequestListener;
}

/**
 * The way in for every request. An anonymous GET of a page already in the cache is answered here,
 * in a few microseconds, with the headers the full application would send (they are built once per
 * page); everything else (a miss, a reader with a session, a language redirect, a NUL in the URL) goes
 * on to the application. A crowd reading one shared article costs a lookup and a write each.
 */
export function pageCacheLane({ pages, logger, development, trustsProxy, sessionSecret, app }: PageCacheLaneOptions): RequestListener {
  return (req, res) => {
    const answer = storedAnswer(req, pages, trustsProxy, sessionSecret);
    if (!answer) return app(req, res);
    const started = performance.now();
    writeCachedPage(req, res, answer.page, { development, https: answer.https, hit: true, vary: answer.vary });
    accessLogLine(logger, req, res, started);
  };
}

function storedAnswer(req: IncomingMessage, pages: PageCache, trustsProxy: PageCacheLaneOptions["trustsProxy"], sessionSecret: string) {
  const url = req.url ?? "/";
  // A NUL in the URL is refused by the application.
  if (!mayUseCache(req, sessionSecret) || hasNul(url)) return undefined;
  const queryAt = url.indexOf("?");
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  let vary: readonly string[] = [];
  if (isPagePath(pathname)) {
    const language = redirectLanguage(pathname, req.headers);
    // A reader whose language is another one is sent to its URL by the application.
    if (language) return undefined;
    if (language === null) vary = LANGUAGE_VARY;
  }
  // A path whose pages the cache has not kept yet goes to the application, which knows its route.
  const rule = pages.ruleOf(pathname);
  if (!rule) return undefined;
  const page = pages.get(queryAt < 0 ? pathname : canonicalAddress(pathname, url.slice(queryAt), rule));
  return page && { page, vary, https: isHttps(req, trustsProxy) };
}
