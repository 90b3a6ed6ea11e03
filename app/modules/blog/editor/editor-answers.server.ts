import type { AppServices } from "~/adapters/context.server";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { refused, Refusal } from "~/lib/refusal";
import type { Actor } from "~/modules/audit/audit.server";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { removeArticleCover, uploadArticleCover } from "./article-cover.server";
import { saveArticle } from "./article-save.server";
import { deleteArticle, restoreRevision, unpublishArticle } from "./article-state.server";
import type { ArticleEdit } from "./editor-form";
import { previewLink } from "./preview-links.server";

type Services = Pick<AppServices, "db" | "outbox" | "pageChanges" | "logger" | "signedLinks" | "config" | "now" | "storage" | "uploads">;

export const editorPath = (id: string, language: Language, pageLanguage: Language, done?: string) =>
  `${localizePath(`/admin/articles/${id}`, pageLanguage)}?${new URLSearchParams({ lang: language, ...(done && { done }) })}`;

/**
 * Does what the editor asked and says how it went. A new article's first save leads to its own
 * editor address, a restored revision to its language, a deletion back to the list (`redirectTo`). A refusal (a slug taken, an article gone) answers with
 * its problem and the values sent, so nothing typed is lost; a failure of the server is logged.
 */
export async function editorAnswer(services: Services, actor: Actor, edit: ArticleEdit, pageLanguage: Language) {
  const now = services.now();
  try {
    switch (edit.intent) {
      case "render":
        return { ok: true as const, intent: edit.intent, html: renderMarkdown(edit.body) };
      case "unpublish":
        await unpublishArticle(services, actor, edit.id, now);
        return { ok: true as const, intent: edit.intent, done: "unpublished" as const };
      case "delete":
        await deleteArticle(services, actor, edit.id, now);
        return { redirectTo: `${localizePath("/admin/articles", pageLanguage)}?done=deleted` };
      case "restore": {
        const language = await restoreRevision(services, actor, edit.id, edit.revisionId, now);
        return { redirectTo: editorPath(edit.id, language as Language, pageLanguage, "restored") };
      }
      case "cover":
        await uploadArticleCover(services, actor, edit.id, edit.uploadId, edit.imageAlt, now);
        return { ok: true as const, intent: edit.intent, done: "coverUploaded" as const };
      case "removeCover":
        await removeArticleCover(services, actor, edit.id, now);
        return { ok: true as const, intent: edit.intent, done: "coverRemoved" as const };
      case "previewLink":
        return { ok: true as const, intent: edit.intent, done: "previewLink" as const, link: await previewLink(services, actor, edit.id, edit.language, now) };
      default: {
        const saved = await saveArticle(services, actor, edit, now);
        if (!edit.id && edit.intent !== "autosave") return { redirectTo: editorPath(saved.id, edit.language, pageLanguage, saved.done) };
        return { ok: true as const, intent: edit.intent, done: saved.done, id: saved.id, at: now.toISOString() };
      }
    }
  } catch (error) {
    const values = "title" in edit ? { ...edit, tags: edit.tags.join(","), featured: edit.featured ? "on" : "" } : undefined;
    if (error instanceof Refusal) return refused(error.errors, { status: error.status, values, extra: { intent: edit.intent } });
    services.logger.error({ err: error, intent: edit.intent }, "article change failed");
    return refused({ form: "failed" }, { status: 500, values, extra: { intent: edit.intent } });
  }
}
