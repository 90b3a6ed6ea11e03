import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { seedDefaultSettings, writeSetting } from "~/modules/settings/settings.server";
import { runRetention } from "../../server/retention-job";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

const NOW = new Date("2026-11-21T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe.each(dialects)("retention on %s", (dialect) => {
  it("deletes audit rows and security events past the retention setting, and expired rate limits", async () => {
    database = await openTestDatabase(dialect);
    const { db } = database;
    await migrateToLatest(db);
    await seedDefaultSettings(db, NOW);
    const audit = (timestamp: string) => ({ id: randomUUID(), user_id: null, action: "test", resource: "r", details: "{}", ip_address: null, user_agent: null, session_id: null, timestamp });
    const event = (timestamp: string) => ({ id: randomUUID(), event_type: "test", user_id: null, details: "{}", severity: "low" as const, ip_address: null, user_agent: null, timestamp });
    await db.insertInto("audit_log").values([audit(daysAgo(91)), audit(daysAgo(89)), audit(daysAgo(1))]).execute();
    await db.insertInto("security_events").values([event(daysAgo(120)), event(daysAgo(10))]).execute();
    await db.insertInto("rate_limits").values([
      { key: "sign-in:old", count: 5, reset_at: daysAgo(1) },
      { key: "sign-in:live", count: 2, reset_at: new Date(NOW.getTime() + 60_000).toISOString() },
    ]).execute();

    // Two processes running the pass at once must not fail or double-count.
    const services = { db, now: () => NOW };
    const [first, second] = await Promise.all([runRetention(services), runRetention(services)]);
    expect(first.audit + second.audit).toBe(1);
    expect(first.security + second.security).toBe(1);
    expect(first.rateLimits + second.rateLimits).toBe(1);
    expect(await db.selectFrom("audit_log").select("timestamp").orderBy("timestamp").execute()).toEqual([{ timestamp: daysAgo(89) }, { timestamp: daysAgo(1) }]);
    expect((await db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key)).toEqual(["sign-in:live"]);

    // The owner's setting decides the age.
    await writeSetting(db, "retention.days", "30", NOW);
    expect((await runRetention(services)).audit).toBe(1);
    expect(await db.selectFrom("audit_log").select("timestamp").execute()).toEqual([{ timestamp: daysAgo(1) }]);
  });
});
