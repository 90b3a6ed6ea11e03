import type { Route } from "./+types/podcast-audio";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { audioKeyOf, episodeIdByAudioKey } from "~/modules/podcast/episodes.server";
import { countListen, isListenRequest } from "~/modules/podcast/listens.server";
import { AUDIO_CACHE_CONTROL } from "~/modules/podcast/seed.server";
import { notFound } from "~/lib/plain-answers";

/**
 * GET/HEAD /podcast/audio/<file>: an episode's audio from object storage, with Range (206/416),
 * nosniff and a year of public caching (keys are random and never overwritten). A GET from the first
 * byte counts a listen, once per network per day, never for bots.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, storage, config, logger, now, pageChanges } = context.services;
  const key = audioKeyOf(params.file);
  const episodeId = key ? await episodeIdByAudioKey(db, key) : null;
  if (!key || !episodeId) return notFound();
  const response = await serveObject(storage, key, request, { cacheControl: AUDIO_CACHE_CONTROL });
  if ((response.status === 200 || response.status === 206) && isListenRequest(request.method, request.headers.get("range"))) {
    const listen = { episodeId, ip: context.clientIp, userAgent: request.headers.get("user-agent"), secret: config.sessionSecret, now: now() };
    // A failed count must never stop the audio. The episode pages show the count, so they render again.
    const counted = await countListen(db, listen).catch((error: unknown) => void logger.error({ err: error, episodeId }, "listen not counted"));
    if (counted) await pageChanges.changed(["episodes"], listen.now);
  }
  return response;
}
