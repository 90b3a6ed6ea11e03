import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailerLiteClient, MailingProviderError } from "~/adapters/mailing/mailerlite.server";
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

  it("updates by id or by email with PUT", async () => {
    const provider = client();
    const { id } = await provider.upsertSubscriber({ email: "ben@example.org", status: "active" });
    expect((await provider.updateSubscriber(id!, { status: "unsubscribed" })).id).toBe(id);
    expect(fake.subscribers.get("ben@example.org")!.status).toBe("unsubscribed");
    await provider.updateSubscriber("ben@example.org", { name: "Ben", status: "active" });
    expect(fake.subscribers.get("ben@example.org")).toMatchObject({ status: "active", fields: { name: "Ben" } });
    expect(fake.calls.at(-1)!.path).toBe("/subscribers/ben%40example.org");
    const missing = await failure(provider.updateSubscriber("nobody@example.org", { status: "unsubscribed" }));
    expect(missing.status).toBe(404);
    expect(missing.retryable).toBe(false);
  });

  it("reads every page of GET /groups", async () => {
    const groups = await client().listGroups();
    expect(groups).toHaveLength(130);
    expect(groups[129]).toEqual({ id: fake.groups[129]!.id, name: "group-129" });
    expect(fake.calls.filter((call) => call.method === "GET").map((call) => call.path)).toEqual(["/groups?limit=100&page=1", "/groups?limit=100&page=2"]);
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
