import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { REPEATS } from "~/modules/audit/security-event-repeats";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { inParallel, securityLogOnTestDatabase, textOf, total } from "../support/security-log";

// Admin URLs asked for from 150 networks add a handful of counted rows to the security log, and the admin's
// first page of security events still shows the real events before and after them.

const en = locales.en.dashboard;

describe.each(dialects)("security log under a flood from many networks on %s", (dialect) => {
  const { app, signIn, adminInMode, db } = securityLogOnTestDatabase(dialect);

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
      expect(page, query).toContain(en.security.manySources);
    }

    // The dashboard card counts entries (a counted row is one), not the hundreds of requests behind them.
    const entries = Number((await db().selectFrom("security_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(entries).toBeLessThan(100);
    const dashboard = await textOf(await owner.get("/admin"));
    expect(dashboard).toContain(en.cards.security.count.replace("{number}", String(entries)));
  });
});
