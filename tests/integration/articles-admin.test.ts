import { describe, expect, it } from "vitest";
import { KEPT_REVISIONS } from "~/modules/blog/editor/revisions.server";
import { seedSampleContent } from "../../server/seed";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { createArticle, articleFields } from "../support/article-forms";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";

// The owner's articles through the editor, on both databases: a draft is invisible on every public
// page until published, an unpublished article leaves them all, a changed slug leaves a permanent
// redirect, every change is audited, and bad input is refused with nothing written.

const WORD = "zanzibarite";
const publicPages = ["/", "/blog", `/blog?q=${WORD}`, "/blog?category=trade-networks", "/blog?tag=global-south", "/discourse-labs", "/blog/pan-african-trade-networks-afcfta", "/blog/feed.xml", "/blog/atom.xml", "/sitemap.xml", "/fr/blog"];

describe.each(dialects)("the articles editor on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const reader = () => new HttpSession(app.url, "10.21.9.9");
  const audit = (id: string) => app.services.db.selectFrom("audit_log").select(["action", "user_id"]).where("resource", "=", `article:${id}`).orderBy("timestamp").execute();
  /** Which public pages link to the article (the anonymous reader's view, cache and all). */
  async function pagesShowing(slug: string): Promise<string[]> {
    const shown: string[] = [];
    for (const page of publicPages) {
      const response = await reader().get(page);
      if ((await response.text()).includes(`/blog/${slug}`)) shown.push(page);
    }
    return shown;
  }

  it("keeps a draft off every public page until it is published, and takes it off again when unpublished", async () => {
    const owner = await adminInMode("10.21.0.1");
    const slug = "zanzibarite-corridors";
    // Featured and tagged, so the home page, the tag and related lists would all show it if they could.
    const id = await createArticle(owner, { title: `Zanzibarite Corridors`, slug, featured: "on", tags: "global-south" });
    expect(await pagesShowing(slug)).toEqual([]);
    expect((await reader().get(`/blog/${slug}`)).status).toBe(404);

    const published = await owner.post(`/admin/articles/${id}`, articleFields({ id, title: "Zanzibarite Corridors", slug, featured: "on", tags: "global-south", intent: "publish" }));
    expect(published.status).toBe(200);
    expect(await pagesShowing(slug)).toEqual(publicPages);
    expect((await reader().get(`/blog/${slug}`)).status).toBe(200);

    expect((await owner.post(`/admin/articles/${id}`, { id, intent: "unpublish" })).status).toBe(200);
    expect(await pagesShowing(slug)).toEqual([]);
    expect((await reader().get(`/blog/${slug}`)).status).toBe(404);
    expect((await audit(id)).map((row) => row.action)).toEqual(["article.created", "article.published", "article.unpublished"]);
    expect((await audit(id)).every((row) => row.user_id !== null)).toBe(true);
  });

  it("lists every article with its state and languages, searchable and filtered by state", async () => {
    const owner = await adminInMode("10.21.0.2");
    await createArticle(owner, { title: "Quillwort Draft On Tariffs" });
    const drafts = await (await owner.get("/admin/articles?state=draft&q=quillwort")).text();
    expect(drafts).toContain("Quillwort Draft On Tariffs");
    expect(drafts).toContain("not translated yet");
    const published = await (await owner.get("/admin/articles?state=published&q=quillwort")).text();
    expect(published).not.toContain("Quillwort Draft On Tariffs");
    expect((await reader().get("/admin/articles")).status).toBe(401);
  });

  it("answers a published article's old address with a permanent redirect after its slug changes", async () => {
    const owner = await adminInMode("10.21.0.3");
    const id = await createArticle(owner, { slug: "first-address", intent: "publish" });
    expect((await reader().get("/blog/first-address")).status).toBe(200);
    await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "second-address" }));
    const old = await reader().get("/blog/first-address");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/second-address");
    const french = await reader().get("/fr/blog/first-address");
    expect(french.status).toBe(301);
    expect(french.headers.get("location")).toBe("/fr/blog/second-address");
    expect((await reader().get("/blog/second-address")).status).toBe(200);
    // A slug another article holds is refused, and nothing changes.
    const other = await createArticle(owner, { title: "Another one" });
    const taken = await owner.post(`/admin/articles/${other}`, articleFields({ id: other, title: "Another one", slug: "second-address" }));
    expect(taken.status).toBe(409);
    expect((await app.services.db.selectFrom("articles").select("slug").where("id", "=", other).executeTakeFirstOrThrow()).slug).toBe("another-one");
  });

  it("saves each language separately, falls back to English, and marks a translation older than the English text", async () => {
    const owner = await adminInMode("10.21.0.4");
    const id = await createArticle(owner, { slug: "languages-article", intent: "publish" });
    expect(await (await reader().get("/fr/blog/languages-article")).text()).toContain("Ports, Corridors and the Next Trade Bloc");
    await owner.post(`/admin/articles/${id}`, articleFields({ id, language: "fr", slug: "languages-article", title: "Ports, corridors et le prochain bloc commercial", excerpt: "Où mènent les corridors.", body: "Texte français." }));
    expect(await (await reader().get("/fr/blog/languages-article")).text()).toContain("Ports, corridors et le prochain bloc commercial");
    expect(await (await reader().get("/blog/languages-article")).text()).toContain("Ports, Corridors and the Next Trade Bloc");
    app.clock.advance(1000);
    await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "languages-article", body: "The English text, changed." }));
    const list = await (await owner.get("/admin/articles?q=languages-article")).text();
    expect(list).toContain("Français: older than the English text");
    // A new article starts with its English text.
    const refused = await owner.post("/admin/articles/new", articleFields({ language: "fr" }));
    expect(refused.status).toBe(400);
  });

  it("refuses bad input with a translated message and writes nothing", async () => {
    const owner = await adminInMode("10.21.0.5");
    const before = await app.services.db.selectFrom("articles").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const response = await owner.post("/fr/admin/articles/new", articleFields({ title: "", category: "astrology", slug: "Not A Slug" }));
    expect(response.status).toBe(400);
    const after = await app.services.db.selectFrom("articles").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const page = await owner.post("/fr/admin/articles/new", articleFields({ intent: "schedule", publishAt: "2001-01-01T10:00" }));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Choisissez une date et une heure à venir.");
  });

  it("deletes an article with its languages and revisions after the box is ticked", async () => {
    const owner = await adminInMode("10.21.0.6");
    const id = await createArticle(owner, { slug: "to-be-deleted", intent: "publish" });
    expect((await owner.post(`/admin/articles/${id}`, { id, intent: "delete" })).status).toBe(400);
    const deleted = await owner.post(`/admin/articles/${id}`, { id, intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(302);
    expect((await reader().get("/blog/to-be-deleted")).status).toBe(404);
    expect(await app.services.db.selectFrom("article_revisions").select("id").where("article_id", "=", id).execute()).toEqual([]);
    expect((await audit(id)).map((row) => row.action).at(-1)).toBe("article.deleted");
    await outboxDrained(app);
  });

  it("keeps the last 20 revisions of each language and restores one", async () => {
    const owner = await adminInMode("10.21.0.7");
    const id = await createArticle(owner, { slug: "many-revisions", body: "Version 0" });
    for (let version = 1; version <= KEPT_REVISIONS + 2; version++) {
      expect((await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "many-revisions", body: `Version ${version}` }))).status).toBe(200);
    }
    const kept = await app.services.db.selectFrom("article_revisions").select(["id", "body"]).where("article_id", "=", id).where("language", "=", "en").orderBy("created_at").execute();
    expect(kept).toHaveLength(KEPT_REVISIONS);
    expect(kept[0]!.body).toBe("Version 3");
    const restored = await owner.post(`/admin/articles/${id}`, { id, intent: "restore", revisionId: kept[0]!.id });
    expect(restored.status).toBe(302);
    const text = await app.services.db.selectFrom("article_translations").select("body").where("article_id", "=", id).where("language", "=", "en").executeTakeFirstOrThrow();
    expect(text.body).toBe("Version 3");
    expect((await audit(id)).map((row) => row.action).at(-1)).toBe("article.revision_restored");
  });

  it("leaves a deleted sample article deleted when the server starts again: the database is the truth", async () => {
    const owner = await adminInMode("10.21.0.8");
    const sample = await app.services.db.selectFrom("articles").select("id").where("slug", "=", "mlk-global-vision").executeTakeFirstOrThrow();
    expect((await owner.post(`/admin/articles/${sample.id}`, { id: sample.id, intent: "delete", confirm: "on" })).status).toBe(302);
    expect((await seedSampleContent(app.services.db, app.services.storage, app.clock.now())).articles).toBe(0);
    expect(await app.services.db.selectFrom("articles").select("id").where("slug", "=", "mlk-global-vision").execute()).toEqual([]);
  });
});
