import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Severity } from "~/adapters/db/schema";
import { watchErrors } from "../support/browser";
import { useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";

// A server of its own whose log holds a flood counted into one row, a critical event two hours old and
// 60 newer low events: the owner sees the count, and "Most severe first" brings the critical event up.
const { browser } = useBrowser();
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const row = (type: string, severity: Severity, timestamp: string, extra: { count?: number; last_seen_at?: string; fold_key?: string } = {}) => ({
  id: randomUUID(),
  event_type: type,
  user_id: null,
  details: JSON.stringify({ path: `/${type}` }),
  severity,
  ip_address: "203.0.113.7",
  user_agent: "curl/8.5",
  timestamp,
  last_seen_at: extra.last_seen_at ?? timestamp,
  count: extra.count ?? 1,
  fold_key: extra.fold_key ?? null,
});
const { adminPage } = useAdminServer("security-events", async (services) => {
  await services.db.insertInto("security_events").values(row("seed.real_critical", "critical", ago(2 * HOUR))).execute();
  await services.db
    .insertInto("security_events")
    .values(row("signed_link.invalid", "medium", ago(HOUR / 2), { count: 3_204, last_seen_at: ago(60_000), fold_key: "signed_link.invalid|203.0.113.7||seed" }))
    .execute();
  await services.db.insertInto("security_events").values(Array.from({ length: 60 }, (_, index) => row(`seed.probe_${index}`, "low", ago(50 * 60_000 - index * 1000)))).execute();
});

describe("security events in the browser", () => {
  for (const width of [1280, 390]) {
    it(`shows a flood's count and, most severe first, the critical event on the first page (${width} px)`, async () => {
      const page = await adminPage(browser(), "/admin/security-events", { width });
      const errors = watchErrors(page);
      await page.getByText("×3,204").first().waitFor();
      await page.getByText("3,204 events of this kind from this source").first().waitFor({ state: "attached" });
      expect(await page.getByText("seed.real_critical").count()).toBe(0);

      await page.getByLabel("Order").selectOption("severity");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/order=severity/);
      await page.getByText("real_critical").first().waitFor();
      const text = await page.locator("main").innerText();
      expect(text.indexOf("real_critical")).toBeLessThan(text.indexOf("signed_link"));
      await page.screenshot({ path: `test-results/security-events-${width}.png`, fullPage: false });
      expect(errors).toEqual([]);
    });
  }
});
