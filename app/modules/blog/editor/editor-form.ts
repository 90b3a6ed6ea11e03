import { z } from "~/lib/zod";
import { checkboxField, lineField, listField, textField, trimmedField } from "~/lib/form-input";
import { isLanguage, type Language } from "~/i18n/languages";
import { isCategory, isTag, type CategorySlug, type TagSlug } from "~/modules/blog/taxonomy";
import { instantOfLocalTime } from "~/lib/local-time";

/**
 * The article editor's forms, told apart by `intent`. The text of one language (title, excerpt,
 * Markdown body, SEO title and description, the cover's alt text) and the article's own fields
 * (slug, category, tags, featured) are saved together; "publish", "schedule" and "autosave" save the
 * same fields. Problems are keys translated by the page (`editor:errors.<key>`). What the editor shows
 * in a textarea (excerpt, SEO description, body) keeps its lines; what it shows in an input (title, SEO
 * title, the cover's alt text) is one line (`lineField`).
 */
export const ARTICLE_LIMITS = { title: 200, excerpt: 600, body: 200_000, seoTitle: 120, seoDescription: 320, imageAlt: 300, slug: 80 } as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const chars = (value: string) => [...value].length;
const text = (max: number, { required = false, lines = false } = {}) =>
  (lines ? trimmedField() : lineField()).superRefine((value, context) => {
    if (required && !value) context.addIssue({ code: "custom", message: "required" });
    else if (chars(value) > max) context.addIssue({ code: "custom", message: "tooLong" });
  });

const languageField = () => textField().refine(isLanguage, "unknownLanguage").transform((value) => value as Language);

/** The fields every saving intent carries. */
const articleFields = {
  id: trimmedField(),
  language: languageField(),
  title: text(ARTICLE_LIMITS.title, { required: true }),
  excerpt: text(ARTICLE_LIMITS.excerpt, { required: true, lines: true }),
  body: trimmedField().superRefine((value, context) => {
    if (!value) context.addIssue({ code: "custom", message: "required" });
    else if (value.length > ARTICLE_LIMITS.body) context.addIssue({ code: "custom", message: "tooLong" });
  }),
  seoTitle: text(ARTICLE_LIMITS.seoTitle),
  seoDescription: text(ARTICLE_LIMITS.seoDescription, { lines: true }),
  imageAlt: text(ARTICLE_LIMITS.imageAlt),
  slug: trimmedField()
    .transform((value) => value.toLowerCase())
    .superRefine((value, context) => {
      if (value && (!SLUG_PATTERN.test(value) || value.length > ARTICLE_LIMITS.slug)) context.addIssue({ code: "custom", message: "slugInvalid" });
    }),
  category: textField().refine(isCategory, "categoryRequired").transform((value) => value as CategorySlug),
  tags: listField().refine((tags) => tags.every(isTag), "tagUnknown").transform((tags) => [...new Set(tags)] as TagSlug[]),
  featured: checkboxField(),
  /** The browser's offset from UTC in minutes (Date#getTimezoneOffset), so a scheduled time means the owner's local time. */
  timezoneOffset: textField().transform((value) => {
    const minutes = Number.parseInt(value, 10);
    return Number.isFinite(minutes) && Math.abs(minutes) <= 14 * 60 ? minutes : 0;
  }),
  publishAt: trimmedField(),
};

const saving = <Intent extends string>(intent: Intent) => z.object({ ...articleFields, intent: z.literal(intent) });
const byId = <Intent extends string>(intent: Intent) => z.object({ intent: z.literal(intent), id: trimmedField().refine(Boolean, "notFound") });

export const articleEditSchema = z.discriminatedUnion(
  "intent",
  [
    saving("save"),
    saving("publish"),
    saving("autosave"),
    saving("schedule").superRefine(({ publishAt }, context) => {
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(publishAt)) context.addIssue({ code: "custom", path: ["publishAt"], message: "dateInvalid" });
    }),
    byId("unpublish"),
    byId("removeCover"),
    z.object({ intent: z.literal("cover"), id: trimmedField().refine(Boolean, "notFound"), uploadId: trimmedField().refine(Boolean, "coverMissing"), imageAlt: text(ARTICLE_LIMITS.imageAlt, { required: true }) }),
    z.object({ intent: z.literal("previewLink"), id: trimmedField().refine(Boolean, "notFound"), language: languageField() }),
    z.object({ intent: z.literal("delete"), id: trimmedField().refine(Boolean, "notFound"), confirm: checkboxField().refine(Boolean, "confirmDelete") }),
    z.object({ intent: z.literal("restore"), id: trimmedField().refine(Boolean, "notFound"), revisionId: trimmedField().refine(Boolean, "notFound") }),
    z.object({ intent: z.literal("render"), body: textField().refine((value) => value.length <= ARTICLE_LIMITS.body, "tooLong") }),
  ],
  "unknownIntent",
);

export type ArticleEdit = z.output<typeof articleEditSchema>;
export type ArticleSave = Extract<ArticleEdit, { intent: "save" | "publish" | "autosave" | "schedule" }>;

/** The problems the editor can show, for the locale files and the page. */
export const EDITOR_PROBLEMS = [
  "required",
  "tooLong",
  "slugInvalid",
  "slugTaken",
  "categoryRequired",
  "tagUnknown",
  "dateInvalid",
  "dateInPast",
  "confirmDelete",
  "notFound",
  "englishFirst",
  "altRequired",
  "coverMissing",
  "coverTooLarge",
  "coverType",
  "coverUnreadable",
  "unknownIntent",
  "unknownLanguage",
  "failed",
] as const;
export type EditorProblem = (typeof EDITOR_PROBLEMS)[number];

/** A scheduled time as the owner typed it, made absolute (see ~/lib/local-time). */
export const scheduledInstant = instantOfLocalTime;
