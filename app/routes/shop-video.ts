import type { Route } from "./+types/shop-video";
import { actorOf } from "~/modules/audit/audit.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { serveTrailer } from "~/modules/shop/media-files.server";
import { requestContext } from "~/route-context.server";

/** GET /shop/video/<file>: the trailer, with Range (206) for seeking; the admin previews it before it is published. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(requestContext);
  return serveTrailer(services, request, params.file, async () => (await adminAccess(services, request, actorOf({ clientIp }, request))).state === "admin");
}
