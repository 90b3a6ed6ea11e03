import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";
import { articleFields, createArticle } from "../support/article-forms";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { pngImage, scriptPng } from "../support/images";
import { people } from "../support/people";
import { uploadFile } from "../support/tus";

// An uploaded article cover on both databases: made in three widths, AVIF, WebP and JPEG, shown with
// its description on the article page and its card, refused without a description or when it is not a
// picture, and replaced by the drawn cover again on request.

describe.each(dialects)("article covers on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const reader = () => new HttpSession(app.url, "10.23.9.9");
  const imageOf = async (id: string) => (await app.services.db.selectFrom("articles").select("image").where("id", "=", id).executeTakeFirstOrThrow()).image;

  it("stores an uploaded cover in every size and format, and shows it with its description", async () => {
    const owner = await adminInMode("10.23.0.1");
    const id = await createArticle(owner, { slug: "with-a-cover", intent: "publish" });
    const uploadId = await uploadFile(owner, await pngImage(1600, 1200), "harbour.png", "image");
    expect((await owner.post(`/admin/articles/${id}`, { intent: "cover", id, uploadId, imageAlt: "Container cranes at dusk" })).status).toBe(200);
    const image = await imageOf(id);
    expect(image).toMatch(new RegExp(`^/article-covers/${id}-\\d+$`));

    for (const [format, type] of [["avif", "image/avif"], ["webp", "image/webp"], ["jpg", "image/jpeg"]] as const) {
      for (const width of [480, 800, 1200]) {
        const file = await reader().get(`${image}-${width}.${format}`);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe(type);
        expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([width, Math.round((width * 9) / 16)]);
      }
    }
    const page = await (await reader().get("/blog/with-a-cover")).text();
    expect(page).toContain(`srcSet="${image}-480.avif 480w`);
    expect(page).toContain('alt="Container cranes at dusk"');
    expect(page).toContain(`content="http://localhost:3000${image}-1200.jpg"`);
    expect(await (await reader().get("/blog")).text()).toContain(`${image}-480.webp 480w`);

    // The English description is required while the cover is there.
    const without = await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "with-a-cover", imageAlt: "" }));
    expect(without.status).toBe(400);

    expect((await owner.post(`/admin/articles/${id}`, { intent: "removeCover", id })).status).toBe(200);
    expect(await imageOf(id)).toBe("/images/articles/with-a-cover.svg");
    expect((await reader().get(`${image}-480.jpg`)).status).toBe(404);
    const actions = await app.services.db.selectFrom("audit_log").select("action").where("resource", "=", `article:${id}`).execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["article.cover_uploaded", "article.cover_removed"]));
  });

  it("refuses a cover without a description, a file that is not a picture, and a picture hiding a script", async () => {
    const owner = await adminInMode("10.23.0.2");
    const id = await createArticle(owner, { slug: "refused-covers" });
    const picture = await uploadFile(owner, await pngImage(800, 600), "ok.png", "image");
    expect((await owner.post(`/admin/articles/${id}`, { intent: "cover", id, uploadId: picture, imageAlt: "" })).status).toBe(400);
    const text = await uploadFile(owner, Buffer.from("not a picture at all"), "notes.png", "image");
    expect((await owner.post(`/admin/articles/${id}`, { intent: "cover", id, uploadId: text, imageAlt: "Notes" })).status).toBe(415);
    const script = await uploadFile(owner, await scriptPng(), "trap.png", "image");
    expect((await owner.post(`/admin/articles/${id}`, { intent: "cover", id, uploadId: script, imageAlt: "Trap" })).status).toBe(422);
    expect(await imageOf(id)).toBe("/images/articles/refused-covers.svg");
  });
});
