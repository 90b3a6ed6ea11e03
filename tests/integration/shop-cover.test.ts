import { describe, expect, it } from "vitest";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import { readSettings, writeSetting } from "~/modules/settings/settings.server";
import { appOnS3Storage, appOnTestDatabase, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";
import type { HttpSession } from "../support/http-session";
import { bombPng, pngImage, scriptPng } from "../support/images";
import { people } from "../support/people";
import { secureCoverActive } from "../support/shop-pages";
import { createUpload, uploadFile } from "../support/tus";

// The permanent book cover over HTTP: stored privately, shown through a one-year signed link kept in
// the settings and renewed, 'Secure Cover Active', and the bad images (wrong type, script inside, too large).

function coverSuite(app: TestApp, label: string) {
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const post = (session: HttpSession, form: Record<string, string>) => session.post("/shop.data", form);
  const saveCover = async (session: HttpSession, bytes: Buffer, name = "cover.png") => post(session, { intent: "savePermanentCover", uploadId: await uploadFile(session, bytes, name, "image") });
  const signedCover = (html: string) => /\/files\/book-covers\/admin-book-cover-\d+\.(?:png|jpg)\?exp=\d+&amp;sig=[\w-]+/.exec(html)?.[0]?.replace(/&amp;/g, "&") ?? null;
  const settings = () => readSettings(db());

  it(`${label}: refuses readers, and refuses HTML named .jpg (415), a script in an image (a critical event), a 20 000 × 20 000 PNG, a .exe name and 10 MB + 1 byte`, async () => {
    const reader = await signIn("reader@example.org", "10.91.0.1");
    expect((await createUpload(reader, 100, "cover.png", "image")).status).toBe(403);
    expect((await post(reader, { intent: "savePermanentCover", uploadId: "0".repeat(32) })).status).toBe(403);
    const owner = await adminInMode("10.91.0.2");
    expect((await saveCover(owner, Buffer.from("<!doctype html><html><script>alert(1)</script></html>"), "cover.jpg")).status).toBe(415);
    const script = await saveCover(owner, await scriptPng());
    expect(script.status).toBe(422);
    expect(await script.text()).toContain("script");
    const event = await db().selectFrom("security_events").selectAll().where("event_type", "=", "upload.script_in_image").executeTakeFirst();
    expect(event?.severity).toBe("critical");
    expect(await (await saveCover(owner, bombPng())).text()).toContain("pixels");
    expect((await saveCover(owner, await pngImage(), "cover.png.exe")).status).toBe(422);
    expect((await createUpload(owner, MAX_GENERAL_UPLOAD_BYTES + 1, "big.png", "image")).status).toBe(413);
    expect((await settings())["shop.coverKey"]).toBe("");
  });

  it(`${label}: stores the cover privately and shows it to visitors through a one-year signed link; 'Secure Cover Active'`, async () => {
    const owner = await adminInMode("10.91.1.1");
    expect((await saveCover(owner, await pngImage(400, 600))).status).toBe(200);
    const { "shop.coverKey": key, "shop.coverUrl": link } = await settings();
    expect(key).toMatch(/^book-covers\/admin-book-cover-\d+\.png$/);
    expect(await app.services.storage.head(key)).toMatchObject({ contentType: "image/png", cacheControl: "private, max-age=3600" });
    const expires = Number(new URL(link, app.url).searchParams.get("exp")) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(364 * 86_400_000);

    const visitorHtml = await (await fetch(new URL("/shop", app.url))).text();
    const shown = signedCover(visitorHtml)!;
    expect(shown).toBe(link);
    const image = await fetch(new URL(shown, app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(secureCoverActive(await (await owner.get("/shop")).text())).toBe(true);

    const [pathname] = shown.split("?") as [string];
    expect((await fetch(new URL(pathname, app.url))).status).toBe(403);
    expect((await fetch(new URL(shown.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`), app.url))).status).toBe(403);
    expect((await fetch(new URL(app.services.signedLinks.url(pathname, new Date(Date.now() - 1000)), app.url))).status).toBe(410);
  });

  it(`${label}: renews a link with under 30 days left, replaces the old file, and removes the cover`, async () => {
    const owner = await adminInMode("10.91.2.1");
    const first = await settings();
    const soon = app.services.signedLinks.url(`/files/${first["shop.coverKey"]}`, new Date(Date.now() + 10 * 86_400_000));
    await writeSetting(db(), "shop.coverUrl", soon, new Date());
    // Written behind the site's back: its stored pages are told, as the settings form would.
    await app.services.pageChanges.changed(["settings"], new Date());
    await fetch(new URL("/shop", app.url));
    const renewed = (await settings())["shop.coverUrl"];
    expect(renewed).not.toBe(soon);
    expect(Number(new URL(renewed, app.url).searchParams.get("exp")) * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    // A cover's key carries the app's time in milliseconds: move it on so the next key is a new one.
    app.clock.advance(1);
    expect((await saveCover(owner, await pngImage(200, 300))).status).toBe(200);
    const second = (await settings())["shop.coverKey"];
    expect(second).not.toBe(first["shop.coverKey"]);
    expect(await app.services.storage.exists(first["shop.coverKey"])).toBe(false);

    expect((await post(owner, { intent: "removePermanentCover" })).status).toBe(200);
    expect(await settings()).toMatchObject({ "shop.coverKey": "", "shop.coverUrl": "" });
    expect(await app.services.storage.exists(second)).toBe(false);
    expect(await (await fetch(new URL("/shop", app.url))).text()).toContain("Upload your cover image to see it here");
  });
}

describe.each(dialects)("the permanent book cover on %s", (dialect) => {
  coverSuite(appOnTestDatabase(dialect), dialect);
});

describe("the permanent book cover with S3-compatible storage", () => {
  coverSuite(appOnS3Storage(), "S3");
});
