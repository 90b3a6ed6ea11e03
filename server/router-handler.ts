import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RequestContext } from "~/adapters/context.server";
import { appContextKeys, newRequestContext } from "./app-context";
import { isPageAnswer, mayUseCache, renderedPage, sendCachedPage, sendOwnPage, sendTooBusy } from "./cached-pages";
import { isCachedPage, PageCacheBusy, type PageCache } from "~/adapters/pages/page-cache.server";
import { pageFiler, type PageFiling } from "./page-rules";
import { signedSessionToken, withoutSessionCookies } from "~/adapters/auth/signed-session-cookie.server";
import type { LiveSession } from "./live-sessions";
import { pageBytesOf, sharedPartOf, wholeBodyOf } from "~/lib/page-response";
import { answerEncoding, gzipPage, mayCompress } from "./compress-answers";
import { bufferedBody } from "./request-body";
import { RenderThreadFailed, type RenderPool } from "./render-pool";
import { acceptedOrigin } from "./same-origin";

export interface RouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** What the request brings to its loaders and actions (made into React Router's `context` here). */
  requestContext: (req: ExpressRequest, res: ExpressResponse) => RequestContext;
  /** The anonymous page cache; without it every request renders. */
  pages?: PageCache;
  /** The secret session cookies are signed with (server/cached-pages.ts: who is anonymous). */
  sessionSecret: string;
  /** Whether a signed session cookie's session is still open (server/live-sessions.ts). */
  liveSession: LiveSession;
  /** Render threads for public pages while the server is busy (production); without it every page renders here. */
  renderPool?: RenderPool;
}

/**
 * Hands a request to React Router, as @react-router/express does, with one difference: the body is
 * the one the body-limit middleware already read (server/request-body.ts), never the socket, so no
 * route can read more than that limit.
 */
export function routerHandler({ build, mode, requestContext, pages, sessionSecret, liveSession, renderPool }: RouterHandlerOptions): RequestHandler {
  /** A GET or HEAD of a visitor without an open session: no session cookie, a made-up one, or one whose session ended. */
  const anonymous = async (req: ExpressRequest): Promise<boolean> => {
    if (mayUseCache(req, sessionSecret)) return true;
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const token = signedSessionToken(req.headers.cookie, sessionSecret);
    return token !== undefined && !(await liveSession(token));
  };
  const handleRequest = createRequestHandler(build, mode);
  const filing = fileringOf(build);
  const keysOf = perBuild(build, appContextKeys);
  const development = mode === "development";
  // Page GETs under way at once (from their arrival to their answer's last byte): the render pool's sign of a crowd.
  let pagesUnderWay = 0;
  // `forOneClient`: the answer goes to this request's client alone (not into the page cache), so it may come compressed.
  // `threadMay`: a kept public page an anonymous visitor asked for (server/page-rules.ts), which a render thread may draw.
  const renderPage = async (request: Request, req: ExpressRequest, res: ExpressResponse, { forOneClient, threadMay }: { forOneClient: boolean; threadMay: boolean }): Promise<Response> => {
    const values = requestContext(req, res);
    const acceptEncoding = forOneClient ? (req.headers["accept-encoding"] ?? "") : null;
    const inThread = renderPool && threadMay && req.method === "GET" ? renderPool.render(request, { cspNonce: values.cspNonce, clientIp: values.clientIp, acceptEncoding }, pagesUnderWay) : undefined;
    const renderHere = async () => handleRequest(request, newRequestContext(await keysOf(), values));
    if (!inThread) return renderHere();
    // A thread that ends mid-render (it crashed, the server is stopping) leaves the page to this thread.
    return inThread.catch((error: unknown) => {
      if (error instanceof RenderThreadFailed) return renderHere();
      throw error;
    });
  };
  return async (req, res, next) => {
    if (renderPool && req.method === "GET") {
      pagesUnderWay++;
      res.once("close", () => pagesUnderWay--);
    }
    try {
      const visitorAnonymous = await anonymous(req);
      // Filed even without a page cache: which public pages render threads may draw is the same list.
      const filed = visitorAnonymous ? await filing(req.originalUrl) : undefined;
      const kept = filed?.kind === "kept" ? filed : undefined;
      const threadMay = Boolean(kept?.page);
      const cached = kept && pages?.get(kept.key);
      if (cached) return sendCachedPage(req, res, cached, { development, hit: true });
      if (pages && kept && req.method === "GET") {
        // Rendered for whoever asked first, from the page's own address (the query it reads and no
        // more), and shared with those who asked meanwhile, so one visitor leaving must not stop it. A
        // visitor who waited for another's render counts as a hit.
        let rendered = false;
        const render = async () => {
          rendered = true;
          const request = fetchRequest(req, res, { abortOnClose: false, address: kept.key });
          // The render is shared, so it is always the whole page; the cache then answers each client's own condition.
          request.headers.delete("if-none-match");
          request.headers.delete("if-modified-since");
          // A made-up session cookie must not make the shared render personal.
          const cookies = request.headers.get("cookie");
          if (cookies) request.headers.set("cookie", withoutSessionCookies(cookies));
          return renderedPage(await renderPage(request, req, res, { forOneClient: false, threadMay }));
        };
        const page = await pages.fill(kept.key, kept.rule, render);
        if (isCachedPage(page)) return sendCachedPage(req, res, page, { development, hit: !rendered });
        return page.stream ? await sendResponse(res, page.stream) : sendOwnPage(req, res, page);
      }
      const render = () => renderPage(fetchRequest(req, res, { abortOnClose: true }), req, res, { forOneClient: true, threadMay });
      // An anonymous visitor's page that no one else is given (a 404, a sign-in page) renders in the new pages' turns.
      const response = pages && filed?.kind === "page" ? await pages.inTurn(render) : await render();
      // An anonymous page whose route has no cache rule is this visitor's alone.
      if (pages && visitorAnonymous && isPageAnswer(response)) res.setHeader("X-Page-Cache", "bypass");
      await sendResponse(res, response, { acceptEncoding: req.headers["accept-encoding"] });
    } catch (error) {
      if (error instanceof PageCacheBusy) return sendTooBusy(req, res);
      next(error);
    }
  };
}

