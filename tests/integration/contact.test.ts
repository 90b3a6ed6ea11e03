import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxDrained, startTestApp, type TestApp } from "../support/app-server";
import { mailsIn } from "../support/http-session";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "true", CONTACT_EMAIL: "editor@diaspora.example" });
});
afterAll(() => app.close());

const post = (fields: Record<string, string>, ip: string, path = "/contact") =>
  fetch(app.url + path, { method: "POST", body: new URLSearchParams(fields), headers: { "x-forwarded-for": ip, origin: app.url } });
const rows = () => app.services.db.selectFrom("contact_messages").selectAll().execute();
const mails = () => mailsIn(app.services.config.dataDir);
const DAY_MS = 24 * 60 * 60 * 1000;

describe("contact page", () => {
  it("preselects the topic from the link", async () => {
    const html = await (await fetch(`${app.url}/contact?topic=ask-the-diplomat`)).text();
    expect(html).toMatch(/<option value="ask-the-diplomat" selected="">/);
    expect(await (await fetch(`${app.url}/contact?topic=<script>`)).text()).toMatch(/<option value="general" selected="">/);
  });

  it("refuses a bad address, an empty message and an unknown topic with translated messages, storing nothing", async () => {
    const response = await post({ name: "Ama", email: "not-an-address", topic: "hacking", message: "" }, "10.1.0.1", "/es/contact");
    expect(response.status).toBe(400);
    const html = await response.text();
    // Elements marked as errors (the page's inline stylesheet names the class too).
    expect(html.match(/class="[^"]*\btext-alert\b/g)?.length).toBe(3);
    expect(await rows()).toHaveLength(0);
    expect(mails()).toHaveLength(0);
  });

  it("stores the message, mails it to the owner (a file without SMTP) and thanks the reader", async () => {
    // The app's clock, a day ahead here, stamps the mailing too.
    app.clock.advance(DAY_MS);
    const response = await post({ name: "Kofi", email: " Kofi@Example.org ", topic: "correction", message: "<script>alert(1)</script> A date is wrong." }, "10.1.0.2");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your message has been sent.");
    await outboxDrained(app);
    const [stored] = await rows();
    expect(stored).toMatchObject({ name: "Kofi", email: "kofi@example.org", topic: "correction", message: "<script>alert(1)</script> A date is wrong.", status: "new" });
    expect(new Date(stored!.mailed_at!).getTime()).toBeGreaterThan(Date.now() + DAY_MS / 2);
    const [mail] = mails();
    expect(mail).toMatch(/^To: editor@diaspora\.example/m);
    expect(mail).toMatch(/^Reply-To: kofi@example\.org/m);
    expect(mail).toContain("A date is wrong.");
  });

  it("allows 3 messages per 60 s from one network address, then answers 429 and stores nothing", async () => {
    const before = (await rows()).length;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post({ name: "N", email: `n${i}@example.org`, message: `m${i}` }, "10.1.0.3")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await rows()).length).toBe(before + 3);
  });

  it("allows 3 messages per 60 s from one email address, whatever the network address", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post({ name: "E", email: "same@example.org", message: `m${i}` }, `10.2.0.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
