import { createHash, createVerify, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, insecureAppUrlWarning, parseConfig } from "~/lib/config.server";
import { outboxDrained, startTestApp, type TestApp } from "../support/app-server";
import { renderIssueMail } from "~/components/mail/issue-mail";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { articleForMail } from "~/modules/blog/article-for-mail.server";
import { newIssue } from "~/modules/newsletter/issues/issue-texts.server";
import { scheduleIssue } from "~/modules/newsletter/issues/issues.server";
import { HttpSession } from "../support/http-session";
import { insertSubscriber } from "../support/outbox-fixtures";
import { SAMPLE_ARTICLE } from "../support/routes";
import { until } from "../support/waiting";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// Mail signed with DKIM through configuration, over a real SMTP conversation: RFC 8058 expects the
// one-click unsubscribe headers to be among the signed ones.
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const keyFile = path.join(mkdtempSync(path.join(tmpdir(), "dkim-")), "dkim.pem");
writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));

let smtp: TestSmtpServer;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ APP_URL: "https://diaspora.example", SMTP_URL: smtp.url, DKIM_DOMAIN: "diaspora.example", DKIM_SELECTOR: "mail2026", DKIM_PRIVATE_KEY_FILE: keyFile });
});
afterAll(async () => {
  await app?.close();
  smtp?.close();
});

/** The DKIM-Signature header's tags, unfolded. */
function signatureTags(raw: string): Record<string, string> {
  const header = /^DKIM-Signature: ([\s\S]*?)\r?\n(?![ \t])/m.exec(raw)?.[1] ?? "";
  return Object.fromEntries(header.replace(/\s+/g, "").split(";").filter(Boolean).map((tag) => [tag.slice(0, tag.indexOf("=")), tag.slice(tag.indexOf("=") + 1)]));
}

/** The headers a relaxed/relaxed DKIM signature covers, as RFC 6376 canonicalizes them, ending with the signature header without its b= value. */
function relaxedHeaders(raw: string, names: string[]): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!;
  const fields = head.split(/\r?\n(?![ \t])/).map((field) => [field.slice(0, field.indexOf(":")).trim().toLowerCase(), field.slice(field.indexOf(":") + 1)] as const);
  const relaxed = (name: string, value: string) => `${name}:${value.replace(/\r?\n/g, "").replace(/[ \t]+/g, " ").trim()}`;
  // Each name takes the last not yet used field of that name (RFC 6376 5.4.2).
  const used = new Map<string, number>();
  const lines = names.map((name) => {
    const matching = fields.filter(([field]) => field === name);
    const index = matching.length - 1 - (used.get(name) ?? 0);
    used.set(name, (used.get(name) ?? 0) + 1);
    return index >= 0 ? relaxed(name, matching[index]![1]) : null;
  });
  const signature = fields.find(([name]) => name === "dkim-signature")![1];
  const unsigned = relaxed("dkim-signature", signature).replace(/(b=)[^;]*$/, "$1").replace(/(;\s*b=)[^;]*(;|$)/, "$1$2");
  return [...lines.filter((line) => line !== null), unsigned].join("\r\n");
}

/** The body as a relaxed DKIM body hash reads it (RFC 6376 3.4.4). */
function relaxedBody(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).replace(/^\r?\n\r?\n/, "");
  const lines = body.split(/\r?\n/).map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines.length === 0 ? "" : `${lines.join("\r\n")}\r\n`;
}

