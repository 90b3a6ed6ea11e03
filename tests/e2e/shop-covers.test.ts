import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForHydration, watchErrors } from "../support/browser";
import { heldRequests, step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";
import { pngImage } from "../support/images";

// The book's covers as the owner sets them in Chromium: the permanent cover and 'Secure
// Cover Active', the temporary cover (compressed in the browser, its admin-operation validation and
// its limit of 3 uploads in 5 minutes), the card's secure cover form, the same tools on the
// dashboard, and a visitor who reaches none of it.
const { browser } = useBrowser();
const { url, adminPage } = useAdminServer("shop-covers");

async function visitorPage(pathname: string): Promise<Page> {
  const page = await (await browser().newContext()).newPage();
  await page.goto(`${url()}${pathname}`);
  return page;
}

const permanentPanel = (page: Page) => page.locator("section[aria-labelledby=permanent-cover-title]");
const temporaryPanel = (page: Page) => page.locator("section[aria-labelledby=temporary-cover-title]");
const card = (page: Page) => page.locator("section[aria-labelledby=content-management-title]");
/** The panels load after the page: their controls are enabled once their code has run. */
async function imageInput(panel: Locator): Promise<Locator> {
  const input = panel.locator("input[type=file][accept^=\".jpg\"]");
  await expect.poll(() => input.isEnabled()).toBe(true);
  return input;
}
const shownCover = async (page: Page) => {
  const cover = page.locator("header img");
  return { src: await cover.getAttribute("src"), width: await cover.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)) };
};

