import { describe, expect, it } from "vitest";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import { readBook } from "~/modules/shop/book.server";
import { appOnS3Storage, appOnTestDatabase, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { simplePdf, zipBytes } from "../support/pdf";
import { stagedUploadIds } from "../support/staged-uploads";
import { createUpload, uploadFile } from "../support/tus";

// The shop's e-book as the owner sets it over HTTP: PDF upload with the cover drawn from page 1,
// publish and unpublish, the private PDF behind signed links, clearing, and the bad files (not a PDF, too large).

const fields = (extra: Record<string, string> = {}) => ({ intent: "saveBook", bookTitle: "Voices of Resilience", authorName: "A. Mensah", bookDescription: "Essays.", ...extra });

function bookSuite(app: TestApp, dialect: string) {
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const save = (session: HttpSession, form: Record<string, string>) => session.post("/shop.data", form);
  const shopHtml = async (session?: HttpSession) => (session ? await session.get("/shop") : await fetch(new URL("/shop", app.url))).text();
  const coverPath = (html: string) => /\/shop\/cover\/[0-9a-f-]+\.webp/.exec(html)?.[0] ?? null;
  const downloadLink = (html: string) => /\/files\/book\/[0-9a-f-]+\.pdf\?exp=\d+&amp;sig=[\w-]+/.exec(html)?.[0]?.replace(/&amp;/g, "&") ?? null;

  it(`on ${dialect}: refuses the book form and its uploads to visitors and readers, writing nothing`, async () => {
    expect((await save(new HttpSession(app.url, "10.71.0.1"), fields())).status).toBe(401);
    const reader = await signIn("reader@example.org", "10.71.0.2");
    expect((await save(reader, fields())).status).toBe(403);
    expect((await createUpload(reader, 100, "book.pdf", "book")).status).toBe(403);
    expect(await readBook(db())).toBeNull();
  });

  it(`on ${dialect}: asks for a PDF first, and refuses a ZIP named .pdf (415), a name with .exe (422) and 10 MB + 1 byte (413)`, async () => {
    const owner = await adminInMode("10.71.1.1");
    expect(await (await save(owner, fields())).text()).toContain("required");
    const zip = await save(owner, fields({ uploadId: await uploadFile(owner, zipBytes(), "book.pdf", "book") }));
    expect(zip.status).toBe(415);
    const exe = await save(owner, fields({ uploadId: await uploadFile(owner, simplePdf(1), "cover.png.exe.pdf", "book") }));
    expect(exe.status).toBe(422);
    expect(await exe.text()).toContain("name");
    expect((await createUpload(owner, MAX_GENERAL_UPLOAD_BYTES + 1, "big.pdf", "book")).status).toBe(413);
    const missingTitle = await save(owner, fields({ bookTitle: "", uploadId: await uploadFile(owner, simplePdf(1), "book.pdf", "book") }));
    expect(missingTitle.status).toBe(422);
    expect(await readBook(db())).toBeNull();
    // The last upload waits for a second try, on disk or in the bucket.
    expect(await stagedUploadIds(app.services)).toHaveLength(1);
  });

  it(`on ${dialect}: stores the PDF privately and draws its cover; visitors see the book only once it is published`, async () => {
    const owner = await adminInMode("10.71.2.1");
    const saved = await save(owner, fields({ uploadId: await uploadFile(owner, simplePdf(3), "../Voices of Resilience.pdf", "book") }));
    expect(saved.status).toBe(200);
    const book = (await readBook(db()))!;
    expect(book).toMatchObject({ title: "Voices of Resilience", author: "A. Mensah", published: false, pdfName: "Voices_of_Resilience.pdf" });
    expect(await app.services.storage.head(book.pdfKey)).toMatchObject({ contentType: "application/pdf" });

    // Not published: the visitor sees the placeholder, and the cover URL answers 404 to them.
    const visitorHtml = await shopHtml();
    expect(visitorHtml).toContain("Upload your cover image to see it here");
    const adminHtml = await shopHtml(owner);
    const cover = coverPath(adminHtml)!;
    expect(cover).not.toBeNull();
    expect((await fetch(new URL(cover, app.url))).status).toBe(404);
    const preview = await owner.get(cover);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");

    expect((await save(owner, fields({ isPublished: "on" }))).status).toBe(200);
    const published = await shopHtml();
    expect(published).toContain("Voices of Resilience");
    expect(published).toContain("by A. Mensah");
    expect((await fetch(new URL(coverPath(published)!, app.url))).status).toBe(200);
    // The PDF itself is never linked for visitors.
    expect(published).not.toMatch(/\/files\/book\//);
    const audit = await db().selectFrom("audit_log").select("action").where("action", "like", "shop.%").execute();
    expect(audit.map((row) => row.action)).toEqual(["shop.book_saved", "shop.book_saved"]);
  });

  it(`on ${dialect}: opens the PDF only through a valid, unexpired signed link for that file`, async () => {
    const owner = await adminInMode("10.71.3.1");
    const link = downloadLink(await shopHtml(owner))!;
    const download = await fetch(new URL(link, app.url));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    const [pathname, query] = link.split("?") as [string, string];
    const flipped = link.replace(/sig=(.)/, (_, first: string) => `sig=${first === "A" ? "B" : "A"}`);
    expect((await fetch(new URL(flipped, app.url))).status).toBe(403);
    expect((await fetch(new URL(pathname, app.url))).status).toBe(403);
    const otherFile = `/files/book/00000000-0000-4000-8000-000000000000.pdf?${query}`;
    expect((await fetch(new URL(otherFile, app.url))).status).toBe(403);
    const expired = app.services.signedLinks.url(pathname, new Date(Date.now() - 1000));
    expect((await fetch(new URL(expired, app.url))).status).toBe(410);
    // The three forged links come from one network, so they are counted into one row.
    const events = await db().selectFrom("security_events").select("count").where("event_type", "=", "signed_link.invalid").execute();
    expect(events.reduce((sum, event) => sum + Number(event.count), 0)).toBeGreaterThanOrEqual(3);
  });

  it(`on ${dialect}: replacing the PDF removes the old objects, and clearing removes the book, its PDF and its cover`, async () => {
    const owner = await adminInMode("10.71.4.1");
    const first = (await readBook(db()))!;
    expect((await save(owner, fields({ isPublished: "on", uploadId: await uploadFile(owner, simplePdf(1, "Second Edition"), "second.pdf", "book") }))).status).toBe(200);
    const second = (await readBook(db()))!;
    expect(second.pdfName).toBe("second.pdf");
    expect(await app.services.storage.exists(first.pdfKey)).toBe(false);
    expect(await app.services.storage.exists(first.coverKey!)).toBe(false);

    expect((await save(owner, { intent: "clearBook" })).status).toBe(200);
    expect(await readBook(db())).toBeNull();
    expect(await app.services.storage.exists(second.pdfKey)).toBe(false);
    expect(await app.services.storage.exists(second.coverKey!)).toBe(false);
    expect(await shopHtml()).toContain("Upload your cover image to see it here");
  });
}

describe.each(dialects)("the shop's e-book on %s", (dialect) => {
  bookSuite(appOnTestDatabase(dialect), dialect);
});

describe("the shop's e-book with S3-compatible storage", () => {
  bookSuite(appOnS3Storage(), "S3");
});
