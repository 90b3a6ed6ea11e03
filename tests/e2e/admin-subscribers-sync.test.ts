import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";
import { startFakeMailerLite, type FakeMailerLite } from "../support/fake-mailerlite";
import { subscriberRow } from "../support/outbox-fixtures";

// The owner's Sync against the MailerLite stand-in, with limits small enough that the first minute
// cannot take everyone: 4 requests and 1 import a minute. The server sends in the background; the
// page says how many are still on their way.
const { browser } = useBrowser();
let fake: FakeMailerLite;
beforeAll(async () => {
  fake = await startFakeMailerLite({ limits: { perWindow: 4, importsPerWindow: 1 } });
});
afterAll(() => fake?.close());
const { adminPage } = useAdminServer(
  "subscribers-sync",
  async (services) => {
    const rows = Array.from({ length: 120 }, (_, n) => subscriberRow({ email: `reader${n}@example.org`, created_at: new Date(Date.now() - (n + 1) * 60_000).toISOString() }));
    await services.db.insertInto("subscribers").values(rows).execute();
  },
  () => ({ MAILERLITE_API_KEY: fake.apiKey, MAILERLITE_BASE_URL: fake.url }),
);

describe("the owner's Sync to MailerLite", () => {
  it("starts at once, says how many are on their way, and shows what is left, on a desktop and on a phone", async () => {
    const page = await adminPage(browser(), "/admin/subscribers", { width: 1280 });
    const errors = watchErrors(page);
    const status = page.getByRole("status").filter({ hasText: "still on their way to MailerLite" });
    await step("syncs from the keyboard and is told the subscribers are on their way", async () => {
      await page.getByRole("button", { name: "Sync", exact: true }).focus();
      await page.keyboard.press("Enter");
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Sync started" }).first();
      await toast.waitFor();
      await toast.getByText("120 confirmed subscribers are on their way to MailerLite.", { exact: false }).waitFor();
    });
    await step("reads how many are still waiting: MailerLite took one import of 50 this minute", async () => {
      await expect
        .poll(async () => {
          await page.reload();
          return (await status.count()) > 0 ? await status.innerText() : "";
        })
        .toBe("70 subscribers are still on their way to MailerLite.");
      expect(fake.subscribers.size).toBe(50);
      expect(fake.stats.importLimited).toBeGreaterThan(0);
      await page.screenshot({ path: "test-results/subscribers-sync-1280.png" });
    });
    expect(errors).toEqual([]);
    await page.context().close();

    const phone = await adminPage(browser(), "/admin/subscribers", { width: 390 });
    await step("reads the same on a phone", async () => {
      const waiting = phone.getByRole("status").filter({ hasText: "70 subscribers are still on their way to MailerLite." });
      await waiting.waitFor();
      await waiting.scrollIntoViewIfNeeded();
      await phone.screenshot({ path: "test-results/subscribers-sync-390.png" });
    });
    await phone.context().close();
  });
});
