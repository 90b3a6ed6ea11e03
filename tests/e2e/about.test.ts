import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { watchErrors } from "../support/browser";
import { useBrowser } from "../support/e2e";

const { open } = useBrowser();

describe("About page", () => {
  it("has its document title", async () => {
    const page = await open("/about");
    expect(await page.title()).toBe("About - Diaspora Policy");
    await page.context().close();
  });

  it("switches between the Mission, Vision and Approach tabs, by mouse and keyboard", async () => {
    const page = await open("/about");
    const errors = watchErrors(page);
    await page.getByRole("tab", { name: "Vision" }).click();
    // Tabs switch in a React update after the event: wait for the selected tab, then read the panel.
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: "Vision" }).waitFor();
    expect(await page.getByRole("tabpanel").textContent()).toBe(locales.en.about.tabs.visionText);
    await page.keyboard.press("ArrowRight");
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: "Approach" }).waitFor();
    expect(await page.getByRole("tabpanel").textContent()).toBe(locales.en.about.tabs.approachText);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("moves the carousel with its previous and next buttons", async () => {
    const page = await open("/about");
    const status = page.getByRole("region", { name: "Places of the African diaspora in the Americas" }).locator("[aria-live]");
    expect(await status.textContent()).toBe("Image 1 of 5");
    await page.getByRole("button", { name: "Next image" }).click();
    await page.locator("[aria-live]", { hasText: "Image 2 of 5" }).waitFor();
    expect(await page.locator('[data-slide="palenque"]').getAttribute("aria-hidden")).toBe("false");
    await page.getByRole("button", { name: "Previous image" }).click();
    await page.getByRole("button", { name: "Previous image" }).click();
    await page.locator("[aria-live]", { hasText: "Image 5 of 5" }).waitFor();
    await page.context().close();
  });

  it("opens the region and theme accordions", async () => {
    const page = await open("/fr/about");
    const brazil = page.locator("details", { hasText: locales.fr.about.regions.brazil.title });
    expect(await brazil.getAttribute("open")).toBeNull();
    await brazil.locator("summary").click();
    expect(await brazil.getAttribute("open")).toBe("");
    expect(await brazil.getByText(locales.fr.about.regions.brazil.text).isVisible()).toBe(true);
    await page.locator("summary", { hasText: locales.fr.about.regions.resistance.title }).click();
    expect(await page.getByText(locales.fr.about.regions.resistance.text).isVisible()).toBe(true);
    await page.context().close();
  });

  it("requires the terms box, then thanks the reader for a pending comment", async () => {
    const page = await open("/about");
    await page.getByLabel("Your name").fill("Kofi");
    await page.getByLabel("Your comment").fill("Thank you for the piece on remittances.");
    await page.getByRole("button", { name: "Submit Comment" }).click();
    await page.getByText("Please accept the terms to submit your comment.").waitFor();
    await page.getByLabel("I agree that my name and comment may be published on this page.").check();
    await page.getByRole("button", { name: "Submit Comment" }).click();
    await page.getByRole("status").filter({ hasText: "Thank you! Your comment will appear once the editor has approved it." }).waitFor();
    expect(await page.getByText("Thank you for the piece on remittances.").count()).toBe(0);
    await page.context().close();
  });
});
