/**
 * HTML a loader renders into the page but keeps out of the page's hydration data, so a long text is
 * sent once, not twice (ADR 052). On a document request the loader hands the HTML over here and
 * returns null in its place; entry.server.tsx gives it to the render (`DocumentOnlyProvider`) and the
 * browser reads it back from the page's DOM while hydrating (`DocumentHtml`). A client navigation
 * asks for `<path>.data` (the request reaches loaders as it came), and then the HTML travels in the data.
 */
const byRequest = new WeakMap<Request, Map<string, string>>();

/** The HTML to return under `id`: null on a document request (rendered from here instead), else the HTML itself. */
export function keptForDocument(request: Request, id: string, html: string): string | null {
  if (new URL(request.url).pathname.endsWith(".data")) return html;
  const held = byRequest.get(request) ?? new Map<string, string>();
  held.set(id, html);
  byRequest.set(request, held);
  return null;
}

/** What the request's loaders kept for its document render, by id. */
export function documentOnlyHtml(request: Request): ReadonlyMap<string, string> {
  return byRequest.get(request) ?? new Map();
}
