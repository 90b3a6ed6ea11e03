import type { Route } from "./+types/podcast-artwork";
import { svgToPng } from "~/adapters/images/rasterize.server";
import { ARTWORK_SIZE, episodeArtwork } from "~/modules/podcast/artwork";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { SHOW_ARTWORK } from "~/modules/podcast/paths";
import { artworkKeyOf } from "~/modules/podcast/show-artwork";
import { serveShowArtwork } from "~/modules/podcast/show-artwork.server";
import { notFound } from "~/lib/plain-answers";
import { requestContext } from "~/route-context.server";

const pngCache = new Map<string, Buffer>();

/**
 * GET /podcast/artwork/<slug>.svg|png: an episode's drawn cover, and show.svg|png the podcast's own
 * (square, 1400 px: the PNG is what Apple Podcasts asks for in the feed). Cached for a day. The
 * artwork the owner uploads on /admin/settings is show-<time>.jpg|png.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const uploaded = artworkKeyOf(params.file);
  if (uploaded) return serveShowArtwork(services, request, uploaded);
  const match = /^([a-z0-9-]{1,100})\.(svg|png)$/.exec(params.file);
  const name = match?.[1];
  const known = name === SHOW_ARTWORK || (name !== undefined && (await episodeBySlug(services.db, name, "en")) !== null);
  if (!match || !name || !known) return notFound();
  const svg = episodeArtwork(name === SHOW_ARTWORK ? "diaspora-policy-podcast" : name);
  const cacheControl = "public, max-age=86400";
  if (match[2] === "svg") return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": cacheControl } });
  let png = pngCache.get(svg);
  if (!png) {
    png = await svgToPng(svg, ARTWORK_SIZE, ARTWORK_SIZE);
    if (pngCache.size > 50) pngCache.clear();
    pngCache.set(svg, png);
  }
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": cacheControl } });
}
