import type { ArticleText } from "~/modules/blog/editor/article-rows.server";
import type { EditorView } from "~/modules/blog/editor/editor-view.server";

export type { EditorView };

/** What the editor's form posts answer (the page's action data, or a fetcher's). */
export type EditorAnswer =
  | { ok: true; intent: string; done?: string; html?: string; at?: string; link?: { path: string; url: string; expiresAt: string } }
  | { ok: false; intent?: string; errors: Partial<Record<string, string>>; values?: Partial<Record<keyof ArticleText | "slug" | "category" | "tags" | "featured" | "publishAt", string>> };

/** The field's error, translated, or undefined. */
export type ErrorOf = (field: string) => string | undefined;

/** The intent of "Publish and send": the article is published, then a newsletter issue of it is opened. */
export const PUBLISH_AND_SEND = "publishAndSend";
