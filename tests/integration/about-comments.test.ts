import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderateComment } from "~/modules/comments/comments.server";
import { startTestApp, type TestApp } from "../support/app-server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(() => app.close());

const post = (fields: Record<string, string>, ip: string, path = "/about") =>
  fetch(app.url + path, { method: "POST", body: new URLSearchParams({ intent: "comment", ...fields }), headers: { "x-forwarded-for": ip, origin: app.url } });
const rows = () => app.services.db.selectFrom("comments").selectAll().execute();

describe("About page comments", () => {
  it("refuses an empty or over-long comment and a missing terms box, with translated messages and nothing stored", async () => {
    const empty = await post({ name: "", comment: "" }, "10.0.0.1", "/pt/about");
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toMatch(/class="[^"]*\btext-alert\b/);
    const long = await post({ name: "Ama", comment: "x".repeat(2001), terms: "on" }, "10.0.0.1");
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Your comment must be at most 2000 characters.");
    expect(await rows()).toHaveLength(0);
  });

  it("stores a comment as pending, thanks the reader, and shows it only once approved, as text", async () => {
    const response = await post({ name: "Ama", comment: "<script>alert(1)</script>", terms: "on" }, "10.0.0.2");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your comment will appear once the editor has approved it.");
    const [stored] = await rows();
    expect(stored).toMatchObject({ name: "Ama", body: "<script>alert(1)</script>", status: "pending", language: "en" });
    expect(await (await fetch(`${app.url}/about`)).text()).not.toContain("alert(1)");
    await moderateComment(app.services.db, stored!.id, "approved", new Date());
    // Approved here without the admin's form, which is what tells the page cache.
    await app.services.pageChanges.changed(["settings"], new Date());
    const page = await (await fetch(`${app.url}/about`)).text();
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<script>alert(1)");
  });

  it("limits each address to 3 comments in 5 minutes (429 with Retry-After), without storing the 4th", async () => {
    const before = (await rows()).length;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post({ name: "B", comment: `c${i}`, terms: "on" }, "10.0.0.3")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await rows()).length).toBe(before + 3);
    const limited = await post({ name: "B", comment: "again", terms: "on" }, "10.0.0.3");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("You have sent several comments in a short time.");
  });
});
