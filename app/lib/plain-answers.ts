/** Answers that must never be stored, whoever asked (a link with a token, a refusal, a health report). */
export const NO_STORE = "no-store";
/** Answers meant for one visitor: neither the browser's disk nor a shared cache may keep them. */
export const PRIVATE_NO_STORE = "private, no-store";

/** A plain-text answer, such as a file route's "Not Found"; `headers` adds to the Content-Type. */
export const plainText = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/** The 404 of a route that answers a file, a feed or an image rather than a page. */
export const notFound = (headers: Record<string, string> = {}) => plainText(404, "Not Found", headers);
