import type { Route } from "./+types/podcast-transcript";
import { plainTranscript } from "~/modules/podcast/episode-files.server";
import { notFound } from "~/lib/plain-answers";
import { requestContext } from "~/route-context.server";

/** GET /podcast/<slug>/transcript.txt: the episode's transcript as plain text (podcast:transcript). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const transcript = await plainTranscript(context.get(requestContext).services.db, params.slug);
  if (!transcript) return notFound();
  return new Response(transcript, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=900" },
  });
}
