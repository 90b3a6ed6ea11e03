import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { listEpisodes } from "~/modules/podcast/episodes.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";

const dialogues = (language: "en" | "fr") => locales[language].sections.dialogues;

describe.each(dialects)("/unfiltered-dialogues on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const page = async (path: string) => (await (await fetch(new URL(path, app.url))).text()).replace(/<script[\s\S]*?<\/script>/g, "");

  it("lists the three newest episodes, linked in the reader's language, instead of saying they are being recorded", async () => {
    const newest = (await listEpisodes(app.services.db, "fr")).slice(0, 3);
    expect(newest).toHaveLength(3);
    const html = await page("/fr/unfiltered-dialogues");
    expect(html).toContain(dialogues("fr").latestIntro);
    expect(html).not.toContain(dialogues("fr").latestText);
    const linked = [...html.matchAll(/href="\/fr\/podcast\/([^"]+)"/g)].map((match) => match[1]);
    expect(linked).toEqual(newest.map((episode) => episode.slug));
  });

  it("says the conversations are being recorded while no episode is published", async () => {
    await app.services.db.deleteFrom("episodes").execute();
    await app.services.pageChanges.changed(["settings"], new Date());
    const html = await page("/unfiltered-dialogues");
    expect(html).toContain(dialogues("en").latestText);
    expect(html).not.toMatch(/href="\/podcast\/[^"]+"/);
  });
});
