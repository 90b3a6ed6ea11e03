import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";

// The owner changes what readers see on the settings page, in Chromium, on a server of its own with
// an admin account: a figure, a refused link, a social link and a price, each seen at once by a visitor.
const { browser } = useBrowser();
const { url, adminPage } = useAdminServer("settings");

async function visitor(path: string, width = 1280): Promise<Page> {
  const page = await (await browser().newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(url() + path);
  return page;
}

const section = (page: Page, title: string) => page.locator("form", { has: page.getByRole("heading", { name: title, exact: true }) });

describe("the settings page in the browser", () => {
  it("lets the owner change a figure, a link and a price, and a visitor sees each at once", async () => {
    const page = await adminPage(browser(), "/admin");
    const errors = watchErrors(page);
    await step("opens the settings from the dashboard's card", async () => {
      await page.getByRole("link", { name: "Site settings" }).click();
      await page.getByRole("heading", { name: "Site settings", level: 1 }).waitFor();
      const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });

    await step("saves a new movements figure and is told it is saved", async () => {
      const figures = section(page, "Promo figures");
      await figures.getByLabel(/^Movements/).fill("312");
      await figures.getByRole("button", { name: "Save" }).click();
      await figures.getByText("Saved. Readers see the change now.").waitFor();
      const home = await visitor("/");
      expect(await home.getByText("312+ movements").isVisible()).toBe(true);
      await home.context().close();
    });

    await step("is refused a purchase link that is not https, with the reason under the field", async () => {
      const links = section(page, "Purchase and support links");
      await links.getByLabel(/^Purchase link/).fill("http://shop.example/buy");
      await links.getByRole("button", { name: "Save" }).click();
      await links.getByText("Enter a full link starting with https://, such as https://example.com/page.").waitFor();
      expect(await links.getByLabel(/^Purchase link/).getAttribute("aria-invalid")).toBe("true");
      await links.getByLabel(/^Purchase link/).fill("https://shop.example/buy");
      await links.getByRole("button", { name: "Save" }).click();
      await links.getByText("Saved. Readers see the change now.").waitFor();
    });

    await step("sets the Instagram page, and the footer's button links out instead of opening 'Coming Soon'", async () => {
      const social = section(page, "Social links");
      await social.getByLabel("Instagram page").fill("https://instagram.com/ourpage");
      await social.getByRole("button", { name: "Save" }).click();
      await social.getByText("Saved. Readers see the change now.").waitFor();
      // The owner's own footer follows at once too.
      expect(await page.locator("footer").getByRole("link", { name: /Our Instagram page/ }).getAttribute("href")).toBe("https://instagram.com/ourpage");
      const blog = await visitor("/blog");
      expect(await blog.locator("footer").getByRole("link", { name: /Our Instagram page/ }).getAttribute("href")).toBe("https://instagram.com/ourpage");
      expect(await blog.locator("footer").getByRole("button", { name: "Follow us on Facebook" }).count()).toBe(1);
      await blog.context().close();
    });

    await step("lowers the e-book's price and hides 'Limited Time Offer'", async () => {
      const prices = section(page, "Prices");
      await prices.getByLabel("E-book price").fill("14.99");
      await prices.getByLabel("Show 'Limited Time Offer' on the e-book").uncheck();
      await prices.getByRole("button", { name: "Save" }).click();
      await prices.getByText("Saved. Readers see the change now.").waitFor();
      const shop = await visitor("/shop");
      const purchase = shop.locator("#purchase-section");
      expect(await purchase.getByText("$14.99").isVisible()).toBe(true);
      expect(await purchase.getByText("Limited Time Offer").count()).toBe(0);
      expect(await purchase.getByRole("link", { name: /Buy the e-book and course/ }).getAttribute("href")).toBe("https://shop.example/buy");
      await shop.context().close();
    });
    // The refused link's answer is a 422, which Chromium logs; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    await page.context().close();
  });

  it("fits a phone's width", async () => {
    const page = await adminPage(browser(), "/admin/settings", { width: 390 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.context().close();
  });
});
