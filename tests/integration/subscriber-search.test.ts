import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscribersTable } from "~/adapters/db/schema";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { listSubscribers, SEARCH_COUNT_LIMIT, SUBSCRIBER_PAGE_SIZE } from "~/modules/newsletter/subscriber-admin.server";
import { searchKey } from "~/modules/newsletter/subscriber-search";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { subscriberRow } from "../support/outbox-fixtures";

// The admin's subscriber search on the real indexes of each database (migration 0029): found
// anywhere in the address or the names, accent- and case-blind, wildcards taken literally, and the
// index kept in step with every insert, change and deletion.

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(dialects)("the subscriber search on %s", (dialect) => {
  let database: TestDatabase;
  const db = () => database.db;
  const found = async (query: string) => (await listSubscribers(db(), dialect, query, 1)).items.map((item) => item.email);
  const insert = async (rows: Array<Partial<SubscribersTable> & { email: string }>) => db().insertInto("subscribers").values(rows.map(subscriberRow)).execute();

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    await insert([
      { email: "ada.obi@example.org", first_name: "Ada", last_name: "Obi", created_at: daysAgo(1) },
      { email: "kwame@example.org", created_at: daysAgo(2) },
      { email: "example.org.fan@mail.com", created_at: daysAgo(3) },
      { email: "elodie@orange.fr", first_name: "Élodie", last_name: "N'Diaye", created_at: daysAgo(4) },
      { email: "jp@mail.com", first_name: "Jean-Baptiste", last_name: "Da Costa", created_at: daysAgo(5) },
      { email: "js@mail.com", first_name: "José", last_name: "Silva", created_at: daysAgo(6) },
      { email: "josé@exemple.pt", created_at: daysAgo(7) },
      { email: "under_score@mail.com", created_at: daysAgo(8) },
      { email: "underxscore@mail.com", created_at: daysAgo(9) },
      { email: "per%cent@mail.com", created_at: daysAgo(10) },
      { email: "perxxcent@mail.com", created_at: daysAgo(11) },
      { email: "back\\slash@mail.com", created_at: daysAgo(12) },
    ]);
  });
  afterAll(() => database?.drop());

  it("finds every address of a domain, and only those", async () => {
    expect(await found("example.org")).toEqual(["ada.obi@example.org", "kwame@example.org", "example.org.fan@mail.com"]);
    expect(await found("@example.org")).toEqual(["ada.obi@example.org", "kwame@example.org"]);
    expect(await found("ORANGE.FR")).toEqual(["elodie@orange.fr"]);
  });

  it("finds the middle of a first or last name, and a first name followed by the last", async () => {
    expect(await found("diaye")).toEqual(["elodie@orange.fr"]);
    expect(await found("baptiste")).toEqual(["jp@mail.com"]);
    expect(await found("osta")).toEqual(["jp@mail.com"]);
    expect(await found("ada obi")).toEqual(["ada.obi@example.org"]);
    expect(await found("baptiste da")).toEqual(["jp@mail.com"]);
    // The address and the names are apart: the end of one and the start of the next are no match.
    expect(await found("org ada")).toEqual([]);
  });

  it("ignores accents in names and capitals everywhere, and finds an address with its accent", async () => {
    expect(await found("Jose")).toEqual(["js@mail.com"]);
    expect(await found("JOSÉ")).toEqual(["js@mail.com", "josé@exemple.pt"]);
    expect(await found("ÉLODIE")).toEqual(["elodie@orange.fr"]);
    expect(await found("n'diaye")).toEqual(["elodie@orange.fr"]);
  });

  it("takes %, _ and \\ as themselves", async () => {
    expect(await found("under_sc")).toEqual(["under_score@mail.com"]);
    expect(await found("per%cent")).toEqual(["per%cent@mail.com"]);
    expect(await found("r%c")).toEqual(["per%cent@mail.com"]);
    expect(await found("back\\sl")).toEqual(["back\\slash@mail.com"]);
    expect(await found("%%%")).toEqual([]);
    expect(await found("___")).toEqual([]);
  });

  it("matches one or two characters at the start only", async () => {
    expect(await found("ad")).toEqual(["ada.obi@example.org"]);
    expect(await found("sc")).toEqual([]);
    expect(await found("é")).toEqual(["elodie@orange.fr"]);
  });

  it("finds a new subscriber, a changed name and a changed address at once, and no longer a deleted one", async () => {
    await insert([{ email: "newcomer@fresh.example", first_name: "Thandiwe", last_name: "Nkosi", created_at: daysAgo(0) }]);
    expect(await found("fresh.example")).toEqual(["newcomer@fresh.example"]);
    expect(await found("andiw")).toEqual(["newcomer@fresh.example"]);

    await db().updateTable("subscribers").set({ first_name: "Zoé", first_name_key: searchKey("Zoé") }).where("email", "=", "newcomer@fresh.example").execute();
    expect(await found("andiw")).toEqual([]);
    expect(await found("zoe nkosi")).toEqual(["newcomer@fresh.example"]);

    await db().updateTable("subscribers").set({ email: "moved@elsewhere.example" }).where("email", "=", "newcomer@fresh.example").execute();
    expect(await found("fresh.example")).toEqual([]);
    expect(await found("elsewhere")).toEqual(["moved@elsewhere.example"]);

    // A change to another column leaves the subscriber findable.
    await db().updateTable("subscribers").set({ confirmation_mail: "sent", confirmation_mail_at: daysAgo(0) }).where("email", "=", "moved@elsewhere.example").execute();
    expect(await found("elsewhere")).toEqual(["moved@elsewhere.example"]);

    await db().deleteFrom("subscribers").where("email", "=", "moved@elsewhere.example").execute();
    expect(await found("elsewhere")).toEqual([]);
    expect(await found("nkosi")).toEqual([]);
  });

  it("pages a search newest first, and shows the last page for one past the end", async () => {
    const emails = Array.from({ length: 60 }, (_, index) => `paged${String(index).padStart(2, "0")}@pages.example`);
    await insert(emails.map((email, index) => ({ email, created_at: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString() })));
    const newestFirst = [...emails].reverse();
    const page = async (number: number) => {
      const result = await listSubscribers(db(), dialect, "pages.example", number);
      return { page: result.page, total: result.total, emails: result.items.map((item) => item.email) };
    };
    expect(await page(1)).toEqual({ page: 1, total: 60, emails: newestFirst.slice(0, 25) });
    expect(await page(2)).toEqual({ page: 2, total: 60, emails: newestFirst.slice(25, 50) });
    expect(await page(9)).toEqual({ page: 3, total: 60, emails: newestFirst.slice(50) });
  });

  it("counts a broad search up to its limit and pages it newest first", async () => {
    const total = SEARCH_COUNT_LIMIT + 30;
    for (let from = 0; from < total; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, total - from) }, (_, offset) => ({
        email: `reader${String(from + offset).padStart(5, "0")}@wide.example`,
        created_at: new Date(Date.UTC(2025, 0, 1) + (from + offset) * 60_000).toISOString(),
      }));
      await insert(rows);
    }
    const first = await listSubscribers(db(), dialect, "wide.example", 1);
    expect(first).toMatchObject({ total: SEARCH_COUNT_LIMIT, more: true, page: 1 });
    const newest = (skip: number) => Array.from({ length: SUBSCRIBER_PAGE_SIZE }, (_, index) => `reader${String(total - 1 - skip - index).padStart(5, "0")}@wide.example`);
    expect(first.items.map((item) => item.email)).toEqual(newest(0));
    expect((await listSubscribers(db(), dialect, "wide.example", 3)).items.map((item) => item.email)).toEqual(newest(2 * SUBSCRIBER_PAGE_SIZE));
    expect((await listSubscribers(db(), dialect, "reader00042", 1)).items.map((item) => item.email)).toEqual(["reader00042@wide.example"]);
  });
});