describe("DKIM", () => {
  it("signs every mail with the configured domain and selector, the unsubscribe headers included, with an HTML part beside the text", async () => {
    const before = smtp.received.length;
    expect((await new HttpSession(app.url, "10.31.0.1").post("/pt/newsletter", { email: "dkim@example.org", source: "footer-newsletter" })).status).toBe(200);
    await outboxDrained(app);
    const raw = smtp.received.slice(before).find((message) => message.includes("dkim@example.org"))!;
    const tags = signatureTags(raw);
    expect([tags.a, tags.d, tags.s]).toEqual(["rsa-sha256", "diaspora.example", "mail2026"]);
    const signed = tags.h!.toLowerCase().split(":");
    for (const header of ["from", "to", "subject", "list-unsubscribe", "list-unsubscribe-post"]) expect(signed).toContain(header);
    expect(raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(/List-Unsubscribe: <https:\/\/diaspora\.example\/pt\/unsubscribe\/[0-9a-f]{64}>/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    // The signature over the signed headers verifies with the configured key's public half, and not with another key.
    expect(tags.c).toBe("relaxed/relaxed");
    const signedData = relaxedHeaders(raw, signed);
    expect(createVerify("RSA-SHA256").update(signedData).verify(publicKey, tags.b!, "base64")).toBe(true);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    expect(createVerify("RSA-SHA256").update(signedData).verify(other, tags.b!, "base64")).toBe(false);
  });

  it("signs a newsletter issue's mails, sent with their end held until recorded, over headers and body", async () => {
    const { db, config } = app.services;
    const subscriber = await insertSubscriber(db, { email: "reader@example.org", language: "en", is_verified: 1, confirmed_at: "2026-01-01T00:00:00.000Z" });
    const article = await db.selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const item = (await articleForMail(db, config.appUrl, article.id))!;
    const issueId = await newIssue(db, { kind: "article", id: article.id, item }, renderIssueMail, { appUrl: config.appUrl, secret: config.sessionSecret }, SYSTEM_ACTOR, new Date());
    await scheduleIssue(db, app.services.outbox, issueId, new Date(), SYSTEM_ACTOR, new Date());
    app.services.outbox.wake();
    await until(async () => (await db.selectFrom("newsletter_deliveries").select("status").where("subscriber_id", "=", subscriber.id).executeTakeFirst())?.status === "sent");
    const raw = await until(async () => smtp.received.find((message) => message.includes("X-Newsletter-Delivery")));
    const tags = signatureTags(raw);
    expect([tags.a, tags.d, tags.s, tags.c]).toEqual(["rsa-sha256", "diaspora.example", "mail2026", "relaxed/relaxed"]);
    const signed = tags.h!.toLowerCase().split(":");
    for (const header of ["from", "to", "subject", "list-unsubscribe", "list-unsubscribe-post"]) expect(signed).toContain(header);
    expect(createVerify("RSA-SHA256").update(relaxedHeaders(raw, signed)).verify(publicKey, tags.b!, "base64")).toBe(true);
    // The body as received hashes to the signature's bh=: nothing changed it after it was signed.
    expect(createHash("sha256").update(relaxedBody(raw)).digest("base64")).toBe(tags.bh);
  });

  it("stops the start with a clear message when the settings are incomplete or the key unreadable", () => {
    expect(() => parseConfig({ DATA_DIR: tmpdir(), SESSION_SECRET: "x".repeat(32), DKIM_DOMAIN: "diaspora.example" })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE: set all three/);
    expect(() => parseConfig({ DATA_DIR: tmpdir(), SESSION_SECRET: "x".repeat(32), DKIM_DOMAIN: "diaspora.example", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY_FILE: "/no/such/key.pem" })).toThrow(ConfigError);
  });

  it("warns at start when a production site's APP_URL is http, and only then", async () => {
    const lines: string[] = [];
    const plain = await startTestApp({ APP_URL: "http://diaspora.example", LOG_LEVEL: "warn" }, { write: (line) => void lines.push(line) });
    await plain.close();
    expect(lines.some((line) => line.includes("APP_URL is http://diaspora.example: mailed links and List-Unsubscribe will use http"))).toBe(true);
    expect(insecureAppUrlWarning({ mode: "production", appUrl: "https://diaspora.example" })).toBeNull();
    expect(insecureAppUrlWarning({ mode: "production", appUrl: "http://localhost:3000" })).toBeNull();
    expect(insecureAppUrlWarning({ mode: "development", appUrl: "http://diaspora.example" })).toBeNull();
  });
});
