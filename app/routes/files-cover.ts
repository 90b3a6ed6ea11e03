import type { Route } from "./+types/files-cover";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { COVERS_AREA } from "~/modules/shop/cover.server";
import { isStoredCover } from "./shop-cover-setting.server";
import { notFound, NO_STORE } from "~/lib/plain-answers";

/** GET /files/book-covers/<file>?exp=…&sig=…: the permanent or the temporary book cover, through its signed link only (its policy checks the link). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = `${COVERS_AREA}/${params.file}`;
  if (!(await isStoredCover(context.services, key))) return notFound({ "Cache-Control": NO_STORE });
  return serveObject(context.services.storage, key, request, { cacheControl: "private, max-age=3600" });
}
