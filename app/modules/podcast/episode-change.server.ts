import type { AppServices } from "~/adapters/context.server";
import type { Language } from "~/i18n/languages";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/modules/audit/audit.server";
import { deleteEpisode, updateEpisode, uploadEpisode } from "./episode-admin.server";
import { textFileChange, type EpisodeChange } from "./episode-change-form";
import type { EpisodeDone } from "./episode-form";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "logger" | "mp3">;

/**
 * The podcast page's changes: upload, edit, delete. The text is stored in the page's language
 * (English also for every language's fallback). An episode that is gone is refused with 404; a
 * failure of the server is logged and refused as `form: "failed"` (500), so the dialog says 'Failed
 * to upload episode' and stays open instead of the page being replaced by an error page.
 */
export async function changeEpisode(services: Services, actor: Actor, change: EpisodeChange, language: Language, now: Date): Promise<{ ok: true; done: EpisodeDone; slug?: string }> {
  try {
    return await apply(services, actor, change, language, now);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    services.logger.error({ err: error, intent: change.intent }, "episode change failed");
    throw new Refusal("failed", { status: 500 });
  }
}

const notFound = () => new Refusal("notFound", { status: 404 });

async function apply(services: Services, actor: Actor, change: EpisodeChange, language: Language, now: Date) {
  if (change.intent === "delete") {
    if (!(await deleteEpisode(services, actor, change.id, now))) throw notFound();
    return { ok: true as const, done: "deleted" as const };
  }
  const { title, description, categories, uploadId } = change;
  const files = {
    transcript: textFileChange(change.transcriptUploadId, change.removeTranscript),
    chapters: textFileChange(change.chaptersUploadId, change.removeChapters),
  };
  const edit = { fields: { title, description, categories }, language, files };
  if (change.intent === "create") return { ok: true as const, done: "uploaded" as const, slug: await uploadEpisode(services, actor, edit, uploadId, now) };
  if (!(await updateEpisode(services, actor, change.id, edit, uploadId || null, now))) throw notFound();
  return { ok: true as const, done: "updated" as const };
}
