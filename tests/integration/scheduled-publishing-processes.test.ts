import { describe, expect, it } from "vitest";
import { addArticleIfMissing } from "~/modules/blog/articles.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { dialects } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { processesOnOneDatabase } from "../support/server-processes";
import { until } from "../support/waiting";

// Two server processes on one database, each with its outbox worker, and a scheduled article whose time
// has come, queued twice (as a reschedule to the same time would): it is published once, and both
// processes show it.

describe.each(dialects)("scheduled publishing with two server processes on one %s database", (dialect) => {
  const processes = processesOnOneDatabase(dialect);

  it("publishes the article exactly once", async () => {
    const { servers, database } = await processes.start(2);
    const db = database.db;
    const publishAt = new Date(Date.now() - 1000).toISOString();
    const text = { title: "Raced For", excerpt: "Two workers, one publication.", body: "Published once." };
    await addArticleIfMissing(db, { slug: "raced-for", category: "diplomacy", tags: [], featured: false, publishedAt: publishAt, image: "/images/articles/raced-for.svg", translations: { en: text } }, new Date());
    const { id } = await db.updateTable("articles").set({ state: "scheduled" }).where("slug", "=", "raced-for").returning("id").executeTakeFirstOrThrow();
    // Each process keeps the blog's list, without the article, in its page cache.
    const blogShows = async (server: ServerProcess) => (await (await fetch(`${server.url}/blog`)).text()).includes("/blog/raced-for");
    for (const server of servers) {
      expect(await blogShows(server)).toBe(false);
      expect((await fetch(`${server.url}/blog`)).headers.get("x-page-cache")).toBe("hit");
    }
    for (let copy = 0; copy < 2; copy++) await enqueue(db, "articles.publish-scheduled", { articleId: id, publishAt }, new Date());

    // Run by the processes' outbox workers, at their next poll.
    await until(async () => (await db.selectFrom("outbox").select("id").where("topic", "=", "articles.publish-scheduled").where("done_at", "is", null).execute()).length === 0, 100);
    expect((await db.selectFrom("articles").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state).toBe("published");
    const audits = await db.selectFrom("audit_log").select("action").where("resource", "=", `article:${id}`).execute();
    expect(audits).toEqual([{ action: "article.published_on_schedule" }]);
    // Each process forgets its stored list: the one that published at once, the other at its next poll.
    for (const server of servers) await expect.poll(() => blogShows(server)).toBe(true);
  });
});
