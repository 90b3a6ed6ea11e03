import type { Route } from "./+types/files-book";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { actorOf } from "~/lib/request-actor.server";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { BOOK_PREFIX, readBook } from "~/modules/shop/book.server";

const plain = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /files/book/<file>?exp=…&sig=…: the private e-book PDF, only through a signed, expiring link
 * (the admin's download). A link signs one path, so it opens this file and no other. A forged or
 * altered link is 403 and a security event; an expired one is 410.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { signedLinks, storage, db, now } = context.services;
  const url = new URL(request.url);
  const check = signedLinks.verify(url.pathname, url.searchParams, now());
  if (check === "invalid") {
    await recordSecurityEvent(db, actorOf(context, request), { type: "signed_link.invalid", severity: "medium", details: { path: url.pathname } }, now());
    return plain(403, "Forbidden");
  }
  if (check === "expired") return plain(410, "This link has expired.");
  const book = await readBook(db);
  if (!book || book.pdfKey !== `${BOOK_PREFIX}/${params.file}`) return plain(404, "Not Found");
  return serveObject(storage, book.pdfKey, request, { disposition: "attachment", filename: book.pdfName, cacheControl: "private, no-store" });
}
