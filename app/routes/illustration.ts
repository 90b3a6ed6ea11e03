import type { Route } from "./+types/illustration";
import { fallbackPortraitSvg, portraitSvg } from "~/modules/home/figures";
import { regionSceneSvg } from "~/modules/home/regions";
import { productSvg } from "~/modules/shop/drawings";
import { notFound } from "~/lib/plain-answers";

/** A Map, so a kind from the URL such as `toString` or `constructor` finds nothing. */
const DRAWINGS = new Map<string, (id: string) => string | null>([
  ["figures", (id) => (id === "fallback" ? fallbackPortraitSvg() : portraitSvg(id))],
  ["regions", regionSceneSvg],
  ["products", productSvg],
]);

/** GET /images/{figures,regions,products}/<id>.svg: the site's drawn illustrations. */
export function loader({ params }: Route.LoaderArgs) {
  const id = /^([a-z-]+)\.svg$/.exec(params.file)?.[1];
  const draw = DRAWINGS.get(params.kind);
  const svg = id && draw ? draw(id) : null;
  if (!svg) return notFound();
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