describe("the book's covers in the browser", () => {
  it("shows a visitor none of the admin panels, and refuses the admin pages, the uploads and the private files", async () => {
    const page = await visitorPage("/shop");
    await waitForHydration(page);
    for (const title of ["Permanent cover", "Temporary cover", "Admin Content Management"]) expect(await page.getByText(title, { exact: true }).count()).toBe(0);
    const statuses = await page.evaluate(async () => {
      const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) => fetch(path, { method: "POST", body, headers }).then((response) => response.status);
      return {
        shopAction: await post("/shop.data", new URLSearchParams({ intent: "removePermanentCover" })),
        adminShopAction: await post("/admin/shop.data", new URLSearchParams({ intent: "clearBook" })),
        upload: await post("/admin/uploads", null, { "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": "purpose aW1hZ2U=" }),
        unsignedCover: (await fetch("/files/book-covers/admin-book-cover-1.png")).status,
        unsignedBook: (await fetch("/files/book/00000000-0000-4000-8000-000000000000.pdf")).status,
        forgedCover: (await fetch("/files/book-covers/admin-book-cover-1.png?exp=9999999999&sig=forged")).status,
      };
    });
    expect(statuses).toEqual({ shopAction: 401, adminShopAction: 401, upload: 401, unsignedCover: 403, unsignedBook: 403, forgedCover: 403 });
    await page.goto(`${url()}/admin/shop`);
    expect(await page.getByText("Authentication required. Please sign in first.").isVisible()).toBe(true);
    expect(await page.getByText("Temporary cover").count()).toBe(0);
    await page.context().close();
  });

  it("shows a permanent cover through its signed link, with 'Secure Cover Active', until it is removed", async () => {
    const page = await adminPage(browser(), "/shop");
    const input = await imageInput(permanentPanel(page));
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect.poll(() => permanentPanel(page).getByText("Please upload an image file (JPEG, PNG).").isVisible()).toBe(true);
    await input.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngImage(400, 600) });
    await permanentPanel(page).getByRole("button", { name: "Upload cover" }).click();
    await expect.poll(() => page.getByText("Cover saved").isVisible()).toBe(true);
    await expect.poll(() => permanentPanel(page).getByText("Secure Cover Active").isVisible()).toBe(true);
    const visitor = await visitorPage("/shop");
    const cover = await shownCover(visitor);
    expect(cover.src).toMatch(/^\/files\/book-covers\/admin-book-cover-\d+\.png\?exp=\d+&sig=/);
    expect(cover.width).toBe(400);
    await visitor.context().close();

    await permanentPanel(page).getByRole("button", { name: "Remove cover" }).click();
    await expect.poll(() => page.getByText("Cover removed").isVisible()).toBe(true);
    expect(await permanentPanel(page).getByText("Secure Cover Active").count()).toBe(0);
    await page.context().close();
  });

  it("compresses a temporary cover to 800 × 800, shows it with its name and a remove button, checks the form's owner, and stops at 3 uploads in 5 minutes", async () => {
    const page = await adminPage(browser(), "/shop");
    const errors = watchErrors(page);
    const panel = temporaryPanel(page);
    const upload = panel.getByRole("button", { name: "Upload temporary cover" });
    await expect.poll(() => panel.getByText(/No temporary cover/).isVisible()).toBe(true);
    const input = await imageInput(panel);
    await step("refuses a file over 10 MB and a .png that is no image", async () => {
      await input.setInputFiles({ name: "large.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
      await expect.poll(() => panel.getByText("File size exceeds 10MB limit").isVisible()).toBe(true);
      // Named .png but not an image: the browser cannot load it to compress it.
      await input.setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
      await upload.click();
      await expect.poll(() => panel.getByText("Failed to load image").isVisible()).toBe(true);
    });

    await step("uploads a 1600 × 2400 cover with a progress bar, and a visitor sees it made to fit 800 × 800", async () => {
      const pieces = await heldRequests(page, "**/admin/uploads/**");
      await input.setInputFiles({ name: "tall cover.png", mimeType: "image/png", buffer: await pngImage(1600, 2400) });
      await upload.click();
      await expect.poll(() => panel.getByRole("progressbar", { name: "Upload progress" }).isVisible()).toBe(true);
      pieces.release();
      await expect.poll(() => panel.getByText("On the shop page now: tall_cover.png").isVisible()).toBe(true);
      expect(await panel.getByRole("button", { name: "Remove", exact: true }).isVisible()).toBe(true);
      await page.unroute("**/admin/uploads/**");
      const visitor = await visitorPage("/shop");
      const cover = await shownCover(visitor);
      expect(cover.src).toMatch(/^\/files\/book-covers\/temporary-cover-\d+\.png\?exp=\d+&sig=/);
      // 1600 × 2400 made to fit 800 × 800 in the browser, proportions kept: 533 × 800.
      expect(cover.width).toBe(533);
      await visitor.context().close();
    });

    await step("sends the form with someone else's id and is refused", async () => {
      // A form sent with someone else's id fails the admin-operation validation.
      await page.route("**/shop.data**", (route) => route.continue({ postData: route.request().postData()?.replace(/operatorId=[^&]+/, `operatorId=${randomUUID()}`) }));
      await input.setInputFiles({ name: "second.png", mimeType: "image/png", buffer: await pngImage(300, 450) });
      await upload.click();
      await expect.poll(() => panel.getByText("Admin operation validation failed.").isVisible()).toBe(true);
      expect(await page.getByText("Security Validation Failed").first().isVisible()).toBe(true);
      await page.unroute("**/shop.data**");
    });

    await step("uploads two more, and a fourth within 5 minutes is refused", async () => {
      for (const name of ["second.png", "third.png"]) {
        await input.setInputFiles({ name, mimeType: "image/png", buffer: await pngImage(300, 450) });
        await upload.click();
        await expect.poll(() => panel.getByText(`On the shop page now: ${name}`).isVisible()).toBe(true);
      }
      await input.setInputFiles({ name: "fourth.png", mimeType: "image/png", buffer: await pngImage(300, 450) });
      await upload.click();
      await expect.poll(() => panel.getByText("Upload rate limit exceeded. Please wait before uploading again.").isVisible()).toBe(true);
      expect(await page.getByText("Rate Limit Exceeded").first().isVisible()).toBe(true);
      expect(await panel.getByText("On the shop page now: third.png").isVisible()).toBe(true);
    });

    await step("removes the temporary cover", async () => {
      await panel.getByRole("button", { name: "Remove", exact: true }).click();
      await expect.poll(() => panel.getByText(/No temporary cover/).isVisible()).toBe(true);
    });
    expect(errors.filter((error) => !/status of (403|429)/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("the card's secure cover form takes JPEG or PNG up to 5 MB, and asks for admin authentication once admin mode has ended", async () => {
    const page = await adminPage(browser(), "/shop");
    const form = card(page);
    const input = await imageInput(form);
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect.poll(() => form.getByText("Please upload an image file (JPEG, PNG).").isVisible()).toBe(true);
    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect.poll(() => form.getByText("File size should not exceed 5MB.").isVisible()).toBe(true);
    await input.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngImage(420, 630) });
    await form.getByRole("button", { name: "Upload cover image" }).click();
    await expect.poll(() => page.getByText("Cover saved").isVisible()).toBe(true);
    await expect.poll(async () => (await shownCover(page)).width).toBe(420);

    // Admin mode ends (here: from another tab); the next upload is refused.
    expect(await page.evaluate(() => fetch("/admin-access", { method: "POST", body: new URLSearchParams({ intent: "logout" }) }).then((response) => response.status))).toBe(200);
    await input.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngImage(420, 630) });
    await form.getByRole("button", { name: "Upload cover image" }).click();
    await expect.poll(() => form.getByText("Admin authentication required for secure uploads.").isVisible()).toBe(true);
    await page.context().close();
  });

  it("offers the same tools on the dashboard's shop page", async () => {
    const page = await adminPage(browser(), "/admin");
    await page.getByRole("link", { name: "Shop media" }).click();
    await page.waitForURL(/\/admin\/shop$/);
    await expect.poll(() => page.getByText("The cover visitors see now").isVisible()).toBe(true);
    for (const section of [permanentPanel(page), temporaryPanel(page), card(page)]) await expect.poll(() => section.isVisible()).toBe(true);
    await expect.poll(() => permanentPanel(page).getByText("Secure Cover Active").isVisible()).toBe(true);
    await expect.poll(() => permanentPanel(page).getByRole("button", { name: "Remove cover" }).isEnabled()).toBe(true);
    await permanentPanel(page).getByRole("button", { name: "Remove cover" }).click();
    await expect.poll(() => page.getByText("Cover removed").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No cover yet").isVisible()).toBe(true);
    await page.context().close();
  });
});
