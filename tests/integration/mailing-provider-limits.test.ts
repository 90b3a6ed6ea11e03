import { describe, expect, it } from "vitest";
import { providerBacklog, syncAllVerified } from "~/modules/newsletter/provider-sync.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { dialects } from "../support/databases";
import { BATCH_MAX } from "../support/fake-mailerlite";
import { insertSubscriber, subscriberRow } from "../support/outbox-fixtures";
import { providerHarness } from "../support/provider-harness";

const ADMIN = { userId: "admin-1", ip: "127.0.0.1", userAgent: "vitest" };
const UPSERT = "newsletter.provider-upsert" as const;

// The stand-in keeps MailerLite's rules with smaller numbers, so a few hundred subscribers cross
// several windows: 12 requests and 2 imports per 60 s window.
describe.each(dialects)("Sync within MailerLite's limits on %s", (dialect) => {
  const { state, services, handlersFor, drain, outbox, events, drainUntilSettled } = providerHarness(dialect, { limits: { perWindow: 12, importsPerWindow: 2 } });

  async function seed(count: number) {
    const rows = Array.from({ length: count }, (_, n) =>
      subscriberRow({ email: `reader${n}@example.org`, first_name: n % 3 === 0 ? `Reader${n}` : null, confirmed_at: new Date(Date.UTC(2026, 10, 1, 9, 30, n % 60)).toISOString() }),
    );
    for (let start = 0; start < rows.length; start += 100) await state.database.db.insertInto("subscribers").values(rows.slice(start, start + 100)).execute();
    return rows;
  }

  it("sends a few hundred confirmed subscribers in batches, waits out each 429 without a security event, and sends their consent", async () => {
    const rows = await seed(320);
    await insertSubscriber(state.database.db, { email: "pending@example.org", is_verified: 0 });
    // The request only queues: nothing is sent while it runs.
    expect(await syncAllVerified(services(), ADMIN)).toEqual({ confirmed: 320, queued: 320 });
    expect(state.fake.calls).toEqual([]);
    expect(await providerBacklog(state.database.db)).toBe(320);
    const audit = await state.database.db.selectFrom("audit_log").selectAll().where("action", "=", "sync_mailerlite").execute();
    expect(JSON.parse(audit[0]!.details)).toEqual({ confirmed: 320, queued: 320 });

    await drainUntilSettled(handlersFor());

    expect(await providerBacklog(state.database.db)).toBe(0);
    expect(state.fake.subscribers.size).toBe(320);
    expect(state.fake.subscribers.has("pending@example.org")).toBe(false);
    // The limits were reached (so the pacing was exercised), and never recorded as security events.
    expect(state.fake.stats.limited + state.fake.stats.importLimited).toBeGreaterThan(0);
    expect(await events("mailing_provider_error")).toEqual([]);
    expect(await events("outbox_gave_up")).toEqual([]);
    // Batches carried most of them; every upsert reached the provider once.
    const batches = state.fake.calls.filter((call) => call.path === "/batch" && call.status === 200);
    expect(batches.length).toBeGreaterThan(0);
    expect(Math.max(...batches.map((call) => (call.body as { requests: unknown[] }).requests.length))).toBe(BATCH_MAX);
    const upserts = state.fake.succeeded("POST", "/subscribers");
    expect(new Set(upserts.map((call) => (call.body as { email: string }).email)).size).toBe(320);
    expect(upserts).toHaveLength(320);
    // Held back is not failed: every row ran once as far as its tries count.
    const finished = await outbox();
    expect(finished.every((row) => row.outcome === "done" && Number(row.attempts) === 1)).toBe(true);
    // Consent: when they confirmed, as MailerLite writes dates; the site keeps no confirming IP to send.
    const first = rows[0]!;
    expect(state.fake.subscribers.get(first.email)).toMatchObject({ status: "active", opted_in_at: first.confirmed_at!.slice(0, 19).replace("T", " "), optin_ip: null, fields: { name: "Reader0" } });
    const stored = await state.database.db.selectFrom("subscribers").select(["email", "provider_id"]).where("is_verified", "=", 1).execute();
    expect(stored.every((row) => row.provider_id === state.fake.subscribers.get(row.email)!.id)).toBe(true);

    // A second Sync updates by the provider's id, in batches that are not imports.
    const importsBefore = state.fake.stats.imports;
    const callsBefore = state.fake.calls.length;
    expect(await syncAllVerified(services(), ADMIN)).toEqual({ confirmed: 320, queued: 320 });
    await drainUntilSettled(handlersFor());
    const again = state.fake.calls.slice(callsBefore);
    expect(again.filter((call) => call.method === "POST" && call.path === "/subscribers")).toEqual([]);
    const puts = again.filter((call) => call.method === "PUT" && call.status === 200);
    expect(puts).toHaveLength(320);
    expect(puts.every((call) => call.inBatch !== undefined && /^\/subscribers\/\d+$/.test(call.path))).toBe(true);
    expect(state.fake.stats.imports).toBe(importsBefore);
    expect(again.filter((call) => call.path === "/batch")).toHaveLength(Math.ceil(320 / BATCH_MAX));
  });

  it("honours Retry-After: nothing is sent before it, and the rows keep their tries", async () => {
    for (const email of ["ada@example.org", "ben@example.org"]) await enqueue(state.database.db, UPSERT, { subscriberId: (await insertSubscriber(state.database.db, { email })).id }, state.clock.now());
    state.fake.failNext([{ status: 429, body: { message: "Too Many Attempts." }, headers: { "Retry-After": "30", "X-RateLimit-Remaining": "0" } }], { path: "/batch" });
    const handlers = handlersFor();
    const started = state.clock.now().getTime();

    const first = await drain(handlers);
    expect(first).toMatchObject({ claimed: 2, retried: 2 });
    expect(first.wakeAt).toBeUndefined();
    const held = await drain(handlers);
    expect(held.claimed).toBe(0);
    expect(held.wakeAt).toBeGreaterThanOrEqual(started + 30_000);
    state.clock.advance(29_000);
    expect((await drain(handlers)).claimed).toBe(0);
    expect(state.fake.calls).toHaveLength(2);
    expect((await outbox()).map((row) => Number(row.attempts))).toEqual([0, 0]);

    state.clock.advance(1_000);
    expect(await drain(handlers)).toMatchObject({ claimed: 2, done: 2 });
    expect(state.fake.subscribers.size).toBe(2);
    expect(await events("mailing_provider_error")).toEqual([]);
  });

  it("sends upserts one by one while the import limit holds batches back, keeping the window's last requests for imports", async () => {
    await seed(150);
    await syncAllVerified(services(), ADMIN);
    const handlers = handlersFor();
    // One window of 12: the groups read, 2 imports (100 subscribers), one refused import, then single
    // upserts until 5 requests are left for the next imports.
    for (let round = 0; round < 10; round++) await drain(handlers);
    expect(state.fake.stats).toMatchObject({ windows: 1, imports: 2, importLimited: 1, limited: 0 });
    const singles = state.fake.calls.filter((call) => call.method === "POST" && call.path === "/subscribers" && call.inBatch === undefined);
    expect(singles.length).toBe(12 - 1 - 3 - 5);
    await drainUntilSettled(handlers);
    expect(state.fake.subscribers.size).toBe(150);
  });
});
