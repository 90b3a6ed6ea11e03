import { describe, expect, it } from "vitest";
import { MAX_VIDEO_UPLOAD_BYTES } from "~/lib/upload-limits";
import { readVideo } from "~/modules/shop/video.server";
import { appOnS3Storage, appOnTestDatabase, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { createUpload, mp4Bytes, pngBytes, uploadFile } from "../support/tus";

// The shop's trailer as the owner sets it over HTTP: upload (a draft), preview, 'Save to Shop', Range
// serving, replacing and removing, and its refusals.

function videoSuite(app: TestApp, label: string) {
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const post = (session: HttpSession, form: Record<string, string>) => session.post("/shop.data", form);
  const videoPath = (html: string) => /\/shop\/video\/[0-9a-f-]+\.mp4/.exec(html)?.[0] ?? null;
  const visitorHtml = async () => (await fetch(new URL("/shop", app.url))).text();

  it(`${label}: refuses visitors and readers, and says 'No video selected' without one`, async () => {
    expect((await post(new HttpSession(app.url, "10.81.0.1"), { intent: "publishVideo" })).status).toBe(401);
    expect((await post(await signIn("reader@example.org", "10.81.0.2"), { intent: "publishVideo" })).status).toBe(403);
    const owner = await adminInMode("10.81.0.3");
    const none = await post(owner, { intent: "publishVideo" });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("none");
    expect(await readVideo(db())).toBeNull();
  });

  it(`${label}: refuses a PNG named .mp4 (415) and an announced 200 MB + 1 byte (413)`, async () => {
    const owner = await adminInMode("10.81.1.1");
    const png = await post(owner, { intent: "saveVideo", uploadId: await uploadFile(owner, pngBytes(), "trailer.mp4", "video") });
    expect(png.status).toBe(415);
    expect((await createUpload(owner, MAX_VIDEO_UPLOAD_BYTES + 1, "big.mp4", "video")).status).toBe(413);
    expect((await createUpload(owner, MAX_VIDEO_UPLOAD_BYTES, "max.mp4", "video")).status).toBe(201);
    expect(await readVideo(db())).toBeNull();
  });

  it(`${label}: keeps a new upload as a draft only the admin previews, then 'Save to Shop' shows it to visitors with Range`, async () => {
    const owner = await adminInMode("10.81.2.1");
    expect((await post(owner, { intent: "saveVideo", uploadId: await uploadFile(owner, mp4Bytes(), "Course Trailer.mp4", "video") })).status).toBe(200);
    expect(await readVideo(db())).toMatchObject({ name: "Course_Trailer.mp4", type: "video/mp4", published: false });
    expect(videoPath(await visitorHtml())).toBeNull();
    const preview = videoPath(await (await owner.get("/shop")).text())!;
    expect((await fetch(new URL(preview, app.url))).status).toBe(404);
    expect((await owner.get(preview)).status).toBe(200);

    expect((await post(owner, { intent: "publishVideo" })).status).toBe(200);
    const shown = videoPath(await visitorHtml())!;
    expect(shown).toBe(preview);
    const ranged = await fetch(new URL(shown, app.url), { headers: { range: "bytes=4-11" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(await ranged.text()).toBe("ftypisom");
  });

  it(`${label}: replacing removes the old file; removing takes the video off the shop page; all audited`, async () => {
    const owner = await adminInMode("10.81.3.1");
    const first = (await readVideo(db()))!;
    expect((await post(owner, { intent: "saveVideo", uploadId: await uploadFile(owner, mp4Bytes(9000), "second.mp4", "video") })).status).toBe(200);
    expect(await app.services.storage.exists(first.key)).toBe(false);
    const second = (await readVideo(db()))!;
    expect(second.published).toBe(false);
    expect((await post(owner, { intent: "removeVideo" })).status).toBe(200);
    expect(await readVideo(db())).toBeNull();
    expect(await app.services.storage.exists(second.key)).toBe(false);
    const actions = (await db().selectFrom("audit_log").select("action").where("action", "like", "shop.video%").orderBy("timestamp").execute()).map((row) => row.action);
    expect(actions).toEqual(["shop.video_uploaded", "shop.video_published", "shop.video_uploaded", "shop.video_removed"]);
  });
}

describe.each(dialects)("the shop's trailer on %s", (dialect) => {
  videoSuite(appOnTestDatabase(dialect), dialect);
});

describe("the shop's trailer with S3-compatible storage", () => {
  videoSuite(appOnS3Storage(), "S3");
});
