import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import type { Database } from "~/adapters/db/schema";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import type { IssueAudience } from "./issue-content";

/** A LIKE pattern that matches `text` literally (with `escape '\'`). */
const literally = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The subscribers an issue goes to: confirmed, still subscribed, whose mail was not stopped (a bounce,
 * a complaint), narrowed by the audience's languages, sources and interests (any one of them).
 */
export function recipients(db: Db, audience: IssueAudience) {
  return db
    .selectFrom("subscribers")
    .where("is_verified", "=", 1)
    .where("unsubscribed_at", "is", null)
    .where("mail_stopped_at", "is", null)
    .$if(audience.languages.length > 0, (query) => query.where("language", "in", audience.languages))
    .$if(audience.sources.length > 0, (query) => query.where("source", "in", audience.sources))
    .$if(audience.interests.length > 0, (query) =>
      // Interests are stored as a JSON array of strings: each chosen one appears there quoted as JSON writes it.
      query.where((eb) => eb.or(audience.interests.map((interest) => sql<boolean>`${eb.ref("interests")} like ${`%${literally(JSON.stringify(interest))}%`} escape '\\'`))),
    );
}

/** The language a subscriber's mail is in: theirs when the item has it, English otherwise. */
export const mailLanguage = (available: readonly Language[]) => (eb: ExpressionBuilder<Database, "subscribers">) =>
  eb.case().when("subscribers.language", "in", available.length > 0 ? [...available] : [DEFAULT_LANGUAGE]).then(eb.ref("subscribers.language")).else(DEFAULT_LANGUAGE).end();

/** How many would get the issue now, by the language of their mail. */
export async function audienceCounts(db: Db, audience: IssueAudience, available: readonly Language[]): Promise<Record<Language, number>> {
  const rows = await recipients(db, audience)
    .select((eb) => [mailLanguage(available)(eb).as("language"), eb.fn.countAll<number | string>().as("count")])
    .groupBy("language")
    .execute();
  const counts = Object.fromEntries(LANGUAGES.map((language) => [language, 0])) as Record<Language, number>;
  for (const row of rows) counts[row.language as Language] += Number(row.count);
  return counts;
}
