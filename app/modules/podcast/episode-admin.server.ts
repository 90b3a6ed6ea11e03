import type { AppServices } from "~/adapters/context.server";
import type { Language } from "~/i18n/languages";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { storeUploadedAudio, type StoredAudio } from "./episode-audio.server";
import type { EpisodeFields } from "./episode-form";
import { createEpisode } from "./episodes.server";
import { resolveTextFiles, type TextFilesChange } from "./episode-text-files.server";

/**
 * The admin's changes to episodes: upload, edit, delete. Each is audited in the same
 * transaction as the change. Files and rows never disagree: audio is stored before the row is
 * written and removed again if the write fails; a replaced or deleted episode's audio is removed only
 * after its row has changed. The staged upload is removed once it has become an episode's audio.
 * The transcript and chapters files are checked against the audio's duration before the row is
 * written, so a refused file leaves the episode as it was (and removes newly stored audio).
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads" | "logger" | "mp3">;

const SOURCE_LANGUAGE = "en";

/** What the admin wrote, in the language of the page they wrote it on. */
export interface EpisodeEdit {
  fields: EpisodeFields;
  language: Language;
  /** Absent: the transcript and chapters stay as they are. */
  files?: TextFilesChange;
}

const KEEP_FILES: TextFilesChange = { transcript: "keep", chapters: "keep" };

/** Text for the episode's translations: English is the fallback every language needs. */
function textsFor({ fields, language }: EpisodeEdit) {
  const text = { title: fields.title, description: fields.description };
  return language === SOURCE_LANGUAGE ? { en: text } : { en: text, [language]: text };
}

/** Stores `audio` with `save`; when saving fails, the stored audio is removed before the error goes on. */
async function withAudio<T>(services: Services, audio: StoredAudio | null, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (audio) await services.storage.delete(audio.audioKey).catch(() => undefined);
    throw error;
  }
}

async function removeStaged(services: Services, uploadIds: string[]): Promise<void> {
  for (const id of uploadIds) await services.uploads.remove(id);
}

async function removeObject(services: Services, key: string): Promise<void> {
  await services.storage.delete(key).catch((error: unknown) => services.logger.warn({ err: error, key }, "could not remove a replaced audio object"));
}

/** A new episode from a finished upload, first in the list (published now). Returns its slug. */
export async function uploadEpisode(services: Services, actor: Actor, edit: EpisodeEdit, uploadId: string, now: Date): Promise<string> {
  const owner = actor.userId ?? "";
  const audio = await storeUploadedAudio(services, uploadId, owner);
  const { slug, files } = await withAudio(services, audio, async () => {
    const files = await resolveTextFiles(services.uploads, owner, edit.files ?? KEEP_FILES, audio.durationSeconds, { transcript_file: null, chapters: null }, false);
    const details = { title: edit.fields.title, bytes: audio.audioSize, ...files.changes };
    const slug = await createEpisode(
      services.db,
      { text: textsFor(edit), categories: edit.fields.categories, publishedAt: now.toISOString(), ...audio, files: files.columns },
      now,
      (trx, episode) => recordAudit(trx, actor, { action: "podcast.episode_created", resource: `episode:${episode.id}`, details: { slug: episode.slug, ...details } }, now),
    );
    return { slug, files };
  });
  await removeStaged(services, [uploadId, ...files.staged]);
  return slug;
}

/**
 * Edits an episode: its text in the page's language (English also sets the fallback), its categories
 * and, when an upload is given, its audio. The slug and GUID stay, so links and podcast apps keep
 * working. Returns false when there is no such episode.
 */
export async function updateEpisode(services: Services, actor: Actor, id: string, edit: EpisodeEdit, uploadId: string | null, now: Date): Promise<boolean> {
  const { db } = services;
  const before = await db.selectFrom("episodes").select(["slug", "audio_key", "duration_seconds", "transcript_file", "chapters"]).where("id", "=", id).executeTakeFirst();
  if (!before) return false;
  const owner = actor.userId ?? "";
  const audio = uploadId ? await storeUploadedAudio(services, uploadId, owner) : null;
  const stamp = now.toISOString();
  let staged: string[] = [];
  const changed = await withAudio(services, audio, async () => {
    const duration = audio?.durationSeconds ?? Number(before.duration_seconds);
    const files = await resolveTextFiles(services.uploads, owner, edit.files ?? KEEP_FILES, duration, before, audio !== null);
    staged = files.staged;
    return db.transaction().execute(async (trx) => {
      const episode = { categories: JSON.stringify(edit.fields.categories), updated_at: stamp, ...files.columns };
      const replaced = audio ? { audio_key: audio.audioKey, audio_size: audio.audioSize, audio_type: audio.audioType, duration_seconds: audio.durationSeconds } : {};
      const result = await trx.updateTable("episodes").set({ ...episode, ...replaced }).where("id", "=", id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new EpisodeGone();
      const text = { title: edit.fields.title, description: edit.fields.description, updated_at: stamp };
      await trx
        .insertInto("episode_translations")
        .values({ episode_id: id, language: edit.language, ...text })
        .onConflict((conflict) => conflict.columns(["episode_id", "language"]).doUpdateSet(text))
        .execute();
      const details = { slug: before.slug, language: edit.language, title: edit.fields.title, audioReplaced: audio !== null, ...files.changes };
      await recordAudit(trx, actor, { action: "podcast.episode_updated", resource: `episode:${id}`, details }, now);
      return true;
    });
  }).catch((error: unknown) => {
    if (error instanceof EpisodeGone) return false;
    throw error;
  });
  if (changed) await removeStaged(services, staged);
  if (changed && audio && uploadId) {
    await services.uploads.remove(uploadId);
    await removeObject(services, before.audio_key);
  }
  return changed;
}

/** Deleted by someone else between the read and the write. */
class EpisodeGone extends Error {}

/** Removes the episode, its translations and listens, then its audio. False when it was not there. */
export async function deleteEpisode(services: Services, actor: Actor, id: string, now: Date): Promise<boolean> {
  const removed = await services.db.transaction().execute(async (trx) => {
    const episode = await trx.selectFrom("episodes").select(["slug", "audio_key"]).where("id", "=", id).executeTakeFirst();
    if (!episode) return null;
    await trx.deleteFrom("episode_listens").where("episode_id", "=", id).execute();
    await trx.deleteFrom("episode_translations").where("episode_id", "=", id).execute();
    await trx.deleteFrom("episodes").where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "podcast.episode_deleted", resource: `episode:${id}`, details: { slug: episode.slug } }, now);
    return episode;
  });
  if (!removed) return false;
  await removeObject(services, removed.audio_key);
  return true;
}
