import { describe, expect, it } from "vitest";
import { drainOutbox } from "~/modules/outbox/drain.server";
import { outboxHandlers } from "../../server/outbox-handlers";
import { appOnTestDatabase } from "../support/app-server";
import { articleFields, createArticle } from "../support/article-forms";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";

// Scheduled publishing and private preview links, on both databases: a scheduled article appears at
// its time exactly once however many workers race for it, and a preview link shows a draft until it
// expires (410), a forged one never (403).

const HOUR = 3_600_000;
/** A datetime-local value (UTC, minutes) `ms` after the app's clock. */
const inputTime = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 16);

describe.each(dialects)("publishing on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const reader = () => new HttpSession(app.url, "10.22.9.9");
  const state = async (id: string) => (await app.services.db.selectFrom("articles").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;
  const scheduledAudits = (id: string) => app.services.db.selectFrom("audit_log").select("action").where("resource", "=", `article:${id}`).where("action", "=", "article.published_on_schedule").execute();

  it("publishes a scheduled article at its time exactly once, with several workers racing, and never at an abandoned time", async () => {
    const owner = await adminInMode("10.22.0.1");
    const id = await createArticle(owner, { slug: "on-schedule" });
    const first = inputTime(app.clock.now(), 2 * HOUR);
    expect((await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "on-schedule", intent: "schedule", publishAt: first }))).status).toBe(200);
    // Rescheduled later: the first time's job finds nothing to do.
    const second = inputTime(app.clock.now(), 5 * HOUR);
    expect((await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "on-schedule", intent: "schedule", publishAt: second }))).status).toBe(200);
    expect(await state(id)).toBe("scheduled");
    expect((await reader().get("/blog/on-schedule")).status).toBe(404);

    const services = { db: app.services.db, logger: app.services.logger, now: app.clock.now };
    const handlers = outboxHandlers(app.services);
    const race = () => Promise.all([drainOutbox(services, handlers), drainOutbox(services, handlers), drainOutbox(services, handlers)]);
    app.clock.advance(3 * HOUR);
    await race();
    expect(await state(id)).toBe("scheduled");
    expect((await reader().get("/blog/on-schedule")).status).toBe(404);

    app.clock.advance(3 * HOUR);
    app.services.outbox.wake();
    await race();
    expect(await state(id)).toBe("published");
    expect(await scheduledAudits(id)).toHaveLength(1);
    // Published with the time it was scheduled for, and shown to readers at once.
    const row = await app.services.db.selectFrom("articles").select("published_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.published_at).toBe(`${second}:00.000Z`);
    expect((await reader().get("/blog/on-schedule")).status).toBe(200);
    expect(await (await reader().get("/blog")).text()).toContain("/blog/on-schedule");
    // Run again (a retried row), it changes nothing.
    await race();
    expect(await scheduledAudits(id)).toHaveLength(1);
  });

  it("does not publish a scheduled article that was unpublished before its time", async () => {
    const owner = await adminInMode("10.22.0.2");
    const id = await createArticle(owner, { slug: "called-back" });
    await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "called-back", intent: "schedule", publishAt: inputTime(app.clock.now(), HOUR) }));
    await owner.post(`/admin/articles/${id}`, { id, intent: "unpublish" });
    app.clock.advance(2 * HOUR);
    await drainOutbox({ db: app.services.db, logger: app.services.logger, now: app.clock.now }, outboxHandlers(app.services));
    expect(await state(id)).toBe("draft");
    expect(await scheduledAudits(id)).toHaveLength(0);
  });

  it("shows a draft through its private preview link until the link expires; a forged link is refused", async () => {
    const owner = await adminInMode("10.22.0.3");
    const id = await createArticle(owner, { slug: "preview-me", title: "A Draft Worth Previewing" });
    const page = await (await owner.post(`/admin/articles/${id}`, { id, intent: "previewLink", language: "en" })).text();
    const link = /href="(\/preview\/articles\/[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();

    const shown = await reader().get(link!);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const html = await shown.text();
    expect(html).toContain("A Draft Worth Previewing");
    expect(html).toContain("Preview: readers cannot see this version of the article yet.");
    // The draft itself stays private.
    expect((await reader().get("/blog/preview-me")).status).toBe(404);

    const forged = link!.replace(/sig=[^&]+/, `sig=${"A".repeat(43)}`);
    expect((await reader().get(forged)).status).toBe(403);
    const otherArticle = link!.replace(id, "00000000-0000-0000-0000-000000000000");
    expect((await reader().get(otherArticle)).status).toBe(403);

    app.clock.advance(25 * HOUR);
    expect((await reader().get(link!)).status).toBe(410);
  });
});
