import type { Route } from "./+types/shop-cover";
import { COVER_PREFIX, readBook } from "~/modules/shop/book.server";
import { serveShopMedia } from "./shop-media.server";

/** GET /shop/cover/<file>: the e-book's cover, drawn from its first page (only the current one). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const book = await readBook(context.services.db);
  const current = book?.coverKey === `${COVER_PREFIX}/${params.file}` ? book : null;
  return serveShopMedia(context, request, current?.coverKey ?? null, current?.published ?? false, "public, max-age=3600");
}
