import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { readSettings } from "~/modules/settings/settings.server";
import { appOnS3Storage, appOnTestDatabase, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";
import type { HttpSession } from "../support/http-session";
import { bombPng, pngImage, scriptPng } from "../support/images";
import { people } from "../support/people";
import { createUpload, uploadFile } from "../support/tus";
import { secureCoverActive } from "../support/shop-pages";

// The temporary cover and the dashboard's secure cover form over HTTP: the
// admin-operation validation, 3 uploads per admin in 5 minutes, the cover shown before the permanent
// one and removed again, the 5 MB limit of the secure form, and the same tools on /admin/shop.

function temporaryCoverSuite(app: TestApp, label: string) {
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const settings = () => readSettings(db());
  const ownerId = async () => (await db().selectFrom("user").select("id").where("email", "=", "owner@example.org").executeTakeFirstOrThrow()).id;
  const post = (session: HttpSession, form: Record<string, string>, path = "/shop.data") => session.post(path, form);
  const saveTemporary = async (session: HttpSession, bytes: Buffer, fields: Record<string, string> = {}, name = "cover.png") => {
    const uploadId = await uploadFile(session, bytes, name, "image");
    const response = await post(session, { intent: "saveTemporaryCover", operatorId: await ownerId(), uploadId, ...fields });
    return { response, uploadId };
  };
  const temporaryLink = (html: string) => /\/files\/book-covers\/temporary-cover-\d+\.(?:png|jpg)\?exp=\d+&amp;sig=[\w-]+/.exec(html)?.[0]?.replace(/&amp;/g, "&") ?? null;

  // Each test starts with a fresh allowance of 3 uploads.
  beforeEach(async () => {
    await db().deleteFrom("rate_limits").where("key", "like", "temporary-cover:%").execute();
  });

  it(`${label}: a form that is not the signed-in admin's own fails the admin-operation validation: 403, a critical event, nothing kept`, async () => {
    const owner = await adminInMode("10.93.0.1");
    for (const operatorId of ["", "not-a-uuid", randomUUID()]) {
      const { response, uploadId } = await saveTemporary(owner, await pngImage(), { operatorId });
      expect(response.status, operatorId).toBe(403);
      expect(await response.text()).toContain("validation");
      expect(await app.services.uploads.find(uploadId)).toBeNull();
    }
    const events = await db().selectFrom("security_events").select(["severity"]).where("event_type", "=", "admin.operation_invalid").execute();
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.every((event) => event.severity === "critical")).toBe(true);
    expect((await settings())["shop.temporaryCoverKey"]).toBe("");
    // Refused forms do not count against the rate limit: three good uploads still go through below.
  });

  it(`${label}: refuses readers and the bad images: HTML named .jpg 415, a script 422, a bomb 422, a .exe name 422`, async () => {
    const reader = await signIn("reader@example.org", "10.93.1.1");
    expect((await post(reader, { intent: "saveTemporaryCover", operatorId: randomUUID(), uploadId: "0".repeat(32) })).status).toBe(403);
    const owner = await adminInMode("10.93.1.2");
    expect((await saveTemporary(owner, Buffer.from("<html><script>alert(1)</script></html>"), {}, "cover.jpg")).response.status).toBe(415);
    const script = await saveTemporary(owner, await scriptPng());
    expect(script.response.status).toBe(422);
    expect(await script.response.text()).toContain("script");
    expect(await app.services.uploads.find(script.uploadId)).toBeNull();
    await db().deleteFrom("rate_limits").where("key", "like", "temporary-cover:%").execute();
    expect(await (await saveTemporary(owner, bombPng())).response.text()).toContain("pixels");
    expect((await saveTemporary(owner, await pngImage(), {}, "cover.png.exe")).response.status).toBe(422);
    expect((await settings())["shop.temporaryCoverKey"]).toBe("");
  });

  it(`${label}: allows 3 uploads in 5 minutes per admin, then 429 with Retry-After; the last good one is on the shop page`, async () => {
    const owner = await adminInMode("10.93.2.1");
    const keys: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { response } = await saveTemporary(owner, await pngImage(300, 450), {}, `cover-${attempt}.png`);
      expect(response.status).toBe(200);
      keys.push((await settings())["shop.temporaryCoverKey"]);
      // A cover's key carries the app's time in milliseconds: move it on so the next key is a new one.
      app.clock.advance(1);
    }
    // Each upload replaced the one before: only the last file is left.
    expect(await app.services.storage.exists(keys[0]!)).toBe(false);
    expect(await app.services.storage.exists(keys[2]!)).toBe(true);
    const fourth = await saveTemporary(owner, await pngImage(), {}, "cover-4.png");
    expect(fourth.response.status).toBe(429);
    expect(Number(fourth.response.headers.get("retry-after"))).toBeGreaterThan(200);
    expect(await fourth.response.text()).toContain("rateLimited");
    expect(await app.services.uploads.find(fourth.uploadId)).toBeNull();
    expect(await settings()).toMatchObject({ "shop.temporaryCoverKey": keys[2], "shop.temporaryCoverName": "cover-3.png" });
    expect(await (await owner.get("/shop")).text()).toContain("cover-3.png");
  });

  it(`${label}: shows the temporary cover to visitors before the permanent one, through a signed link, until it is removed`, async () => {
    const owner = await adminInMode("10.93.3.1");
    expect((await post(owner, { intent: "savePermanentCover", uploadId: await uploadFile(owner, await pngImage(400, 600), "cover.png", "image") })).status).toBe(200);
    const { "shop.temporaryCoverKey": temporary, "shop.coverUrl": permanent } = await settings();
    expect(temporary).toMatch(/^book-covers\/temporary-cover-\d+\.png$/);

    const visitorHtml = await (await fetch(new URL("/shop", app.url))).text();
    const shown = temporaryLink(visitorHtml)!;
    expect(shown).not.toBeNull();
    expect(visitorHtml).not.toContain(permanent.replace(/&/g, "&amp;"));
    const image = await fetch(new URL(shown, app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await fetch(new URL(shown.split("?")[0]!, app.url))).status).toBe(403);
    // The permanent panel no longer says 'Secure Cover Active': the shown cover is the temporary one.
    expect(secureCoverActive(await (await owner.get("/shop")).text())).toBe(false);

    // Removing needs the validation too.
    expect((await post(owner, { intent: "removeTemporaryCover", operatorId: randomUUID() })).status).toBe(403);
    expect((await post(owner, { intent: "removeTemporaryCover", operatorId: await ownerId() })).status).toBe(200);
    expect(await settings()).toMatchObject({ "shop.temporaryCoverKey": "", "shop.temporaryCoverName": "" });
    expect(await app.services.storage.exists(temporary)).toBe(false);
    expect((await fetch(new URL(shown, app.url))).status).toBe(404);
    expect(secureCoverActive(await (await owner.get("/shop")).text())).toBe(true);
    const audit = await db().selectFrom("audit_log").select("action").where("action", "in", ["shop.temporary_cover_uploaded", "shop.temporary_cover_removed"]).execute();
    expect(new Set(audit.map((row) => row.action))).toEqual(new Set(["shop.temporary_cover_uploaded", "shop.temporary_cover_removed"]));
  });

  it(`${label}: the dashboard's secure cover form takes at most 5 MB and sets the permanent cover, on /admin/shop too`, async () => {
    const owner = await adminInMode("10.93.4.1");
    const large = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]);
    const uploadId = await uploadFile(owner, large, "large.png", "image");
    const refused = await post(owner, { intent: "saveSecureCover", uploadId }, "/admin/shop.data");
    expect(refused.status).toBe(413);
    expect(await app.services.uploads.find(uploadId)).toBeNull();
    const before = (await settings())["shop.coverKey"];
    const saved = await post(owner, { intent: "saveSecureCover", uploadId: await uploadFile(owner, await pngImage(500, 750), "cover.png", "image") }, "/admin/shop.data");
    expect(saved.status).toBe(200);
    const after = (await settings())["shop.coverKey"];
    expect(after).toMatch(/^book-covers\/admin-book-cover-\d+\.png$/);
    expect(after).not.toBe(before);

    const page = await owner.get("/admin/shop");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Shop media", "Permanent cover", "Temporary cover", "Admin Content Management", "Trailer video"]) expect(html).toContain(text);
    expect((await (await signIn("reader@example.org", "10.93.4.2")).get("/admin/shop")).status).toBe(403);
    expect((await createUpload(owner, 100, "cover.png", "image")).status).toBe(201);
  });
}

describe.each(dialects)("the temporary cover and the secure cover form on %s", (dialect) => {
  temporaryCoverSuite(appOnTestDatabase(dialect), dialect);
});

describe("the temporary cover with S3-compatible storage", () => {
  temporaryCoverSuite(appOnS3Storage(), "S3");
});
