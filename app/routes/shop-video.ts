import type { Route } from "./+types/shop-video";
import { readVideo, VIDEO_PREFIX } from "~/modules/shop/video.server";
import { serveShopMedia } from "./shop-media.server";

/** GET /shop/video/<file>: the trailer, with Range (206) for seeking; keys are never reused. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const video = await readVideo(context.services.db);
  const current = video?.key === `${VIDEO_PREFIX}/${params.file}` ? video : null;
  return serveShopMedia(context, request, current?.key ?? null, current?.published ?? false, "public, max-age=31536000, immutable");
}
