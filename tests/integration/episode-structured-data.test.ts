import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSetting } from "~/modules/settings/settings.server";
import { startTestApp, type TestApp } from "../support/app-server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ APP_URL: "https://diaspora.example" });
});
afterAll(() => app.close());

const structuredData = async (path: string) => {
  const html = await (await fetch(app.url + path)).text();
  return JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
};
const feedTitle = async () => new XMLParser().parse(await (await fetch(`${app.url}/podcast/feed.xml`)).text()).rss.channel.title as string;

describe("an episode's structured data", () => {
  it("names its series as the feed names the show, the owner's title included, and gives a PNG image", async () => {
    const episode = await structuredData("/fr/podcast/legacy-of-mlk");
    expect(episode.partOfSeries.name).toBe(await feedTitle());
    expect(episode.image).toBe("https://diaspora.example/podcast/artwork/legacy-of-mlk.png");

    await writeSetting(app.services.db, "podcast.title", "Diaspora Policy Radio", new Date());
    await app.services.pageChanges.changed(["settings"], new Date());
    expect(await feedTitle()).toBe("Diaspora Policy Radio");
    expect((await structuredData("/podcast/legacy-of-mlk")).partOfSeries.name).toBe("Diaspora Policy Radio");
  });
});
