/**
 * Headers of a page opened from a mailed link whose token sits in the URL: no browser or proxy keeps
 * the page, and no Referer carries the token to the next site the reader visits.
 */
export const MAILED_LINK_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } as const;

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
