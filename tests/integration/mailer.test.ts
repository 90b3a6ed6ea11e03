import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, MailRefused, MailServerUnavailable, type Mailer } from "~/adapters/mail/mailer.server";
import { createLogger } from "../../server/logger";
import { startSilentSmtpFront, startSmtpServer } from "../support/smtp-server";

const message = { to: "editor@example.org", replyTo: "reader@example.org", subject: "Hello from the site", text: "Body line\n" };
const logger = createLogger("silent");
const now = () => new Date();

/** One contract, two implementations: what one mailer promises, the other does too. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpUrl = "";
let received: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpUrl = smtp.url;
  received = smtp.received;
});
afterAll(() => smtp.close());

const implementations: Array<[string, () => { mailer: Mailer; delivered: () => string[] }]> = [
  [
    "files in DATA_DIR/mail",
    () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "mail-"));
      const folder = path.join(dataDir, "mail");
      return {
        mailer: createMailer({ from: "Site <no-reply@example.org>", dataDir, logger, now }),
        delivered: () => readdirSync(folder).map((file) => readFileSync(path.join(folder, file), "utf8")),
      };
    },
  ],
  [
    "SMTP",
    () => {
      received.length = 0;
      return { mailer: createMailer({ smtpUrl, from: "Site <no-reply@example.org>", dataDir: tmpdir(), logger, now }), delivered: () => [...received] };
    },
  ],
];

describe.each(implementations)("mailer: %s", (_name, make) => {
  it("delivers one complete message with sender, recipient, reply-to and subject", async () => {
    const { mailer, delivered } = make();
    await mailer.send(message);
    mailer.close();
    const mails = delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^From: Site <no-reply@example\.org>/m);
    expect(mails[0]).toMatch(/^To: editor@example\.org/m);
    expect(mails[0]).toMatch(/^Reply-To: reader@example\.org/m);
    expect(mails[0]).toMatch(/^Subject: Hello from the site/m);
    expect(mails[0]).toContain("Body line");
  });
});

describe("mailer: SMTP failures", () => {
  it("gives up on a server that accepts the connection and never greets, once the greeting timeout has passed", async () => {
    const silent = await startSilentSmtpFront();
    // The default wait (SMTP_TIMEOUTS, checked in smtp-options.test.ts) is shortened through SMTP_URL, as an owner may.
    const mailer = createMailer({ smtpUrl: `${silent.url}?greetingTimeout=300`, from: "Site <no-reply@example.org>", dataDir: tmpdir(), logger, now });
    try {
      await expect(mailer.send(message)).rejects.toBeInstanceOf(MailServerUnavailable);
      expect(silent.connections()).toBe(1);
      expect(silent.bytesSent()).toBe(0);
    } finally {
      mailer.close();
      await silent.close();
    }
  });

  it("tells a permanent refusal (5xx) from a temporary one (4xx)", async () => {
    received.length = 0;
    smtp.answer = (recipient) => (recipient === "gone@example.org" ? { code: 550, message: "No such user" } : recipient === "busy@example.org" ? { code: 452, message: "Mailbox full for now" } : undefined);
    const mailer = createMailer({ smtpUrl, from: "Site <no-reply@example.org>", dataDir: tmpdir(), logger, now });
    try {
      await expect(mailer.send({ ...message, to: "gone@example.org" })).rejects.toBeInstanceOf(MailRefused);
      const busy = mailer.send({ ...message, to: "busy@example.org" });
      await expect(busy).rejects.toMatchObject({ responseCode: 452 });
      await expect(busy).rejects.not.toBeInstanceOf(MailRefused);
      await expect(busy).rejects.not.toBeInstanceOf(MailServerUnavailable);
      expect(received).toHaveLength(0);
    } finally {
      smtp.answer = () => undefined;
      mailer.close();
    }
  });
});
