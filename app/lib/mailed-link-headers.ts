import { NO_STORE } from "./plain-answers";

/**
 * Headers of a page opened from a mailed link whose token sits in the URL: no browser or proxy keeps
 * the page, and no Referer carries the token to another site. `same-origin` rather than `no-referrer`:
 * under `no-referrer` browsers send `Origin: null` with the page's own form, which the site's CSRF
 * check (server/same-origin.ts) and React Router's both refuse, so the button would fail without JavaScript.
 */
export const MAILED_LINK_HEADERS = { "Cache-Control": NO_STORE, "Referrer-Policy": "same-origin" } as const;

/** A route's `headers` for such a page (React Router sends a loader's own headers only through this). */
export const mailedLinkHeaders = () => MAILED_LINK_HEADERS;

/** The token of a mailed link, from the address the reader opened. */
export function tokenInUrl(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** The token the confirmation page sends back in its form. */
export async function tokenInForm(request: Request): Promise<string> {
  const token = (await request.formData()).get("token");
  return typeof token === "string" ? token : "";
}
