import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "~/modules/contact/topics";
import { COMMENT_LIMITS } from "~/modules/comments/limits";
import { NAME_MAX_LENGTH } from "~/modules/accounts/credential-forms";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { MAX_BODY_BYTES } from "../../server/request-body";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { streamBody } from "../support/raw-request";

const MB = 1024 * 1024;
const form = "application/x-www-form-urlencoded";

/** The longest run of `letter` in `text`. */
const longestRun = (text: string, letter: string) => Math.max(0, ...(text.match(new RegExp(`${letter}+`, "g")) ?? []).map((run) => run.length));

describe.each(dialects)("request bodies on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const headers = (extra: Record<string, string> = {}) => ({ origin: app.url, "content-type": form, ...extra });
  const stillAnswers = async () => expect((await fetch(`${app.url}/contact`)).status).toBe(200);

  it("refuses a 300 MB chunked POST to /contact with 413 after reading little of it, and keeps answering", async () => {
    const answer = await streamBody(app.url, "/contact", { headers: headers(), start: "name=", fill: "a", totalBytes: 300 * MB });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Payload Too Large");
    expect(answer.body).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    expect(answer.sentBytes).toBeLessThan(300 * MB);
    await stillAnswers();
  });

  it("refuses a POST that announces 1 GB before reading its body", async () => {
    const answer = await streamBody(app.url, "/subscribe", { headers: headers({ "content-length": String(1024 * MB) }), start: "email=", fill: "a", totalBytes: 1024 * MB });
    expect(answer.status).toBe(413);
    expect(answer.sentBytes).toBeLessThan(1024 * MB);
    await stillAnswers();
  });

  it("answers a 60 MB form posted to /contact with a small 413, not the echoed input", async () => {
    const total = 60 * MB;
    const answer = await streamBody(app.url, "/contact", { headers: headers({ "content-length": String(total) }), start: "name=", fill: "a", totalBytes: total });
    expect(answer.status).toBe(413);
    expect(answer.body.length).toBeLessThan(1024);
    await stillAnswers();
  });

  it("takes a form just under the limit, and refuses one just over it", async () => {
    const start = "name=Ama&email=ama%40example.org&topic=general&message=";
    const message = (bytes: number) => start + "m".repeat(bytes - start.length);
    const under = await fetch(`${app.url}/contact`, { method: "POST", headers: headers({ "x-forwarded-for": "10.61.0.1" }), body: message(MAX_BODY_BYTES) });
    // The message is longer than the form allows, so the form's own 400 answers, not the body limit.
    expect(under.status).toBe(400);
    const over = await fetch(`${app.url}/contact`, { method: "POST", headers: headers({ "x-forwarded-for": "10.61.0.2" }), body: message(MAX_BODY_BYTES + 1) });
    expect(over.status).toBe(413);
  });

  it("echoes refused values cut to each field's maximum, in the page and its hydration data", async () => {
    const long = (letter: string) => letter.repeat(20_000);
    const cases: Array<{ path: string; fields: Record<string, string>; letter: string; max: number }> = [
      { path: "/contact", fields: { name: long("q"), email: "bad", message: "" }, letter: "q", max: CONTACT_LIMITS.name },
      { path: "/contact", fields: { name: "Ama", email: "bad", message: long("j") }, letter: "j", max: CONTACT_LIMITS.message },
      { path: "/about", fields: { intent: "comment", name: long("q"), comment: "" }, letter: "q", max: COMMENT_LIMITS.name },
      { path: "/about", fields: { intent: "comment", name: "", comment: long("j") }, letter: "j", max: COMMENT_LIMITS.body },
      { path: "/sign-up", fields: { name: long("q"), email: "bad", password: "" }, letter: "q", max: NAME_MAX_LENGTH },
      { path: "/sign-up", fields: { name: "Ama", email: long("q"), password: "" }, letter: "q", max: MAX_EMAIL_LENGTH },
      { path: "/sign-in", fields: { email: long("q"), password: "" }, letter: "q", max: MAX_EMAIL_LENGTH },
      { path: "/forgot-password", fields: { email: long("q") }, letter: "q", max: MAX_EMAIL_LENGTH },
      { path: "/sign-in-link", fields: { email: long("q") }, letter: "q", max: MAX_EMAIL_LENGTH },
    ];
    for (const { path, fields, letter, max } of cases) {
      const response = await fetch(app.url + path, { method: "POST", headers: headers({ "x-forwarded-for": "10.62.0.1" }), body: new URLSearchParams(fields) });
      expect(response.status, path).toBe(400);
      const html = await response.text();
      expect(longestRun(html, letter), `${path} ${Object.keys(fields).join(",")}`).toBeLessThanOrEqual(max);
    }
  });
});

describe("a slow request body", () => {
  const app = appOnTestDatabase("sqlite", { REQUEST_TIMEOUT_SECONDS: "1" });

  it("is answered 408 once the timeout passes, and the server keeps answering", async () => {
    // 1 byte every 50 ms: the 2,000-byte body would take 100 s to arrive.
    const answer = await streamBody(app.url, "/contact", {
      headers: { origin: app.url, "content-type": form, "content-length": "2000" },
      fill: "a",
      totalBytes: 2000,
      chunkBytes: 1,
      chunkDelayMs: 50,
    });
    expect(answer.status).toBe(408);
    expect(answer.sentBytes).toBeLessThan(2000);
    expect((await fetch(`${app.url}/`)).status).toBe(200);
  });

  it("does not hold a slow chunked body either", async () => {
    const answer = await streamBody(app.url, "/subscribe", { headers: { origin: app.url, "content-type": form }, fill: "a", totalBytes: 2000, chunkBytes: 1, chunkDelayMs: 50 });
    expect(answer.status).toBe(408);
  });
});
