import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The text of the built stylesheet the server writes into every page, read once from the browser
 * build (`clientBuild`, the folder its URLs are served from). Null in development, where Vite serves
 * the stylesheet itself, or when the file cannot be read: the page then links it.
 */
let read: { href: string; css: string | null } | undefined;

export function inlineStylesheet(href: string, clientBuild: URL): string | null {
  if (read?.href === href) return read.css;
  read = { href, css: import.meta.env.PROD ? builtStylesheet(href, clientBuild) : null };
  return read.css;
}

function builtStylesheet(href: string, clientBuild: URL): string | null {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  try {
    // A stylesheet cannot end the <style> element it is written into.
    return readFileSync(fileURLToPath(new URL(`.${href}`, clientBuild)), "utf8").replaceAll("</style", "<\\/style");
  } catch {
    return null;
  }
}
