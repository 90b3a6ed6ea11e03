import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { REPEATS } from "~/modules/audit/security-event-repeats";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { inParallel, securityLogOnTestDatabase, textOf, total } from "../support/security-log";

// A client sending thousands of forged links adds a handful of counted rows to the security log, high and
// critical events stay single rows up to a limit per source, and the admin sees the counted rows with their
// counts. A flood of admin URLs from many networks: security-event-flood-networks.test.ts.

const en = locales.en.dashboard;
const FORGED = "/files/book/00000000-0000-4000-8000-000000000000.pdf?exp=9999999999&sig=forged";

// Thousands of requests, 100 at a time, each logging an event.
describe.each(dialects)("security log under a flood on %s", (dialect) => {
  const { app, signIn, adminInMode, db, rowsFrom, rowsOf, userId } = securityLogOnTestDatabase(dialect);

  it("2,000 forged signed links from one network add a handful of counted rows; a second network gets its own", async () => {
    const flooder = new HttpSession(app.url, "10.74.0.1");
    const other = new HttpSession(app.url, "10.74.0.2");
    const statuses = await inParallel(2_050, 100, (index) => (index % 41 === 0 ? other : flooder).get(FORGED));
    expect(statuses.every((status) => status === 403)).toBe(true);
    const flood = await rowsFrom("10.74.0.1", "signed_link.invalid");
    const second = await rowsFrom("10.74.0.2", "signed_link.invalid");
    // One row per hour window: two if the flood happened to cross the top of the hour.
    expect(flood.length).toBeGreaterThanOrEqual(1);
    expect(flood.length).toBeLessThanOrEqual(2);
    expect(total(flood)).toBe(2_000);
    expect(second.length).toBeLessThanOrEqual(2);
    expect(total(second)).toBe(50);
    // A burst from one network opens one row and takes one row from the kind's allowance, not one per request.
    expect(await db().selectFrom("security_events").select("id").where("event_type", "=", "signed_link.invalid").where("ip_address", "is", null).execute()).toEqual([]);
    for (const row of [...flood, ...second]) {
      expect(row.fold_key).not.toBeNull();
      expect(row.last_seen_at! >= row.timestamp).toBe(true);
    }
  });

  it("keeps high events single up to the per-source limit, then counts the rest in one row", async () => {
    const reader = await signIn("reader@example.org", "10.74.1.1");
    const statuses = await inParallel(15, 15, () => reader.get("/admin/audit-log"));
    expect(statuses.every((status) => status === 403)).toBe(true);
    const rows = await rowsOf(await userId("reader@example.org"), "high");
    const singles = rows.filter((row) => row.fold_key === null);
    expect(singles).toHaveLength(REPEATS.singlesPerSource.limit);
    expect(singles.every((row) => Number(row.count) === 1)).toBe(true);
    expect(total(rows)).toBe(15);
    expect(rows.length).toBeLessThanOrEqual(REPEATS.singlesPerSource.limit + 2);
  });

  it("keeps critical events single up to the per-source limit, and counts every one", async () => {
    const owner = await adminInMode("10.74.2.1");
    const invalidOperation = { intent: "saveTemporaryCover", operatorId: "not-the-admin", uploadId: "0".repeat(32) };
    const statuses = await inParallel(13, 13, () => owner.post("/shop.data", invalidOperation));
    expect(statuses.every((status) => status === 403)).toBe(true);
    const rows = await rowsOf(await userId("owner@example.org"), "critical");
    expect(rows.filter((row) => row.fold_key === null)).toHaveLength(REPEATS.singlesPerSource.limit);
    expect(total(rows)).toBe(13);
  });

  it("shows the owner the flood's counted rows with their counts, the critical events first by severity", async () => {
    const owner = await adminInMode("10.74.3.1");
    const severe = await textOf(await owner.get("/admin/security-events?order=severity"));
    expect(severe).toContain(en.security.orders.severity);
    expect(severe).toContain("admin.operation_invalid");
    expect(severe.indexOf("admin.operation_invalid")).toBeLessThan(severe.indexOf("signed_link.invalid"));
    expect(severe).toMatch(/×\d{1,3}(,\d{3})+/);
  });

  it("answers an unknown order with the translated message and a 400", async () => {
    const owner = await adminInMode("10.74.4.1");
    const response = await owner.get("/admin/security-events?order=oldest");
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain(en.filters.errors.invalidOrder);
  });
});
