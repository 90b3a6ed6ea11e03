import { z } from "zod";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { lineField } from "~/lib/form-input";
import { SOURCES } from "~/modules/newsletter/subscribe-form";

/**
 * An article or an episode as a mail shows it, in each language it has (English always): the source's
 * module makes it (its text as HTML with absolute links, its summary, its address, its cover).
 */
export type MailItem = Partial<Record<Language, { title: string; excerpt: string; bodyHtml: string; summaryHtml: string; link: string; cover: { url: string; alt: string } | null }>>;

/** What one language's mail shows, every text already in that language (app/components/mail/issue-mail.tsx renders it). */
export interface IssueMailProps {
  language: string;
  subject: string;
  preheader: string;
  title: string;
  /** The item's text as HTML, its links and images absolute. */
  bodyHtml: string;
  /** Sent instead when the whole text would make the mail too long. */
  summaryHtml: string;
  link: string;
  cover: { url: string; alt: string } | null;
  siteName: string;
  footer: { senderLine: string; postalAddress: string };
  texts: { readOnSite: string; why: string; unsubscribe: string; continueReading: string };
}

/** What one language's mail of an issue says, rendered when the owner saves it: what they previewed is what goes. */
export interface IssueLanguageContent {
  subject: string;
  preheader: string;
  title: string;
  /** The item's address on the site, in this language. */
  link: string;
  /** The whole mail, HTML and plain text, with UNSUBSCRIBE_PLACEHOLDER where each recipient's own link goes. */
  html: string;
  text: string;
  /** True when the item's full text would have made the mail too long and its summary was sent instead. */
  truncated: boolean;
}

/** The languages the item exists in, each with its mail; English is always there. */
export type IssueContent = Partial<Record<Language, IssueLanguageContent>>;

/** Who gets the issue: confirmed subscribers, narrowed by each list that is not empty. */
export interface IssueAudience {
  languages: Language[];
  interests: string[];
  sources: string[];
}

export const EVERYONE: IssueAudience = { languages: [], interests: [], sources: [] };

/** Each recipient's unsubscribe address takes this text's place in the rendered mail. */
export const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/%%recipient%%";

export const ISSUE_LIMITS = {
  subject: 150,
  preheader: 200,
  /** Gmail clips a message's HTML beyond 102 KB, hiding the footer and its unsubscribe link; the mail stays under 100 KB. */
  htmlBytes: 100_000,
  /** Interests an audience may name. */
  interests: 20,
} as const;

const line = (max: number) => lineField().refine((value) => [...value].length <= max, "tooLong");

/** The issue form: a subject and a preheader per language shown, and the audience's filters. */
export function issueFormSchema(languages: readonly Language[]) {
  const texts = Object.fromEntries(
    languages.flatMap((language) => [
      [`subject_${language}`, line(ISSUE_LIMITS.subject).refine((value) => value.length > 0, "required")],
      [`preheader_${language}`, line(ISSUE_LIMITS.preheader)],
    ]),
  );
  return z.object({
    ...texts,
    audienceLanguages: z.array(z.enum(LANGUAGES)).default([]),
    audienceSources: z.array(z.enum(SOURCES)).default([]),
    audienceInterests: z.array(line(60)).max(ISSUE_LIMITS.interests).default([]),
    delivery: z.enum(["smtp", "mailerlite"]).catch("smtp"),
  });
}

export const parseContent = (text: string): IssueContent => JSON.parse(text) as IssueContent;
export const parseAudience = (text: string): IssueAudience => ({ ...EVERYONE, ...(JSON.parse(text) as Partial<IssueAudience>) });

/** The languages an issue can be sent in, English first. */
export const contentLanguages = (content: IssueContent): Language[] => LANGUAGES.filter((language) => content[language]);
