import type { Route } from "./+types/article-cover";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { notFound } from "~/lib/plain-answers";
import { coverKeyOf } from "~/modules/blog/cover-files";
import { requestContext } from "~/route-context.server";

/**
 * GET /article-covers/<article id>-<time>-<width>.<avif|webp|jpg>: one file of an uploaded cover. A
 * new upload gets a new name, so each file is kept by browsers and caches for a year.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const cover = coverKeyOf(params.file);
  if (!cover) return notFound();
  return serveObject(context.get(requestContext).services.storage, cover.key, request, { cacheControl: "public, max-age=31536000, immutable" });
}
