import { describe, expect, it } from "vitest";
import { SMTP_TIMEOUTS, smtpTransportOptions } from "./smtp-options";

/** nodemailer's own waits, which would hold the outbox worker on a silent server. */
const NODEMAILER_DEFAULTS = { connectionTimeout: 120_000, greetingTimeout: 30_000, socketTimeout: 600_000 };

describe("SMTP transport options", () => {
  it("waits less than nodemailer would for the connection, the greeting and any answer", () => {
    const options = smtpTransportOptions("smtp://user:secret@mail.example:587");
    expect(options).toMatchObject({ ...SMTP_TIMEOUTS, host: "mail.example", port: 587, auth: { user: "user", pass: "secret" } });
    for (const [name, nodemailerWait] of Object.entries(NODEMAILER_DEFAULTS)) {
      expect(options[name as keyof typeof NODEMAILER_DEFAULTS]).toBeLessThan(nodemailerWait);
    }
  });

  it("lets SMTP_URL's query string set a longer or shorter wait", () => {
    expect(smtpTransportOptions("smtp://mail.example:587?greetingTimeout=20000")).toMatchObject({ ...SMTP_TIMEOUTS, greetingTimeout: 20_000 });
  });
});
