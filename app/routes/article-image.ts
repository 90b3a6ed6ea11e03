import type { Route } from "./+types/article-image";
import { svgToPng } from "~/adapters/images/rasterize.server";
import { articleArtwork } from "~/modules/blog/artwork";
import { DRAWN_CARD } from "~/modules/blog/cover-files";
import { categoryOfSlug } from "~/modules/blog/editor/article-rows.server";
import { notFound } from "~/lib/plain-answers";
import { requestContext } from "~/route-context.server";

const pngCache = new Map<string, Buffer>();

/**
 * GET /images/articles/<slug>.svg: the article's drawn cover, and <slug>.png: the same drawing as a
 * social-card image (social cards want 1200 × 630 raster images). Both are cached for a day.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)\.(svg|png)$/.exec(params.file);
  const category = match ? await categoryOfSlug(context.get(requestContext).services.db, match[1]!) : null;
  if (!match || !category) return notFound();
  const svg = articleArtwork(match[1]!, category);
  const cacheControl = "public, max-age=86400";
  if (match[2] === "svg") return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": cacheControl } });
  let png = pngCache.get(svg);
  if (!png) {
    png = await svgToPng(svg, DRAWN_CARD.width, DRAWN_CARD.height);
    if (pngCache.size > 200) pngCache.clear();
    pngCache.set(svg, png);
  }
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": cacheControl } });
}
