import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSetting } from "~/modules/settings/settings.server";
import { startTestApp, type TestApp } from "../support/app-server";
import { sampleArticleTitle } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("home page", () => {
  it("renders every section of the home page in order", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const order = ["What is new", "NEW daily content updates", "Explore Discourse Labs", "Those who mapped the way", "Four ways in", "Our mission", "Globe of Dissent", "Featured articles", "Stay informed"];
    const positions = order.map((text) => html.indexOf(text.replace("What is new", "See what is new")));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain(sampleArticleTitle("en").replace(/'/g, "&#x27;"));
    const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Diaspora Policy", url: `${app.services.config.appUrl}/` });
  });

  it("takes the promo numbers and the subscriber claim from the settings", async () => {
    const now = new Date();
    await writeSetting(app.services.db, "promo.movements", "245", now);
    await writeSetting(app.services.db, "promo.countries", "61", now);
    await writeSetting(app.services.db, "newsletter.subscriberClaim", "800", now);
    // Written here without the admin's form, which is what tells the page cache.
    await app.services.pageChanges.changed(["settings"], now);
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain("245+ movements");
    expect(html).toContain("61 countries");
    expect(html).toContain("Join over 800+ subscribers");
  });
});
