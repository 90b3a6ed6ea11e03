import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { DocumentOnlyProvider } from "~/components/layout/document-html";
import { NonceProvider } from "~/components/layout/nonce";
import { documentOnlyHtml } from "~/lib/document-only.server";
import { withInlineStylesheet } from "~/lib/inline-stylesheet.server";
import { withLateModulePreloads } from "~/lib/late-module-preloads.server";
import { pageResponse } from "~/lib/page-response";
import { readHydrationData, renderDocument, renewHydrationStream } from "~/lib/render-document.server";
import { keepStringsOnTheServer } from "~/i18n/kept-lookups.server";
import { requestContext } from "~/route-context.server";

// The keys of the app's `context`, for the server that makes it (server/app-context.ts).
export { requestContext, foundVisitorContext } from "~/route-context.server";

export const streamTimeout = 5_000;

keepStringsOnTheServer();

/** The browser build, beside this file's build (build/server/index.js serves build/client). */
const CLIENT_BUILD = new URL("../client/", import.meta.url);

/**
 * Renders the whole document before answering. No route streams deferred data, so the shell is the
 * page: React Router's hydration data is read whole first, then the page is rendered at once
 * (app/lib/render-document.server.ts). Waiting for all of it lets a late error still set the status,
 * and the server then compresses the page, or stores it in the page cache, in one piece.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, services } = loadContext.get(requestContext);
  await readHydrationData(routerContext);
  const page = await renderDocument(
    <NonceProvider value={nonce}>
      <DocumentOnlyProvider value={documentOnlyHtml(request)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentOnlyProvider>
    </NonceProvider>,
    {
      nonce,
      timeoutMs: streamTimeout + 1000,
      beforeRenderingAgain: () => renewHydrationStream(routerContext),
      onLateError(error) {
        responseStatusCode = 500;
        services.logger.error({ err: error }, "render error");
      },
    },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const styled = withInlineStylesheet(withLateModulePreloads(page), CLIENT_BUILD);
  return pageResponse(styled.page, { headers: responseHeaders, status: responseStatusCode }, styled.stylesheet);
}
