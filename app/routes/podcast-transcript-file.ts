import type { Route } from "./+types/podcast-transcript-file";
import { timedTranscriptFile } from "~/modules/podcast/episode-files.server";
import { TRANSCRIPT_TYPES } from "~/modules/podcast/paths";
import { notFound } from "~/lib/plain-answers";
import { PUBLIC_FILE_HEADERS } from "~/modules/podcast/public-file-headers";
import { requestContext } from "~/route-context.server";

/** GET /podcast/<slug>/transcript.vtt or .srt: the timed transcript as uploaded, under its format's type. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const format = new URL(request.url).pathname.endsWith(".srt") ? "srt" : "vtt";
  const file = await timedTranscriptFile(context.get(requestContext).services.db, params.slug, format);
  if (!file) return notFound();
  return new Response(file, { headers: { "Content-Type": `${TRANSCRIPT_TYPES[format]}; charset=utf-8`, ...PUBLIC_FILE_HEADERS } });
}
