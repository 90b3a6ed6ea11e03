import type { Route } from "./+types/files-cover";
import { serveUploadedCover } from "~/modules/shop/media-files.server";
import { requestContext } from "~/route-context.server";

/** GET /files/book-covers/<file>?exp=…&sig=…: the permanent or the temporary book cover, through its signed link only (its policy checks the link). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return serveUploadedCover(context.get(requestContext).services, request, params.file);
}