/** What `make` draws from the build, once per build (reloaded with each build in development). */
function perBuild<T>(build: RouterHandlerOptions["build"], make: (build: ServerBuild) => T): () => Promise<T> {
  const made = new WeakMap<ServerBuild, T>();
  return async () => {
    const loaded = typeof build === "function" ? await build() : build;
    if (!made.has(loaded)) made.set(loaded, make(loaded));
    return made.get(loaded)!;
  };
}

/** Files an address by the route that answers it, with the build's routes. */
function fileringOf(build: RouterHandlerOptions["build"]): (originalUrl: string) => Promise<PageFiling | undefined> {
  const filerOf = perBuild(build, pageFiler);
  return async (originalUrl) => {
    const filer = await filerOf();
    const query = originalUrl.indexOf("?");
    return query < 0 ? filer(originalUrl, "") : filer(originalUrl.slice(0, query), originalUrl.slice(query));
  };
}

/** `address`: the path and query to render instead of the visitor's own (a kept page's canonical address). */
function fetchRequest(req: ExpressRequest, res: ExpressResponse, { abortOnClose, address }: { abortOnClose: boolean; address?: string }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // A form is addressed to the origin it was accepted from (server/same-origin.ts), so React Router's own
  // origin check agrees with ours behind a proxy that ends TLS; anything else to the host it came to.
  const url = new URL(`${acceptedOrigin(res) ?? `${req.protocol}://${hostOf(req)}`}${address ?? req.originalUrl}`);
  const controller = new AbortController();
  if (abortOnClose) {
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = bufferedBody(req) ?? Buffer.alloc(0);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(body.length));
    init.body = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  }
  return new Request(url.href, init);
}

/** The host the client asked for, as the Express adapter reads it: X-Forwarded-Host only behind a trusted proxy. */
function hostOf(req: ExpressRequest): string {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("x-forwarded-host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((text) => Number.parseInt(text ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return port ? `${hostname}:${port}` : hostname;
}

/** `acceptEncoding`: the answer is for this client alone, which takes these encodings. */
async function sendResponse(res: ExpressResponse, response: Response, forOneClient?: { acceptEncoding: string | undefined }): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  // A page is ready whole once its shell is (no route streams deferred data): sent in one piece, it is
  // compressed in one pass rather than in dozens of small ones. A rendered page is asked for its bytes
  // before its body, which it would make into a stream for nothing.
  if (pageBytesOf(response) || response.headers.get("content-type")?.startsWith("text/html")) {
    const page = await wholeBodyOf(response);
    const gzipped = forOneClient && (await gzippedPage(response, page, forOneClient.acceptEncoding));
    if (gzipped) {
      res.setHeader("Content-Encoding", "gzip");
      res.vary("Accept-Encoding");
    }
    if (!res.destroyed) res.end(gzipped || page);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** A page holding the shared stylesheet, gzipped around it when the client takes gzip (the compression middleware passes it by). */
async function gzippedPage(response: Response, page: Buffer, acceptEncoding: string | undefined): Promise<Buffer | undefined> {
  const sharedPart = sharedPartOf(response);
  if (!sharedPart || answerEncoding(acceptEncoding, sharedPart) !== "gzip" || !mayCompress(response.headers, page.length)) return undefined;
  return gzipPage(page, sharedPart);
}
