import { describe, expect, it } from "vitest";
import type { Severity } from "~/adapters/db/schema";
import { locales } from "~/i18n/locales";
import { REPEATS } from "~/modules/audit/security-event-repeats";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";

// A client sending thousands of forged links or admin URLs adds a handful of counted rows to the
// security log, high and critical events stay single rows up to a limit per source, and the admin's
// first page of security events still shows the real events after a flood.

const en = locales.en.dashboard;
const textOf = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");
const FORGED = "/files/book/00000000-0000-4000-8000-000000000000.pdf?exp=9999999999&sig=forged";

/** Sends `total` requests, `batch` at a time in parallel, and returns their statuses. */
async function inParallel(total: number, batch: number, send: (index: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < total; start += batch) {
    const responses = await Promise.all(Array.from({ length: Math.min(batch, total - start) }, (_, offset) => send(start + offset)));
    for (const response of responses) {
      statuses.push(response.status);
      await response.body?.cancel();
    }
  }
  return statuses;
}

// Thousands of requests, 100 at a time, each logging an event: a slow machine needs more than the usual 30 s a test.
describe.each(dialects)("security log under a flood on %s", { timeout: 120_000 }, (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const rowsFrom = (ip: string, type: string) =>
    db().selectFrom("security_events").select(["count", "fold_key", "severity", "timestamp", "last_seen_at"]).where("ip_address", "=", ip).where("event_type", "=", type).execute();
  const rowsOf = (userId: string, severity: Severity) =>
    db().selectFrom("security_events").select(["count", "fold_key"]).where("user_id", "=", userId).where("severity", "=", severity).execute();
  const userId = async (email: string) => (await db().selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const total = (rows: Array<{ count: number }>) => rows.reduce((sum, row) => sum + Number(row.count), 0);

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

  it("after admin URLs from 150 networks, the first page still shows the events before and after, with the counts", async () => {
    const reader = await signIn("reader@example.org", "10.74.3.1");
    expect((await reader.get("/admin/moderation")).status).toBe(403);
    const statuses = await inParallel(300, 100, (index) => new HttpSession(app.url, `10.75.${index % 150 >> 8}.${(index % 150) & 255}`).get("/admin/audit-log"));
    expect(statuses.filter((status) => status !== 401)).toEqual([]);
    expect((await reader.get("/admin/subscribers")).status).toBe(403);

    const probes = await db().selectFrom("security_events").select(["count", "ip_address"]).where("ip_address", "like", "10.75.%").execute();
    const shared = await db().selectFrom("security_events").select(["count", "ip_address"]).where("ip_address", "is", null).where("severity", "=", "low").execute();
    // Each kind opens at most its allowance of rows an hour; later networks share one row (two across the top of an hour).
    expect(probes.length).toBe(REPEATS.rowsPerKind.limit);
    expect(shared.length).toBeGreaterThanOrEqual(1);
    expect(shared.length).toBeLessThanOrEqual(2);
    expect(total(probes) + total(shared)).toBe(300);

    const owner = await adminInMode("10.74.3.2");
    for (const query of ["", "?order=severity"]) {
      const page = await textOf(await owner.get(`/admin/security-events${query}`));
      expect(page, query).toContain("resource: /admin/moderation");
      expect(page, query).toContain("resource: /admin/subscribers");
    }
    const severe = await textOf(await owner.get("/admin/security-events?order=severity"));
    expect(severe.indexOf("admin.operation_invalid")).toBeLessThan(severe.indexOf("signed_link.invalid"));
    expect(severe).toMatch(/×\d{1,3}(,\d{3})+/);
    expect(severe).toContain(en.security.manySources);
    expect(severe).toContain(en.security.orders.severity);

    // The dashboard card counts entries (a counted row is one), not the thousands of requests behind them.
    const entries = Number((await db().selectFrom("security_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(entries).toBeLessThan(100);
    const dashboard = await textOf(await owner.get("/admin"));
    expect(dashboard).toContain(en.cards.security.count.replace("{number}", String(entries)));
  });

  it("answers an unknown order with the translated message and a 400", async () => {
    const owner = await adminInMode("10.74.4.1");
    const response = await owner.get("/admin/security-events?order=oldest");
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain(en.filters.errors.invalidOrder);
  });
});
