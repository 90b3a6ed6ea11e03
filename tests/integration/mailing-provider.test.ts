import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createMailingProvider } from "~/adapters/mailing/mailerlite.server";
import { Refusal } from "~/lib/refusal";
import { createProviderHandlers, syncAllVerified } from "~/modules/newsletter/provider-sync.server";
import { drainOutbox, type OutboxHandlers } from "~/modules/outbox/drain.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { createOutbox } from "~/modules/outbox/outbox.server";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { DEFAULT_GROUPS, startFakeMailerLite, type FakeMailerLite } from "../support/fake-mailerlite";
import { capturingLogger, insertSubscriber, subscriberRow } from "../support/outbox-fixtures";

const T0 = new Date("2026-11-21T12:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const UPSERT = "newsletter.provider-upsert" as const;
const LEAVE = "newsletter.provider-unsubscribe" as const;
const ADMIN = { userId: "admin-1", ip: "127.0.0.1", userAgent: "vitest" };

describe.each(dialects)("mailing-provider sync through the outbox on %s", (dialect) => {
  let database: TestDatabase;
  let fake: FakeMailerLite;
  let log: ReturnType<typeof capturingLogger>;
  /** null: MAILERLITE_API_KEY unset. */
  const services = (apiKey: string | null = fake.apiKey) => ({
    db: database.db,
    dialect,
    logger: log.logger,
    mailingProvider: createMailingProvider({ apiKey: apiKey ?? undefined, baseUrl: fake.url }, { now: () => new Date() }),
    outbox: createOutbox({ db: database.db, dialect, logger: log.logger, now: () => new Date() }),
  });

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    fake = await startFakeMailerLite();
    log = capturingLogger();
  });
  afterEach(async () => {
    await fake.close();
    await database.drop();
  });

  const drain = (handlers: OutboxHandlers, now: Date) => drainOutbox({ db: database.db, logger: log.logger, now: () => now }, handlers, { random: () => 0.5 });
  const outbox = () => database.db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
  const events = (type: string) => database.db.selectFrom("security_events").selectAll().where("event_type", "=", type).orderBy("timestamp").execute();
  /** Drains at each next due time until nothing is left to do. */
  async function drainUntilSettled(handlers: OutboxHandlers, start: Date) {
    let now = start;
    for (let round = 0; round < 30; round++) {
      await drain(handlers, now);
      const pending = (await outbox()).filter((row) => row.done_at === null);
      if (pending.length === 0) return now;
      now = new Date(Math.max(now.getTime(), Math.min(...pending.map((row) => Date.parse(row.run_at)))));
    }
    throw new Error("the outbox never settled");
  }
  const postedEmails = () => fake.calls.filter((call) => call.method === "POST").map((call) => (call.body as { email: string }).email);

  it("503, 503, then 429 with Retry-After, then 200: every confirmed subscriber reaches the provider once, nobody else", async () => {
    const ada = await insertSubscriber(database.db, { email: "ada@example.org", first_name: "Ada", last_name: "Obi", source: "footer-newsletter" });
    const ben = await insertSubscriber(database.db, { email: "ben@example.org", first_name: "Ben", source: "subscribe-page" });
    const cy = await insertSubscriber(database.db, { email: "cy@example.org", source: "blog-related" });
    const pending = await insertSubscriber(database.db, { email: "pending@example.org", is_verified: 0 });
    const gone = await insertSubscriber(database.db, { email: "gone@example.org", is_verified: 0, unsubscribed_at: T0.toISOString() });
    // Queued in this order (a millisecond apart), so the failures below fall on ada, ben and cy.
    for (const [index, subscriber] of [ada, ben, cy, pending, gone].entries()) await enqueue(database.db, UPSERT, { subscriberId: subscriber.id }, at(index - 10));
    fake.failNext([{ status: 503, body: "Service Unavailable" }, { status: 503, body: "Service Unavailable" }, { status: 429, body: { message: "Too Many Attempts." }, headers: { "Retry-After": "1" } }], { method: "POST", path: "/subscribers" });
    const handlers = createProviderHandlers(services());

    expect(await drain(handlers, T0)).toMatchObject({ claimed: 3, retried: 3, done: 0 });
    const afterFirst = await outbox();
    // The 429 is honoured to the millisecond, and holds back the rows not yet tried.
    expect(afterFirst.find((row) => row.payload.includes(cy.id))!.run_at).toBe(at(1_000).toISOString());
    expect(afterFirst.find((row) => row.payload.includes(pending.id))).toMatchObject({ attempts: 0, run_at: at(1_000).toISOString() });
    expect(afterFirst.find((row) => row.payload.includes(ada.id))!.run_at).toBe(at(5_000).toISOString());

    await drainUntilSettled(handlers, at(1_000));
    expect([...fake.subscribers.keys()].sort()).toEqual(["ada@example.org", "ben@example.org", "cy@example.org"]);
    for (const email of ["ada@example.org", "ben@example.org", "cy@example.org"]) {
      expect(fake.succeeded("POST", "/subscribers").filter((call) => (call.body as { email: string }).email === email)).toHaveLength(1);
    }
    expect(postedEmails()).not.toContain("pending@example.org");
    expect(postedEmails()).not.toContain("gone@example.org");
    const group = (name: string) => fake.groups.find((entry) => entry.name === name)!.id;
    expect(fake.subscribers.get("ada@example.org")).toMatchObject({ status: "active", fields: { name: "Ada", last_name: "Obi" }, groups: [group("newsletter-subscribers")] });
    expect(fake.subscribers.get("ben@example.org")).toMatchObject({ status: "active", fields: { name: "Ben" }, groups: [group("complete-profile")] });
    expect(fake.subscribers.get("cy@example.org")).toMatchObject({ fields: {}, groups: [group("blog-readers")] });
    expect(fake.calls.every((call) => call.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    expect(fake.calls.filter((call) => call.method === "POST").every((call) => call.contentType === "application/json")).toBe(true);
    // Groups are read once and cached.
    expect(fake.calls.filter((call) => call.method === "GET")).toHaveLength(1);

    const rows = await outbox();
    expect(rows.every((row) => row.done_at !== null && row.last_error === null)).toBe(true);
    const stored = await database.db.selectFrom("subscribers").select(["email", "provider_id"]).orderBy("email").execute();
    expect(stored).toEqual([
      { email: "ada@example.org", provider_id: fake.subscribers.get("ada@example.org")!.id },
      { email: "ben@example.org", provider_id: fake.subscribers.get("ben@example.org")!.id },
      { email: "cy@example.org", provider_id: fake.subscribers.get("cy@example.org")!.id },
      { email: "gone@example.org", provider_id: null },
      { email: "pending@example.org", provider_id: null },
    ]);
    const errors = (await events("mailing_provider_error")).map((event) => (JSON.parse(event.details) as { error: string }).error);
    expect(errors).toEqual(["API error: 503 - Service Unavailable", "API error: 503 - Service Unavailable", 'API error: 429 - {"message":"Too Many Attempts."}']);
  });

  it("gives up on a 400 at once: recorded with 'API error: 400 - …', never sent again", async () => {
    const ada = await insertSubscriber(database.db, { email: "ada@example.org" });
    await enqueue(database.db, UPSERT, { subscriberId: ada.id }, T0);
    fake.failNext([{ status: 400, body: { message: "Invalid request" } }], { method: "POST" });
    const handlers = createProviderHandlers(services());

    expect(await drain(handlers, T0)).toMatchObject({ claimed: 1, gaveUp: 1 });
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, last_error: 'gave up after 1 attempt: API error: 400 - {"message":"Invalid request"}' });
    expect(row!.done_at).not.toBeNull();
    const [providerEvent] = await events("mailing_provider_error");
    expect(providerEvent!.severity).toBe("medium");
    expect(JSON.parse(providerEvent!.details)).toEqual({ operation: "upsert", subscriberId: ada.id, status: 400, error: 'API error: 400 - {"message":"Invalid request"}' });
    expect(await events("outbox_gave_up")).toHaveLength(1);

    await drain(handlers, at(86_400_000));
    expect(fake.calls.filter((call) => call.method === "POST")).toHaveLength(1);
    expect(fake.subscribers.size).toBe(0);
  });

  it("with a wrong key gives up on the 401, and the key shows in no log line, event or outbox row", async () => {
    const secret = "sk-wrong-key-that-must-not-leak";
    const ada = await insertSubscriber(database.db, { email: "ada@example.org" });
    await enqueue(database.db, UPSERT, { subscriberId: ada.id }, T0);
    expect(await drain(createProviderHandlers(services(secret)), T0)).toMatchObject({ gaveUp: 1 });
    expect(fake.calls[0]!.authorization).toBe(`Bearer ${secret}`);
    expect((await outbox())[0]!.last_error).toContain("API error: 401 - ");
    const everything = [...log.lines, JSON.stringify(await outbox()), JSON.stringify(await database.db.selectFrom("security_events").selectAll().execute())].join("\n");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("ada@example.org");
  });

  it("without MAILERLITE_API_KEY completes the rows without calling anything, and says so once", async () => {
    for (const email of ["ada@example.org", "ben@example.org"]) {
      const subscriber = await insertSubscriber(database.db, { email, unsubscribed_at: email.startsWith("ben") ? T0.toISOString() : null });
      await enqueue(database.db, email.startsWith("ben") ? LEAVE : UPSERT, { subscriberId: subscriber.id }, T0);
    }
    expect(await drain(createProviderHandlers(services(null)), T0)).toMatchObject({ claimed: 2, done: 2 });
    expect(fake.calls).toEqual([]);
    expect(log.lines.filter((line) => line.includes("MAILERLITE_API_KEY is not set"))).toHaveLength(1);
  });

  it("tells the provider about an unsubscribe by PUT, only for someone it knows and who is still gone", async () => {
    const handlers = createProviderHandlers(services());
    const ada = await insertSubscriber(database.db, { email: "ada@example.org" });
    const back = await insertSubscriber(database.db, { email: "back@example.org" });
    const never = await insertSubscriber(database.db, { email: "never@example.org", is_verified: 0, unsubscribed_at: T0.toISOString() });
    for (const subscriber of [ada, back]) await enqueue(database.db, UPSERT, { subscriberId: subscriber.id }, T0);
    await drain(handlers, T0);
    expect(fake.subscribers.size).toBe(2);

    await database.db.updateTable("subscribers").set({ is_verified: 0, unsubscribed_at: at(1).toISOString() }).where("id", "in", [ada.id, back.id]).execute();
    for (const subscriber of [ada, back, never]) await enqueue(database.db, LEAVE, { subscriberId: subscriber.id }, at(1));
    // back@ confirms again before the worker gets to the row: the provider keeps them active.
    await database.db.updateTable("subscribers").set({ is_verified: 1, unsubscribed_at: null }).where("id", "=", back.id).execute();
    fake.failNext([{ status: 502, body: "Bad Gateway" }], { method: "PUT" });
    await drainUntilSettled(handlers, at(2));

    const puts = fake.calls.filter((call) => call.method === "PUT");
    const adaId = fake.subscribers.get("ada@example.org")!.id;
    expect(puts.map((call) => [call.path, call.status])).toEqual([
      [`/subscribers/${adaId}`, 502],
      [`/subscribers/${adaId}`, 200],
    ]);
    expect(puts[1]!.body).toEqual({ status: "unsubscribed" });
    expect(fake.subscribers.get("ada@example.org")!.status).toBe("unsubscribed");
    expect(fake.subscribers.get("back@example.org")!.status).toBe("active");
    expect(fake.subscribers.has("never@example.org")).toBe(false);
  });

  it("adds a subscriber without a group the provider lacks, logging the missing name once", async () => {
    await fake.close();
    fake = await startFakeMailerLite({ groupNames: DEFAULT_GROUPS.filter((name) => name !== "blog-readers") });
    const handlers = createProviderHandlers(services());
    for (const email of ["one@example.org", "two@example.org"]) {
      const subscriber = await insertSubscriber(database.db, { email, source: "blog-related" });
      await enqueue(database.db, UPSERT, { subscriberId: subscriber.id }, T0);
    }
    expect(await drain(handlers, T0)).toMatchObject({ done: 2 });
    expect(fake.subscribers.get("one@example.org")!.groups).toEqual([]);
    expect(fake.calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { email: "one@example.org", status: "active" },
      { email: "two@example.org", status: "active" },
    ]);
    expect(log.lines.filter((line) => line.includes('"group":"blog-readers"'))).toHaveLength(1);
  });

  it("Sync pushes every confirmed subscriber now and audits it; what the provider refuses for now goes to the outbox", async () => {
    const now = () => T0;
    const confirmed = [];
    for (const email of ["a@example.org", "b@example.org", "c@example.org"]) confirmed.push(await insertSubscriber(database.db, { email }));
    await insertSubscriber(database.db, { email: "pending@example.org", is_verified: 0 });

    expect(await syncAllVerified({ ...services(), now }, ADMIN)).toEqual({ synced: 3, failed: 0 });
    expect([...fake.subscribers.keys()].sort()).toEqual(["a@example.org", "b@example.org", "c@example.org"]);
    const audit = await database.db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toMatchObject([{ action: "sync_mailerlite", resource: "subscribers", user_id: "admin-1" }]);
    expect(JSON.parse(audit[0]!.details)).toEqual({ synced: 3, failed: 0, queued: 0 });
    expect(await outbox()).toEqual([]);

    // Rate limited on the first push: the rest is not tried now, and an already queued row is not doubled.
    await enqueue(database.db, UPSERT, { subscriberId: confirmed[1]!.id }, T0);
    fake.failNext([{ status: 429, headers: { "Retry-After": "30" }, body: {} }], { method: "POST" });
    expect(await syncAllVerified({ ...services(), now }, ADMIN)).toEqual({ synced: 0, failed: 3 });
    expect(fake.calls.filter((call) => call.method === "POST")).toHaveLength(4);
    const queued = (await outbox()).map((row) => (JSON.parse(row.payload) as { subscriberId: string }).subscriberId);
    expect(queued.sort()).toEqual(confirmed.map((subscriber) => subscriber.id).sort());

    await drainUntilSettled(createProviderHandlers(services()), at(1));
    expect(fake.succeeded("POST", "/subscribers")).toHaveLength(6);
    expect(fake.subscribers.size).toBe(3);
  });

  it("Sync reads the list in batches: past 500 subscribers each is pushed once, and a stop hands every later one to the outbox once", async () => {
    const rows = Array.from({ length: 1_101 }, (_, n) => subscriberRow({ email: `many${n}@example.org`, created_at: new Date(T0.getTime() - (n % 7) * 1000).toISOString() }));
    for (let start = 0; start < rows.length; start += 200) await database.db.insertInto("subscribers").values(rows.slice(start, start + 200)).execute();
    expect(await syncAllVerified({ ...services(), now: () => T0 }, ADMIN)).toEqual({ synced: 1_101, failed: 0 });
    expect(fake.succeeded("POST", "/subscribers")).toHaveLength(1_101);
    expect(fake.subscribers.size).toBe(1_101);

    // Time is up at once: nothing is pushed and each subscriber gets one upsert row, also when asked twice.
    const tick = (() => { let ms = T0.getTime(); return () => new Date((ms += 10)); })();
    expect(await syncAllVerified({ ...services(), now: tick }, ADMIN, { budgetMs: 0 })).toEqual({ synced: 0, failed: 1_101 });
    expect(await syncAllVerified({ ...services(), now: tick }, ADMIN, { budgetMs: 0 })).toEqual({ synced: 0, failed: 1_101 });
    const queued = (await outbox()).map((row) => (JSON.parse(row.payload) as { subscriberId: string }).subscriberId);
    expect(queued).toHaveLength(1_101);
    expect(new Set(queued)).toEqual(new Set(rows.map((row) => row.id)));
  });

  it("Sync without a key says 'API key not configured' and calls nothing", async () => {
    // The page shows the problem "notConfigured" as 'API key not configured' (tests/integration/admin-subscribers.test.ts).
    await expect(syncAllVerified({ ...services(null), now: () => T0 }, ADMIN)).rejects.toThrow(Refusal);
    await expect(syncAllVerified({ ...services(null), now: () => T0 }, ADMIN)).rejects.toMatchObject({ problem: "notConfigured", status: 503 });
    expect(fake.calls).toEqual([]);
  });
});
