import type { Route } from "./+types/robots";
import { buildRobots } from "~/modules/seo/sitemap";
import { requestContext } from "~/route-context.server";

/** GET /robots.txt: keeps crawlers out of the admin area and the upload diagnosis page. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobots(context.get(requestContext).services.config.appUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
