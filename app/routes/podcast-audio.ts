import type { Route } from "./+types/podcast-audio";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { audioKeyOf, episodeByAudioKey } from "~/modules/podcast/episodes.server";
import { isListen } from "~/modules/podcast/listen-rule";
import { countListen } from "~/modules/podcast/listens.server";
import { AUDIO_CACHE_CONTROL } from "~/modules/podcast/seed.server";
import { notFound } from "~/lib/plain-answers";
import { requestContext } from "~/route-context.server";

/**
 * GET/HEAD /podcast/audio/<file>: an episode's audio from object storage, with Range (206/416),
 * nosniff and a year of public caching (keys are random and never overwritten). A GET whose answer
 * carries at least a minute of the episode (listen-rule.ts) counts a listen, once per network per day,
 * never for bots.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(requestContext);
  const { db, storage, config, logger, now } = services;
  const key = audioKeyOf(params.file);
  const episode = key ? await episodeByAudioKey(db, key) : null;
  if (!key || !episode) return notFound();
  const response = await serveObject(storage, key, request, { cacheControl: AUDIO_CACHE_CONTROL });
  if (isListen(request.method, response, episode.audio)) {
    const listen = { episodeId: episode.id, ip: clientIp, userAgent: request.headers.get("user-agent"), secret: config.sessionSecret, now: now() };
    // A failed count must never stop the audio. The episode pages' counts catch up when their stored copy
    // ages out (a minute): a listen forgets no page, or anyone could empty the podcast pages' cache at will.
    await countListen(db, listen).catch((error: unknown) => void logger.error({ err: error, episodeId: episode.id }, "listen not counted"));
  }
  return response;
}
