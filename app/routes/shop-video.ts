import type { Route } from "./+types/shop-video";
import { actorOf } from "~/modules/audit/audit.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { serveTrailer } from "~/modules/shop/media-files.server";

/** GET /shop/video/<file>: the trailer, with Range (206) for seeking; the admin previews it before it is published. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return serveTrailer(context.services, request, params.file, async () => (await adminAccess(context.services, request, actorOf(context, request))).state === "admin");
}
