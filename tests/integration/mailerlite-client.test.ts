import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailerLiteClient, MailingProviderError, providerRequests } from "~/adapters/mailing/mailerlite.server";
import { startFakeMailerLite, type FakeMailerLite } from "../support/fake-mailerlite";

/** The client against a local server that speaks the provider's contract. */
let fake: FakeMailerLite;
beforeAll(async () => {
  fake = await startFakeMailerLite({ groupNames: Array.from({ length: 130 }, (_, i) => `group-${i}`) });
});
afterAll(() => fake.close());

const client = (options: { apiKey?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
  createMailerLiteClient({ apiKey: fake.apiKey, baseUrl: fake.url, now: () => new Date(), ...options });

async function failure(promise: Promise<unknown>): Promise<MailingProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailingProviderError);
  return error as MailingProviderError;
}

describe("mailing-provider client (MailerLite contract)", () => {
  it("upserts by email with bearer auth and JSON: the same address twice is one subscriber", async () => {
    const provider = client({ baseUrl: `${fake.url}/` });
    const first = await provider.upsertSubscriber({ email: "ada@example.org", name: "Ada", lastName: "Obi", groups: [fake.groups[0]!.id], status: "active" });
    const second = await provider.upsertSubscriber({ email: "ada@example.org", name: null, groups: [], status: "active" });
    expect(first.id).toMatch(/^\d+$/);
    expect(second.id).toBe(first.id);
    const posts = fake.calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => [call.path, call.status, call.authorization, call.contentType])).toEqual([
      ["/subscribers", 201, `Bearer ${fake.apiKey}`, "application/json"],
      ["/subscribers", 200, `Bearer ${fake.apiKey}`, "application/json"],
    ]);
    expect(posts[0]!.body).toEqual({ email: "ada@example.org", fields: { name: "Ada", last_name: "Obi" }, groups: [fake.groups[0]!.id], status: "active" });
    expect(posts[1]!.body).toEqual({ email: "ada@example.org", status: "active" });
    expect(fake.subscribers.size).toBe(1);
  });

  it("updates by id with PUT; the stand-in, like the API, has no update by email", async () => {
    const provider = client();
    const { id } = await provider.upsertSubscriber({ email: "ben@example.org", status: "active", optedInAt: "2026-11-02T08:15:30.123Z" });
    expect(fake.subscribers.get("ben@example.org")!.opted_in_at).toBe("2026-11-02 08:15:30");
    expect((await provider.updateSubscriber(id!, { status: "unsubscribed" })).id).toBe(id);
    expect(fake.subscribers.get("ben@example.org")!.status).toBe("unsubscribed");
    expect(fake.calls.at(-1)!.path).toBe(`/subscribers/${id}`);
    const byEmail = await failure(provider.updateSubscriber("ben@example.org", { status: "active" }));
    expect([byEmail.status, byEmail.retryable]).toEqual([404, false]);
    expect(await provider.findSubscriberId("BEN@example.org")).toBe(id);
    expect(await provider.findSubscriberId("nobody@example.org")).toBeNull();
  });

  it("sends up to 50 requests as one POST /batch and answers each in order; reads the requests left", async () => {
    const provider = client();
    const replies = await provider.send([
      providerRequests.upsert({ email: "c1@example.org", status: "active" }),
      providerRequests.upsert({ email: "not an address" }),
      providerRequests.update("1", { status: "active" }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([201, 422, 404]);
    const outer = fake.calls.findLast((call) => call.path === "/batch")!;
    expect((outer.body as { requests: Array<{ path: string }> }).requests.map((request) => request.path)).toEqual(["api/subscribers", "api/subscribers", "api/subscribers/1"]);
    expect(provider.pace.remaining).toBe(fake.limits.perWindow - fake.stats.counted);
    const tooMany = await failure(provider.send(Array.from({ length: 51 }, (_, n) => providerRequests.upsert({ email: `n${n}@example.org` }))));
    expect(tooMany.status).toBe(422);
  });

  it("keeps a 429's Retry-After as the time no request goes, and the import limit's apart", async () => {
    const tight = await startFakeMailerLite({ limits: { perWindow: 3, importsPerWindow: 1 } });
    try {
      const provider = createMailerLiteClient({ apiKey: tight.apiKey, baseUrl: tight.url, now: () => new Date() });
      const upserts = (tag: string) => [providerRequests.upsert({ email: `${tag}1@example.org` }), providerRequests.upsert({ email: `${tag}2@example.org` })];
      await provider.send(upserts("a"));
      const importLimited = await failure(provider.send(upserts("b")));
      expect([importLimited.status, importLimited.rateLimited]).toEqual([429, true]);
      expect(provider.pace.importReadyAt).toBeGreaterThan(Date.now() + 50_000);
      expect(provider.pace.readyAt).toBe(0);
      await provider.send([providerRequests.upsert({ email: "c@example.org" })]);
      expect(provider.pace.remaining).toBe(0);
      const limited = await failure(provider.listGroups());
      expect(limited.retryAfterMs).toBeGreaterThan(50_000);
      expect(provider.pace.readyAt).toBeGreaterThan(Date.now() + 50_000);
      expect(tight.stats).toMatchObject({ counted: 3, limited: 1, importLimited: 1, imports: 1 });
    } finally {
      await tight.close();
    }
  });

  it("reads every page of GET /groups", async () => {
    const groups = await client().listGroups();
    expect(groups).toHaveLength(130);
    expect(groups[129]).toEqual({ id: fake.groups[129]!.id, name: "group-129" });
    expect(fake.calls.filter((call) => call.path.startsWith("/groups")).map((call) => call.path)).toEqual(["/groups?limit=100&page=1", "/groups?limit=100&page=2"]);
  });

  it("turns error answers into a typed error with status, a short body and Retry-After", async () => {
    const provider = client();
    fake.failNext([{ status: 503, body: "down", headers: { "Retry-After": "7" } }]);
    const unavailable = await failure(provider.listGroups());
    expect([unavailable.status, unavailable.body, unavailable.retryAfterMs, unavailable.retryable]).toEqual([503, "down", 7_000, true]);
    expect(unavailable.message).toBe("API error: 503 - down");

    const inTwoMinutes = new Date(Date.now() + 120_000);
    inTwoMinutes.setMilliseconds(0);
    fake.failNext([{ status: 429, body: { message: "Too Many Attempts." }, headers: { "Retry-After": inTwoMinutes.toUTCString() } }]);
    const limited = await failure(provider.upsertSubscriber({ email: "c@example.org" }));
    expect(limited.status).toBe(429);
    expect(limited.retryAfterMs).toBeGreaterThan(110_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(120_000);

    // A long body is cut; addresses and the key are blanked out of it.
    fake.failNext([{ status: 422, body: `{"message":"c@example.org is invalid for key ${fake.apiKey}","pad":"${"x".repeat(2_000)}"}` }]);
    const invalid = await failure(provider.upsertSubscriber({ email: "c@example.org" }));
    expect(invalid.retryable).toBe(false);
    expect(invalid.body).toHaveLength(501);
    expect(invalid.body).toMatch(/^\{"message":"\[email\] is invalid for key \[redacted\]"/);
    expect(invalid.message).not.toContain(fake.apiKey);
  });

  it("reports a wrong key as a 401, and a time-out or a refused connection as a retryable network error", async () => {
    const unauthorized = await failure(client({ apiKey: "wrong" }).listGroups());
    expect([unauthorized.status, unauthorized.retryable]).toEqual([401, false]);

    fake.failNext([{ status: 200, body: { data: [] }, delayMs: 1_000 }]);
    const slow = await failure(client({ timeoutMs: 100 }).listGroups());
    expect([slow.status, slow.retryable, slow.message]).toEqual([null, true, "Network error: no answer within 100 ms"]);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failure(client({ baseUrl: `http://127.0.0.1:${port}/api` }).listGroups());
    expect([refused.status, refused.retryable]).toEqual([null, true]);
    expect(refused.message).toMatch(/^Network error: fetch failed/);
  });
});
