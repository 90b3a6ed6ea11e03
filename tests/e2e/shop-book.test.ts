import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MAX_VIDEO_UPLOAD_BYTES } from "~/lib/upload-limits";
import { watchErrors } from "../support/browser";
import { heldRequests, step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";
import { imageBombPdf, simplePdf, zipBytes } from "../support/pdf";
import { mp4Bytes, pngBytes } from "../support/tus";

// The e-book as the owner sets it in Chromium, on a server of its own with an admin account: the
// form's messages, a PDF whose first page becomes the cover, publish and unpublish as a visitor sees it.
const { browser } = useBrowser();
const { url, adminPage } = useAdminServer("shop-book");
const adminOnShop = () => adminPage(browser(), "/shop");

async function visitorShop(): Promise<Page> {
  const page = await (await browser().newContext()).newPage();
  await page.goto(`${url()}/shop`);
  return page;
}

const card = (page: Page) => page.locator("section[aria-labelledby=content-management-title]");
const heroCover = (page: Page) => page.locator("header img[src^='/shop/cover/']");

describe("the e-book in the browser", () => {
  it("shows visitors no admin card and the cover placeholder", async () => {
    const page = await visitorShop();
    expect(await page.getByText("Upload your cover image to see it here").isVisible()).toBe(true);
    expect(await page.getByText("Admin Content Management").count()).toBe(0);
    await page.context().close();
  });

  it("checks the form, uploads a PDF whose first page becomes the cover, and publishes and unpublishes it", async () => {
    const page = await adminOnShop();
    const errors = watchErrors(page);
    const save = card(page).getByRole("button", { name: "Save book" });
    await step("sends the empty form and is told what is missing", async () => {
      await save.click();
      expect(await card(page).getByText("Book title is required").isVisible()).toBe(true);
      expect(await card(page).getByText("Author name is required").isVisible()).toBe(true);
      expect(await card(page).getByText("Please upload a PDF file.").isVisible()).toBe(true);
    });

    const input = card(page).locator("input[type=file][accept^=\".pdf\"]");
    await step("is refused a ZIP, a ZIP named .pdf and a decompression bomb", async () => {
      await input.setInputFiles({ name: "book.zip", mimeType: "application/zip", buffer: zipBytes() });
      await expect.poll(() => card(page).getByText("Invalid file type. Only PDF files are allowed.").isVisible()).toBe(true);
      // A ZIP named .pdf passes the browser's check; the server reads its bytes and refuses it.
      await card(page).getByLabel("Book title").fill("Voices of Resilience");
      await card(page).getByLabel("Author name").fill("A. Mensah");
      await input.setInputFiles({ name: "book.pdf", mimeType: "application/pdf", buffer: zipBytes() });
      await save.click();
      await expect.poll(() => card(page).getByText("Invalid file type. Only PDF files are allowed.").isVisible()).toBe(true);
      // A decompression bomb (one 16000 × 16000 image in 250 KB) is refused with its own message.
      await input.setInputFiles({ name: "bomb.pdf", mimeType: "application/pdf", buffer: await imageBombPdf(16_000) });
      await save.click();
      await expect.poll(() => card(page).getByText(/too heavy to draw a cover from/).isVisible()).toBe(true);
    });

    await step("saves a 3-page PDF whose first page becomes the cover, still hidden from visitors", async () => {
      await input.setInputFiles({ name: "Voices of Resilience.pdf", mimeType: "application/pdf", buffer: simplePdf(3) });
      await save.click();
      await expect.poll(() => page.getByText("Book saved").isVisible()).toBe(true);
      await expect.poll(() => heroCover(page).count()).toBe(1);
      // The picture appears with the page's new data and loads after it: wait for it to load, which a broken one never does.
      await expect.poll(() => heroCover(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await card(page).getByText(/Current PDF: Voices_of_Resilience\.pdf/).isVisible()).toBe(true);
      expect(await card(page).getByRole("link", { name: "Download PDF" }).getAttribute("href")).toMatch(/^\/files\/book\/.+\?exp=\d+&sig=/);

      const before = await visitorShop();
      expect(await before.getByText("Upload your cover image to see it here").isVisible()).toBe(true);
      await before.context().close();
    });

    await step("publishes the book, and a visitor sees it", async () => {
      await card(page).getByLabel("Published (visible on the shop page)").check();
      await save.click();
      await expect.poll(() => card(page).getByText(/· Published/).isVisible()).toBe(true);
      const visitor = await visitorShop();
      expect(await heroCover(visitor).count()).toBe(1);
      expect(await visitor.getByText("by A. Mensah").isVisible()).toBe(true);
      await visitor.context().close();
    });

    await step("unpublishes it, and a visitor no longer sees it", async () => {
      await card(page).getByLabel("Published (visible on the shop page)").uncheck();
      await save.click();
      await expect.poll(() => card(page).getByText(/· Not published/).isVisible()).toBe(true);
      const after = await visitorShop();
      expect(await heroCover(after).count()).toBe(0);
      await after.context().close();
    });
    // The refused ZIP (415) and bomb (422) are the only failed requests.
    expect(errors.filter((error) => !/status of (415|422)/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("says 'File size exceeds 10MB limit' before sending, and 'File type not allowed for security reasons' for a hidden .exe", async () => {
    const page = await adminOnShop();
    const input = card(page).locator("input[type=file][accept^=\".pdf\"]");
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.setInputFiles({ name: "large.pdf", mimeType: "application/pdf", buffer: Buffer.concat([simplePdf(1), Buffer.alloc(10 * 1024 * 1024)]) });
    await expect.poll(() => card(page).getByText("File size exceeds 10MB limit").isVisible()).toBe(true);
    await card(page).getByLabel("Book title").fill("Voices of Resilience");
    await card(page).getByLabel("Author name").fill("A. Mensah");
    await input.setInputFiles({ name: "cover.png.exe.pdf", mimeType: "application/pdf", buffer: simplePdf(1) });
    await card(page).getByRole("button", { name: "Save book" }).click();
    await expect.poll(() => card(page).getByText("File type not allowed for security reasons").isVisible()).toBe(true);
    await page.context().close();
  });

  it("uploads the trailer with a progress bar, previews it, and 'Save to Shop' shows it to visitors", async () => {
    const page = await adminOnShop();
    const errors = watchErrors(page);
    const saveToShop = card(page).getByRole("button", { name: "Save to Shop" });
    await step("presses 'Save to Shop' with no video and is told so", async () => {
      await saveToShop.click();
      await expect.poll(() => card(page).getByText("No video selected").isVisible()).toBe(true);
    });
    const input = card(page).locator("input[type=file][accept^=\".mp4\"]");
    await step("picks a picture, then a video over 200 MB, and is refused both", async () => {
      await input.setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: pngBytes() });
      await expect.poll(() => card(page).getByText("Please upload a video file only.").isVisible()).toBe(true);
      // 200 MB + 1 byte, as a sparse file the browser reads from disk (nothing is copied).
      const large = path.join(mkdtempSync(path.join(tmpdir(), "e2e-video-")), "large.mp4");
      writeFileSync(large, "");
      truncateSync(large, MAX_VIDEO_UPLOAD_BYTES + 1);
      await input.setInputFiles(large);
      await expect.poll(() => card(page).getByText("Video size should be less than 200MB.").isVisible()).toBe(true);
      rmSync(path.dirname(large), { recursive: true, force: true });
    });

    await step("uploads the trailer with a progress bar; visitors do not see it yet", async () => {
      const pieces = await heldRequests(page, "**/admin/uploads/**");
      await input.setInputFiles({ name: "trailer.mp4", mimeType: "video/mp4", buffer: mp4Bytes(200_000) });
      await card(page).getByRole("button", { name: "Upload video" }).click();
      await expect.poll(() => card(page).getByRole("progressbar", { name: "Upload progress" }).isVisible()).toBe(true);
      pieces.release();
      await expect.poll(() => page.getByText("Video uploaded").isVisible()).toBe(true);
      // The test file is a video by its bytes but not a playable one: the browser says so.
      await expect.poll(() => page.getByText("Video Compatibility Issue").isVisible()).toBe(true);
      const visitorBefore = await visitorShop();
      expect(await visitorBefore.locator("video").count()).toBe(0);
      await visitorBefore.context().close();
    });

    await step("presses 'Save to Shop', and a visitor sees the trailer", async () => {
      await saveToShop.click();
      await expect.poll(() => page.getByText("The video is on the shop page").isVisible()).toBe(true);
      const visitor = await visitorShop();
      expect(await visitor.getByRole("heading", { name: "Watch the trailer" }).isVisible()).toBe(true);
      expect(await visitor.locator("video source").getAttribute("src")).toMatch(/^\/shop\/video\/.+\.mp4$/);
      await visitor.context().close();
    });
    expect(errors.filter((error) => !/Failed to load resource|MEDIA|video/i.test(error))).toEqual([]);
    await page.context().close();
  });
});
