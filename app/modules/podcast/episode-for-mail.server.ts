import type { Db } from "~/adapters/db/database.server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { escapeXml } from "~/lib/xml";

/** An episode as a mail shows it in one language (the newsletter's MailItem has this shape). */
export interface EpisodeForMail {
  title: string;
  excerpt: string;
  bodyHtml: string;
  summaryHtml: string;
  link: string;
  cover: { url: string; alt: string } | null;
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeXml(part).replace(/\n/g, "<br>")}</p>`)
    .join("");

/**
 * The episode in English and in every language it is translated into: its description, and the text of
 * its transcript when it has one (readers on expensive data read it rather than download the audio),
 * a link to its page where it plays, and its artwork as PNG (mail programs do not show SVG). Null when
 * there is no such episode.
 */
export async function episodeForMail(db: Db, appUrl: string, episodeId: string): Promise<Partial<Record<Language, EpisodeForMail>> | null> {
  const episode = await db.selectFrom("episodes").select(["slug", "image", "transcript"]).where("id", "=", episodeId).executeTakeFirst();
  if (!episode) return null;
  const texts = await db.selectFrom("episode_translations").select(["language", "title", "description"]).where("episode_id", "=", episodeId).execute();
  const item: Partial<Record<Language, EpisodeForMail>> = {};
  const image = episode.image.endsWith(".svg") ? episode.image.replace(/\.svg$/, ".png") : episode.image;
  for (const language of LANGUAGES) {
    const text = texts.find((row) => row.language === language);
    if (!text) continue;
    const summaryHtml = paragraphs(text.description);
    // The transcript is in the language it was spoken in, shown in every language's mail.
    const transcript = episode.transcript ? paragraphs(episode.transcript) : "";
    item[language] = {
      title: text.title,
      excerpt: text.description.split(/\n/)[0]!.slice(0, 200),
      bodyHtml: summaryHtml + transcript,
      summaryHtml,
      link: appUrl + localizePath(`/podcast/${episode.slug}`, language),
      cover: { url: appUrl + image, alt: text.title },
    };
  }
  return item[DEFAULT_LANGUAGE] ? item : null;
}
