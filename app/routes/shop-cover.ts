import type { Route } from "./+types/shop-cover";
import { actorOf } from "~/modules/audit/audit.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { serveDrawnCover } from "~/modules/shop/media-files.server";
import { requestContext } from "~/route-context.server";

/** GET /shop/cover/<file>: the e-book's cover, drawn from its first page (only the current one); the admin previews it before it is published. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(requestContext);
  return serveDrawnCover(services, request, params.file, async () => (await adminAccess(services, request, actorOf({ clientIp }, request))).state === "admin");
}
