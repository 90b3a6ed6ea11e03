import { getMigrations } from "better-auth/db/migration";
import { afterEach, describe, expect, it } from "vitest";
import { createAuth } from "~/adapters/auth/better-auth.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { parseConfig } from "~/lib/config.server";
import { PASSWORD_LIMITS } from "~/modules/accounts/password-limits";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

const noMails = { verifyEmail: async () => {}, resetPassword: async () => {}, signInLink: async () => {} };

describe.each(dialects)("account tables on %s", (dialect) => {
  it("are exactly what better-auth expects: after our migrations it finds nothing to create or add", async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    const auth = createAuth({ db: database.db, dialect, config: parseConfig({ SESSION_SECRET: "s".repeat(40), NODE_ENV: "test" }), mails: noMails, passwordLimits: PASSWORD_LIMITS, now: () => new Date() });
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated.map((table) => table.table)).toEqual([]);
    expect(toBeAdded.map((table) => [table.table, Object.keys(table.fields)])).toEqual([]);
  });
});
