import type { Route } from "./+types/files-cover";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { COVERS_AREA } from "~/modules/shop/cover.server";
import { readSettings } from "~/modules/settings/settings.server";
import { plainText, refuseUnsigned } from "./signed-file.server";

/** GET /files/book-covers/<file>?exp=…&sig=…: the permanent book cover, through its signed link only. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const refusal = await refuseUnsigned(context, request);
  if (refusal) return refusal;
  const key = (await readSettings(context.services.db))["shop.coverKey"];
  if (!key || key !== `${COVERS_AREA}/${params.file}`) return plainText(404, "Not Found");
  return serveObject(context.services.storage, key, request, { cacheControl: "private, max-age=3600" });
}
