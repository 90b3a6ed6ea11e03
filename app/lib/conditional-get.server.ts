import { createHash } from "node:crypto";

/**
 * Conditional GET for answers that podcast apps and feed readers poll every few minutes: an ETag of
 * the body and a Last-Modified, and 304 Not Modified when the client holds the current version. The
 * page cache gives a stored page the same ETag, so a client is answered alike whether its request met
 * the cache or not.
 */

/** A strong ETag: the first 27 characters of the body's SHA-256 in base64url. */
export function entityTag(body: Uint8Array | string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export interface Validators {
  etag: string;
  /** An HTTP date (Last-Modified); absent when the answer has none. */
  lastModified?: string | null;
}

/**
 * Whether the client's copy is current. If-None-Match decides when it is sent (any tag, weak or not,
 * or *); only without it is If-Modified-Since compared with Last-Modified, to the second, as HTTP says.
 */
export function clientHasCurrent(ifNoneMatch: string | null | undefined, ifModifiedSince: string | null | undefined, validators: Validators): boolean {
  if (ifNoneMatch) {
    return ifNoneMatch.split(",").some((tag) => {
      const trimmed = tag.trim();
      return trimmed === "*" || trimmed.replace(/^W\//, "") === validators.etag;
    });
  }
  if (!ifModifiedSince || !validators.lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(validators.lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

/** An HTTP date for `at`, to the second (what Last-Modified can carry). */
export const httpDate = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000).toUTCString();

/** A feed's answer: 200 with its ETag and Last-Modified, or 304 without a body when the client holds it already. */
export function conditionalAnswer(request: Request, body: string, headers: { contentType: string; cacheControl: string; lastModified: Date }): Response {
  const validators = { etag: entityTag(body), lastModified: httpDate(headers.lastModified) };
  const common = { ETag: validators.etag, "Last-Modified": validators.lastModified, "Cache-Control": headers.cacheControl };
  if (clientHasCurrent(request.headers.get("if-none-match"), request.headers.get("if-modified-since"), validators)) {
    return new Response(null, { status: 304, headers: common });
  }
  return new Response(body, {
    headers: { ...common, "Content-Type": headers.contentType },
  });
}
