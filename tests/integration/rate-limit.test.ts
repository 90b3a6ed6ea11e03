import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { consume, giveBack } from "~/modules/rate-limit/rate-limit.server";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

const rule = { name: "test", limit: 3, windowMs: 60_000 };

describe.each(dialects)("rate limiter on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterEach(() => database.drop());

  it("allows the limit within a window, refuses the next with the seconds to wait, and opens again after the window", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consume(database.db, rule, "1.2.3.4", new Date(start.getTime() + i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(57);
    expect((await consume(database.db, rule, "5.6.7.8", start)).allowed).toBe(true);
    expect((await consume(database.db, rule, "1.2.3.4", new Date(start.getTime() + 60_000))).allowed).toBe(true);
  });

  it("counts exactly under concurrency, across separate connections", async () => {
    const other = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? "" });
    try {
      const now = new Date();
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => consume(i % 2 ? other.db : database.db, rule, "same", now)),
      );
      expect(attempts.filter((a) => a.allowed)).toHaveLength(3);
    } finally {
      await other.db.destroy();
    }
  });

  it("gives an attempt back to the window it was taken from, never to a later one", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(await consume(database.db, rule, "back", start));
    await giveBack(database.db, rule, "back", taken[2]!);
    expect((await consume(database.db, rule, "back", start)).allowed).toBe(true);
    expect((await consume(database.db, rule, "back", start)).allowed).toBe(false);

    const nextWindow = new Date(start.getTime() + 60_000);
    const fresh = await consume(database.db, rule, "back", nextWindow);
    await giveBack(database.db, rule, "back", taken[0]!);
    expect((await consume(database.db, rule, "back", nextWindow)).remaining).toBe(fresh.remaining - 1);
  });
});
