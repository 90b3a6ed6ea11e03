import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { openDatabase } from "~/adapters/db/database.server";
import { createObjectStorage } from "~/adapters/storage/object-storage.server";
import type { AppConfig } from "~/lib/config.server";
import { sharedPartOf, wholeBodyOf } from "~/lib/page-response";
import { afterAnswerAtOnce } from "./after-answer";
import { connectServices, systemClock } from "./bootstrap";
import { answerEncoding, compressAnswerSync, mayCompress } from "./compress-answers";
import { createLogger } from "./logger";
import { guardBuild } from "./route-policy";
import { appContextKeys, newRequestContext } from "./app-context";
import type { RenderAnswer, RenderAsk, RenderThreadData } from "./render-pool";

/**
 * A render thread (server/render-pool.ts): the same server build behind the same route policies, on its
 * own connection to the same database, rendering the public pages the server hands it and sending back
 * each answer whole. It keeps nothing between renders (no page cache), so what it renders is always
 * what the database holds.
 */
const port = parentPort;
if (!port) throw new Error("render-thread runs only as a worker thread");
const { config, serverBuild } = workerData as RenderThreadData;

const logger = createLogger(config.logLevel).child({ thread: "render" });
const services = await openRenderServices(config);
const build = guardBuild((await import(pathToFileURL(serverBuild).href)) as ServerBuild);
const handleRequest = createRequestHandler(build, "production");
const contextKeys = appContextKeys(build);
const afterAnswer = afterAnswerAtOnce(logger);

port.on("message", (message: RenderAsk | "close") => {
  if (message === "close") {
    port.close();
    void services.db.destroy().finally(() => services.storage.close());
    return;
  }
  void render(message).then(
    (answer) => port.postMessage(answer, [answer.body.buffer]),
    (error: unknown) => {
      logger.error({ err: error }, "render thread failed a page");
      port.postMessage({ id: message.id, failed: true });
    },
  );
});
port.postMessage("ready");

async function render({ id, url, headers, cspNonce, clientIp, acceptEncoding }: RenderAsk): Promise<RenderAnswer> {
  const response = await handleRequest(new Request(url, { headers }), newRequestContext(contextKeys, { services, cspNonce, clientIp, afterAnswer }));
  let bytes = await wholeBodyOf(response);
  const answerHeaders = new Headers(response.headers);
  const sharedPart = sharedPartOf(response);
  const encoding = acceptEncoding === null ? "identity" : answerEncoding(acceptEncoding, sharedPart);
  // Compressed here rather than in the server's thread, which would otherwise spend on it what this one saved it.
  if (encoding !== "identity" && mayCompress(answerHeaders, bytes.length)) {
    bytes = compressAnswerSync(bytes, encoding, sharedPart);
    answerHeaders.set("content-encoding", encoding);
    answerHeaders.append("vary", "Accept-Encoding");
    answerHeaders.delete("content-length");
  }
  // The page's bytes are moved to the server's thread, not copied: they get a buffer of their own.
  const body = new Uint8Array(bytes.length);
  body.set(bytes);
  return { id, status: response.status, statusText: response.statusText, headers: [...answerHeaders], body };
}

async function openRenderServices(config: AppConfig) {
  const { db, dialect } = openDatabase(config);
  const storage = await createObjectStorage(config);
  // Only the server keeps a page cache.
  return connectServices({ ...config, pageCacheBytes: 0 }, logger, { db, dialect, storage, now: systemClock });
}
