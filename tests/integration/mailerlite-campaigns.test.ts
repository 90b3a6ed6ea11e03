import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaignProvider, ProviderRejectedError, type CampaignInput, type CampaignProviderOptions } from "~/adapters/mailing/mailerlite-campaigns.server";
import { createMailerLiteClient, MailingProviderError } from "~/adapters/mailing/mailerlite.server";
import { startFakeMailerLite, type FakeMailerLite } from "../support/fake-mailerlite";

/** The campaigns client against the local stand-in, whose clock starts at a fixed time and moves only when told. */
const START = Date.parse("2026-11-24T12:00:00.000Z");
let fake: FakeMailerLite;
beforeAll(async () => {
  fake = await startFakeMailerLite({ now: () => START, verifiedSenders: ["letters@example.org"] });
});
afterAll(() => fake.close());

const provider = (options: Partial<CampaignProviderOptions> = {}) => createCampaignProvider({ apiKey: fake.apiKey, baseUrl: fake.url, now: () => new Date(fake.now()), ...options });

async function refusal<T extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

/** Subscribers in the stand-in, as the subscriber sync leaves them, and a group holding them. */
async function audience(groupName: string, statuses: string[]): Promise<string> {
  const campaigns = provider();
  const groupId = await campaigns.ensureGroup(groupName);
  for (const [n, status] of statuses.entries()) {
    const id = String(500_000 + fake.subscribers.size);
    fake.subscribers.set(`${groupName}-${n}@example.org`, { id, email: `${groupName}-${n}@example.org`, fields: {}, groups: [], status, opted_in_at: null, optin_ip: null });
    await campaigns.addToGroup(id, groupId);
  }
  return groupId;
}

const issue = (groupIds: string[]): CampaignInput => ({ name: "Issue 12", subject: "A letter", fromName: "The Editors", from: "letters@example.org", html: "<html><body><p>Hello</p><a href=\"{$unsubscribe}\">Unsubscribe</a></body></html>", groupIds });

