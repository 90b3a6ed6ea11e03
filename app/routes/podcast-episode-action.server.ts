import { data, type AppLoadContext } from "react-router";
import type { AppServices } from "~/adapters/context.server";
import type { Actor } from "~/modules/audit/audit.server";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import type { Language } from "~/i18n/languages";
import { deleteEpisode, updateEpisode, uploadEpisode } from "~/modules/podcast/episode-admin.server";
import { AudioRejected } from "~/modules/podcast/episode-audio.server";
import { parseEpisodeFields, type AudioProblem, type EpisodeAnswer, type EpisodeErrors } from "~/modules/podcast/episode-form";
import { authorisedVisitor } from "~/modules/accounts/route-access.server";

/** A wrong file type is 415; a file that is not there (yet) or cannot be read is 422. */
const AUDIO_STATUS: Record<AudioProblem, number> = { type: 415, empty: 422, unreadable: 422, missing: 422, incomplete: 409 };

const answer = (body: EpisodeAnswer, status = 200) => data(body, { status });

/**
 * The podcast page's action. intent=create takes the id of a finished resumable upload (sent to
 * /admin/uploads first), intent=update an episode id and optionally a new upload, intent=delete an
 * episode id. The text is stored in the page's language (English also for every language's fallback).
 */
export async function episodeAction(context: AppLoadContext, request: Request, language: Language) {
  const { actor } = authorisedVisitor(context);
  const form = await request.formData();
  try {
    return await change(context.services, actor, form, language);
  } catch (error) {
    if (error instanceof AudioRejected) return answer({ ok: false, errors: { audio: error.problem } }, AUDIO_STATUS[error.problem]);
    // The dialog says 'Failed to upload episode' and stays open; the page is not replaced by an error page.
    context.services.logger.error({ err: error, intent: form.get("intent") }, "episode change failed");
    return answer({ ok: false }, 500);
  }
}

async function change(services: AppServices, actor: Actor, form: FormData, language: Language) {
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const now = services.now();
  if (intent === "delete") {
    return (await deleteEpisode(services, actor, id, now)) ? answer({ ok: true, done: "deleted" }) : answer({ ok: false, notFound: true }, 404);
  }
  if (intent !== "create" && intent !== "update") return answer({ ok: false }, 400);

  const { fields, errors } = parseEpisodeFields({ title: form.get("title"), description: form.get("description"), categories: form.get("categories") });
  const upload = form.get("uploadId");
  const uploadId = typeof upload === "string" && upload !== "" ? upload : null;
  const allErrors: EpisodeErrors = { ...errors };
  if (intent === "create" && uploadId === null) allErrors.audio = "required";
  else if (uploadId !== null && !isUploadId(uploadId)) allErrors.audio = "missing";
  if (Object.keys(allErrors).length > 0) return answer({ ok: false, errors: allErrors }, 422);

  const edit = { fields, language };
  if (intent === "create") return answer({ ok: true, done: "uploaded", slug: await uploadEpisode(services, actor, edit, uploadId!, now) });
  return (await updateEpisode(services, actor, id, edit, uploadId, now)) ? answer({ ok: true, done: "updated" }) : answer({ ok: false, notFound: true }, 404);
}
