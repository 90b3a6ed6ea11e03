import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { heldRequests, step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";
import { insertSubscriber } from "../support/outbox-fixtures";

// A server of its own with the admin (as `npm run admin:create` does) and a few subscribers;
// MAILERLITE_API_KEY is not set, so Sync answers 'API key not configured'.
const { browser } = useBrowser();
const DAY = 86_400_000;
const { url, adminPage } = useAdminServer("subscribers", async (services) => {
  const people = [
    { email: "ama.mensah@example.org", first_name: "Ama", last_name: "Mensah", source: "subscribe-page" },
    { email: "elodie@example.fr", first_name: "Élodie", last_name: "Moreau", source: "subscribe-page" },
    {
      email: "kwame@example.com",
      source: "footer-newsletter",
      is_verified: 0,
      confirmation_mail: "failed" as const,
      confirmation_mail_error: "550 5.1.1 Mailbox does not exist",
      confirmation_mail_at: new Date(Date.now() - DAY).toISOString(),
    },
    { email: "xss@example.org", first_name: "<img src=x onerror=alert(1)>", last_name: "Doe", source: "subscribe-page" },
  ];
  for (const [index, person] of people.entries()) await insertSubscriber(services.db, { ...person, created_at: new Date(Date.now() - (index + 1) * DAY).toISOString() });
});

const signedInAdmin = (width: number) => adminPage(browser(), "/admin", { width, acceptDownloads: true });

describe("subscriber management in the browser", () => {
  it("opens from the dashboard card, searches, syncs and exports, with the keyboard and no script injection", async () => {
    const page = await signedInAdmin(1280);
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const table = page.getByRole("table", { name: "Subscribers, newest first" });
    await step("opens the subscribers from the dashboard card, a hostile name shown as text", async () => {
      await page.getByText("Confirmed subscribers: 3").waitFor();
      await page.getByRole("link", { name: "Subscribers" }).click();
      await page.waitForURL(`${url()}/admin/subscribers`);
      await page.getByRole("heading", { name: "Subscribers: 4" }).waitFor();
      await expect(table.getByRole("row").count()).resolves.toBe(5);
      await table.getByText("<img src=x onerror=alert(1)>").waitFor();
      await page.getByRole("heading", { name: "New subscribers per month" }).waitFor();
    });

    await step("searches from the keyboard, then clears the search", async () => {
      // Search from the keyboard: case and accents do not matter.
      await page.getByRole("searchbox", { name: "Search subscribers" }).fill("ELO");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\?q=ELO$/);
      await page.getByRole("heading", { name: "Subscribers matching “ELO”: 1" }).waitFor();
      await expect(table.getByRole("row").count()).resolves.toBe(2);
      await table.getByText("elodie@example.fr").waitFor();
      // A domain is found in the middle of the addresses.
      await page.getByRole("searchbox", { name: "Search subscribers" }).fill("example.org");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Subscribers matching “example.org”: 2" }).waitFor();
      await table.getByText("ama.mensah@example.org").waitFor();
      await table.getByText("xss@example.org").waitFor();
      await page.getByRole("link", { name: "Clear search" }).click();
      await page.getByRole("heading", { name: "Subscribers: 4" }).waitFor();
    });

    await step("checks the page with axe", async () => {
      // The toasts of the dashboard (fading in or out) are the site's shared toaster, not this page.
      const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });

    await step("syncs without a MailerLite key and is told so", async () => {
      // Sync without MAILERLITE_API_KEY: 'Syncing...' while it runs, then the server's answer.
      const posts = await heldRequests(page, "**/*", "POST");
      await page.getByRole("button", { name: "Sync", exact: true }).click();
      await page.getByRole("button", { name: "Syncing..." }).waitFor();
      posts.release();
      await page.locator("[data-sonner-toast]").filter({ hasText: "API key not configured" }).first().waitFor();
      await page.getByRole("button", { name: "Sync", exact: true }).waitFor();
    });

    await step("exports the confirmed subscribers as CSV", async () => {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("subscribers.csv");
      const lines = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe("Email,First Name,Last Name,Subscription Source,Date");
      expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(["ama.mensah@example.org", "elodie@example.fr", "xss@example.org"]);
    });

    expect(dialogs).toEqual([]);
    // The refused sync answers 503, which the browser reports as a failed resource.
    expect(errors.filter((error) => !/status of 503/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("works on a phone without JavaScript: search is a GET form, the sync a form post that shows its answer", async () => {
    // Sign in and verify with JavaScript, then go on in a context that has the cookies but runs no script.
    const signedIn = await signedInAdmin(390);
    const cookies = await signedIn.context().cookies();
    await signedIn.context().close();
    const noScript = await browser().newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    const page = await noScript.newPage();
    await step("opens the page in French and syncs by a form post", async () => {
      await page.goto(`${url()}/fr/admin/subscribers`);
      await page.getByRole("heading", { name: "Abonnés : 4" }).waitFor();
      await page.getByRole("button", { name: "Synchroniser" }).click();
      await page.getByRole("alert").filter({ hasText: "Clé d’API non configurée" }).waitFor();
    });
    await step("searches by a GET form", async () => {
      await page.getByRole("searchbox", { name: "Chercher un abonné" }).fill("mensah");
      await page.getByRole("button", { name: "Chercher", exact: true }).click();
      await page.getByText("ama.mensah@example.org").waitFor();
      expect(await page.getByText("elodie@example.fr").count()).toBe(0);
    });
    await noScript.close();
  });

  it("shows a confirmation mail that failed on the dashboard, and sends it again from the list", async () => {
    const page = await signedInAdmin(390);
    const errors = watchErrors(page);
    await step("reads the failed mail, its address and the mail server's reason on the dashboard", async () => {
      const failed = page.getByRole("region", { name: "Confirmation mails that failed" });
      await failed.getByText("kwame@example.com").waitFor();
      await failed.getByText("550 5.1.1 Mailbox does not exist").waitFor();
      await failed.getByRole("link", { name: "Read why and send it again" }).click();
      await page.waitForURL(`${url()}/admin/subscribers`);
    });
    await step("resends it from the subscriber's row and is told it is on its way", async () => {
      await page.getByRole("button", { name: "Resend the confirmation mail to kwame@example.com" }).click();
      await page.getByText("A fresh confirmation mail to kwame@example.com is on its way.").waitFor();
      // The list reloads after the action; the outbox sends the mail a moment later.
      await expect.poll(async () => {
        await page.reload();
        return page.getByText(/^Mail sent /).count();
      }).toBe(1);
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
