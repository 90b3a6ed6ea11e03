import type { Route } from "./+types/newsletter-click";
import { countClick, isCountedLink } from "~/modules/newsletter/issues/link-clicks.server";
import { requestContext } from "~/route-context.server";

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** A counted link of a newsletter issue: the click is added up, the reader sent on. Only the site's signed links count or redirect. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  const link = query.get("u") ?? "";
  if (!/^https?:\/\//.test(link) || link.length > 2000 || !isCountedLink(services.config.sessionSecret, params.issue, link, query.get("s") ?? "")) return NOT_FOUND();
  countClick(services.db, params.issue, link);
  return new Response(null, { status: 302, headers: { Location: link, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
