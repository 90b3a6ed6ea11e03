import type { Route } from "./+types/podcast-transcript";
import { episodeBySlug } from "~/modules/podcast/episodes.server";
import { notFound } from "~/lib/plain-answers";

/** GET /podcast/<slug>/transcript.txt: the episode's transcript as plain text (podcast:transcript). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const episode = await episodeBySlug(context.services.db, params.slug, "en");
  if (!episode?.transcript) return notFound();
  return new Response(episode.transcript, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=900" },
  });
}
