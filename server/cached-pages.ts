import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { cookieHeaderHasSignedSession } from "~/adapters/auth/signed-session-cookie.server";
import type { IncomingMessage, ServerResponse } from "node:http";
import { translatorFor } from "~/i18n/i18n";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { splitLanguagePrefix } from "~/i18n/paths";
import { resourcesFor } from "~/i18n/resources.server";
import { chooseEncoding, type CachedPage, type Encoding, type RenderedPage } from "~/adapters/pages/page-cache.server";
import { clientHasCurrent } from "~/lib/conditional-get.server";
import { wholeBodyOf } from "~/lib/page-response";
import { contentSecurityPolicy, everyResponseHeaders } from "./security-headers";

/**
 * How the anonymous page cache meets a request. Only a GET or HEAD without a session cookie is
 * answered from it; a signed-in reader or an admin always gets a fresh page. Whether a rendered page
 * is kept is the route policy's word: a page whose answer is private (its policy, or a personal query
 * such as a prefilled address), sets a cookie, or is not a 200 is sent to its visitor only.
 */

/** Browsers and CDNs may keep a page briefly and serve it stale while they ask again; the ETag makes asking cheap. */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** A GET or HEAD of a visitor without a session this server signed (a made-up session cookie is no session). */
export function mayUseCache(req: IncomingMessage, sessionSecret: string): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !cookieHeaderHasSignedSession(req.headers.cookie, sessionSecret);
}

/** What the cache keeps: pages, their data requests and feeds. Files (audio, images, video) stream past it. */
const PAGE_TYPES = /^(text\/html|text\/x-script|text\/plain|text\/xml|application\/(rss\+|atom\+)?xml)\b/;

/** Whether an answer is a page, a data request or a feed (what the cache would keep), not a file. */
export const isPageAnswer = (response: Response): boolean => PAGE_TYPES.test(response.headers.get("content-type") ?? "");

/** Reads a rendered page whole, as the cache needs it; any other answer is handed on unread. */
export async function renderedPage(response: Response): Promise<RenderedPage> {
  if (!isPageAnswer(response)) {
    return { status: response.status, headers: [], body: Buffer.alloc(0), shareable: false, stream: response };
  }
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (!["set-cookie", "content-length", "content-encoding", "etag", "date"].includes(name)) headers.push([name, value]);
  }
  const cookies = response.headers.getSetCookie();
  for (const cookie of cookies) headers.push(["set-cookie", cookie]);
  const cacheControl = response.headers.get("cache-control") ?? "";
  const shareable = cookies.length === 0 && !/private|no-store|no-cache/.test(cacheControl);
  return { status: response.status, headers, body: await wholeBodyOf(response), shareable };
}

export interface CachedAnswer {
  development: boolean;
  https: boolean;
  /** Whether another visitor's render was waited for or the page was stored already. */
  hit: boolean;
  /** Vary values the answer carries besides the page's own and Accept-Encoding. */
  vary: readonly string[];
  encoding: Encoding;
}

/**
 * Every header of a stored page's answer: the page's own, the security headers with a policy that
 * allows its inline scripts by hash, the shared Cache-Control unless the route chose one (a feed's
 * 15 minutes), the ETag and the encoding. Built once per kind of answer and kept beside the page.
 */
export function cachedPageHeaders(page: CachedPage, answer: CachedAnswer): [string, string][] {
  const key = `${answer.development}|${answer.https}|${answer.hit}|${answer.vary.join()}|${answer.encoding}`;
  let answers = builtHeaders.get(page);
  if (!answers) builtHeaders.set(page, (answers = new Map()));
  const known = answers.get(key);
  if (known) return known;
  const vary = [...answer.vary];
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(page.scriptSources, { development: answer.development, https: answer.https })],
    ...everyResponseHeaders({ https: answer.https }),
  ];
  for (const [name, value] of page.headers) {
    if (name === "vary") vary.push(value);
    else headers.push([name, value]);
  }
  if (!page.headers.some(([name]) => name === "cache-control")) headers.push(["Cache-Control", SHARED_PAGE_CACHE_CONTROL]);
  vary.push("Accept-Encoding");
  headers.push(["Vary", joinVary(vary)], ["ETag", page.etag], ["X-Page-Cache", answer.hit ? "hit" : "miss"]);
  if (answer.encoding !== "identity") headers.push(["Content-Encoding", answer.encoding]);
  headers.push(["Content-Length", String(page.bodies[answer.encoding].length)]);
  answers.set(key, headers);
  return headers;
}

const builtHeaders = new WeakMap<CachedPage, Map<string, [string, string][]>>();

/** Vary field names once each (case aside), in the order first named. */
function joinVary(values: string[]): string {
  const names = new Map<string, string>();
  for (const name of values.flatMap((value) => value.split(",")).map((name) => name.trim())) {
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()].join(", ");
}

/**
 * Sends a stored page on a Node response: 304 when the client holds it already (its ETag, or for a
 * page with a Last-Modified such as a feed, its date), else the encoding it prefers.
 */
export function writeCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, answer: Omit<CachedAnswer, "encoding">): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const headers = cachedPageHeaders(page, { ...answer, encoding });
  const lastModified = page.headers.find(([name]) => name === "last-modified")?.[1];
  if (clientHasCurrent(req.headers["if-none-match"], req.headers["if-modified-since"], { etag: page.etag, lastModified })) {
    for (const [name, value] of headers) if (name !== "Content-Length" && name !== "Content-Encoding") res.setHeader(name, value);
    res.statusCode = 304;
    res.end();
    return;
  }
  for (const [name, value] of headers) res.setHeader(name, value);
  res.statusCode = page.status;
  if (req.method === "HEAD") res.end();
  else res.end(page.bodies[encoding]);
}

/** The same, within Express: the Vary values set by earlier middleware are kept. */
export function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, options: { development: boolean; hit: boolean }): void {
  const vary = String(res.getHeader("vary") ?? "").split(",").map((name) => name.trim()).filter(Boolean);
  writeCachedPage(req, res, page, { ...options, https: req.secure, vary });
}

/** Sends a page rendered for this visitor alone, as it was rendered (its own nonce, its own headers). */
export function sendOwnPage(req: ExpressRequest, res: ExpressResponse, page: RenderedPage): void {
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("X-Page-Cache", "bypass");
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(page.body);
}

/** Too many new pages are waiting for their render: the visitor is asked, in the page's language, to try again shortly. */
export function sendTooBusy(req: ExpressRequest, res: ExpressResponse): void {
  const language = splitLanguagePrefix(req.path).language ?? DEFAULT_LANGUAGE;
  res.status(503).setHeader("Retry-After", "5");
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain").end(translatorFor(language, resourcesFor(language))("errors:busy.message"));
}
