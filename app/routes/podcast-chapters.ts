import type { Route } from "./+types/podcast-chapters";
import { chaptersFile } from "~/modules/podcast/episode-files.server";
import { CHAPTERS_TYPE } from "~/modules/podcast/paths";
import { notFound } from "~/lib/plain-answers";
import { PUBLIC_FILE_HEADERS } from "~/modules/podcast/public-file-headers";
import { requestContext } from "~/route-context.server";

/** GET /podcast/<slug>/chapters.json: the episode's chapters for podcast apps (podcast:chapters). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await chaptersFile(context.get(requestContext).services.db, params.slug);
  if (!file) return notFound();
  return new Response(file, { headers: { "Content-Type": CHAPTERS_TYPE, ...PUBLIC_FILE_HEADERS } });
}