describe("campaigns client (MailerLite contract)", () => {
  it("finds a group by its exact name, creates it once, and adds subscribers to it", async () => {
    const campaigns = provider();
    const id = await campaigns.ensureGroup("issue-readers");
    // "issue" matches the new group's name in part: only the exact name is the group.
    expect(await campaigns.ensureGroup("issue")).not.toBe(id);
    expect(await campaigns.ensureGroup("issue-readers")).toBe(id);
    expect(fake.groups.filter((group) => group.name.startsWith("issue"))).toHaveLength(2);
    expect(fake.succeeded("POST", "/groups")).toHaveLength(2);
    const lookups = fake.calls.filter((call) => call.method === "GET" && call.path.startsWith("/groups?"));
    expect(new URL(lookups[0]!.path, "http://x").searchParams.get("filter[name]")).toBe("issue-readers");

    await audience("members", ["active", "active"]);
    const groupId = await campaigns.ensureGroup("members");
    const members = fake.calls.filter((call) => call.path.includes(`/groups/${groupId}`));
    expect(members.map((call) => [call.method, call.status])).toEqual([["POST", 200], ["POST", 200]]);
    expect([...fake.subscribers.values()].filter((subscriber) => subscriber.groups.includes(groupId))).toHaveLength(2);
    expect((await refusal(campaigns.addToGroup("404", groupId), ProviderRejectedError)).status).toBe(404);
  });

  it("creates a draft, schedules it at a time, cancels it back to a draft, and sends it when its time comes", async () => {
    const campaigns = provider();
    const groupId = await audience("scheduled", ["active", "active", "active"]);
    const { id } = await campaigns.createCampaign(issue([groupId]));
    const created = fake.calls.findLast((call) => call.method === "POST" && call.path === "/campaigns")!;
    expect([created.status, created.authorization]).toEqual([200, `Bearer ${fake.apiKey}`]);
    expect(created.body).toEqual({ name: "Issue 12", type: "regular", groups: [groupId], emails: [{ subject: "A letter", from_name: "The Editors", from: "letters@example.org", content: issue([]).html }] });
    expect(await campaigns.getCampaign(id)).toMatchObject({ id, status: "draft", scheduledFor: null, stats: { sent: 0 } });

    // 15:30:20 is written as the next whole minute, in UTC unless told otherwise.
    const scheduled = await campaigns.scheduleCampaign(id, new Date("2026-11-24T15:30:20.000Z"));
    expect(fake.calls.at(-1)!.body).toEqual({ delivery: "scheduled", schedule: { date: "2026-11-24", hours: "15", minutes: "31" } });
    expect(scheduled).toMatchObject({ status: "ready", scheduledFor: "2026-11-24 15:31:00" });
    expect(await campaigns.getCampaign(id)).toMatchObject({ status: "ready", scheduledFor: "2026-11-24 15:31:00" });

    expect(await campaigns.cancelCampaign(id)).toMatchObject({ status: "draft", scheduledFor: null });
    expect((await refusal(campaigns.cancelCampaign(id), ProviderRejectedError)).status).toBe(400);

    // A time in another zone, with its MailerLite id: the same instant.
    await provider({ timeZone: "America/New_York", timezoneId: 3 }).scheduleCampaign(id, new Date("2026-11-24T16:00:00.000Z"));
    expect(fake.calls.at(-1)!.body).toEqual({ delivery: "scheduled", schedule: { date: "2026-11-24", hours: "11", minutes: "00", timezone_id: 3 } });
    expect((await campaigns.getCampaign(id)).scheduledFor).toBe("2026-11-24 16:00:00");
    // Not a draft: scheduled again without a cancel, it is refused.
    expect((await refusal(campaigns.scheduleCampaign(id, new Date("2026-11-24T17:00:00.000Z")), ProviderRejectedError)).status).toBe(422);

    fake.advance(3 * 60 * 60_000);
    expect(fake.deliverDue()).toBe(0);
    fake.advance(60 * 60_000);
    expect(await campaigns.getCampaign(id)).toMatchObject({ status: "sent", stats: { sent: 3, unsubscribes: 0, hardBounces: 0 } });
  });

  it("sends an instant campaign to the group's active members, and reads what they did with it", async () => {
    const campaigns = provider();
    const groupId = await audience("instant", ["active", "active", "unsubscribed", "active"]);
    const { id } = await campaigns.createCampaign(issue([groupId]));
    expect(await campaigns.scheduleCampaign(id, "now")).toMatchObject({ status: "sent", stats: { sent: 3 } });
    expect(fake.calls.at(-1)!.body).toEqual({ delivery: "instant" });

    fake.recordCampaignEvents(id, { hardBounces: 1, softBounces: 1, unsubscribes: 1, spamComplaints: 1 });
    expect((await campaigns.getCampaign(id)).stats).toEqual({ sent: 3, unsubscribes: 1, hardBounces: 1, softBounces: 1, spamComplaints: 1 });
    await campaigns.deleteCampaign(id);
    expect((await refusal(campaigns.getCampaign(id), ProviderRejectedError)).status).toBe(404);
  });

  it("surfaces the API's 422s as clear refusals: custom HTML on a plan without it, a time in the past, an unverified sender", async () => {
    const campaigns = provider();
    const groupId = await audience("refusals", ["active"]);
    fake.account.customHtmlAllowed = false;
    try {
      const plan = await refusal(campaigns.createCampaign(issue([groupId])), ProviderRejectedError);
      expect([plan.status, plan.apiMessage, plan.fieldErrors]).toEqual([422, "Custom HTML content is only available on the Advanced plan.", { "emails.0.content": ["Custom HTML content is only available on the Advanced plan."] }]);
      expect(plan.message).toBe("MailerLite refused the request (422): Custom HTML content is only available on the Advanced plan.");
      expect(plan).not.toBeInstanceOf(MailingProviderError);
    } finally {
      fake.account.customHtmlAllowed = true;
    }

    const { id } = await campaigns.createCampaign(issue([groupId]));
    const past = await refusal(campaigns.scheduleCampaign(id, new Date(fake.now() - 60_000)), ProviderRejectedError);
    expect([past.status, Object.keys(past.fieldErrors)]).toEqual([422, ["schedule.date"]]);
    expect((await campaigns.getCampaign(id)).status).toBe("draft");

    const sender = await refusal(campaigns.createCampaign({ ...issue([groupId]), from: "someone@example.org" }), ProviderRejectedError);
    expect(sender.message).toMatch(/emails\.0\.from/);
    await expect(campaigns.createCampaign(issue([]))).rejects.toThrow(RangeError);
  });

  it("turns a 429 into the provider's limit error with its Retry-After, shared with the subscriber client's pace", async () => {
    const tight = await startFakeMailerLite({ limits: { perWindow: 2 } });
    try {
      const campaigns = createCampaignProvider({ apiKey: tight.apiKey, baseUrl: tight.url, now: () => new Date() });
      const subscribers = createMailerLiteClient({ apiKey: tight.apiKey, baseUrl: tight.url, now: () => new Date(), pace: campaigns.pace });
      await campaigns.ensureGroup("limited");
      expect(campaigns.pace.remaining).toBe(0);
      const limited = await refusal(campaigns.getCampaign("1"), MailingProviderError);
      expect([limited.status, limited.rateLimited, limited.retryable]).toEqual([429, true, true]);
      expect(limited.retryAfterMs).toBeGreaterThan(50_000);
      expect(campaigns.pace.readyAt).toBeGreaterThan(Date.now() + 50_000);
      // The subscriber client of the same account waits as long, without asking first.
      expect(subscribers.pace.readyAt).toBe(campaigns.pace.readyAt);
      expect(tight.stats).toMatchObject({ counted: 2, limited: 1 });

      tight.failNext([{ status: 503, body: "down", headers: { "Retry-After": "7" } }]);
      const down = await refusal(campaigns.getCampaign("1"), MailingProviderError);
      expect([down.status, down.retryAfterMs, down.retryable]).toEqual([503, 7_000, true]);
    } finally {
      await tight.close();
    }
  });

  it("needs the bearer token: a wrong key is the provider's 401, and the key is in no error", async () => {
    const unauthorized = await refusal(provider({ apiKey: "wrong-key-0000" }).createCampaign(issue(["1"])), MailingProviderError);
    expect([unauthorized.status, unauthorized.retryable]).toEqual([401, false]);
    expect(unauthorized.message).not.toContain("wrong-key-0000");
    expect(fake.calls.at(-1)).toMatchObject({ path: "/campaigns", status: 401, authorization: "Bearer wrong-key-0000" });
  });
});
