import { readdirSync } from "node:fs";
import type { RequestListener } from "node:http";
import path from "node:path";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/adapters/context.server";
import { accessLog } from "./access-log";
import { afterAnswerOf } from "./after-answer";
import { compressAnswers } from "./compress-answers";
import { builtAssetLane, type BuiltAssets } from "./built-assets";
import { pageCacheLane } from "./page-cache-lane";
import { healthCheck } from "./health";
import { guardBuild, guardBuildLoader } from "./route-policy";
import { languageRedirect, languageSwitch } from "./language";
import { refuseNulInUrl } from "./nul-in-url";
import { boundedBodies, MAX_BODY_BYTES } from "./request-body";
import { routerHandler } from "./router-handler";
import { liveSessionCheck } from "./live-sessions";
import type { RenderPool } from "./render-pool";
import { sameOriginWrites } from "./same-origin";
import { securityHeaders } from "./security-headers";
import { UPLOAD_ROUTES, UPLOADS_PATH, uploadEndpoint } from "./uploads";
import { PATHS } from "./paths";
import { untrustedProxyNotice } from "./proxy-warning";

export interface AppOptions {
  services: AppServices;
  /** The React Router server build, or a function that loads it (the dev server reloads it on change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Middleware that serves the browser assets: express.static in production, Vite in development. */
  assets: RequestHandler[];
  /** In production, the built assets held in memory, answered before the application (server/built-assets.ts). */
  builtAssets?: BuiltAssets;
  /** In production, threads that render public pages while the server is busy (server/render-pool.ts). */
  renderPool?: RenderPool;
}

export const CLIENT_BUILD_DIR = PATHS.clientBuild;

/** Hashed file names never change content, so browsers may keep them for a year. */
export function productionAssets(clientDir = CLIENT_BUILD_DIR): RequestHandler[] {
  const router = express.Router();
  // A missing hashed asset is a plain 404, not a page render.
  router.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
  // The build's other files are listed once: a page's address then goes to its route without a look on disk.
  const files = builtFiles(clientDir);
  const serveFile = express.static(clientDir, { maxAge: "1h", index: false });
  router.use((req, res, next) => (files.has(decodedPath(req.path) ?? "") ? serveFile(req, res, next) : next()));
  return [router];
}

/** Every file under `folder`, as the URL path that names it ("/images/social/home.png"). */
function builtFiles(folder: string): Set<string> {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(entries.map((entry) => `/${path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`));
}

/** A path as the file system names it; undefined when its percent-encoding is broken. */
function decodedPath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

/**
 * What the HTTP server runs: the built assets' lane, then the page cache's lane, in front of the
 * application (each lane only where there is something to answer from: a build, a cache).
 */
export function createRequestListener(options: AppOptions): RequestListener {
  const app = createApp(options);
  const { pageCache, logger, config } = options.services;
  const trustsProxy = app.get("trust proxy fn");
  const pages = pageCache ? pageCacheLane({ pages: pageCache, logger, development: config.mode === "development", trustsProxy, sessionSecret: config.sessionSecret, app }) : app;
  if (!options.builtAssets?.size) return pages;
  return builtAssetLane({ assets: options.builtAssets, logger, trustsProxy, next: pages });
}

export function createApp({ services, build, assets, renderPool }: AppOptions): express.Express {
  const { config, logger } = services;
  // Every route answers through its declared policy; a route without one stops the start here.
  const guarded = typeof build === "function" ? guardBuildLoader(build) : guardBuild(build);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(securityHeaders({ development: config.mode === "development" }));
  app.use(compressAnswers());
  app.use(accessLog(logger));
  app.use(refuseNulInUrl());
  app.use(untrustedProxyNotice(logger, app.enabled("trust proxy")));
  // Before anything reads a body; the upload endpoint streams its own (tus, with a limit per kind of file).
  app.use(
    boundedBodies({
      maxBytes: MAX_BODY_BYTES,
      timeoutMs: config.requestTimeoutSeconds * 1000,
      exempt: (path) => isUploadPath(path),
    }),
  );
  app.get("/healthz", healthCheck(services));
  for (const handler of assets) app.use(handler);
  app.get("/language", languageSwitch());
  app.use(languageRedirect());
  app.use(sameOriginWrites(config.appUrl));
  app.all(UPLOAD_ROUTES, uploadEndpoint(services));
  app.all(
    "/{*path}",
    routerHandler({
      build: guarded,
      mode: config.mode === "development" ? "development" : "production",
      requestContext: (req, res) => ({ services, cspNonce: String(res.locals.cspNonce ?? ""), clientIp: req.ip ?? "unknown", afterAnswer: afterAnswerOf(res, logger) }),
      pages: services.pageCache ?? undefined,
      sessionSecret: config.sessionSecret,
      liveSession: liveSessionCheck(services.db, services.now),
      renderPool,
    }),
  );
  app.use(lastResortErrorHandler(services));
  return app;
}

/** Express matches routes without regard to case or a trailing slash, so the exemption does the same. */
function isUploadPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === UPLOADS_PATH || lower.startsWith(`${UPLOADS_PATH}/`);
}

/** A failure outside React Router's own error handling: log it, answer without a stack trace. */
function lastResortErrorHandler({ logger }: AppServices): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error({ err: error }, "unhandled request error");
    if (res.headersSent) return res.end();
    res.status(status).type("text/plain").send(status >= 500 ? "Internal Server Error" : status === 404 ? "Not Found" : "Bad Request");
  };
}
