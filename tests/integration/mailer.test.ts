import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type Mailer } from "~/adapters/mail/mailer.server";
import { createLogger } from "../../server/logger";
import { startSmtpServer } from "../support/smtp-server";

const message = { to: "editor@example.org", replyTo: "reader@example.org", subject: "Hello from the site", text: "Body line\n" };
const logger = createLogger("silent");

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
        mailer: createMailer({ from: "Site <no-reply@example.org>", dataDir, logger }),
        delivered: () => readdirSync(folder).map((file) => readFileSync(path.join(folder, file), "utf8")),
      };
    },
  ],
  [
    "SMTP",
    () => {
      received.length = 0;
      return { mailer: createMailer({ smtpUrl, from: "Site <no-reply@example.org>", dataDir: tmpdir(), logger }), delivered: () => [...received] };
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
