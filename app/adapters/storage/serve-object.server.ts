import { createReadableStreamFromReadable } from "@react-router/node";
import type { ObjectInfo, ObjectStorage, StoredObject } from "./contract";
import { InvalidObjectKeyError } from "./keys";
import { parseRangeHeader } from "./range";
import type { SignedLinks } from "./signed-links.server";
import { NO_STORE } from "~/lib/plain-answers";

export interface ServeOptions {
  /** Cache-Control of the response; default: the one stored with the object, else `no-cache`. */
  cacheControl?: string;
  /**
   * `inline` lets the browser show the file, `attachment` makes it a download. Default: inline for
   * audio, video and raster images, attachment for everything else (PDFs, SVG, HTML…), so an
   * uploaded document never runs as a page of the site.
   */
  disposition?: "inline" | "attachment";
  /** The name a download is saved under; default: the key's last segment. */
  filename?: string;
}

const INLINE_TYPES = /^(audio\/|video\/|image\/(png|jpeg|gif|webp|avif)$)/;

/**
 * A stored object as the answer to a GET or HEAD: 200 with the whole body, 206 with the one byte range
 * the `Range` header asks for (`Content-Range`), 416 for a range past the end, 304 when `If-None-Match`
 * names the current ETag, 404 when there is no such object. The body is streamed from storage, never
 * held in memory. Content-Type comes from what was stored, never from the bytes, with `nosniff`.
 */
export async function serveObject(storage: ObjectStorage, key: string, request: Request, options: ServeOptions = {}): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return plain(405, "Method Not Allowed", { Allow: "GET, HEAD" });
  }
  const info = await storage.head(key).catch(notFoundOnBadKey);
  if (!info) return plain(404, "Not Found");
  if (matchesEtag(request.headers.get("if-none-match"), info.etag)) {
    return new Response(null, { status: 304, headers: baseHeaders(key, info, options) });
  }
  const ifRange = request.headers.get("if-range");
  const range = ifRange !== null && ifRange !== info.etag ? ({ kind: "whole" } as const) : parseRangeHeader(request.headers.get("range"), info.size);
  if (range.kind === "unsatisfiable") return unsatisfiable(info.size);
  const wanted = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;

  if (request.method === "HEAD") return new Response(null, { status: wanted ? 206 : 200, headers: bodyHeaders(key, info, options, wanted) });
  let stored: StoredObject | null;
  try {
    stored = await storage.get(key, wanted);
  } catch (error) {
    if (error instanceof RangeError) return unsatisfiable(info.size); // the object shrank in between
    throw error;
  }
  if (!stored) return plain(404, "Not Found"); // deleted in between
  return new Response(createReadableStreamFromReadable(stored.body), {
    status: stored.range ? 206 : 200,
    headers: bodyHeaders(key, stored, options, stored.range),
  });
}

/**
 * A private object behind an expiring signed link (signed-links.server.ts): the signature must cover
 * this request's path. A wrong or altered signature, or a link made for another path → 403; a link
 * the site made that has expired → 410. The response may be cached privately until the link expires.
 */
export async function serveSignedObject(
  { storage, links, now }: { storage: ObjectStorage; links: SignedLinks; now: Date },
  key: string,
  request: Request,
  options: Omit<ServeOptions, "cacheControl"> = {},
): Promise<Response> {
  const url = new URL(request.url);
  const check = links.verify(url.pathname, url.searchParams, now);
  if (check === "invalid") return plain(403, "Forbidden");
  if (check === "expired") return plain(410, "This link has expired");
  const remaining = Math.max(0, Math.floor((Number(url.searchParams.get("exp")) * 1000 - now.getTime()) / 1000));
  return serveObject(storage, key, request, { ...options, cacheControl: `private, max-age=${Math.min(remaining, 86_400)}` });
}

function baseHeaders(key: string, info: ObjectInfo, options: ServeOptions): Headers {
  const disposition = options.disposition ?? (INLINE_TYPES.test(info.contentType) ? "inline" : "attachment");
  const filename = (options.filename ?? key.split("/").pop() ?? "file").replace(/[^A-Za-z0-9._-]/g, "_");
  return new Headers({
    "Accept-Ranges": "bytes",
    "Cache-Control": options.cacheControl ?? info.cacheControl ?? "no-cache",
    "Content-Disposition": `${disposition}; filename="${filename}"`,
    ETag: info.etag,
    "Last-Modified": info.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
}

function bodyHeaders(key: string, info: ObjectInfo, options: ServeOptions, range?: { start: number; end: number }): Headers {
  const headers = baseHeaders(key, info, options);
  headers.set("Content-Type", info.contentType);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : info.size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  return headers;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}

function unsatisfiable(size: number): Response {
  return plain(416, "Range Not Satisfiable", { "Content-Range": `bytes */${size}` });
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": NO_STORE, ...extra },
  });
}

function notFoundOnBadKey(error: unknown): null {
  if (error instanceof InvalidObjectKeyError) return null;
  throw error;
}
