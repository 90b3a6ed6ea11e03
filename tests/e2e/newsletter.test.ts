import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { step, useBrowser } from "../support/e2e";
import { watchErrors } from "../support/browser";
import { mailsArriving } from "../support/http-session";

const { baseUrl, open } = useBrowser();
const dataDir = inject("dataDir");

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();

/** The newest mail to `email` once there are `count` of them (the outbox worker sends them a moment after the answer). */
async function mailTo(email: string, count = 1): Promise<string> {
  const mails = await mailsArriving(dataDir, (text) => text.includes(`To: ${email}`), count);
  return mails.at(-1)!.replace(/\r?\n[ \t]+/g, " ");
}
const linkTo = (mail: string, path: string) => mail.match(new RegExp(`https?://[^\\s<>]*${path}[^\\s<>]*`))![0].replace(/^https?:\/\/[^/]+/, baseUrl);

describe("the newsletter in the browser", () => {
  it("checks the address, subscribes with a toast, clears the field and tells a duplicate", async () => {
    const page = await open("/", { width: 390, height: 844 });
    const errors = watchErrors(page);
    const section = page.locator("section").filter({ has: page.getByRole("button", { name: "Subscribe" }) }).first();
    const email = `reader-${Date.now()}@example.org`;
    const footer = page.locator("footer");
    await step("sends a mistyped address from the footer and is told so", async () => {
      await footer.getByLabel("Email address").fill("not-an-address");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await toast(page, "Please enter a valid email address.");
    });

    await step("subscribes from the page's section, which clears the field", async () => {
      await section.getByLabel("Email address").fill(email);
      await section.getByRole("button", { name: "Subscribe" }).click();
      await toast(page, "Subscription successful!");
      expect(await section.getByLabel("Email address").inputValue()).toBe("");
    });

    await step("subscribes the same address again before confirming, in capitals, and is mailed a fresh link", async () => {
      await footer.getByLabel("Email address").fill(email.toUpperCase());
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await toast(page, "Subscription successful!");
    });

    await step("confirms by the mail's link, then subscribes again and is told it is already subscribed", async () => {
      const confirmPage = await page.context().newPage();
      // The second mail's link: it replaced the first one's.
      await confirmPage.goto(linkTo(await mailTo(email, 2), "/newsletter/confirm"));
      await confirmPage.getByRole("button", { name: "Confirm my subscription" }).click();
      await confirmPage.getByRole("heading", { name: "Subscription confirmed" }).waitFor();
      await confirmPage.close();
      await footer.getByLabel("Email address").fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await toast(page, "This email is already subscribed");
    });
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("works without JavaScript: the footer form lands on /newsletter with the answer", async () => {
    const page = await open("/fr/blog", { javaScriptEnabled: false });
    const email = `plain-${Date.now()}@example.org`;
    await page.locator("footer").getByRole("textbox").fill(email);
    await page.locator("footer").getByRole("button").filter({ hasText: "S’abonner" }).first().click();
    await page.waitForURL(`${baseUrl}/fr/newsletter`);
    await page.getByRole("status").filter({ hasText: "Abonnement réussi" }).waitFor();
    await page.context().close();
  });

  it("takes a subscription from the home, updates and profile forms without JavaScript too", async () => {
    const forms = [
      { path: "/", after: "/newsletter" },
      { path: "/updates", after: "/newsletter" },
      { path: "/subscribe", after: "/subscribe" },
    ];
    for (const [index, { path, after }] of forms.entries()) {
      await step(`subscribes from ${path} without JavaScript`, async () => {
        const page = await open(path, { javaScriptEnabled: false });
        const form = page.locator("main form").filter({ has: page.getByRole("button", { name: "Subscribe" }) }).first();
        await form.getByRole("textbox", { name: "Email address" }).fill(`no-script-${index}-${Date.now()}@example.org`);
        await form.getByRole("button", { name: "Subscribe" }).click();
        await page.waitForURL(`${baseUrl}${after}`);
        await page.getByRole("status").filter({ hasText: "Subscription successful!" }).waitFor();
        await page.context().close();
      });
    }
  });

  it("confirms by the mailed link, then unsubscribes from the link in the same mail", async () => {
    const page = await open("/subscribe");
    const email = `profile-${Date.now()}@example.org`;
    const main = page.locator("main");
    await step("subscribes from the profile form", async () => {
      await main.getByLabel("First name").fill("Ama");
      await main.getByLabel("Email address").fill(email);
      await main.getByLabel("Trade justice").check();
      await main.getByRole("button", { name: "Subscribe" }).click();
      await page.getByRole("status").filter({ hasText: "Subscription successful!" }).waitFor();
    });

    const mail = await mailTo(email);
    await step("confirms by the mailed link, after a mail scanner opened it", async () => {
      // A mail scanner opens the link first: the page only offers the button, so the reader's press still works.
      const scanner = await open(linkTo(mail, "/newsletter/confirm").slice(baseUrl.length), { javaScriptEnabled: false });
      await scanner.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
      await scanner.context().close();
      await page.goto(linkTo(mail, "/newsletter/confirm"));
      await page.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await page.getByRole("heading", { name: "Subscription confirmed" }).waitFor();
    });

    await step("unsubscribes from the link in the same mail", async () => {
      await page.goto(linkTo(mail, "/unsubscribe/"));
      await page.getByText(`Stop sending the newsletter to ${email}?`).waitFor();
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    });
    await page.context().close();
  });

  it("says 'Too many subscription attempts' after five tries for one address", async () => {
    const page = await open("/updates");
    const form = page.locator("main form").filter({ has: page.getByRole("button", { name: "Subscribe" }) }).first();
    const email = `eager-${Date.now()}@example.org`;
    // Not confirmed, so each of the first five is answered with a fresh link; the sixth is one too many.
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      if (attempt > 1) await page.reload();
      await form.getByRole("textbox").fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await toast(page, attempt <= 5 ? "Subscription successful!" : "Too many subscription attempts. Please try again later.");
    }
    await page.context().close();
  });
});
