import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import stylesheet from "~/app.css?url";
import type { SharedPart } from "./page-response";

let element: Buffer<ArrayBuffer> | undefined;

/**
 * The rendered page with the site's stylesheet written into its <head> (ADR 071): the first paint then
 * waits for the page alone. It is added to the HTML, outside React's tree, so the browser's scripts hold
 * none of it; hydration leaves an element it did not render in <head> alone. The built file is read once
 * from the browser build (`clientBuild`, the folder its URLs are served from). A production server
 * without it could not style a page, so that is an error, not a silent fallback. The element is the same
 * Buffer on every page, and where it sits is returned with the page (`stylesheet`): it is compressed once.
 */
export function withInlineStylesheet(page: Buffer<ArrayBuffer>, clientBuild: URL): { page: Buffer<ArrayBuffer>; stylesheet?: SharedPart } {
  if (!import.meta.env.PROD) return { page };
  const headEnd = page.indexOf("</head>");
  if (headEnd < 0) return { page };
  element ??= Buffer.from(`<style>${builtStylesheet(clientBuild)}</style>`);
  return { page: Buffer.concat([page.subarray(0, headEnd), element, page.subarray(headEnd)]), stylesheet: { at: headEnd, bytes: element } };
}

function builtStylesheet(clientBuild: URL): string {
  // A stylesheet cannot end the <style> element it is written into.
  return readFileSync(fileURLToPath(new URL(`.${stylesheet}`, clientBuild)), "utf8").replaceAll("</style", "<\\/style");
}
