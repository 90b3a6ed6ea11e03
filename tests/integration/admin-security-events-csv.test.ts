import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Severity } from "~/adapters/db/schema";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { csvDownloadLines } from "../support/csv-download";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";

const en = locales.en.dashboard;
const HEADER = "timestamp,last_seen,count,severity,event_type,user_id,user_email,ip_address,user_agent,details";
const hour = (h: number) => new Date(Date.UTC(2026, 0, 10, h)).toISOString();

describe.each(dialects)("the security events CSV on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  let ownerId = "";
  const exports = async () => (await db().selectFrom("audit_log").selectAll().where("action", "=", "admin.security_exported").execute()).map((row) => JSON.parse(row.details));

  beforeAll(async () => {
    ownerId = (await db().selectFrom("user").select("id").where("email", "=", "owner@example.org").executeTakeFirstOrThrow()).id;
    const event = (type: string, severity: Severity, h: number, extra: { user_id?: string; user_agent?: string; count?: number } = {}) => ({
      id: randomUUID(),
      event_type: type,
      severity,
      details: '{"resource":"/admin"}',
      ip_address: "198.51.100.7",
      user_id: extra.user_id ?? null,
      user_agent: extra.user_agent ?? null,
      timestamp: hour(h),
      count: extra.count ?? 1,
      last_seen_at: extra.count ? hour(h + 1) : null,
    });
    await db()
      .insertInto("security_events")
      .values([
        event("seed.old", "critical", 1),
        event("seed.low", "low", 3),
        event("seed.new", "critical", 2, { user_id: ownerId, user_agent: "=cmd|' /C calc'!A0", count: 4 }),
      ])
      .execute();
  });

  it("downloads the events matching the page's filters, in its order, and records the export", async () => {
    const owner = await adminInMode("10.9.4.1");
    const page = await (await owner.get("/admin/security-events?severity=critical&order=severity")).text();
    expect(page).toContain('href="/admin/security-events.csv?severity=critical&amp;order=severity"');

    const lines = await csvDownloadLines(await owner.get("/admin/security-events.csv?severity=critical"), "security-events.csv");
    expect(lines).toEqual([
      HEADER,
      [hour(2), hour(3), 4, "critical", "seed.new", ownerId, "owner@example.org", "198.51.100.7", "'=cmd|' /C calc'!A0", '"{""resource"":""/admin""}"'].join(","),
      [hour(1), hour(1), 1, "critical", "seed.old", "", "", "198.51.100.7", "", '"{""resource"":""/admin""}"'].join(","),
      "",
    ]);
    const bySeverity = await csvDownloadLines(await owner.get("/admin/security-events.csv?order=severity"), "security-events.csv");
    expect(bySeverity.slice(1, 3).map((line) => line.split(",")[4])).toEqual(["seed.new", "seed.old"]);
    expect(bySeverity.at(-2)).toContain("seed.low");

    expect(await exports()).toEqual([
      { severity: "critical", order: "newest", rows: 2 },
      { order: "severity", rows: bySeverity.length - 2 },
    ]);
    const bad = await owner.get("/pt/admin/security-events.csv?severity=urgent");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(locales.pt.dashboard.filters.errors.invalidSeverity);
    expect(await exports()).toHaveLength(2);
  });

  it("refuses an anonymous visitor (401) and a reader (403) in words, and exports nothing", async () => {
    const before = (await exports()).length;
    const anonymous = await new HttpSession(app.url, "10.9.4.2").get("/admin/security-events.csv");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-disposition")).toBeNull();
    expect(await anonymous.text()).toBe(`${en.security.exportRefused.signedOut.title}\n${en.security.exportRefused.signedOut.text}\n`);
    const reader = await signIn("reader@example.org", "10.9.4.3");
    const denied = await reader.get("/admin/security-events.csv?severity=critical");
    expect(denied.status).toBe(403);
    expect(await denied.text()).toBe(`${en.security.exportRefused.denied.title}\n${en.security.exportRefused.denied.text}\n`);
    expect(await exports()).toHaveLength(before);
  });
});
