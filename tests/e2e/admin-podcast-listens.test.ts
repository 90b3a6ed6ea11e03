import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";

// A server of its own with the admin and listens counted on earlier days (2 and 40 days ago); today's
// listens are real downloads of the episodes' audio, as a podcast app and a browser make them.
const { browser } = useBrowser();
const DAY = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const { url, adminPage } = useAdminServer("listens", async (services) => {
  const episode = await services.db.selectFrom("episodes").select("id").where("slug", "=", "legacy-of-mlk").executeTakeFirstOrThrow();
  await services.db
    .insertInto("episode_listen_days")
    .values([
      { episode_id: episode.id, day: dayAgo(2), app: "apple-podcasts", listens: 3 },
      { episode_id: episode.id, day: dayAgo(40), app: "overcast", listens: 7 },
    ])
    .execute();
});

/** Downloads an episode's audio from its first byte, as the app with `userAgent` does. */
async function listenTo(slug: string, userAgent: string): Promise<void> {
  const html = await (await fetch(`${url()}/podcast/${slug}`)).text();
  const audio = /<source src="(\/podcast\/audio\/[^"]+)"/.exec(html)![1]!;
  const response = await fetch(url() + audio, { headers: { "user-agent": userAgent, range: "bytes=0-" } });
  await response.arrayBuffer();
  expect(response.status).toBe(206);
}

describe("the podcast listens report in the browser", () => {
  it("opens from the dashboard, reads the listens, switches to 90 days and downloads the CSV", async () => {
    await listenTo("legacy-of-mlk", "Spotify/8.9.60 iOS/17.6 (iPhone15,2)");
    await listenTo("legacy-of-mlk", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0");
    const page = await adminPage(browser(), "/admin", { acceptDownloads: true });
    const errors = watchErrors(page);

    await step("opens the report from its dashboard card", async () => {
      // One network downloads an episode once a day: the browser's download after Spotify's is not counted.
      await page.getByText("Listens in the last 30 days: 4").waitFor();
      await page.getByRole("link", { name: "Podcast listens" }).click();
      await page.waitForURL(`${url()}/admin/podcast`);
      await page.getByRole("heading", { level: 1, name: "Podcast listens" }).waitFor();
    });

    await step("reads the listens per day, per app and per episode", async () => {
      await page.getByText(/^4 listens from /).waitFor();
      await page.getByRole("img", { name: /^Bar chart of listens per day from .*: 4 in all, at most 3 on one day\.$/ }).waitFor();
      const apps = page.getByRole("list", { name: "Listens per app in this period" });
      await apps.getByRole("listitem").filter({ hasText: "Apple Podcasts" }).filter({ hasText: "3 (75%)" }).waitFor();
      await apps.getByRole("listitem").filter({ hasText: "Spotify" }).filter({ hasText: "1 (25%)" }).waitFor();
      const episodes = page.getByRole("table", { name: "Listens per episode, most listened first" });
      const first = episodes.getByRole("row").nth(1);
      await first.getByRole("rowheader", { name: "Legacy of MLK" }).waitFor();
      await first.getByRole("cell", { name: "4", exact: true }).waitFor();
      await first.getByRole("rowheader").getByText("Sample data").waitFor();
      await page.getByText(/^The sample episodes' totals start from invented numbers/).waitFor();
    });

    await step("opens the numbers as a table", async () => {
      await page.getByText("Show the numbers by day and app as a table").click();
      const days = page.getByRole("table", { name: "Listens per day and app, newest day first" });
      await expect(days.getByRole("row").count()).resolves.toBe(31);
      const today = days.getByRole("row").nth(1);
      await expect(today.getByRole("cell").allInnerTexts()).resolves.toEqual(["1", "0", "1", "0", "0", "0", "0"]);
    });

    await step("checks the page with axe", async () => {
      const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });

    await step("switches to the last 90 days from the keyboard", async () => {
      await page.getByRole("link", { name: "Last 90 days" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${url()}/admin/podcast?days=90`);
      await page.getByText(/^11 listens from /).waitFor();
      await expect(page.getByRole("link", { name: "Last 90 days" }).getAttribute("aria-current")).resolves.toBe("page");
      await page.getByRole("list", { name: "Listens per app in this period" }).getByRole("listitem").filter({ hasText: "Overcast" }).filter({ hasText: "7 (64%)" }).waitFor();
    });

    await step("shows one episode's listens, then all episodes' again", async () => {
      await page.getByRole("combobox", { name: "Episode" }).selectOption({ label: "The AfCFTA and the Sixth Region" });
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await page.waitForURL(`${url()}/admin/podcast?days=90&episode=the-afcfta-and-the-sixth-region`);
      await page.getByText(/^0 listens of “The AfCFTA and the Sixth Region” from /).waitFor();
      await page.getByRole("combobox", { name: "Episode" }).selectOption({ label: "All episodes" });
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await page.getByText(/^11 listens from /).waitFor();
    });

    await step("downloads the 90 days as CSV", async () => {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("listens-90-days.csv");
      const lines = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "").split("\r\n");
      expect(lines).toEqual([
        "Date (UTC),Episode,Episode address,App,Listens",
        `${dayAgo(40)},Legacy of MLK,/podcast/legacy-of-mlk,overcast,7`,
        `${dayAgo(2)},Legacy of MLK,/podcast/legacy-of-mlk,apple-podcasts,3`,
        `${dayAgo(0)},Legacy of MLK,/podcast/legacy-of-mlk,spotify,1`,
        "",
      ]);
    });

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("fits a phone: the chart scales, the tables scroll sideways, and the switch works without JavaScript", async () => {
    const signedIn = await adminPage(browser(), "/admin", { width: 390 });
    const cookies = await signedIn.context().cookies();
    await signedIn.context().close();
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await step("opens the report in French on a phone", async () => {
      await page.goto(`${url()}/fr/admin/podcast`);
      await page.getByRole("heading", { level: 1, name: "Écoutes du podcast" }).waitFor();
      const chart = await page.getByRole("img", { name: /^Diagramme en barres/ }).boundingBox();
      expect(chart!.width).toBeGreaterThan(250);
      expect(chart!.width).toBeLessThanOrEqual(390);
      // The page itself never scrolls sideways: the episodes table fits, the table of days and apps
      // scrolls inside its frame.
      await page.getByText("Afficher les chiffres par jour et par application dans un tableau").click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const episodes = await page.getByRole("table", { name: "Écoutes par épisode, le plus écouté d'abord" }).boundingBox();
      expect(episodes!.x + episodes!.width).toBeLessThanOrEqual(390);
      const days = page.getByRole("region", { name: "Écoutes par jour et par application, le jour le plus récent d'abord" });
      expect(await days.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    });
    await step("switches to 90 days by a plain link", async () => {
      await page.getByRole("link", { name: "90 derniers jours" }).click();
      await page.waitForURL(`${url()}/fr/admin/podcast?days=90`);
      await page.getByText(/^11 écoutes du /).waitFor();
    });
    await context.close();
  });
});
