import { createContext, useContext, useState } from "react";
import stylesheet from "~/app.css?url";

const InlineStylesheetContext = createContext<string | null>(null);

/** The stylesheet's text for the server render (app/lib/inline-stylesheet.server.ts); without it the page links the file. */
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

const ELEMENT_ID = "site-stylesheet";

/**
 * The site's one stylesheet, written into the page's <head> so the first paint waits for the HTML
 * alone, not for a second request (ADR 071). The browser, hydrating, reads the text back from the
 * element the server sent, so it never travels in the JavaScript. Where the server has no built
 * stylesheet to inline (development), the page links the file as before.
 */
export function SiteStylesheet() {
  const inline = useContext(InlineStylesheetContext);
  const [css] = useState(() => inline ?? (typeof document === "undefined" ? null : (document.getElementById(ELEMENT_ID)?.textContent ?? null)));
  return css === null ? <link rel="stylesheet" href={stylesheet} /> : <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

export const stylesheetHref = stylesheet;
