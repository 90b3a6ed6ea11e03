import { describe, expect, it } from "vitest";
import { newObjectKey } from "~/adapters/storage/keys";
import { locales } from "~/i18n/locales";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { deleteEpisode } from "~/modules/podcast/episode-admin.server";
import { createEpisode, episodeBySlug } from "~/modules/podcast/episodes.server";
import { reportWindow } from "~/modules/podcast/listen-days";
import { listenReport } from "~/modules/podcast/listen-report.server";
import { appOnTestDatabase } from "../support/app-server";
import { csvDownloadLines } from "../support/csv-download";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";

// The listens report on both databases: listens fetched over HTTP like podcast apps fetch them land in
// the report by day and app, the CSV holds the same numbers (formulas defused), and only the admin in
// admin mode sees either.

const AGENTS = {
  apple: "AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6 like Mac OS X; en_us)",
  spotify: "Spotify/8.9.60 iOS/17.6 (iPhone15,2)",
  overcast: "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)",
  pocketCasts: "Pocket Casts",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};
const DAY = 86_400_000;
const en = locales.en.listens;
/** The bars of the page's chart. */
const bars = (html: string) => (/<svg role="img"[\s\S]*?<\/svg>/.exec(html)?.[0].match(/<rect /g) ?? []).length;
const text = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe.each(dialects)("the listens report on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  /** One download of an episode's audio from a network and an app, from its first byte unless `range` says otherwise. */
  async function listen(audioUrl: string, ip: string, agent: string, range = "bytes=0-") {
    const response = await fetch(new URL(audioUrl, app.url), { headers: { "x-forwarded-for": ip, "user-agent": agent, range } });
    await response.arrayBuffer();
    return response.status;
  }
  let today = "";
  let yesterday = "";

  it("counts listens by app and day from real range requests, never bots or later ranges", async () => {
    const episode = (await episodeBySlug(db(), "legacy-of-mlk", "en"))!;
    const start = episode.listens;
    yesterday = app.clock.now().toISOString().slice(0, 10);
    expect(await listen(episode.audioUrl, "10.40.0.1", AGENTS.apple)).toBe(206);
    expect(await listen(episode.audioUrl, "10.40.0.1", AGENTS.apple, "bytes=0-1")).toBe(206);
    expect(await listen(episode.audioUrl, "10.40.0.2", AGENTS.spotify)).toBe(206);
    expect(await listen(episode.audioUrl, "10.40.0.3", AGENTS.overcast)).toBe(206);
    expect(await listen(episode.audioUrl, "10.40.0.4", AGENTS.googlebot)).toBe(206);
    expect(await listen(episode.audioUrl, "10.40.0.5", AGENTS.firefox, "bytes=100-")).toBe(206);

    app.clock.advance(DAY);
    today = app.clock.now().toISOString().slice(0, 10);
    // The same listener counts again on a new day, with another app.
    expect(await listen(episode.audioUrl, "10.40.0.1", AGENTS.pocketCasts)).toBe(206);
    expect(await listen(episode.audioUrl, "10.40.0.6", AGENTS.firefox)).toBe(206);
    expect((await episodeBySlug(db(), episode.slug, "en"))!.listens).toBe(start + 5);

    const report = await listenReport(db(), "en", app.clock.now(), 30);
    expect(report.window).toEqual(reportWindow(app.clock.now(), 30));
    expect(report.days).toHaveLength(30);
    expect(report.total).toBe(5);
    const dayOf = (day: string) => report.days.find((entry) => entry.day === day)!;
    expect(dayOf(yesterday)).toMatchObject({ listens: 3, byApp: { "apple-podcasts": 1, spotify: 1, overcast: 1, "pocket-casts": 0, browser: 0, other: 0 } });
    expect(dayOf(today)).toMatchObject({ listens: 2, byApp: { "apple-podcasts": 0, "pocket-casts": 1, browser: 1 } });
    expect(report.days.filter((day) => day.listens === 0)).toHaveLength(28);
    expect(report.apps).toEqual([
      { app: "apple-podcasts", listens: 1 },
      { app: "spotify", listens: 1 },
      { app: "overcast", listens: 1 },
      { app: "pocket-casts", listens: 1 },
      { app: "browser", listens: 1 },
      { app: "other", listens: 0 },
    ]);
    expect(report.episodes[0]).toMatchObject({ slug: "legacy-of-mlk", listens: 5, total: start + 5, invented: start });
    expect(report.episodes.slice(1).every((entry) => entry.listens === 0 && entry.invented !== null)).toBe(true);
    // No user agent and no address is stored.
    const stored = JSON.stringify(await db().selectFrom("episode_listen_days").selectAll().execute());
    expect(stored).not.toMatch(/Mozilla|AppleCoreMedia|10\.40\./);
  });

  it("shows the owner the listens per day, app and episode, and the 90 days on asking", async () => {
    const owner = await adminInMode("10.40.1.1");
    const response = await owner.get("/admin/podcast");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await text(response);
    expect(html).toContain(locales.en.dashboard.podcastListens.title);
    expect(html).toMatch(/5 listens from [A-Z][a-z]+ \d+, \d{4} to [A-Z][a-z]+ \d+, \d{4}\./);
    expect(html).toMatch(/<svg role="img" aria-label="Bar chart of listens per day from [^"]+: 5 in all, at most 3 on one day\."/);
    expect(bars(html)).toBe(30);
    expect(html).toContain(en.apps.names["pocket-casts"]);
    expect(html).toContain(en.episodes.sample);
    expect(html).toMatch(/aria-current="page"[^>]*>Last 30 days</);

    const ninety = await text(await owner.get("/admin/podcast?days=90"));
    expect(bars(ninety)).toBe(90);
    expect(ninety).toMatch(/aria-current="page"[^>]*>Last 90 days</);

    const bad = await owner.get("/admin/podcast?days=45");
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain(en.errors.invalidPeriod);

    // One episode's days and apps: all of Legacy of MLK's listens, none of another episode's.
    const one = await text(await owner.get("/admin/podcast?days=30&episode=legacy-of-mlk"));
    expect(one).toContain("5 listens of “Legacy of MLK” from");
    expect(one).toMatch(/<option value="legacy-of-mlk" selected="">Legacy of MLK<\/option>/);
    const other = await text(await owner.get("/admin/podcast?episode=the-afcfta-and-the-sixth-region"));
    expect(other).toContain("0 listens of “The AfCFTA and the Sixth Region” from");
    expect(other).toContain(en.empty);
    for (const query of ["?episode=no-such-episode", "?episode=..%2Fadmin&days=90"]) {
      const unknown = await owner.get(`/admin/podcast${query}`);
      expect(unknown.status).toBe(400);
      const page = await text(unknown);
      expect(page).toContain(en.errors.unknownEpisode);
      expect(page).toContain("5 listens from");
    }

    const french = await text(await owner.get("/fr/admin/podcast"));
    expect(french).toContain(locales.fr.listens.episodes.title);
    expect(french).toContain("5 écoutes du");

    const dashboard = await text(await owner.get("/admin"));
    expect(dashboard).toContain('href="/admin/podcast"');
    expect(dashboard).toContain("Listens in the last 30 days: 5");
  });

  it("exports the listens as CSV, formulas in titles defused, and audits the export", async () => {
    const owner = await adminInMode("10.40.2.1");
    const audioKey = newObjectKey("podcast/audio", "wav");
    await app.services.storage.put(audioKey, Buffer.alloc(2048, 1), { contentType: "audio/wav" });
    const slug = await createEpisode(
      db(),
      { text: { en: { title: "=HYPERLINK(\"http://evil.example\",\"Click\")", description: "A title that is a formula." } }, durationSeconds: 1, publishedAt: "2026-01-01T00:00:00.000Z", categories: [], audioKey, audioSize: 2048, audioType: "audio/wav" },
      app.clock.now(),
    );
    expect(await listen(`/podcast/audio/${audioKey.split("/").pop()}`, "10.40.2.2", AGENTS.spotify)).toBe(206);

    const lines = await csvDownloadLines(await owner.get("/admin/podcast/listens.csv"), "listens-30-days.csv");
    expect(lines[0]).toBe("Date (UTC),Episode,Episode address,App,Listens");
    expect(lines.slice(1)).toEqual([
      `${yesterday},Legacy of MLK,/podcast/legacy-of-mlk,apple-podcasts,1`,
      `${yesterday},Legacy of MLK,/podcast/legacy-of-mlk,overcast,1`,
      `${yesterday},Legacy of MLK,/podcast/legacy-of-mlk,spotify,1`,
      `${today},"'=HYPERLINK(""http://evil.example"",""Click"")",/podcast/${slug},spotify,1`,
      `${today},Legacy of MLK,/podcast/legacy-of-mlk,browser,1`,
      `${today},Legacy of MLK,/podcast/legacy-of-mlk,pocket-casts,1`,
      "",
    ]);
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "export_listens").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details)).toEqual({ days: 30, rows: 6 });

    expect(await csvDownloadLines(await owner.get("/admin/podcast/listens.csv?days=90"), "listens-90-days.csv")).toHaveLength(8);
    const bad = await owner.get("/admin/podcast/listens.csv?days=7");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(en.errors.invalidPeriod);

    // A deleted episode's counts go with it.
    const id = (await episodeBySlug(db(), slug, "en"))!.id;
    expect(await deleteEpisode(app.services, SYSTEM_ACTOR, id, app.clock.now())).toBe(true);
    expect(await db().selectFrom("episode_listen_days").selectAll().where("episode_id", "=", id).execute()).toEqual([]);
    expect(await csvDownloadLines(await owner.get("/admin/podcast/listens.csv"), "listens-30-days.csv")).toHaveLength(7);
  });

  it("is for the admin in admin mode only: 401 signed out, 403 for a reader and an admin not in admin mode", async () => {
    const cases = [
      { who: new HttpSession(app.url, "10.40.3.1"), status: 401, csvText: "Authentication required\nSign in with an administrator account to download the listens.\n" },
      { who: await signIn("reader@example.org", "10.40.3.2"), status: 403, csvText: "Access Denied\nAdmin privileges required for this action.\n" },
      { who: await signIn("owner@example.org", "10.40.3.3"), status: 403, csvText: "Admin mode required\nVerify your admin access on the dashboard, then download again.\n" },
    ];
    for (const { who, status, csvText } of cases) {
      const page = await who.get("/admin/podcast");
      expect(page.status).toBe(status);
      const html = await text(page);
      expect(html).not.toContain("Legacy of MLK");
      expect(html).not.toContain(en.chart.title);
      const csv = await who.get("/admin/podcast/listens.csv");
      expect(csv.status).toBe(status);
      expect(csv.headers.get("content-type")).not.toContain("text/csv");
      expect(await csv.text()).toBe(csvText);
    }
  });
});
