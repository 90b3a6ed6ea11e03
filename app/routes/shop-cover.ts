import type { Route } from "./+types/shop-cover";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { actorOf } from "~/lib/request-actor.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { COVER_PREFIX, readBook } from "~/modules/shop/book.server";

/**
 * GET /shop/cover/<file>: the e-book's cover, drawn from its first page. Only the current cover, and
 * only once the book is published, except for the admin in admin mode, who previews it before.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const book = await readBook(context.services.db);
  const current = book?.coverKey === `${COVER_PREFIX}/${params.file}` ? book : null;
  const visible = current && (current.published || (await adminAccess(context.services, request, actorOf(context, request))).state === "admin");
  if (!current || !visible) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return serveObject(context.services.storage, current.coverKey!, request, { cacheControl: current.published ? "public, max-age=3600" : "private, no-store" });
}
