import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { DocumentOnlyProvider } from "~/components/layout/document-html";
import { NonceProvider } from "~/components/layout/nonce";
import { documentOnlyHtml } from "~/lib/document-only.server";
import { withInlineStylesheet } from "~/lib/inline-stylesheet.server";
import { withLateModulePreloads } from "~/lib/late-module-preloads.server";
import { pageResponse } from "~/lib/page-response";

export const streamTimeout = 5_000;

/** The browser build, beside this file's build (build/server/index.js serves build/client). */
const CLIENT_BUILD = new URL("../client/", import.meta.url);

/**
 * Renders the whole document before answering. No route streams deferred data, so the shell is the
 * page: waiting for all of it costs nothing, lets a late error still set the status, and collecting
 * React's output in one buffer spares every page a web stream of a hundred small chunks (the server
 * then compresses it, or stores it in the page cache, in one piece).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer | Uint8Array, _encoding, callback) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(pageResponse(withInlineStylesheet(withLateModulePreloads(Buffer.concat(chunks)), CLIENT_BUILD), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DocumentOnlyProvider value={documentOnlyHtml(request)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentOnlyProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error before the shell is thrown to React Router, which reports it; one after is only known here.
          if (shellRendered) loadContext.services.logger.error({ err: error }, "render error");
        },
      },
    );
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
