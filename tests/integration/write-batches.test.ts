import { sql, type Transaction } from "kysely";
import type { Database } from "~/adapters/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { inWriteBatch } from "~/adapters/db/write-batches.server";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

// Short writes many readers make at once, committed together on SQLite and one by one on PostgreSQL
// (app/adapters/db/write-batches.server.ts): each work stands or falls alone, and none is answered
// before its commit.
describe.each(dialects)("write batches on %s", (dialect) => {
  let database: TestDatabase;
  const db = () => database.db;
  const keys = async () => (await db().selectFrom("rate_limits").select("key").orderBy("key").execute()).map((row) => row.key);
  const write = (trx: Transaction<Database>, key: string) => trx.insertInto("rate_limits").values({ key, count: 1, reset_at: "" }).execute();
  const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    // A reference checked only at commit: a work can pass every statement and still fail its commit.
    await sql`create table batch_parent (id integer primary key)`.execute(database.db);
    await sql`create table batch_child (parent_id integer references batch_parent (id) deferrable initially deferred)`.execute(database.db);
  });
  afterAll(() => database?.drop());

  it("keeps what each work wrote, except a failed work's, which leaves nothing", async () => {
    await db().deleteFrom("rate_limits").execute();
    const [first, failing, last] = await Promise.all([
      settled(inWriteBatch(db(), async (trx) => (await write(trx, "a"), trx))),
      settled(inWriteBatch(db(), async (trx) => {
        await write(trx, "b");
        throw new Error("b failed");
      })),
      settled(inWriteBatch(db(), async (trx) => (await write(trx, "c"), trx))),
    ]);
    expect(failing).toEqual({ error: new Error("b failed") });
    expect(await keys()).toEqual(["a", "c"]);
    // On SQLite the three arrived together and shared one transaction; on PostgreSQL each had its own.
    expect("value" in first && "value" in last && first.value === last.value).toBe(dialect === "sqlite");
  });

  it("refuses a duplicate to its own work only", async () => {
    await db().deleteFrom("rate_limits").execute();
    const outcomes = await Promise.all(["dup", "dup", "other"].map((key) => settled(inWriteBatch(db(), (trx) => write(trx, key)))));
    // Which of the two comes first is PostgreSQL's to decide; one of them is refused, and only that one.
    expect(outcomes.map((outcome) => "error" in outcome).sort()).toEqual([false, false, true]);
    expect("error" in outcomes[2]!).toBe(false);
    expect(await keys()).toEqual(["dup", "other"]);
  });

  it("answers no work before its commit: a commit that fails fails every work committed with it", async () => {
    await db().deleteFrom("rate_limits").execute();
    const [orphan, plain] = await Promise.all([
      settled(inWriteBatch(db(), (trx) => trx.insertInto("batch_child" as never).values({ parent_id: 42 } as never).execute())),
      settled(inWriteBatch(db(), (trx) => write(trx, "plain"))),
    ]);
    expect("error" in orphan).toBe(true);
    // SQLite committed both in one transaction, so neither was kept; PostgreSQL committed each alone.
    expect("error" in plain).toBe(dialect === "sqlite");
    expect(await keys()).toEqual(dialect === "sqlite" ? [] : ["plain"]);
  });

  it("takes a crowd larger than one batch, in several, and keeps every work", async () => {
    await db().deleteFrom("rate_limits").execute();
    const transactions = await Promise.all(Array.from({ length: 200 }, (_, index) => inWriteBatch(db(), async (trx) => (await write(trx, `k${String(index).padStart(3, "0")}`), trx))));
    expect(await keys()).toHaveLength(200);
    const batches = new Set(transactions).size;
    if (dialect === "sqlite") expect(batches).toBeGreaterThanOrEqual(4);
    else expect(batches).toBe(200);
  });
});
