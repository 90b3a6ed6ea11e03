import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForHydration, watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";
import { pngImage } from "../support/images";

// The owner's article work in Chromium, on a server of its own: write a draft with the toolbar and
// the live preview, share a private preview, autosave and the warning before leaving, translate,
// publish, restore a revision, unpublish, schedule, and delete with confirmation.
const { browser } = useBrowser();
const { url, adminPage } = useAdminServer("admin-articles");

const main = (page: Page) => page.locator("main");
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
/** The page's axe violations, the site's shared toaster aside. */
const violations = async (page: Page) => (await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
const publicStatus = async (path: string) => (await fetch(url() + path)).status;

describe("the articles editor in the browser", () => {
  it("walks an article from draft to deletion", async () => {
    const page = await adminPage(browser(), "/admin");
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await step("opens the articles from the dashboard and starts a new one", async () => {
      await page.getByRole("link", { name: "Articles", exact: true }).click();
      await page.getByRole("heading", { name: "Articles", level: 1 }).waitFor();
      await main(page).getByRole("link", { name: "Building the Bridge: What the African Continental Free Trade Area Means for the Diaspora" }).waitFor();
      await page.getByRole("link", { name: "New article" }).click();
      await page.getByRole("heading", { name: "Edit an article", level: 1 }).waitFor();
      await waitForHydration(page);
    });

    await step("writes the text with the toolbar and sees the live preview", async () => {
      await field(page, "Title").fill("Harbours of the Sahel Corridor");
      await field(page, "Excerpt").fill("How inland trade finds the sea, and who gains from it.");
      const body = main(page).getByRole("textbox", { name: "Text", exact: true });
      await body.fill("A corridor changes everything");
      await body.selectText();
      await main(page).getByRole("button", { name: "Bold" }).click();
      expect(await body.inputValue()).toBe("**A corridor changes everything**");
      await main(page).getByRole("button", { name: "Show the preview" }).click();
      await expect.poll(() => main(page).locator("#article-preview strong").innerText()).toBe("A corridor changes everything");
      await field(page, "Category").selectOption("trade-networks");
      await main(page).getByRole("button", { name: "Save draft" }).click();
      await page.waitForURL(/\/admin\/articles\/[0-9a-f-]{36}\?lang=en&done=saved/);
      await expect.poll(() => main(page).getByText("Saved.", { exact: true }).isVisible()).toBe(true);
      expect(await field(page, "Address (slug)").inputValue()).toBe("harbours-of-the-sahel-corridor");
      expect(await publicStatus("/blog/harbours-of-the-sahel-corridor")).toBe(404);
    });

    await step("shares a private preview of the draft", async () => {
      await main(page).getByRole("button", { name: "Create a private preview link" }).click();
      const link = await main(page).getByLabel("Private preview link").inputValue();
      const visitor = await (await browser().newContext()).newPage();
      await visitor.goto(link.replace(/^https?:\/\/[^/]+/, url()));
      await visitor.getByRole("heading", { name: "Harbours of the Sahel Corridor" }).waitFor();
      expect(await visitor.getByText("Preview: readers cannot see this version of the article yet.").isVisible()).toBe(true);
      await visitor.context().close();
    });

    await step("autosaves while typing and asks before leaving unsaved changes", async () => {
      await field(page, "Excerpt").fill("How inland trade finds the sea.");
      await main(page).getByText(/Saved automatically at/).waitFor();
      await field(page, "Title").fill("Harbours of the Sahel Corridor, Revisited");
      await page.getByRole("link", { name: "Back to the dashboard" }).click();
      await expect.poll(() => dialogs.length).toBe(1);
      expect(dialogs[0]).toBe("You have changes that are not saved. Leave this page anyway?");
      expect(page.url()).toMatch(/\/admin\/articles\//);
      // Another language's tab asks too.
      await main(page).getByRole("link", { name: /^Español/ }).click();
      await expect.poll(() => dialogs.length).toBe(2);
      expect(page.url()).toMatch(/lang=en/);
    });

    await step("publishes it", async () => {
      await main(page).getByRole("button", { name: "Publish now" }).click();
      await expect.poll(() => main(page).getByText("Published: readers can see it now.").isVisible()).toBe(true);
      expect(await publicStatus("/blog/harbours-of-the-sahel-corridor")).toBe(200);
      expect(await (await fetch(`${url()}/blog`)).text()).toContain("Harbours of the Sahel Corridor, Revisited");
    });

    await step("uploads a cover picture with its description", async () => {
      await main(page).locator("input[type=file]").setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: await pngImage(1600, 900) });
      await main(page).getByLabel("Description of the new picture", { exact: true }).fill("Cranes over a quiet harbour");
      await main(page).getByRole("button", { name: "Upload the cover" }).click();
      const cover = main(page).locator("section", { has: page.getByRole("heading", { name: "Cover picture" }) });
      await expect.poll(() => cover.innerText()).toContain("The new cover is in place.");
      const html = await (await fetch(`${url()}/blog/harbours-of-the-sahel-corridor`)).text();
      expect(html).toMatch(/<source type="image\/avif" srcSet="\/article-covers\/[0-9a-f-]+-\d+-480\.avif 480w/);
      expect(html).toContain('alt="Cranes over a quiet harbour"');
    });

    await step("translates it into French", async () => {
      await main(page).getByRole("link", { name: /^Français/ }).click();
      await page.waitForURL(/lang=fr/);
      await waitForHydration(page);
      await main(page).getByText("This language has no text yet").waitFor();
      await field(page, "Title").fill("Les ports du corridor sahélien");
      await field(page, "Excerpt").fill("Comment le commerce intérieur trouve la mer.");
      await main(page).getByRole("textbox", { name: "Text", exact: true }).fill("Un corridor change tout.");
      await main(page).getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => main(page).getByText("Saved.", { exact: true }).isVisible()).toBe(true);
      expect(await (await fetch(`${url()}/fr/blog/harbours-of-the-sahel-corridor`)).text()).toContain("Les ports du corridor sahélien");
    });

    await step("restores an earlier revision of the English text", async () => {
      await main(page).getByRole("link", { name: /^English/ }).click();
      await page.waitForURL(/lang=en/);
      await waitForHydration(page);
      const restore = main(page).getByRole("button", { name: /^Restore the revision of/ });
      await expect.poll(() => restore.count()).toBeGreaterThan(0);
      await restore.last().click();
      await expect.poll(() => main(page).getByText("The revision is the text again.").isVisible()).toBe(true);
      expect(await field(page, "Title").inputValue()).toBe("Harbours of the Sahel Corridor");
      expect(await (await fetch(`${url()}/blog/harbours-of-the-sahel-corridor`)).text()).toContain("A corridor changes everything");
    });

    await step("unpublishes it", async () => {
      await main(page).getByRole("button", { name: "Unpublish" }).click();
      await expect.poll(() => main(page).getByText("Unpublished: readers no longer see it.").isVisible()).toBe(true);
      expect(await publicStatus("/blog/harbours-of-the-sahel-corridor")).toBe(404);
    });

    await step("schedules it for a later day", async () => {
      await field(page, "Publication date and time").fill("2099-06-01T09:30");
      await main(page).getByRole("button", { name: "Schedule" }).click();
      await expect.poll(() => main(page).getByText("Scheduled: it will be published at the chosen time.").isVisible()).toBe(true);
      await main(page).getByText(/Scheduled: readers will see it from .*2099/).waitFor();
      expect(await publicStatus("/blog/harbours-of-the-sahel-corridor")).toBe(404);
    });

    await step("deletes it once the box is ticked", async () => {
      await main(page).getByRole("button", { name: "Delete article" }).click();
      await expect.poll(() => main(page).getByText("Tick the box to confirm the deletion.").isVisible()).toBe(true);
      await main(page).getByLabel(/Yes, delete this article/).check();
      await main(page).getByRole("button", { name: "Delete article" }).click();
      await page.waitForURL(/\/admin\/articles\?done=deleted/);
      await expect.poll(() => main(page).getByText("The article was deleted.").isVisible()).toBe(true);
      expect(await main(page).getByText("Harbours of the Sahel Corridor").count()).toBe(0);
    });
    // Saving, publishing and the other forms of the page never asked.
    expect(dialogs).toHaveLength(2);
    // The one refused form (the deletion without its box ticked) answers 400, which the console reports.
    expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
  });

  it("fits a phone and passes axe: the list and an article's editor at 390 px", async () => {
    const page = await adminPage(browser(), "/admin/articles", { width: 390 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await main(page).getByRole("link", { name: "Building the Bridge: What the African Continental Free Trade Area Means for the Diaspora" }).click();
    await field(page, "Title").waitFor();
    await waitForHydration(page);
    await main(page).getByRole("button", { name: "Show the preview" }).click();
    await main(page).locator("#article-preview [data-preview]").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
  });
});
