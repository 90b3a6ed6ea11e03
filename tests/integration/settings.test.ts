import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { readSettings, seedDefaultSettings, SETTING_DEFAULTS, writeSetting } from "~/modules/settings/settings.server";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

describe.each(dialects)("settings on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterEach(() => database.drop());

  it("seeds the defaults once, however often start-up runs", async () => {
    expect(await seedDefaultSettings(database.db, new Date())).toBe(Object.keys(SETTING_DEFAULTS).length);
    expect(await seedDefaultSettings(database.db, new Date())).toBe(0);
    const count = await database.db.selectFrom("settings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(Object.keys(SETTING_DEFAULTS).length);
    expect(await readSettings(database.db)).toEqual(SETTING_DEFAULTS);
  });

  it("never overwrites what the owner changed", async () => {
    await seedDefaultSettings(database.db, new Date());
    await writeSetting(database.db, "promo.countries", "61", new Date());
    await seedDefaultSettings(database.db, new Date());
    expect((await readSettings(database.db))["promo.countries"]).toBe("61");
  });
});
