import type { Route } from "./+types/files-book";
import { serveBookPdf } from "~/modules/shop/media-files.server";
import { requestContext } from "~/route-context.server";

/** GET /files/book/<file>?exp=…&sig=…: the private e-book PDF, as a download, through a signed link only (its policy checks the link). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return serveBookPdf(context.get(requestContext).services, request, params.file);
}
