import type { Route } from "./+types/files-book";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { BOOK_PREFIX, readBook } from "~/modules/shop/book.server";
import { notFound, NO_STORE, PRIVATE_NO_STORE } from "~/lib/plain-answers";

/** GET /files/book/<file>?exp=…&sig=…: the private e-book PDF, as a download, through a signed link only (its policy checks the link). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const book = await readBook(context.services.db);
  if (!book || book.pdfKey !== `${BOOK_PREFIX}/${params.file}`) return notFound({ "Cache-Control": NO_STORE });
  return serveObject(context.services.storage, book.pdfKey, request, { disposition: "attachment", filename: book.pdfName, cacheControl: PRIVATE_NO_STORE });
}
