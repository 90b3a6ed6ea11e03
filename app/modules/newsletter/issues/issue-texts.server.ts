import { randomUUID } from "node:crypto";
import type { Db } from "~/adapters/db/database.server";
import { translatorFor } from "~/i18n/i18n";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { readSettings } from "~/modules/settings/settings.server";
import type { Actor } from "~/modules/audit/audit.server";
import { ISSUE_LIMITS, type IssueContent, type IssueLanguageContent, type IssueMailProps, type MailItem } from "./issue-content";
import { createIssue } from "./issues.server";
import { countLinksIn } from "./link-clicks.server";

/** A text cut to `max` characters at a word's end, with an ellipsis, when it is longer. */
function shortened(text: string, max: number): string {
  if ([...text].length <= max) return text;
  const cut = [...text].slice(0, max - 1).join("");
  return `${cut.replace(/\s+\S*$/, "")}…`;
}

type Render = (props: IssueMailProps) => Promise<IssueLanguageContent>;
/** What counting an issue's clicks needs, when the owner turned it on: the site's address, its secret, the issue. */
export interface ClickCounting {
  appUrl: string;
  secret: string;
  issueId: string;
}

/** The subject and preheader the owner chose per language; absent ones start as the title and the summary. */
export type IssueTexts = Partial<Record<Language, { subject: string; preheader: string }>>;

/**
 * Every language's mail of an item: the owner's subject and preheader, the mail's own words in that
 * language and the owner's footer (sender line, postal address), rendered by `render`.
 */
export async function issueContent(db: Db, item: MailItem, texts: IssueTexts, render: Render, clicks: ClickCounting): Promise<IssueContent> {
  const settings = await readSettings(db);
  const counted = settings["newsletter.countClicks"] === "true";
  const content: IssueContent = {};
  for (const language of LANGUAGES) {
    const part = item[language];
    if (!part) continue;
    const t = translatorFor(language, resourcesFor(language));
    const siteName = t("common:siteName");
    const chosen = texts[language];
    const mail = await render({
      language,
      subject: chosen?.subject || part.title,
      preheader: chosen ? chosen.preheader : shortened(part.excerpt, ISSUE_LIMITS.preheader),
      title: part.title,
      bodyHtml: part.bodyHtml,
      summaryHtml: part.summaryHtml,
      link: part.link,
      cover: part.cover,
      siteName,
      footer: { senderLine: settings["newsletter.senderLine"] || t("subscription:issueMail.sender", { site: siteName }), postalAddress: settings["newsletter.postalAddress"] },
      texts: {
        readOnSite: t("subscription:issueMail.readOnSite"),
        why: t("subscription:issueMail.why", { site: siteName }),
        unsubscribe: t("subscription:issueMail.unsubscribe"),
        continueReading: t("subscription:issueMail.continueReading"),
      },
    });
    content[language] = counted ? { ...mail, html: countLinksIn(mail.html, clicks.appUrl, clicks.secret, clicks.issueId) } : mail;
  }
  return content;
}

/** A draft issue of an article or an episode, its mails rendered with the titles and summaries as subjects and preheaders. */
export async function newIssue(db: Db, source: { kind: "article" | "episode"; id: string; item: MailItem }, render: Render, site: Omit<ClickCounting, "issueId">, actor: Actor, now: Date): Promise<string> {
  const id = randomUUID();
  const content = await issueContent(db, source.item, {}, render, { ...site, issueId: id });
  return createIssue(db, { id, sourceKind: source.kind, sourceId: source.id, content, delivery: "smtp" }, actor, now);
}
