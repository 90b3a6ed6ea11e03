import { createContext, useContext, useState } from "react";

const DocumentOnlyContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The HTML loaders kept out of the hydration data (app/lib/document-only.server.ts), for the server render. */
export const DocumentOnlyProvider = DocumentOnlyContext.Provider;

/**
 * An element whose inner HTML came from the server. `html` is null when the loader kept it out of the
 * hydration data: the server renders it from `DocumentOnlyProvider`, and the browser, hydrating, reads
 * it once from the element the server sent. After a client navigation `html` arrives with the data.
 */
export function DocumentHtml({ id, html, className }: { id: string; html: string | null; className?: string }) {
  const kept = useContext(DocumentOnlyContext);
  const [fromDocument] = useState(() => kept.get(id) ?? (typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "")));
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? fromDocument }} />;
}
