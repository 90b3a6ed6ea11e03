import { describe, expect, it } from "vitest";
import { Refusal } from "~/lib/refusal";
import { syncAllVerified } from "~/modules/newsletter/provider-sync.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { dialects } from "../support/databases";
import { DEFAULT_GROUPS, startFakeMailerLite } from "../support/fake-mailerlite";
import { insertSubscriber } from "../support/outbox-fixtures";
import { providerHarness } from "../support/provider-harness";

const UPSERT = "newsletter.provider-upsert" as const;
const LEAVE = "newsletter.provider-unsubscribe" as const;
const ADMIN = { userId: "admin-1", ip: "127.0.0.1", userAgent: "vitest" };

describe.each(dialects)("mailing-provider sync through the outbox on %s", (dialect) => {
  const harness = providerHarness(dialect);
  const { state, services, handlersFor, drain, outbox, events, drainUntilSettled } = harness;
  const db = () => state.database.db;
  const queue = async (topic: typeof UPSERT | typeof LEAVE, subscriberId: string) => enqueue(db(), topic, { subscriberId }, state.clock.now());
  const postedEmails = () => state.fake.calls.filter((call) => call.method === "POST" && call.path === "/subscribers").map((call) => (call.body as { email: string }).email);

  it("503 on the batch: retried after the backoff and recorded; then every confirmed subscriber reaches the provider once, in its group", async () => {
    const ada = await insertSubscriber(db(), { email: "ada@example.org", first_name: "Ada", last_name: "Obi", source: "footer-newsletter" });
    const ben = await insertSubscriber(db(), { email: "ben@example.org", first_name: "Ben", source: "subscribe-page" });
    const pending = await insertSubscriber(db(), { email: "pending@example.org", is_verified: 0 });
    const gone = await insertSubscriber(db(), { email: "gone@example.org", is_verified: 0, unsubscribed_at: state.clock.now().toISOString() });
    for (const subscriber of [ada, ben, pending, gone]) await queue(UPSERT, subscriber.id);
    state.fake.failNext([{ status: 503, body: "Service Unavailable" }], { path: "/batch" });
    const handlers = handlersFor();

    expect(await drain(handlers)).toMatchObject({ claimed: 4, retried: 2, done: 2 });
    const waiting = (await outbox()).filter((row) => row.done_at === null);
    expect(waiting.map((row) => Number(row.attempts))).toEqual([1, 1]);
    await drainUntilSettled(handlers);

    expect([...state.fake.subscribers.keys()].sort()).toEqual(["ada@example.org", "ben@example.org"]);
    // The 503 answered the batch as a whole: only the batch that followed carried its upserts.
    expect(postedEmails().sort()).toEqual(["ada@example.org", "ben@example.org"]);
    expect(state.fake.succeeded("POST", "/subscribers")).toHaveLength(2);
    const group = (name: string) => state.fake.groups.find((entry) => entry.name === name)!.id;
    expect(state.fake.subscribers.get("ada@example.org")).toMatchObject({ status: "active", fields: { name: "Ada", last_name: "Obi" }, groups: [group("newsletter-subscribers")] });
    expect(state.fake.subscribers.get("ben@example.org")).toMatchObject({ fields: { name: "Ben" }, groups: [group("complete-profile")] });
    expect(state.fake.calls.every((call) => call.authorization === `Bearer ${state.fake.apiKey}`)).toBe(true);
    expect(state.fake.calls.filter((call) => call.method === "GET")).toHaveLength(1);
    const errors = (await events("mailing_provider_error")).map((event) => JSON.parse(event.details) as Record<string, unknown>);
    expect(errors).toEqual([{ operation: "batch", rows: 2, status: 503, error: "API error: 503 - Service Unavailable" }]);
  });

  it("gives up on a subscriber the provider refuses (422) and sends the rest of the batch", async () => {
    const bad = await insertSubscriber(db(), { email: "bad@example.org" });
    const good = await insertSubscriber(db(), { email: "good@example.org" });
    for (const subscriber of [bad, good]) await queue(UPSERT, subscriber.id);
    // An address the provider rejects: the stand-in refuses it like any invalid address.
    await db().updateTable("subscribers").set({ email: "not-an-address" }).where("id", "=", bad.id).execute();
    expect(await drain(handlersFor())).toMatchObject({ claimed: 2, done: 1, gaveUp: 1 });
    const [event] = await events("mailing_provider_error");
    expect(event!.severity).toBe("medium");
    expect(JSON.parse(event!.details)).toMatchObject({ operation: "upsert", subscriberId: bad.id, status: 422 });
    expect(await events("outbox_gave_up")).toHaveLength(1);
    expect([...state.fake.subscribers.keys()]).toEqual(["good@example.org"]);
  });

  it("with a wrong key gives up on the 401, and the key shows in no log line, event or outbox row", async () => {
    const secret = "sk-wrong-key-that-must-not-leak";
    await queue(UPSERT, (await insertSubscriber(db(), { email: "ada@example.org" })).id);
    expect(await drain(handlersFor(secret))).toMatchObject({ gaveUp: 1 });
    expect(state.fake.calls[0]!.authorization).toBe(`Bearer ${secret}`);
    expect((await outbox())[0]!.last_error).toContain("API error: 401 - ");
    const everything = [...state.log.lines, JSON.stringify(await outbox()), JSON.stringify(await db().selectFrom("security_events").selectAll().execute())].join("\n");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("ada@example.org");
  });

  it("without MAILERLITE_API_KEY completes the rows without calling anything, and says so once", async () => {
    await queue(UPSERT, (await insertSubscriber(db(), { email: "ada@example.org" })).id);
    await queue(LEAVE, (await insertSubscriber(db(), { email: "ben@example.org", unsubscribed_at: state.clock.now().toISOString() })).id);
    expect(await drain(handlersFor(null))).toMatchObject({ claimed: 2, done: 2 });
    expect(state.fake.calls).toEqual([]);
    expect(state.log.lines.filter((line) => line.includes("MAILERLITE_API_KEY is not set"))).toHaveLength(1);
  });

  it("unsubscribes by the provider's id, looks up one sent before its id was kept, and leaves alone who came back or never went", async () => {
    const handlers = handlersFor();
    const ada = await insertSubscriber(db(), { email: "ada@example.org" });
    const back = await insertSubscriber(db(), { email: "back@example.org" });
    const old = await insertSubscriber(db(), { email: "old@example.org" });
    const never = await insertSubscriber(db(), { email: "never@example.org", is_verified: 0, unsubscribed_at: state.clock.now().toISOString() });
    for (const subscriber of [ada, back, old]) await queue(UPSERT, subscriber.id);
    await drainUntilSettled(handlers);
    // old@ was sent before the site kept the provider's id.
    await db().updateTable("subscribers").set({ provider_id: null }).where("id", "=", old.id).execute();
    const leftAt = state.clock.now().toISOString();
    await db().updateTable("subscribers").set({ is_verified: 0, unsubscribed_at: leftAt }).where("id", "in", [ada.id, back.id, old.id]).execute();
    for (const subscriber of [ada, back, old, never]) await queue(LEAVE, subscriber.id);
    await db().updateTable("subscribers").set({ is_verified: 1, unsubscribed_at: null }).where("id", "=", back.id).execute();
    const before = state.fake.calls.length;
    await drainUntilSettled(handlers);

    const calls = state.fake.calls.slice(before).map((call) => [call.method, call.path.replace(/\d{6,}/, "{id}")]);
    expect(calls).toEqual([
      ["GET", "/subscribers/old%40example.org"],
      ["POST", "/batch"],
      ["PUT", "/subscribers/{id}"],
      ["PUT", "/subscribers/{id}"],
    ]);
    expect(state.fake.subscribers.get("ada@example.org")!.status).toBe("unsubscribed");
    expect(state.fake.subscribers.get("old@example.org")!.status).toBe("unsubscribed");
    expect(state.fake.subscribers.get("back@example.org")!.status).toBe("active");
    expect(state.fake.subscribers.has("never@example.org")).toBe(false);
  });

  it("sends again as an upsert a subscriber whose provider id the provider no longer knows", async () => {
    const ada = await insertSubscriber(db(), { email: "ada@example.org", provider_id: "424242424242" });
    await queue(UPSERT, ada.id);
    await drainUntilSettled(handlersFor());
    expect(state.fake.calls.filter((call) => call.inBatch === undefined && call.path !== "/groups?limit=100&page=1").map((call) => [call.method, call.path, call.status])).toEqual([
      ["PUT", "/subscribers/424242424242", 404],
      ["POST", "/subscribers", 201],
    ]);
    const stored = await db().selectFrom("subscribers").select("provider_id").where("id", "=", ada.id).executeTakeFirstOrThrow();
    expect(stored.provider_id).toBe(state.fake.subscribers.get("ada@example.org")!.id);
    expect(await events("mailing_provider_error")).toEqual([]);
  });

  it("adds a subscriber without a group the provider lacks, logging the missing name once", async () => {
    await state.fake.close();
    state.fake = await startFakeMailerLite({ groupNames: DEFAULT_GROUPS.filter((name) => name !== "blog-readers") });
    for (const email of ["one@example.org", "two@example.org"]) await queue(UPSERT, (await insertSubscriber(db(), { email, source: "blog-related" })).id);
    expect(await drain(handlersFor())).toMatchObject({ done: 2 });
    expect(state.fake.subscribers.get("one@example.org")!.groups).toEqual([]);
    expect(state.log.lines.filter((line) => line.includes('"group":"blog-readers"'))).toHaveLength(1);
  });

  it("Sync without a key says 'API key not configured' and calls nothing", async () => {
    // The page shows the problem "notConfigured" as 'API key not configured' (tests/integration/admin-subscribers.test.ts).
    await expect(syncAllVerified(services(null), ADMIN)).rejects.toThrow(Refusal);
    await expect(syncAllVerified(services(null), ADMIN)).rejects.toMatchObject({ problem: "notConfigured", status: 503 });
    expect(state.fake.calls).toEqual([]);
  });
});
